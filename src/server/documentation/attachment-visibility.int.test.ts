import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { buildAgency, buildManager, buildTherapist } from '../../../test/factories';
import { callApi, errorOf, ok } from '../../../test/http';
import { session } from '../../../test/people';
import { buildVisit } from '../../../test/visit-fixtures';
import type { AttachmentView, NoteContent } from '../../domain/documentation';
import { attachmentBlobs, auditLog, noteAttachments } from '../db/schema/index';

/**
 * Which of a visit's attachments the agency sees: only those uploaded by the therapist's latest
 * signature. A file added to a draft is the therapist's until they sign; a file added while revising
 * a returned note appears when they sign again; the therapist always sees them all. Until it is
 * shared, and while the note is being written, the therapist alone can remove a file.
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const db = () => app.runtime.database.db;
const NOT_FOUND = { code: 'NOT_FOUND', message: 'No visit documentation found.' };

interface Client {
  userId: string;
  cookie: string;
  ip: string;
}

const call = (method: string, url: string, client: Client, body?: unknown, headers: Record<string, string> = {}) =>
  callApi(app.url, method, `/api${url}`, { cookie: client.cookie, ip: client.ip, userAgent: 'CareRelayTest/1.0', body, headers });

const note: NoteContent = { serviceId: 'treatment', interventions: 'Gait training 20 min.', response: 'Tolerated well.', plan: 'Continue 2w4.' };

async function completedVisit() {
  const agencyPerson = await buildAgency(db());
  const therapistPerson = await buildTherapist(db(), { firstName: 'Ana', lastName: 'Moss' });
  const visit = await buildVisit(db(), { agencyId: agencyPerson.userId, therapistId: therapistPerson.userId, serviceId: 'treatment' });
  return { visit, agencyPerson, therapistPerson, agency: await session(app, agencyPerson), therapist: await session(app, therapistPerson) };
}

const writeAndSign = async (visitId: string, therapist: Client) => {
  await ok(await call('PUT', `/visits/${visitId}/notes/draft`, therapist, { content: note }));
  await ok(await call('POST', `/visits/${visitId}/notes/sign`, therapist, { signedName: 'Ana Moss' }));
};
const pdfWith = (text: string) => Buffer.concat([Buffer.from(`%PDF-1.7\n(${text})\n`), Buffer.alloc(64, 0x20), Buffer.from('\n%%EOF\n')]);
const upload = async (visitId: string, therapist: Client, body: Buffer, name: string) =>
  ok<AttachmentView>(await call('POST', `/visits/${visitId}/attachments`, therapist, body, { 'content-type': 'application/pdf', 'x-file-name': encodeURIComponent(name) }), 201);
const list = async (visitId: string, client: Client) =>
  (await ok<{ items: AttachmentView[] }>(await call('GET', `/visits/${visitId}/attachments`, client))).items;
const download = (attachmentId: string, client: Client) => call('GET', `/attachments/${attachmentId}`, client);
const bytesOf = async (response: Response) => {
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
};
const shared = (items: AttachmentView[]) => items.map((item) => [item.fileName, item.sharedWithAgency]);

describe('attachments and the signature', () => {
  it('a file attached to a draft is the therapist’s alone: the agency’s list is empty, its download 404 like a stranger’s, audited', async () => {
    const { visit, agency, agencyPerson, therapist } = await completedVisit();
    await ok(await call('PUT', `/visits/${visit.id}/notes/draft`, therapist, { content: note }));
    const draftFile = pdfWith('draft scan');
    const attached = await upload(visit.id, therapist, draftFile, 'scan.pdf');
    expect(attached.sharedWithAgency).toBe(false);

    expect(shared(await list(visit.id, therapist))).toEqual([['scan.pdf', false]]);
    expect((await bytesOf(await download(attached.id, therapist))).equals(draftFile)).toBe(true);

    expect(await list(visit.id, agency)).toEqual([]);
    const refused = await download(attached.id, agency);
    expect(refused.status).toBe(404);
    expect(await errorOf(refused)).toEqual(NOT_FOUND);
    // Exactly what someone with no part in the visit gets.
    const stranger = await download(attached.id, await session(app, await buildAgency(db())));
    expect(stranger.status).toBe(404);
    expect(await errorOf(stranger)).toEqual(NOT_FOUND);
    // At aal1 too it is a 404, not a prompt for a second factor: nothing to see is nothing to unlock.
    const weak = await download(attached.id, await session(app, agencyPerson, 'aal1'));
    expect(weak.status).toBe(404);

    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorUserId, agency.userId), eq(auditLog.action, 'attachment.download'), eq(auditLog.entityId, attached.id)));
    expect(audits.map((row) => [row.outcome, row.details])).toEqual([
      ['failure', { reason: 'no_access' }],
      ['failure', { reason: 'no_access' }],
    ]);
  });

  it('once the note is signed the agency lists the file and downloads it byte for byte; it cannot be deleted', async () => {
    const { visit, agency, therapist } = await completedVisit();
    const file = pdfWith('home exercise plan');
    const attached = await upload(visit.id, therapist, file, 'plan.pdf');
    await writeAndSign(visit.id, therapist);

    expect(shared(await list(visit.id, agency))).toEqual([['plan.pdf', true]]);
    expect(shared(await list(visit.id, therapist))).toEqual([['plan.pdf', true]]);
    expect((await bytesOf(await download(attached.id, agency))).equals(file)).toBe(true);
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorUserId, agency.userId), eq(auditLog.action, 'attachment.download'), eq(auditLog.entityId, attached.id)));
    expect(audits.map((row) => [row.outcome, row.details])).toEqual([['success', { as: 'agency', visitId: visit.id }]]);

    // There is no way to remove or replace what the agency was given.
    expect((await call('DELETE', `/attachments/${attached.id}`, therapist)).status).toBe(409);
    expect((await call('PUT', `/attachments/${attached.id}`, therapist)).status).toBe(404);
    expect((await bytesOf(await download(attached.id, agency))).equals(file)).toBe(true);
  });

  it('after a return, a file added to the revision waits for the re-signature while the signed one stays visible', async () => {
    const { visit, agency, therapist } = await completedVisit();
    const first = pdfWith('first version scan');
    const signedIn = await upload(visit.id, therapist, first, 'first.pdf');
    await writeAndSign(visit.id, therapist);
    await ok(await call('POST', `/visits/${visit.id}/notes/review`, agency, { action: 'return', message: 'Add the wound photo.' }));

    const second = pdfWith('wound photo, revision');
    const revision = await upload(visit.id, therapist, second, 'second.pdf');
    expect(revision.sharedWithAgency).toBe(false);
    expect(shared(await list(visit.id, therapist))).toEqual([
      ['second.pdf', false],
      ['first.pdf', true],
    ]);
    expect(shared(await list(visit.id, agency))).toEqual([['first.pdf', true]]);
    expect((await bytesOf(await download(signedIn.id, agency))).equals(first)).toBe(true);
    const refused = await download(revision.id, agency);
    expect(refused.status).toBe(404);
    expect(await errorOf(refused)).toEqual(NOT_FOUND);

    await writeAndSign(visit.id, therapist);
    expect(shared(await list(visit.id, agency))).toEqual([
      ['second.pdf', true],
      ['first.pdf', true],
    ]);
    expect((await bytesOf(await download(revision.id, agency))).equals(second)).toBe(true);
    expect((await bytesOf(await download(signedIn.id, agency))).equals(first)).toBe(true);
  });
});

describe('removing an attachment not shared yet', () => {
  const remove = (attachmentId: string, client: Client) => call('DELETE', `/attachments/${attachmentId}`, client);
  const SHARED = { code: 'CONFLICT', message: 'This file was signed with your notes and can no longer be removed.' };
  /** The attachment's key in the store (PostgreSQL, the default). */
  const storageKey = async (attachmentId: string) => {
    const [row] = await db().select({ key: noteAttachments.storageKey }).from(noteAttachments).where(eq(noteAttachments.id, attachmentId));
    return row!.key;
  };
  const inStore = async (key: string) => (await db().$count(attachmentBlobs, eq(attachmentBlobs.storageKey, key))) > 0;
  const deletions = (actorUserId: string, attachmentId: string) =>
    db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorUserId, actorUserId), eq(auditLog.action, 'attachment.delete'), eq(auditLog.entityId, attachmentId)));

  it('the therapist removes a wrong file from the draft: 204, gone from the list and the store, its download 404, audited without content or name; signing shares only the rest', async () => {
    const { visit, agency, therapist } = await completedVisit();
    await ok(await call('PUT', `/visits/${visit.id}/notes/draft`, therapist, { content: note }));
    const kept = await upload(visit.id, therapist, pdfWith('home exercise plan'), 'plan.pdf');
    const wrongFile = pdfWith('another patient, Dolores Abernathy');
    const wrong = await upload(visit.id, therapist, wrongFile, 'other-patient.pdf');
    const key = await storageKey(wrong.id);
    expect(await inStore(key)).toBe(true);

    const removed = await remove(wrong.id, therapist);
    expect(removed.status).toBe(204);
    expect(await removed.text()).toBe('');
    expect(shared(await list(visit.id, therapist))).toEqual([['plan.pdf', false]]);
    const gone = await download(wrong.id, therapist);
    expect(gone.status).toBe(404);
    expect(await errorOf(gone)).toEqual(NOT_FOUND);
    expect(await inStore(key)).toBe(false);
    const audits = await deletions(therapist.userId, wrong.id);
    expect(audits.map((row) => [row.outcome, row.entityType, row.details])).toEqual([
      [
        'success',
        'note_attachment',
        {
          as: 'therapist',
          visitId: visit.id,
          contentType: 'application/pdf',
          sizeBytes: wrongFile.length,
          sha256: createHash('sha256').update(wrongFile).digest('hex'),
        },
      ],
    ]);
    // Neither its content nor its name, which is PHI too: the hash identifies the file.
    expect(JSON.stringify(audits)).not.toContain('Dolores');
    expect(JSON.stringify(audits)).not.toContain('other-patient');
    // Removed once: a second attempt finds nothing, like any unknown id.
    expect(await errorOf(await remove(wrong.id, therapist))).toEqual(NOT_FOUND);

    await ok(await call('POST', `/visits/${visit.id}/notes/sign`, therapist, { signedName: 'Ana Moss' }));
    expect(shared(await list(visit.id, agency))).toEqual([['plan.pdf', true]]);
    expect((await download(kept.id, agency)).status).toBe(200);
  });

  it('a signed file is refused with 409 and stays downloadable by both; after a return only the revision’s new file can be removed', async () => {
    const { visit, agency, therapist } = await completedVisit();
    const signedFile = pdfWith('signed evaluation scan');
    const signed = await upload(visit.id, therapist, signedFile, 'signed.pdf');
    await writeAndSign(visit.id, therapist);

    const refused = await remove(signed.id, therapist);
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toEqual(SHARED);
    for (const client of [agency, therapist]) expect((await bytesOf(await download(signed.id, client))).equals(signedFile)).toBe(true);
    expect((await deletions(therapist.userId, signed.id)).map((row) => [row.outcome, row.details])).toEqual([
      ['failure', { reason: 'shared', as: 'therapist', visitId: visit.id }],
    ]);

    // Returned: the note is being written again (uploads are open), yet the signed file stays.
    await ok(await call('POST', `/visits/${visit.id}/notes/review`, agency, { action: 'return', message: 'Add the wound photo.' }));
    const revision = await upload(visit.id, therapist, pdfWith('wrong wound photo'), 'wound.pdf');
    expect(await errorOf(await remove(signed.id, therapist))).toEqual(SHARED);
    expect((await remove(revision.id, therapist)).status).toBe(204);
    expect(shared(await list(visit.id, therapist))).toEqual([['signed.pdf', true]]);
    expect(shared(await list(visit.id, agency))).toEqual([['signed.pdf', true]]);
  });

  it('nobody else can remove a file: the agency, another therapist, another agency, a manager and an unknown id get 404, audited like a download; nothing changes', async () => {
    const { visit, agency, agencyPerson, therapist } = await completedVisit();
    const content = pdfWith('draft scan');
    const attached = await upload(visit.id, therapist, content, 'scan.pdf');
    const key = await storageKey(attached.id);
    const others = [
      agency,
      await session(app, agencyPerson, 'aal1'),
      await session(app, await buildTherapist(db())),
      await session(app, await buildAgency(db())),
      await session(app, await buildManager(db())),
    ];
    for (const client of others) {
      const response = await remove(attached.id, client);
      expect(response.status).toBe(404);
      expect(await errorOf(response)).toEqual(NOT_FOUND);
    }
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-attachment']) {
      const response = await remove(id, therapist);
      expect(response.status).toBe(404);
      expect(await errorOf(response)).toEqual(NOT_FOUND);
    }
    for (const client of others.slice(2)) {
      expect((await deletions(client.userId, attached.id)).map((row) => [row.outcome, row.details])).toEqual([['failure', { reason: 'no_access' }]]);
    }
    expect((await deletions(agency.userId, attached.id)).map((row) => [row.outcome, row.details])).toEqual([
      ['failure', { reason: 'no_access' }],
      ['failure', { reason: 'no_access' }],
    ]);
    expect(shared(await list(visit.id, therapist))).toEqual([['scan.pdf', false]]);
    expect(await inStore(key)).toBe(true);

    // Shared, the agency may download it but still not remove it.
    await writeAndSign(visit.id, therapist);
    expect(await errorOf(await remove(attached.id, agency))).toEqual(NOT_FOUND);
    expect((await bytesOf(await download(attached.id, agency))).equals(content)).toBe(true);
  });

  it('signed out is 401 and the therapist at aal1 is asked for the second factor, as for an upload; the file stays', async () => {
    const { visit, therapist, therapistPerson } = await completedVisit();
    const attached = await upload(visit.id, therapist, pdfWith('draft scan'), 'scan.pdf');
    const signedOut = await remove(attached.id, { ...therapist, cookie: '' });
    expect(signedOut.status).toBe(401);
    expect((await errorOf(signedOut)).code).toBe('UNAUTHENTICATED');
    const [refusal] = await db().select().from(auditLog).where(and(eq(auditLog.action, 'attachment.delete'), eq(auditLog.entityId, attached.id)));
    expect(refusal).toMatchObject({ actorUserId: null, outcome: 'failure', details: { reason: 'unauthenticated' } });

    const weak = await remove(attached.id, await session(app, therapistPerson, 'aal1'));
    expect(weak.status).toBe(403);
    expect((await errorOf(weak)).code).toBe('MFA_REQUIRED');
    expect(shared(await list(visit.id, therapist))).toEqual([['scan.pdf', false]]);
  });

  it('a signature waiting for the visit’s lock ahead of the removal wins: the removal sees it and answers 409', async () => {
    const { visit, agency, therapist } = await completedVisit();
    await ok(await call('PUT', `/visits/${visit.id}/notes/draft`, therapist, { content: note }));
    const attached = await upload(visit.id, therapist, pdfWith('draft scan'), 'scan.pdf');
    const waiting = async (count: number) => {
      for (let attempt = 0; attempt < 200; attempt += 1) {
        const result = await db().execute<{ n: number }>(
          sql`select count(*)::int as n from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock' and query ilike '%for update%'`,
        );
        if (result.rows[0]?.n === count) return;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error(`expected ${count} requests waiting for the visit's lock`);
    };
    // Hold the visit's lock, queue the signature and then the removal behind it, and let go.
    const holder = await app.runtime.database.pool.connect();
    let signing: Promise<Response>;
    let removing: Promise<Response>;
    try {
      await holder.query('begin');
      await holder.query('select id from visits where id = $1 for update', [visit.id]);
      signing = call('POST', `/visits/${visit.id}/notes/sign`, therapist, { signedName: 'Ana Moss' });
      await waiting(1);
      removing = remove(attached.id, therapist);
      await waiting(2);
      await holder.query('commit');
    } finally {
      holder.release();
    }
    await ok(await signing);
    const removal = await removing;
    expect(removal.status).toBe(409);
    expect(await errorOf(removal)).toEqual(SHARED);
    expect(shared(await list(visit.id, agency))).toEqual([['scan.pdf', true]]);
  });

  it('the stored file goes in the removal’s transaction: when it cannot be deleted, nothing is removed', async () => {
    const { visit, therapist } = await completedVisit();
    const content = pdfWith('draft scan');
    const attached = await upload(visit.id, therapist, content, 'scan.pdf');
    const key = await storageKey(attached.id);
    // The database refuses to delete this one stored file, after the row's delete has run.
    await db().execute(
      sql.raw(`create function refuse_blob_delete() returns trigger language plpgsql as $$ begin
                 if old.storage_key = '${key}' then raise exception 'blob delete refused'; end if; return old; end $$;
               create trigger refuse_blob_delete before delete on attachment_blobs for each row execute function refuse_blob_delete();`),
    );
    try {
      expect((await remove(attached.id, therapist)).status).toBe(500);
    } finally {
      await db().execute(sql.raw('drop trigger refuse_blob_delete on attachment_blobs; drop function refuse_blob_delete();'));
    }
    expect(shared(await list(visit.id, therapist))).toEqual([['scan.pdf', false]]);
    expect((await bytesOf(await download(attached.id, therapist))).equals(content)).toBe(true);
    expect(await inStore(key)).toBe(true);
    expect((await remove(attached.id, therapist)).status).toBe(204);
    expect(await inStore(key)).toBe(false);
  });
});
