import { and, eq, sql } from 'drizzle-orm';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { buildAgency, buildManager, buildTherapist, clientAddress } from '../../../test/factories';
import { realJpeg, realPdf, realPng } from '../../../test/attachment-files';
import { captureLogs } from '../../../test/log-capture';
import { callApi, errorOf, ok } from '../../../test/http';
import { session } from '../../../test/people';
import { buildVisit } from '../../../test/visit-fixtures';
import { canonicalJson, type AttachmentView, type NoteContent, type VisitNotesView } from '../../domain/documentation';
import { attachmentBlobs, auditLog, invoiceLines, noteAttachments, notifications, payouts, visitNotes, visits } from '../db/schema/index';
import { createHash } from 'node:crypto';
import { sealLegacyPhiText } from '../crypto/seal-legacy-phi';
import { loadSecrets } from '../secrets';
import { runDocumentationSweep } from './sweep';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const db = () => app.runtime.database.db;
const NOT_FOUND = { code: 'NOT_FOUND', message: 'No visit documentation found.' };

const evaluation: NoteContent = {
  serviceId: 'evaluation',
  history: 'Right TKA on 3/2; lives with spouse; Dolores reports stairs at home.',
  objectiveMeasures: 'Knee flexion 85 degrees; TUG 18 s.',
  assessment: 'Impaired gait and strength after knee replacement.',
  goals: ['Walk 150 ft without device in 4 weeks', 'Climb 12 stairs with rail'],
  plan: 'Gait training, strengthening, home exercise program.',
  frequency: '2w4',
};
const secretWords = ['Dolores', 'TKA', 'Knee flexion', 'Gait training', 'stairs'];

interface Client {
  cookie?: string;
  ip?: string;
}

const call = (method: string, url: string, client: Client = {}, body?: unknown, headers: Record<string, string> = {}) =>
  callApi(app.url, method, `/api${url}`, { cookie: client.cookie, ip: client.ip ?? clientAddress(), userAgent: 'CareRelayTest/1.0', body, headers });

async function completedVisit(overrides: Parameters<typeof buildVisit>[1] extends infer O ? Partial<O> : never = {}) {
  const agencyPerson = await buildAgency(db());
  const therapistPerson = await buildTherapist(db(), { firstName: 'Jamie', lastName: 'Rivera' });
  const visit = await buildVisit(db(), { agencyId: agencyPerson.userId, therapistId: therapistPerson.userId, ...overrides });
  return { visit, agencyPerson, therapistPerson, agency: await session(app, agencyPerson), therapist: await session(app, therapistPerson) };
}

const saveDraft = (visitId: string, client: Client, content: NoteContent = evaluation) => call('PUT', `/visits/${visitId}/notes/draft`, client, { content });
const sign = (visitId: string, client: Client, signedName = 'jamie  RIVERA') => call('POST', `/visits/${visitId}/notes/sign`, client, { signedName });
const review = (visitId: string, client: Client, body: unknown) => call('POST', `/visits/${visitId}/notes/review`, client, body);
const notes = async (visitId: string, client: Client) => {
  const response = await call('GET', `/visits/${visitId}/notes`, client);
  expect(response.status).toBe(200);
  return (await response.json()) as VisitNotesView;
};
const visitStatus = async (visitId: string) => (await db().select({ status: visits.status }).from(visits).where(eq(visits.id, visitId)))[0]?.status;

const pdf = realPdf();
const png = realPng();
const upload = (visitId: string, client: Client, body: Buffer, type = 'application/pdf', name = 'home exercise plan.pdf') =>
  call('POST', `/visits/${visitId}/attachments`, client, body, { 'content-type': type, 'x-file-name': encodeURIComponent(name) });

describe('signed out', () => {
  it('every endpoint answers 401, and the attempts are audited', async () => {
    const { visit } = await completedVisit();
    const responses = [
      await call('GET', `/visits/${visit.id}/notes`),
      await saveDraft(visit.id, {}),
      await sign(visit.id, {}),
      await review(visit.id, {}, { action: 'approve' }),
      await call('GET', `/visits/${visit.id}/attachments`),
      await upload(visit.id, {}, pdf),
    ];
    for (const response of responses) {
      expect(response.status).toBe(401);
      expect((await errorOf(response)).code).toBe('UNAUTHENTICATED');
    }
    const audits = await db().select().from(auditLog).where(eq(auditLog.entityId, visit.id));
    expect(audits.map((row) => row.action).sort()).toEqual(
      ['attachment.list', 'attachment.upload', 'visit_note.read', 'visit_note.review', 'visit_note.sign', 'visit_note.write'].sort(),
    );
    for (const row of audits) expect(row).toMatchObject({ actorUserId: null, outcome: 'failure', details: { reason: 'unauthenticated' } });
  });
});

describe('nobody else learns the visit exists', () => {
  it('another agency, another therapist, a manager and a pending agency get 404 everywhere, audited', async () => {
    const { visit, therapist } = await completedVisit();
    await ok(await saveDraft(visit.id, therapist));
    const uploaded = (await (await upload(visit.id, therapist, pdf)).json()) as AttachmentView;
    const others = [await buildAgency(db()), await buildTherapist(db()), await buildManager(db()), await buildAgency(db(), { status: 'pending' })];
    for (const person of others) {
      for (const aal of ['aal2', 'aal1'] as const) {
        const client = await session(app, person, aal);
        for (const response of [
          await call('GET', `/visits/${visit.id}/notes`, client),
          await saveDraft(visit.id, client),
          await sign(visit.id, client),
          await review(visit.id, client, { action: 'approve' }),
          await call('GET', `/visits/${visit.id}/attachments`, client),
          await upload(visit.id, client, pdf),
          await call('GET', `/attachments/${uploaded.id}`, client),
        ]) {
          expect(response.status).toBe(404);
          expect(await errorOf(response)).toEqual(NOT_FOUND);
        }
      }
      const refusals = (await db().select().from(auditLog).where(eq(auditLog.actorUserId, person.userId))).filter((row) =>
        /^(visit_note|attachment)\./.test(row.action),
      );
      expect(refusals.length).toBe(14);
      for (const row of refusals) expect(row).toMatchObject({ outcome: 'failure', details: { reason: 'no_access' } });
    }
    expect((await notes(visit.id, therapist)).notes).toHaveLength(1);
  });

  it('each party is refused the other side’s actions with 404: the agency cannot write or sign, the therapist cannot review', async () => {
    const { visit, agency, therapist } = await completedVisit();
    await ok(await saveDraft(visit.id, therapist));
    for (const response of [await saveDraft(visit.id, agency), await sign(visit.id, agency), await upload(visit.id, agency, pdf)]) {
      expect(response.status).toBe(404);
    }
    await ok(await sign(visit.id, therapist));
    expect((await review(visit.id, therapist, { action: 'approve' })).status).toBe(404);
    expect((await notes(visit.id, therapist)).notes[0]?.status).toBe('signed');
  });

  it('an unknown or malformed id is answered like someone else’s', async () => {
    const { agency } = await completedVisit();
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-visit']) {
      expect(await errorOf(await call('GET', `/visits/${id}/notes`, agency))).toEqual(NOT_FOUND);
      expect(await errorOf(await call('GET', `/attachments/${id}`, agency))).toEqual(NOT_FOUND);
    }
  });
});

describe('a second factor is required', () => {
  it('the agency and the therapist at aal1 get 403 MFA_REQUIRED on every endpoint, audited', async () => {
    const { visit, agencyPerson, therapistPerson, therapist } = await completedVisit();
    await ok(await saveDraft(visit.id, therapist));
    const uploaded = (await (await upload(visit.id, therapist, pdf)).json()) as AttachmentView;
    // Signed, so the file is the agency's too (before that it is a 404 for the agency whatever its factor).
    await ok(await sign(visit.id, therapist));
    const weakTherapist = await session(app, therapistPerson, 'aal1');
    const weakAgency = await session(app, agencyPerson, 'aal1');
    for (const response of [
      await call('GET', `/visits/${visit.id}/notes`, weakTherapist),
      await saveDraft(visit.id, weakTherapist),
      await sign(visit.id, weakTherapist),
      await upload(visit.id, weakTherapist, pdf),
      await call('GET', `/visits/${visit.id}/notes`, weakAgency),
      await review(visit.id, weakAgency, { action: 'approve' }),
      await call('GET', `/visits/${visit.id}/attachments`, weakAgency),
      await call('GET', `/attachments/${uploaded.id}`, weakAgency),
    ]) {
      expect(response.status).toBe(403);
      expect((await errorOf(response)).code).toBe('MFA_REQUIRED');
    }
    const refusals = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorUserId, therapistPerson.userId), eq(auditLog.outcome, 'failure'), eq(auditLog.entityId, visit.id)));
    expect(refusals).toHaveLength(4);
    for (const row of refusals) expect(row.details).toEqual({ reason: 'mfa_required' });
  });
});

describe('writing and signing', () => {
  it('the therapist saves a draft (not shown to the agency), signs it with their name in any case; hash, time, documented, agency notified without PHI', async () => {
    const { visit, agency, therapist, agencyPerson } = await completedVisit();
    const draft = await ok<VisitNotesView>(await saveDraft(visit.id, therapist, { ...evaluation, plan: 'first' }));
    expect(draft.notes).toMatchObject([{ version: 1, status: 'draft', signedAt: null }]);
    const replaced = await ok<VisitNotesView>(await saveDraft(visit.id, therapist));
    expect(replaced.notes).toHaveLength(1);
    expect(replaced.notes[0]?.content).toEqual(evaluation);
    // A draft is the therapist's work in progress: the agency is not sent it.
    expect((await notes(visit.id, agency)).notes).toEqual([]);

    const signed = await ok<VisitNotesView>(await sign(visit.id, therapist));
    const note = signed.notes[0];
    expect(note).toMatchObject({ version: 1, status: 'signed', signedName: 'jamie RIVERA', signedAt: expect.any(String) });
    expect(note?.contentHash).toBe(createHash('sha256').update(canonicalJson(evaluation)).digest('hex'));
    expect(await visitStatus(visit.id)).toBe('documented');
    expect(await notes(visit.id, agency)).toEqual(signed);

    const [notice] = await db().select().from(notifications).where(eq(notifications.userId, agencyPerson.userId));
    expect(notice).toMatchObject({ type: 'documentation.signed', link: `/dashboard/agency/visits/${visit.id}` });
    // Who signed, which visit and which referral: the agency knows what to open without opening it.
    expect(notice?.title).toMatch(/^Visit notes ready for review: R-\d+ · Austin, TX$/);
    expect(notice?.body).toMatch(/^Jamie Rivera signed the notes of the Initial Evaluation on [A-Z][a-z]{2}, .+ C[SD]T\. Review them to approve payment\.$/);
    for (const word of secretWords) expect(`${notice?.title} ${notice?.body}`).not.toContain(word);
  });

  it('a signed note is never edited: saving or signing again is 409 and the row is unchanged', async () => {
    const { visit, therapist } = await completedVisit();
    await ok(await saveDraft(visit.id, therapist));
    const signed = await ok<VisitNotesView>(await sign(visit.id, therapist));
    const edit = await saveDraft(visit.id, therapist, { ...evaluation, plan: 'changed' });
    expect(edit.status).toBe(409);
    expect((await sign(visit.id, therapist)).status).toBe(409);
    expect(await notes(visit.id, therapist)).toEqual(signed);
  });

  it('the database holds only ciphertext: raw SQL shows none of the note', async () => {
    const { visit, therapist, agency } = await completedVisit();
    await ok(await saveDraft(visit.id, therapist));
    await ok(await sign(visit.id, therapist));
    await ok(await review(visit.id, agency, { action: 'return', message: 'Dolores needs the stairs measured.' }));
    const dump = JSON.stringify((await app.runtime.database.pool.query('select * from visit_notes where visit_id = $1', [visit.id])).rows);
    expect(dump).toMatch(/v1\.[\w-]+\.[\w-]+\.[\w-]+/);
    for (const word of [...secretWords, 'measured']) expect(dump).not.toContain(word);
    const audits = JSON.stringify(await db().select().from(auditLog).where(eq(auditLog.entityId, visit.id)));
    for (const word of [...secretWords, 'measured']) expect(audits).not.toContain(word);
  });

  it('signing needs the therapist’s own name and a complete note; the note type must be the visit’s', async () => {
    const { visit, therapist } = await completedVisit();
    const wrongType = await saveDraft(visit.id, therapist, { serviceId: 'discharge', outcome: 'x', recommendations: 'y' });
    expect(wrongType.status).toBe(400);
    expect((await errorOf(wrongType)).fields).toEqual({ 'content.serviceId': 'This visit needs an Initial Evaluation note.' });
    const invalid = await call('PUT', `/visits/${visit.id}/notes/draft`, therapist, { content: { ...evaluation, history: 5, goals: 'x' } });
    expect(invalid.status).toBe(400);
    expect(Object.keys((await errorOf(invalid)).fields ?? {})).toEqual(expect.arrayContaining(['content.history', 'content.goals']));

    await ok(await saveDraft(visit.id, therapist, { ...evaluation, assessment: ' ', goals: [] }));
    const incomplete = await sign(visit.id, therapist);
    expect(incomplete.status).toBe(400);
    expect((await errorOf(incomplete)).fields).toEqual({
      'content.assessment': 'Assessment is required to sign.',
      'content.goals': 'Add at least one goal to sign.',
    });
    await ok(await saveDraft(visit.id, therapist));
    const wrongName = await sign(visit.id, therapist, 'Someone Else');
    expect(wrongName.status).toBe(400);
    expect((await errorOf(wrongName)).fields).toHaveProperty('signedName');
    expect((await sign(visit.id, therapist, '')).status).toBe(400);
    expect((await notes(visit.id, therapist)).notes[0]?.status).toBe('draft');
  });

  it('notes wait for check-out: a scheduled or in-progress visit answers 409', async () => {
    for (const status of ['scheduled', 'in_progress'] as const) {
      const { visit, therapist } = await completedVisit({ status });
      const response = await saveDraft(visit.id, therapist);
      expect(response.status).toBe(409);
      expect((await errorOf(response)).message).toBe('Notes can be written once the visit is completed (checked out).');
    }
  });
});

describe('review, revision and payment', () => {
  it('return → revise (version 2, version 1 unchanged) → re-sign → approve makes one invoice line and one payout', async () => {
    const { visit, agency, therapist, therapistPerson } = await completedVisit();
    await ok(await saveDraft(visit.id, therapist));
    await ok(await sign(visit.id, therapist));
    expect((await review(visit.id, agency, { action: 'return', message: '   ' })).status).toBe(400);
    const returned = await ok<VisitNotesView>(await review(visit.id, agency, { action: 'return', message: 'Add the pain scale.' }));
    const v1 = returned.notes[0];
    expect(v1).toMatchObject({ version: 1, status: 'returned', reviewMessage: 'Add the pain scale.' });
    expect(await visitStatus(visit.id)).toBe('completed');
    const [notice] = await db().select().from(notifications).where(eq(notifications.userId, therapistPerson.userId));
    expect(notice).toMatchObject({ type: 'documentation.returned' });
    expect(notice?.body).not.toContain('pain');
    expect((await review(visit.id, agency, { action: 'approve' })).status).toBe(409);

    const revised = await ok<VisitNotesView>(await saveDraft(visit.id, therapist, { ...evaluation, objectiveMeasures: 'Pain 4/10; flexion 85.' }));
    expect(revised.notes.map((note) => [note.version, note.status])).toEqual([
      [2, 'draft'],
      [1, 'returned'],
    ]);
    expect(revised.notes[1]).toEqual(v1);
    await ok(await saveDraft(visit.id, therapist, { ...evaluation, objectiveMeasures: 'Pain 4/10; flexion 90.' }));
    const resigned = await ok<VisitNotesView>(await sign(visit.id, therapist));
    expect(resigned.notes).toHaveLength(2);
    expect(resigned.notes[1]).toEqual(v1);
    expect(resigned.notes[0]?.contentHash).not.toBe(v1?.contentHash);

    const approved = await ok<VisitNotesView>(await review(visit.id, agency, { action: 'approve' }));
    expect(approved.notes[0]).toMatchObject({ version: 2, status: 'approved', autoApproved: false });
    expect(await visitStatus(visit.id)).toBe('approved');
    expect(await db().$count(invoiceLines, eq(invoiceLines.visitId, visit.id))).toBe(1);
    const [payout] = await db().select().from(payouts).where(eq(payouts.visitId, visit.id));
    expect(payout).toMatchObject({ amount: 150, therapistId: therapistPerson.userId, provider: 'ledger' });
    expect((await review(visit.id, agency, { action: 'approve' })).status).toBe(409);
    expect(await db().$count(payouts, eq(payouts.visitId, visit.id))).toBe(1);
  });

  it('concurrent approvals make one invoice line and one payout', async () => {
    const { visit, agency, agencyPerson, therapist } = await completedVisit();
    await ok(await saveDraft(visit.id, therapist));
    await ok(await sign(visit.id, therapist));
    const second = await session(app, agencyPerson);
    const responses = await Promise.all([
      review(visit.id, agency, { action: 'approve' }),
      review(visit.id, second, { action: 'approve' }),
      review(visit.id, agency, { action: 'approve' }),
    ]);
    expect(responses.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(await db().$count(invoiceLines, eq(invoiceLines.visitId, visit.id))).toBe(1);
    expect(await db().$count(payouts, eq(payouts.visitId, visit.id))).toBe(1);
  });
});

describe('attachments', () => {
  it('the therapist uploads a PDF; both parties list and download it, never cached, stored in the database by a random key', async () => {
    const { visit, therapist, agency } = await completedVisit();
    const response = await upload(visit.id, therapist, pdf, 'application/pdf', '../../etc/"plan".pdf');
    expect(response.status).toBe(201);
    const view = (await response.json()) as AttachmentView;
    expect(view).toMatchObject({ fileName: '_plan_.pdf', contentType: 'application/pdf', sizeBytes: pdf.length, sharedWithAgency: false });
    // The agency sees what the therapist signed (attachment-visibility.int.test.ts has the rest).
    await ok(await saveDraft(visit.id, therapist));
    await ok(await sign(visit.id, therapist));
    const list = await call('GET', `/visits/${visit.id}/attachments`, agency);
    expect(((await list.json()) as { items: AttachmentView[] }).items).toEqual([{ ...view, sharedWithAgency: true }]);
    for (const client of [agency, therapist]) {
      const download = await call('GET', `/attachments/${view.id}`, client);
      expect(download.status).toBe(200);
      expect(download.headers.get('cache-control')).toBe('no-store');
      expect(download.headers.get('content-type')).toBe('application/pdf');
      expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="_plan_.pdf"/);
      expect(Buffer.from(await download.arrayBuffer()).equals(pdf)).toBe(true);
    }
    const [row] = await db().select({ key: noteAttachments.storageKey }).from(noteAttachments).where(eq(noteAttachments.id, view.id));
    expect(row!.key).toMatch(/^[0-9a-f]{48}$/);
    expect(await db().$count(attachmentBlobs, eq(attachmentBlobs.storageKey, row!.key))).toBe(1);
    // Nothing under DATA_DIR: every instance sharing the database serves the file.
    expect(existsSync(`${app.config.dataDir}/attachments`)).toBe(false);
    expect((await fetch(`${app.url}/attachments/${row!.key}`)).headers.get('content-type')).not.toBe('application/pdf');
  });

  it('files are encrypted at rest and decrypted for the authorised download; a tampered or swapped file is an error, audited', async () => {
    const { visit, therapist, agency } = await completedVisit();
    const secret = Buffer.concat([Buffer.from('%PDF-1.7\n(Dolores Abernathy, right knee x-ray)\n'), Buffer.alloc(300, 0x41), Buffer.from('\n%%EOF\n')]);
    const first = (await (await upload(visit.id, therapist, secret)).json()) as AttachmentView;
    const second = (await (await upload(visit.id, therapist, pdf, 'application/pdf', 'other.pdf')).json()) as AttachmentView;
    await ok(await saveDraft(visit.id, therapist));
    await ok(await sign(visit.id, therapist));
    const keyOf = async (id: string) => {
      const [row] = await db().select({ key: noteAttachments.storageKey }).from(noteAttachments).where(eq(noteAttachments.id, id));
      return row!.key;
    };
    const readBlob = async (id: string) => {
      const [row] = await db().select({ sealed: attachmentBlobs.sealed }).from(attachmentBlobs).where(eq(attachmentBlobs.storageKey, await keyOf(id)));
      return row!.sealed;
    };
    const writeBlob = async (id: string, sealed: Buffer) => {
      await db().update(attachmentBlobs).set({ sealed }).where(eq(attachmentBlobs.storageKey, await keyOf(id)));
    };
    const stored = await readBlob(first.id);
    for (const plain of ['Dolores', 'x-ray', '%PDF', 'AAAAAAAA']) expect(stored.includes(Buffer.from(plain))).toBe(false);
    expect(first.sizeBytes).toBe(secret.length);
    const download = async (id: string, client: Client) => call('GET', `/attachments/${id}`, client);
    expect(Buffer.from(await (await download(first.id, agency)).arrayBuffer()).equals(secret)).toBe(true);

    // One flipped byte: refused, not sent as corrupt data.
    const tampered = Buffer.from(stored);
    tampered[tampered.length - 5] = (tampered[tampered.length - 5] ?? 0) ^ 0x01;
    await writeBlob(first.id, tampered);
    const refused = await download(first.id, agency);
    expect(refused.status).toBe(500);
    expect((await errorOf(refused)).code).toBe('INTERNAL');
    // Another attachment's intact file in its place: bound to the other id, so it does not open either.
    await writeBlob(first.id, await readBlob(second.id));
    expect((await download(first.id, therapist)).status).toBe(500);
    expect((await download(second.id, therapist)).status).toBe(200);
    const failures = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, first.id), eq(auditLog.action, 'attachment.download'), eq(auditLog.outcome, 'failure')));
    expect(failures.map((row) => row.details)).toEqual([
      { reason: 'unreadable', as: 'agency', visitId: visit.id },
      { reason: 'unreadable', as: 'therapist', visitId: visit.id },
    ]);
  });

  it('the file must be what it claims (PDF, PNG or JPEG by its bytes) and at most 10 MB', async () => {
    const { visit, therapist } = await completedVisit();
    expect((await upload(visit.id, therapist, png, 'image/png', 'wound.png')).status).toBe(201);
    const liar = await upload(visit.id, therapist, Buffer.from('<html>not a pdf</html>'), 'application/pdf');
    expect(liar.status).toBe(400);
    const notPdf = 'This file is not a valid PDF: it may be damaged or another kind of file.';
    expect(await errorOf(liar)).toEqual({ code: 'VALIDATION', message: notPdf, fields: { file: notPdf } });
    expect((await upload(visit.id, therapist, pdf, 'image/png')).status).toBe(400);
    expect((await upload(visit.id, therapist, Buffer.from('hello'), 'text/plain', 'a.txt')).status).toBe(415);
    const big = Buffer.concat([pdf, Buffer.alloc(10 * 1024 * 1024)]);
    const tooBig = await upload(visit.id, therapist, big);
    expect(tooBig.status).toBe(413);
    expect((await errorOf(tooBig)).code).toBe('PAYLOAD_TOO_LARGE');
    const list = await call('GET', `/visits/${visit.id}/attachments`, therapist);
    expect(((await list.json()) as { items: AttachmentView[] }).items).toHaveLength(1);
  });
});

describe('attachment names (PHI)', () => {
  const items = async (visitId: string, client: Client) => ((await (await call('GET', `/visits/${visitId}/attachments`, client)).json()) as { items: AttachmentView[] }).items;

  it('the name travels in X-File-Name: given only in ?name= the upload is refused with a 400 naming fileName, as is a name not percent-encoded', async () => {
    const { visit, therapist } = await completedVisit();
    const inQuery = await call('POST', `/visits/${visit.id}/attachments?name=plan.pdf`, therapist, pdf, { 'content-type': 'application/pdf' });
    expect(inQuery.status).toBe(400);
    expect(await errorOf(inQuery)).toMatchObject({ code: 'VALIDATION', fields: { fileName: expect.stringContaining('X-File-Name') as unknown } });
    const badlyEncoded = await call('POST', `/visits/${visit.id}/attachments`, therapist, pdf, { 'content-type': 'application/pdf', 'x-file-name': 'plan%E0%A4%A.pdf' });
    expect(await errorOf(badlyEncoded)).toMatchObject({ code: 'VALIDATION', fields: { fileName: expect.stringContaining('percent-encoded') as unknown } });
    const tooLong = await upload(visit.id, therapist, pdf, 'application/pdf', `${'a'.repeat(201)}.pdf`);
    expect(await errorOf(tooLong)).toMatchObject({ code: 'VALIDATION', fields: { fileName: 'The file name must be at most 200 characters.' } });
    expect(await items(visit.id, therapist)).toEqual([]);
    const accented = await upload(visit.id, therapist, pdf, 'application/pdf', 'Évaluation à domicile – 日本.pdf');
    expect(accented.status).toBe(201);
    expect(((await accented.json()) as AttachmentView).fileName).toBe('Évaluation à domicile – 日本.pdf');
  });

  it('direction overrides, isolates, marks and control characters are removed from the name, in the list and the download', async () => {
    const { visit, therapist } = await completedVisit();
    const disguised = 'invoice\u202Efdp.exe\u2066\u200F\u061C\u0007\u0085.pdf';
    const view = (await (await upload(visit.id, therapist, pdf, 'application/pdf', disguised)).json()) as AttachmentView;
    expect(view.fileName).toBe('invoicefdp.exe.pdf');
    expect((await items(visit.id, therapist))[0]?.fileName).toBe('invoicefdp.exe.pdf');
    const download = await call('GET', `/attachments/${view.id}`, therapist);
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="invoicefdp.exe.pdf"; filename*=UTF-8''invoicefdp.exe.pdf`);
  });

  it('the database holds no file name in plain text, and the log of an upload never carries it', async () => {
    const { visit, therapist } = await completedVisit();
    const name = 'Dolores Abernathy knee x-ray.pdf';
    const logs = captureLogs(app.runtime.app.log);
    let view: AttachmentView;
    try {
      view = (await (await upload(visit.id, therapist, pdf, 'application/pdf', name)).json()) as AttachmentView;
    } finally {
      logs.stop();
    }
    expect(view.fileName).toBe(name);
    expect(logs.text()).toContain(`/api/visits/${visit.id}/attachments`);
    for (const planted of ['Dolores', 'Abernathy', encodeURIComponent('Dolores')]) expect(logs.text()).not.toContain(planted);
    const rows = await db().execute(sql`select * from note_attachments where id = ${view.id}`);
    expect(rows.rows).toHaveLength(1);
    expect(JSON.stringify(rows.rows)).not.toContain('Dolores');
    expect((await items(visit.id, therapist))[0]?.fileName).toBe(name);
  });

  it('a name stored in plain text before names were sealed still shows, and the start-up pass seals it once', async () => {
    const { visit, therapist } = await completedVisit();
    const [legacy] = await db()
      .insert(noteAttachments)
      .values({ visitId: visit.id, fileName: 'Dolores wound \u202Egnp.pdf', contentType: 'application/pdf', sizeBytes: 1, sha256: 'x', storageKey: 'legacy', uploadedBy: therapist.userId })
      .returning();
    expect((await items(visit.id, therapist))[0]?.fileName).toBe('Dolores wound gnp.pdf');
    const { phiKey } = await loadSecrets(app.config);
    await sealLegacyPhiText(app.runtime.database, phiKey);
    const stored = async () => (await db().select().from(noteAttachments).where(eq(noteAttachments.id, legacy!.id)))[0];
    const sealed = await stored();
    expect(sealed).toMatchObject({ fileName: null, fileNameSealed: expect.stringMatching(/^v1\./) as unknown });
    expect(JSON.stringify(sealed)).not.toContain('Dolores');
    expect((await items(visit.id, therapist))[0]?.fileName).toBe('Dolores wound gnp.pdf');
    // Run again (a restart, a second instance): nothing left to do, the sealed name untouched.
    await sealLegacyPhiText(app.runtime.database, phiKey);
    expect(await stored()).toEqual(sealed);
  });
});

describe('attachment contents', () => {
  const refusedAs = async (response: Response, message: RegExp) => {
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error).toMatchObject({ code: 'VALIDATION', message: expect.stringMatching(message) as unknown });
    expect(error.fields?.file).toBe(error.message);
  };

  it('a PDF that is also a web page, a PNG with HTML after its end and an HTML page named .pdf are refused with a 400 naming the file', async () => {
    const { visit, therapist } = await completedVisit();
    const page = Buffer.from('<!DOCTYPE html><html><body><script>fetch("/api/me")</script></body></html>');
    const at = pdf.indexOf('xref');
    const polyglot = Buffer.concat([pdf.subarray(0, at), page, Buffer.from('\n'), pdf.subarray(at)]);
    await refusedAs(await upload(visit.id, therapist, polyglot, 'application/pdf', 'scan.pdf'), /^This PDF also contains web page content/);
    await refusedAs(await upload(visit.id, therapist, Buffer.concat([png, page]), 'image/png', 'wound.png'), /^This file is not a valid PNG/);
    await refusedAs(await upload(visit.id, therapist, page, 'application/pdf', 'page.pdf'), /^This file is not a valid PDF/);
    const list = await call('GET', `/visits/${visit.id}/attachments`, therapist);
    expect(((await list.json()) as { items: AttachmentView[] }).items).toEqual([]);
  });

  it('real PDF, PNG and JPEG files are accepted and downloaded as attachments the browser must not sniff', async () => {
    const { visit, therapist } = await completedVisit();
    for (const [body, type, name] of [
      [pdf, 'application/pdf', 'plan.pdf'],
      [png, 'image/png', 'wound.png'],
      [realJpeg(), 'image/jpeg', 'wound.jpg'],
    ] as const) {
      const response = await upload(visit.id, therapist, body, type, name);
      expect(response.status).toBe(201);
      const download = await call('GET', `/attachments/${((await response.json()) as AttachmentView).id}`, therapist);
      expect(download.headers.get('content-type')).toBe(type);
      expect(download.headers.get('content-disposition')).toMatch(/^attachment; /);
      expect(download.headers.get('x-content-type-options')).toBe('nosniff');
      expect(Buffer.from(await download.arrayBuffer()).equals(body)).toBe(true);
    }
  });
});

describe('the documentation sweep', () => {
  const sweep = (now?: Date) => runDocumentationSweep({ database: app.runtime.database, jobs: app.runtime.jobs, noteDueHours: 48, autoApproveDays: 7, paymentProvider: 'ledger' }, now);

  it('flags notes not signed 48 hours after check-out, and notifies both sides once', async () => {
    const { visit, agency, therapist, agencyPerson, therapistPerson } = await completedVisit({ checkOutAt: new Date(Date.now() - 47 * 3_600_000) });
    expect((await notes(visit.id, therapist)).overdue).toBe(false);
    await sweep();
    const overdueNotices = () => db().select().from(notifications).where(eq(notifications.type, 'documentation.overdue'));
    expect((await overdueNotices()).filter((n) => n.link.endsWith(visit.id))).toHaveLength(0);

    await db().update(visits).set({ checkOutAt: new Date(Date.now() - 49 * 3_600_000) }).where(eq(visits.id, visit.id));
    const view = await notes(visit.id, agency);
    expect(view.overdue).toBe(true);
    expect(new Date(view.dueAt ?? 0).getTime()).toBeLessThan(Date.now());
    await sweep();
    await sweep();
    const mine = (await overdueNotices()).filter((n) => n.link.endsWith(visit.id));
    expect(mine.map((n) => n.userId).sort()).toEqual([agencyPerson.userId, therapistPerson.userId].sort());

    await ok(await saveDraft(visit.id, therapist));
    await ok(await sign(visit.id, therapist));
    expect((await notes(visit.id, agency)).overdue).toBe(false);
  });

  it('approves a note signed more than 7 days ago and not reviewed, as an agency approval would, audited as automatic', async () => {
    const { visit, agency, therapist } = await completedVisit();
    await ok(await saveDraft(visit.id, therapist));
    await ok(await sign(visit.id, therapist));
    await sweep();
    expect((await notes(visit.id, agency)).notes[0]?.status).toBe('signed');

    await db().update(visitNotes).set({ signedAt: new Date(Date.now() - 8 * 86_400_000) }).where(eq(visitNotes.visitId, visit.id));
    await Promise.all([sweep(), sweep()]);
    const view = await notes(visit.id, agency);
    expect(view.notes[0]).toMatchObject({ status: 'approved', autoApproved: true });
    expect(await visitStatus(visit.id)).toBe('approved');
    expect(await db().$count(invoiceLines, eq(invoiceLines.visitId, visit.id))).toBe(1);
    expect(await db().$count(payouts, eq(payouts.visitId, visit.id))).toBe(1);
    const automatic = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, visit.id), eq(auditLog.action, 'visit_note.review')));
    expect(automatic).toHaveLength(1);
    expect(automatic[0]).toMatchObject({ actorUserId: null, outcome: 'success', details: { action: 'approve', automatic: true } });
    expect(existsSync(app.config.dataDir)).toBe(true);
  });
});
