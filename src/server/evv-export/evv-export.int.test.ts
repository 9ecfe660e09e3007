import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { buildAgency, buildManager, buildTherapist } from '../../../test/factories';
import { callApi, errorOf, ok } from '../../../test/http';
import { patientInput } from '../../../test/patients';
import { sessionCookie } from '../../../test/people';
import { buildVisit } from '../../../test/visit-fixtures';
import { evvExportMessages } from '../../domain/evv-export';
import { createPhiBox } from '../crypto/phi-box';
import { auditLog, visits } from '../db/schema/index';
import { loadSecrets } from '../secrets';
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

  it('names the field of bad input', async () => {
    const fieldsOf = async (query: string) => (await errorOf(await callApi(app.url, 'GET', `/api/agency/evv-export?${query}`, { cookie: cookies.agency }))).fields;
    expect(await fieldsOf('from=2026-02-30&to=2026-03-01')).toMatchObject({ from: evvExportMessages.from });
    expect(await fieldsOf('from=2026-03-01')).toMatchObject({ to: evvExportMessages.to });
    expect(await fieldsOf('from=2026-03-01&to=2026-03-31&format=xlsx')).toMatchObject({ format: evvExportMessages.format });
    expect(await fieldsOf('from=2026-03-31&to=2026-03-01')).toMatchObject({ to: evvExportMessages.order });
    expect(await fieldsOf('from=2025-01-01&to=2026-03-01')).toMatchObject({ to: evvExportMessages.range });
  });
});
