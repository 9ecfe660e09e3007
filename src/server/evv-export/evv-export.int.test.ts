import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { signatureAttestation } from '../../../test/attestation';
import { assistantNote, buildAssistantVisit } from '../../../test/co-signature-fixtures';
import { buildAgency, buildManager, buildTherapist } from '../../../test/factories';
import { callApi, errorOf, ok } from '../../../test/http';
import { patientInput } from '../../../test/patients';
import { session, sessionCookie } from '../../../test/people';
import { buildVisit } from '../../../test/visit-fixtures';
import type { VisitNotesView } from '../../domain/documentation';
import { evvExportMessages } from '../../domain/evv-export';
import { createPhiBox } from '../crypto/phi-box';
import { auditLog, visits } from '../db/schema/index';
import { loadSecrets } from '../secrets';
import { sealAttestation } from '../visits/attestation';
import { sealReason } from '../visits/reasons';
import { evvExportColumns } from './columns';
import { EVV_EXPORTED } from './service';

let app: TestApp;
const db = () => app.runtime.database.db;
const header = evvExportColumns.map((column) => column.key);

/** RFC 4180 CSV to rows of fields (quoted fields, doubled quotes, CRLF inside quotes). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else field += char;
  }
  if (field !== '' || row.length > 0) throw new Error('CSV does not end with CRLF');
  return rows;
}

const records = (text: string) => {
  const [head, ...body] = parseCsv(text);
  return { head, rows: body.map((fields) => Object.fromEntries(fields.map((value, i) => [head?.[i] ?? `?${i}`, value]))) };
};

const cookies: Record<string, string> = {};
const ids: Record<string, string> = {};

beforeAll(async () => {
  app = await startTestApp();
  const agency = await buildAgency(db());
  const other = await buildAgency(db());
  const therapist = await buildTherapist(db(), { firstName: 'Casey', lastName: '=Hyde' });
  const manager = await buildManager(db());
  cookies.agency = await sessionCookie(app, agency);
  cookies.agencyAal1 = await sessionCookie(app, agency, 'aal1');
  cookies.other = await sessionCookie(app, other);
  cookies.therapist = await sessionCookie(app, therapist);
  cookies.manager = await sessionCookie(app, manager);
  ids.agency = agency.userId;

  const { phiKey } = await loadSecrets(app.config);
  const phiBox = createPhiBox(phiKey);
  const at = (iso: string) => new Date(iso);
  const completed = await buildVisit(db(), {
    agencyId: agency.userId,
    therapistId: therapist.userId,
    scheduledStart: at('2026-03-01T06:00:00Z'),
    checkInAt: at('2026-03-01T06:00:00Z'),
    checkInLatitude: 30.25,
    checkInLongitude: -97.75,
    checkInAccuracyMeters: 12,
    checkOutAt: at('2026-03-01T07:00:00Z'),
    checkOutLatitude: 30.251,
    checkOutLongitude: -97.751,
  });
  ids.completed = completed.id;
  ids.completedPatient = completed.referralId;
  const patient = await callApi(app.url, 'PUT', `/api/referrals/${completed.referralId}/patient`, { cookie: cookies.agency, body: patientInput() });
  expect(patient.status).toBe(200);

  // On the last day of the range, 23:59 in Chicago (the agency's default zone, CDT by then), with an exception and its sealed reason.
  const flagged = await buildVisit(db(), {
    agencyId: agency.userId,
    therapistId: therapist.userId,
    scheduledStart: at('2026-04-01T03:00:00Z'),
    checkInAt: at('2026-04-01T04:59:00Z'),
    checkOutAt: null,
    status: 'in_progress',
    exceptions: ['missing_location', 'off_schedule'],
  });
  ids.flagged = flagged.id;
  await db()
    .update(visits)
    .set({ exceptionReasonSealed: sealReason(phiBox, flagged.id, 'exception_reason', 'Check-in: GPS off in the basement, "ward B"') })
    .where(eq(visits.id, flagged.id));

  // Just outside the range on each side, and another agency's visit inside it.
  ids.before = (await buildVisit(db(), { agencyId: agency.userId, therapistId: therapist.userId, checkInAt: at('2026-03-01T05:59:59Z') })).id;
  ids.after = (await buildVisit(db(), { agencyId: agency.userId, therapistId: therapist.userId, checkInAt: at('2026-04-01T05:00:00Z') })).id;
  ids.otherAgency = (await buildVisit(db(), { agencyId: other.userId, checkInAt: at('2026-03-15T12:00:00Z') })).id;
  ids.scheduled = (await buildVisit(db(), { agencyId: agency.userId, therapistId: therapist.userId, status: 'scheduled', scheduledStart: at('2026-03-20T12:00:00Z') })).id;
});
afterAll(() => app.close());

const march = '/api/agency/evv-export?from=2026-03-01&to=2026-03-31';

describe('GET /api/agency/evv-export', () => {
  it('answers CSV with the documented header, the six elements of a completed visit, and an exception with its reason', async () => {
    const response = await callApi(app.url, 'GET', march, { cookie: cookies.agency });
    const text = await response.text();
    expect(response.status, text).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="carerelay-evv-2026-03-01-to-2026-03-31.csv"');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const { head, rows } = records(text);
    expect(head).toEqual(header);
    // Range boundaries on the agency's calendar (America/Chicago): the first day's 00:00 CST and the last day's 23:59 CDT are in,
    // a second before or a minute after is not (nor would they be read in UTC); a visit never checked in is not.
    expect(rows.map((row) => row.visit_id)).toEqual([ids.completed, ids.flagged]);

    const done = rows[0] ?? {};
    expect(done).toMatchObject({
      service_type: 'evaluation',
      patient_id: ids.completedPatient,
      patient_first_name: 'Dolores',
      patient_last_name: 'Abernathy',
      provider_first_name: 'Casey',
      // A cell starting with = is neutralized for spreadsheets.
      provider_last_name: "'=Hyde",
      provider_npi: '1234567893',
      service_date: '2026-03-01',
      service_address: '1200 Sweetwater Lane',
      service_city: 'Austin',
      service_state: 'TX',
      service_zip: '78704',
      check_in_latitude: '30.25',
      check_in_longitude: '-97.75',
      start_time: '2026-03-01T06:00:00.000Z',
      end_time: '2026-03-01T07:00:00.000Z',
      time_zone: 'America/Chicago',
      exceptions: '',
      exception_reasons: '',
      // No attestation taken and no note co-signed: empty, never implied.
      attestation: '',
      attestation_time: '',
      note_co_signer_name: '',
    });
    const flagged = rows[1] ?? {};
    expect(flagged).toMatchObject({
      service_date: '2026-03-31',
      end_time: '',
      check_in_latitude: '',
      exceptions: 'missing_location;off_schedule',
      exception_reasons: 'Check-in: GPS off in the basement, "ward B"',
    });
  });

  it('answers the same rows as JSON, keyed by the column list', async () => {
    const response = await callApi(app.url, 'GET', `${march}&format=json`, { cookie: cookies.agency });
    const body = await ok<{ columns: { key: string }[]; visits: Record<string, unknown>[] }>(response);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="carerelay-evv-2026-03-01-to-2026-03-31.json"');
    expect(body.columns.map((column) => column.key)).toEqual(header);
    expect(body.visits.map((visit) => Object.keys(visit))).toEqual([header, header]);
    expect(body.visits[0]).toMatchObject({ visit_id: ids.completed, provider_last_name: '=Hyde', check_in_longitude: -97.75, planned_minutes: 60 });
    expect(body.visits[1]).toMatchObject({ exception_reasons: 'Check-in: GPS off in the basement, "ward B"' });
  });

  it('shows another agency none of these visits, and refuses therapists, managers, aal1 and strangers', async () => {
    const other = await ok<{ visits: { visit_id: string }[] }>(await callApi(app.url, 'GET', `${march}&format=json`, { cookie: cookies.other }));
    expect(other.visits.map((visit) => visit.visit_id)).toEqual([ids.otherAgency]);
    expect((await callApi(app.url, 'GET', march, { cookie: cookies.therapist })).status).toBe(403);
    expect((await callApi(app.url, 'GET', march, { cookie: cookies.manager })).status).toBe(403);
    expect((await callApi(app.url, 'GET', march, { cookie: cookies.agencyAal1 })).status).toBe(403);
    expect((await callApi(app.url, 'GET', march)).status).toBe(401);
  });

  it('audits each export and each refusal as a PHI export', async () => {
    await ok(await callApi(app.url, 'GET', `${march}&format=json`, { cookie: cookies.agency }));
    await callApi(app.url, 'GET', march, { cookie: cookies.therapist });
    const rows = await db().select().from(auditLog).where(eq(auditLog.action, EVV_EXPORTED));
    const mine = rows.filter((row) => row.actorUserId === ids.agency && row.details?.format === 'json');
    expect(mine.at(-1)).toMatchObject({ outcome: 'success', details: { from: '2026-03-01', to: '2026-03-31', format: 'json', visits: 2, patients: 1 } });
    expect(rows.some((row) => row.outcome === 'failure' && row.actorUserId === null)).toBe(true);
    const json = JSON.stringify(rows);
    expect(json).not.toContain('Abernathy');
    expect(json).not.toContain('basement');
  });

  it('lists every column with its description in the OpenAPI description', async () => {
    const spec = await ok<{ paths: Record<string, Record<string, { description?: string }>> }>(await fetch(`${app.url}/api/docs/json`));
    const description = spec.paths['/api/agency/evv-export']?.get?.description ?? '';
    for (const column of evvExportColumns) expect(description).toContain(`- \`${column.key}\`: ${column.description}`);
  });

  it('names the field of bad input', async () => {
    const fieldsOf = async (query: string) => (await errorOf(await callApi(app.url, 'GET', `/api/agency/evv-export?${query}`, { cookie: cookies.agency }))).fields;
    expect(await fieldsOf('from=2026-02-30&to=2026-03-01')).toMatchObject({ from: evvExportMessages.from });
    expect(await fieldsOf('from=2026-03-01')).toMatchObject({ to: evvExportMessages.to });
    expect(await fieldsOf('from=2026-03-01&to=2026-03-31&format=xlsx')).toMatchObject({ format: evvExportMessages.format });
    expect(await fieldsOf('from=2026-03-31&to=2026-03-01')).toMatchObject({ to: evvExportMessages.order });
    expect(await fieldsOf('from=2025-01-01&to=2026-03-01')).toMatchObject({ to: evvExportMessages.range });
  });
});

describe('the check-out attestation and the note’s co-signature in the export', () => {
  const may = '/api/agency/evv-export?from=2026-05-01&to=2026-05-31';
  const note = assistantNote;
  type Export = { visits: Record<string, unknown>[] };

  it('names who attested and when (never the drawn strokes), why no signature could be obtained, and the supervising PT’s co-signature of the latest signed version', async () => {
    const at = (iso: string) => new Date(iso);
    // The PTA's visit in May; the PT's evaluation (two days ago, outside the range) makes them its supervising therapist.
    const built = await buildAssistantVisit(db(), {
      visit: { scheduledStart: at('2026-05-04T15:00:00Z'), checkInAt: at('2026-05-04T15:00:00Z'), checkOutAt: at('2026-05-04T16:00:00Z') },
    });
    const { agency: agencyPerson, pt: ptPerson, pta: ptaPerson, visit: assisted } = built;
    const ids = { referralId: built.referral.id, agencyId: agencyPerson.userId };
    const { phiKey } = await loadSecrets(app.config);
    const phiBox = createPhiBox(phiKey);
    const signedAt = at('2026-05-04T16:00:00Z');
    const attestation = signatureAttestation({ signer: 'caregiver', signerName: 'Marisol Quintero' });
    await db().update(visits).set({ attestationSealed: sealAttestation(phiBox, assisted.id, attestation, signedAt) }).where(eq(visits.id, assisted.id));
    const declined = await buildVisit(db(), {
      ...ids,
      therapistId: ptPerson.userId,
      scheduledStart: at('2026-05-06T15:00:00Z'),
      checkInAt: at('2026-05-06T15:00:00Z'),
      checkOutAt: at('2026-05-06T16:00:00Z'),
      exceptions: ['no_attestation'],
    });
    const unable = { kind: 'unable', unableReason: 'patient_declined', reason: 'Asleep after a bad night' } as const;
    await db().update(visits).set({ attestationSealed: sealAttestation(phiBox, declined.id, unable, at('2026-05-06T16:00:00Z')) }).where(eq(visits.id, declined.id));

    const [agency, pt, pta] = [await session(app, agencyPerson), await session(app, ptPerson), await session(app, ptaPerson)];
    const api = (method: string, path: string, who: { cookie: string }, body?: unknown) => callApi(app.url, method, `/api${path}`, { cookie: who.cookie, body });
    await ok(await api('PUT', `/visits/${assisted.id}/notes/draft`, pta, { content: note }));
    const signed = await ok<VisitNotesView>(await api('POST', `/visits/${assisted.id}/notes/sign`, pta, { signedName: 'Alex Kim' }));
    const coSigned = await ok<VisitNotesView>(await api('POST', `/visits/${assisted.id}/notes/${signed.notes[0]!.id}/co-sign`, pt, { signedName: 'Pat Morgan' }));

    const response = await callApi(app.url, 'GET', `${may}&format=json`, { cookie: agency.cookie });
    const text = await response.text();
    expect(response.status, text).toBe(200);
    const rows = (JSON.parse(text) as Export).visits;
    expect(rows.map((row) => row.visit_id)).toEqual([assisted.id, declined.id]);
    expect(rows[0]).toMatchObject({
      discipline: 'PTA',
      exceptions: null,
      attestation: 'signature',
      attestation_signer: 'caregiver',
      attestation_signer_name: 'Marisol Quintero',
      attestation_unable_reason: null,
      attestation_note: null,
      attestation_time: '2026-05-04T16:00:00.000Z',
      note_co_signer_name: 'Pat Morgan',
      note_co_signed_at: coSigned.notes[0]!.coSignedAt,
    });
    expect(rows[1]).toMatchObject({
      exceptions: 'no_attestation',
      exception_descriptions: 'No patient or caregiver signature',
      attestation: 'unable',
      attestation_signer: null,
      attestation_unable_reason: 'patient_declined',
      attestation_note: 'Asleep after a bad night',
      attestation_time: '2026-05-06T16:00:00.000Z',
      note_co_signer_name: null,
    });
    const csv = await (await callApi(app.url, 'GET', may, { cookie: agency.cookie })).text();
    expect(records(csv).rows[0]).toMatchObject({ attestation: 'signature', attestation_signer_name: 'Marisol Quintero', note_co_signer_name: 'Pat Morgan' });
    // The drawn signature stays on the platform (and on the note's PDF): no stroke of it in either file.
    for (const file of [text, csv]) expect(file).not.toMatch(/\[\s*12\s*,\s*150\s*\]|strokes/);

    // The agency returns the note and the PTA signs a new version: the co-signature was of the old one, so none is exported.
    await ok(await api('POST', `/visits/${assisted.id}/notes/review`, agency, { action: 'return', message: 'Add the home exercise program.' }));
    await ok(await api('PUT', `/visits/${assisted.id}/notes/draft`, pta, { content: { ...note, plan: 'Continue 2w4 with the home exercise program.' } }));
    await ok(await api('POST', `/visits/${assisted.id}/notes/sign`, pta, { signedName: 'Alex Kim' }));
    const after = (await ok<Export>(await callApi(app.url, 'GET', `${may}&format=json`, { cookie: agency.cookie }))).visits;
    expect(after[0]).toMatchObject({ visit_id: assisted.id, note_co_signer_name: null, note_co_signed_at: null, attestation: 'signature' });
  });
});
