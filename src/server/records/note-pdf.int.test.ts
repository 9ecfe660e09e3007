import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { assistantNote, buildAssistantVisit } from '../../../test/co-signature-fixtures';
import { buildAgency, buildManager, buildTherapist, clientAddress } from '../../../test/factories';
import { callApi, errorOf, ok } from '../../../test/http';
import { captureLogs } from '../../../test/log-capture';
import { pdfText } from '../../../test/pdf-text';
import { session, type SignedIn } from '../../../test/people';
import { buildVisit } from '../../../test/visit-fixtures';
import type { NoteContent, VisitNotesView } from '../../domain/documentation';
import { auditLog } from '../db/schema/index';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const db = () => app.runtime.database.db;

const treatment: NoteContent = {
  serviceId: 'treatment',
  interventions: 'Gait training with rolling walker, 3 x 50 ft; Dolores needed one cue.',
  response: 'Tolerated well; fatigue after the second bout.',
  plan: 'Progress to stairs next visit.',
};
const secretWords = ['Dolores', 'rolling walker', 'fatigue'];

const call = (method: string, url: string, client: Partial<SignedIn> = {}, body?: unknown) =>
  callApi(app.url, method, `/api${url}`, { cookie: client.cookie, ip: client.ip ?? clientAddress(), userAgent: 'CareRelayTest/1.0', body });

/** A completed treatment visit whose note the therapist (Jamie Rivera) has signed. */
async function signedVisit() {
  const agencyPerson = await buildAgency(db());
  const therapistPerson = await buildTherapist(db(), { firstName: 'Jamie', lastName: 'Rivera' });
  const visit = await buildVisit(db(), { agencyId: agencyPerson.userId, therapistId: therapistPerson.userId, serviceId: 'treatment', rate: 100 });
  const therapist = await session(app, therapistPerson);
  await ok(await call('PUT', `/visits/${visit.id}/notes/draft`, therapist, { content: treatment }));
  const view = await ok<VisitNotesView>(await call('POST', `/visits/${visit.id}/notes/sign`, therapist, { signedName: 'Jamie Rivera' }));
  const note = view.notes[0]!;
  return { visit, note, agency: await session(app, agencyPerson), therapist };
}

const pdfOf = (visitId: string, noteId: string, client: Partial<SignedIn> = {}) => call('GET', `/visits/${visitId}/notes/${noteId}/pdf`, client);
const exportAudits = (visitId: string) =>
  db().select().from(auditLog).where(and(eq(auditLog.entityId, visitId), eq(auditLog.action, 'visit_note.export_pdf')));

function onPatientsClock(iso: string, timeZone: string) {
  const options = { timeZone, month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' } as const;
  return new Intl.DateTimeFormat('en-US', options).format(new Date(iso));
}

describe('a signed note as a PDF for the chart', () => {
  it('the agency downloads a PDF that parses and holds the note, the visit’s verification and the signature; audited, nothing logged', async () => {
    const { visit, note, agency } = await signedVisit();
    const logs = captureLogs(app.runtime.app.log);
    let response: Response;
    try {
      response = await pdfOf(visit.id, note.id, agency);
    } finally {
      logs.stop();
    }
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="note-R-\d+-v1\.pdf"/);
    const { text, title } = await pdfText(new Uint8Array(await response.arrayBuffer()));
    const zone = /times in (\S+)/.exec(text)?.[1];
    expect(zone).toBeDefined();
    for (const expected of [
      'Treatment Session note',
      'Interventions',
      treatment.interventions,
      'Response to treatment',
      treatment.response,
      treatment.plan,
      'Signed by: Jamie Rivera',
      `Signed at: ${onPatientsClock(note.signedAt!, zone!)}`,
      `Check-in: ${onPatientsClock(visit.checkInAt!.toISOString(), zone!)}; no location reading`,
      `Check-out: ${onPatientsClock(visit.checkOutAt!.toISOString(), zone!)}`,
      `Content SHA-256: ${note.contentHash}`,
      'Attestation: No patient attestation recorded',
    ]) {
      expect(text).toContain(expected);
    }
    // The file's metadata names the record, never the patient.
    expect(title).toMatch(/^Treatment Session note, R-\d+/);
    for (const word of secretWords) expect(logs.text()).not.toContain(word);
    const audits = await exportAudits(visit.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorUserId: agency.userId, outcome: 'success', entityType: 'visit_note', details: { as: 'agency', noteId: note.id, version: 1 } });
    expect(JSON.stringify(audits[0]!.details)).not.toContain('Dolores');
  });

  it('the signature block of an assistant’s note co-signed by the supervising PT shows the co-signature with its name, time and code', async () => {
    const built = await buildAssistantVisit(db());
    const [agency, pt, pta] = [await session(app, built.agency), await session(app, built.pt), await session(app, built.pta)];
    await ok(await call('PUT', `/visits/${built.visit.id}/notes/draft`, pta, { content: assistantNote }));
    const signed = (await ok<VisitNotesView>(await call('POST', `/visits/${built.visit.id}/notes/sign`, pta, { signedName: 'Alex Kim' }))).notes[0]!;
    const before = (await pdfText(new Uint8Array(await (await pdfOf(built.visit.id, signed.id, agency)).arrayBuffer()))).text;
    expect(before).toContain('Signed by: Alex Kim');
    expect(before).not.toContain('Co-sign');

    const coSigned = (await ok<VisitNotesView>(await call('POST', `/visits/${built.visit.id}/notes/${signed.id}/co-sign`, pt, { signedName: 'Pat Morgan' }))).notes[0]!;
    const { text } = await pdfText(new Uint8Array(await (await pdfOf(built.visit.id, signed.id, agency)).arrayBuffer()));
    const zone = /times in (\S+)/.exec(text)![1]!;
    const hash = coSigned.coSignatureHash!;
    expect(text).toContain(`Co-signed by the supervising therapist: Pat Morgan at ${onPatientsClock(coSigned.coSignedAt!, zone)}`);
    expect(text).toContain(`Co-signature code: ${hash.slice(0, 4).toUpperCase()}-${hash.slice(4, 8).toUpperCase()}`);
    expect(text).toContain(`Co-signature SHA-256: ${hash}`);
  });

  it('the therapist who wrote it downloads it too', async () => {
    const { visit, note, therapist } = await signedVisit();
    const response = await pdfOf(visit.id, note.id, therapist);
    expect(response.status).toBe(200);
    expect((await pdfText(new Uint8Array(await response.arrayBuffer()))).text).toContain(treatment.plan);
    expect((await exportAudits(visit.id))[0]).toMatchObject({ actorUserId: therapist.userId, outcome: 'success', details: { as: 'therapist' } });
  });

  it('another agency, another therapist and a manager get 404 (at aal2 too), audited as refused', async () => {
    const { visit, note } = await signedVisit();
    for (const person of [await buildAgency(db()), await buildTherapist(db()), await buildManager(db())]) {
      const response = await pdfOf(visit.id, note.id, await session(app, person));
      expect(response.status).toBe(404);
      expect((await errorOf(response)).code).toBe('NOT_FOUND');
    }
    const audits = await exportAudits(visit.id);
    expect(audits).toHaveLength(3);
    for (const row of audits) expect(row).toMatchObject({ outcome: 'failure', details: { reason: 'no_access' } });
  });

  it('another visit’s note, a draft and an unknown id are 404 to the visit’s own agency', async () => {
    const { visit, agency, therapist } = await signedVisit();
    const other = await signedVisit();
    const drafted = await buildVisit(db(), { agencyId: agency.userId, therapistId: therapist.userId, serviceId: 'treatment', rate: 100 });
    const draft = await ok<VisitNotesView>(await call('PUT', `/visits/${drafted.id}/notes/draft`, therapist, { content: treatment }));
    for (const [visitId, noteId] of [
      [visit.id, other.note.id],
      [drafted.id, draft.notes[0]!.id],
      [visit.id, 'not-a-note'],
    ] as const) {
      const response = await pdfOf(visitId, noteId, agency);
      expect(response.status).toBe(404);
      expect((await errorOf(response)).message).toBe('No signed note found.');
    }
  });

  it('a party without a second factor gets MFA_REQUIRED; signed out gets 401', async () => {
    const { visit, note } = await signedVisit();
    const agencyPerson = await buildAgency(db());
    const mine = await buildVisit(db(), { agencyId: agencyPerson.userId });
    expect((await errorOf(await pdfOf(mine.id, note.id, await session(app, agencyPerson, 'aal1')))).code).toBe('MFA_REQUIRED');
    const signedOut = await pdfOf(visit.id, note.id);
    expect(signedOut.status).toBe(401);
  });
});
