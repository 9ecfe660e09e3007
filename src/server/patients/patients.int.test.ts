import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { buildAgency, buildManager, buildTherapist, clientAddress } from '../../../test/factories';
import { callApi, errorOf } from '../../../test/http';
import { patientInput } from '../../../test/patients';
import { session } from '../../../test/people';
import { buildReferral, insertResponse } from '../../../test/referral-fixtures';
import { patientMessages, type PatientInput, type PatientResponse } from '../../domain/patients';
import type { ReferralStatus } from '../../domain/referrals';
import { auditLog, notifications, patients, referrals } from '../db/schema/index';
import { PATIENT_LOCATE } from './locate-home-job';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const db = () => app.runtime.database.db;

const NOT_FOUND = { code: 'NOT_FOUND', message: 'No patient details found.' };
const USER_AGENT = 'CareRelayTest/1.0';

// The default patient, with a lower-case diagnosis code (stored upper-cased) and notes worth sealing.
const details = patientInput({ diagnosisCode: 'm17.11', careNotes: 'Lives alone; key under the blue planter.' });
/** What is stored and answered: phones as 10 digits, the ICD-10 code upper-cased. */
const stored = { ...details, phone: '5125550142', emergencyContactPhone: '5125550177', diagnosisCode: 'M17.11' };
/** Values that must never appear outside the sealed column and the two parties' answers. */
const plainValues = ['Dolores', 'Abernathy', '1948-03-14', '1200 Sweetwater', '5125550142', '555-0142', 'M17.11', 'm17.11', 'Teddy Flood', 'Robert Ford', 'blue planter'];

const otherDetails: PatientInput = {
  ...details,
  firstName: 'Maeve',
  lastName: 'Millay',
  dateOfBirth: '1952-11-02',
  diagnosisCode: 'I63.9',
  diagnosisDescription: 'Cerebral infarction, unspecified',
};

/** The answer without how far locating the address got, which the job moves on meanwhile. */
const withoutLocation = (answer: unknown) => ({ ...(answer as PatientResponse), homeLocation: undefined });

interface Client {
  cookie?: string;
  ip?: string;
}

/** A request as a browser sends it, from its own address (the app trusts the local proxy's X-Forwarded-For). */
function call(method: 'GET' | 'PUT', referralId: string, client: Client = {}, body?: unknown) {
  return callApi(app.url, method, `/api/referrals/${referralId}/patient`, { cookie: client.cookie, ip: client.ip ?? clientAddress(), userAgent: USER_AGENT, body });
}

/** An agency and a therapist matched on a referral, both signed in at aal2. */
async function matchedReferral(status: ReferralStatus = 'matched') {
  const agencyPerson = await buildAgency(db());
  const therapistPerson = await buildTherapist(db());
  const referral = await buildReferral(db(), { agencyId: agencyPerson.userId, status, matchedTherapistId: therapistPerson.userId });
  await insertResponse(db(), { referralId: referral.id, therapistId: therapistPerson.userId, status: 'confirmed' });
  return { referral, agencyPerson, therapistPerson, agency: await session(app, agencyPerson), therapist: await session(app, therapistPerson) };
}

async function addPatient(referralId: string, agency: Client, body: PatientInput = details) {
  const response = await call('PUT', referralId, agency, body);
  expect(response.status).toBe(200);
  return (await response.json()) as PatientResponse;
}

/** The rows people's requests left (newest first); the job locating the address leaves its own, tested in home-location.int.test.ts. */
const auditsOf = (referralId: string) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, referralId), ne(auditLog.action, PATIENT_LOCATE)))
    .orderBy(desc(auditLog.id));
const patientCount = (referralId: string) => db().$count(patients, eq(patients.referralId, referralId));
const setStatus = (referralId: string, status: ReferralStatus) => db().update(referrals).set({ status }).where(eq(referrals.id, referralId));

async function expectNotFound(response: Response) {
  expect(response.status).toBe(404);
  expect(await errorOf(response)).toEqual(NOT_FOUND);
}

describe('signed out', () => {
  it('a signed-out caller gets 401 from GET and PUT, and the attempt is audited', async () => {
    const { referral, agency } = await matchedReferral();
    await addPatient(referral.id, agency);
    const ip = clientAddress();
    for (const response of [await call('GET', referral.id, { ip }), await call('PUT', referral.id, { ip }, { nonsense: true })]) {
      expect(response.status).toBe(401);
      expect((await errorOf(response)).code).toBe('UNAUTHENTICATED');
    }
    const audits = (await auditsOf(referral.id)).filter((row) => row.actorUserId === null);
    expect(audits.map((row) => row.action).sort()).toEqual(['patient.read', 'patient.write']);
    for (const row of audits) expect(row).toMatchObject({ outcome: 'failure', ipAddress: ip, userAgent: USER_AGENT, details: { reason: 'unauthenticated' } });
  });
});

describe('the agency adds the patient and both parties read it', () => {
  it('the agency saves the details at aal2 and reads them back, normalised, never cached', async () => {
    const { referral, agency, agencyPerson } = await matchedReferral();
    const put = await call('PUT', referral.id, agency, details);
    expect(put.status).toBe(200);
    expect(put.headers.get('cache-control')).toBe('no-store');
    const saved = (await put.json()) as PatientResponse;
    // Saving queues locating the address (home-location.int.test.ts): how far it got is part of the answer, never the point.
    expect(saved).toEqual({ referralId: referral.id, patient: stored, updatedAt: expect.any(String), homeLocation: { status: 'pending', at: expect.any(String), retrying: false, standIn: false } });

    const get = await call('GET', referral.id, agency);
    expect(get.status).toBe(200);
    expect(get.headers.get('cache-control')).toBe('no-store');
    expect(withoutLocation(await get.json())).toEqual(withoutLocation(saved));

    const [row] = await db().select().from(patients).where(eq(patients.referralId, referral.id));
    expect(row).toMatchObject({ createdBy: agencyPerson.userId, updatedBy: agencyPerson.userId });
  });

  it('the database holds only ciphertext: raw SQL shows none of the plain values', async () => {
    const { referral, agency } = await matchedReferral();
    await addPatient(referral.id, agency);
    const result = await app.runtime.database.pool.query<{ sealed: string }>('select sealed from patients where referral_id = $1', [referral.id]);
    const sealed = result.rows[0]?.sealed ?? '';
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    for (const value of plainValues) expect(sealed).not.toContain(value);
    // Not even the whole table, cast to text, gives any of them away.
    const dump = JSON.stringify((await app.runtime.database.pool.query('select * from patients')).rows);
    for (const value of plainValues) expect(dump).not.toContain(value);
  });

  it('the matched therapist reads the details at aal2, while the referral is matched or in progress', async () => {
    const { referral, agency, therapist } = await matchedReferral();
    const saved = await addPatient(referral.id, agency);
    const get = await call('GET', referral.id, therapist);
    expect(get.status).toBe(200);
    expect(withoutLocation(await get.json())).toEqual(withoutLocation(saved));

    await setStatus(referral.id, 'in_progress');
    expect((await call('GET', referral.id, therapist)).status).toBe(200);
  });

  it('saving again replaces the details; the audit names the changed fields, never their values', async () => {
    const { referral, agency } = await matchedReferral('in_progress');
    const first = await addPatient(referral.id, agency);
    const second = await addPatient(referral.id, agency, { ...details, phone: '512-555-0199', careNotes: '' });
    expect(second.patient).toEqual({ ...stored, phone: '5125550199', careNotes: '' });
    expect(new Date(second.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(first.updatedAt).getTime());
    expect(await patientCount(referral.id)).toBe(1);
    expect(((await (await call('GET', referral.id, agency)).json()) as PatientResponse).patient.phone).toBe('5125550199');

    const [latest] = (await auditsOf(referral.id)).filter((row) => row.action === 'patient.write');
    // The address did not change, so it is not located again.
    expect(latest?.details).toEqual({ created: false, changedFields: ['phone', 'careNotes'], locating: false });
  });

  it('nobody reads what was never saved: 404 for the agency and the therapist', async () => {
    const { referral, agency, therapist } = await matchedReferral();
    await expectNotFound(await call('GET', referral.id, agency));
    await expectNotFound(await call('GET', referral.id, therapist));
  });
});

describe('a second factor is required', () => {
  it('the agency and the matched therapist at aal1 get 403 MFA_REQUIRED, and the refusal is audited', async () => {
    const { referral, agency, agencyPerson, therapistPerson } = await matchedReferral();
    await addPatient(referral.id, agency);
    for (const person of [agencyPerson, therapistPerson]) {
      const weak = await session(app, person, 'aal1');
      const response = await call('GET', referral.id, weak);
      expect(response.status).toBe(403);
      expect((await errorOf(response)).code).toBe('MFA_REQUIRED');
      const [audit] = await auditsOf(referral.id);
      expect(audit).toMatchObject({ action: 'patient.read', actorUserId: person.userId, outcome: 'failure', ipAddress: weak.ip, details: { reason: 'mfa_required' } });
    }
  });

  it('the agency at aal1 cannot save: 403 MFA_REQUIRED, nothing written', async () => {
    const { referral, agencyPerson } = await matchedReferral();
    const weak = await session(app, agencyPerson, 'aal1');
    const response = await call('PUT', referral.id, weak, details);
    expect(response.status).toBe(403);
    expect((await errorOf(response)).code).toBe('MFA_REQUIRED');
    expect(await patientCount(referral.id)).toBe(0);
  });
});

describe('nobody else learns the patient exists', () => {
  it('another agency, another therapist, a responder not selected, a manager and a pending agency get 404 from GET and PUT, at aal1 or aal2', async () => {
    const { referral, agency } = await matchedReferral();
    await addPatient(referral.id, agency);
    const responder = await buildTherapist(db());
    await insertResponse(db(), { referralId: referral.id, therapistId: responder.userId, status: 'not_selected' });
    const others = [
      await buildAgency(db()),
      await buildTherapist(db()),
      responder,
      await buildManager(db()),
      await buildAgency(db(), { status: 'pending' }),
    ];
    for (const person of others) {
      for (const aal of ['aal2', 'aal1'] as const) {
        const client = await session(app, person, aal);
        await expectNotFound(await call('GET', referral.id, client));
        await expectNotFound(await call('PUT', referral.id, client, otherDetails));
      }
      const refusals = (await auditsOf(referral.id)).filter((row) => row.actorUserId === person.userId);
      expect(refusals).toHaveLength(4);
      for (const row of refusals) expect(row).toMatchObject({ outcome: 'failure', entityType: 'patient', details: { reason: 'no_access' } });
    }
    // The details are untouched.
    expect(((await (await call('GET', referral.id, agency)).json()) as PatientResponse).patient).toEqual(stored);
  });

  it('an unknown or malformed referral id is answered exactly like someone else’s', async () => {
    const { agency } = await matchedReferral();
    await expectNotFound(await call('GET', '00000000-0000-4000-8000-000000000000', agency));
    await expectNotFound(await call('GET', 'not-a-referral', agency));
    await expectNotFound(await call('PUT', 'not-a-referral', agency, details));
  });

  it('the matched therapist cannot write the details: 404, nothing changed', async () => {
    const { referral, agency, therapist } = await matchedReferral();
    const saved = await addPatient(referral.id, agency);
    await expectNotFound(await call('PUT', referral.id, therapist, otherDetails));
    const [audit] = await auditsOf(referral.id);
    expect(audit).toMatchObject({ action: 'patient.write', actorUserId: therapist.userId, outcome: 'failure', details: { reason: 'no_access' } });
    expect(withoutLocation(await (await call('GET', referral.id, agency)).json())).toEqual(withoutLocation(saved));
  });
});

describe('when details can be added', () => {
  it.each(['draft', 'posted'] as const)('before a match (%s) the agency gets 409 with a clear message, nothing written', async (status) => {
    const agencyPerson = await buildAgency(db());
    const referral = await buildReferral(db(), { agencyId: agencyPerson.userId, status });
    const agency = await session(app, agencyPerson);
    const response = await call('PUT', referral.id, agency, details);
    expect(response.status).toBe(409);
    expect(await errorOf(response)).toEqual({ code: 'CONFLICT', message: 'Patient details can be added once a therapist is matched.' });
    expect(await patientCount(referral.id)).toBe(0);
    const [audit] = await auditsOf(referral.id);
    expect(audit).toMatchObject({ action: 'patient.write', outcome: 'failure', details: { reason: 'before_match' } });
  });

  it('validation errors name each field, quote no value, and write nothing', async () => {
    const { referral, agency, therapist } = await matchedReferral();
    const response = await call('PUT', referral.id, agency, {
      ...details,
      firstName: '  ',
      dateOfBirth: '1948-02-30',
      phone: '555-01',
      diagnosisCode: 'Dolores',
      state: 'ZZ',
      careNotes: 'x'.repeat(4001),
    });
    expect(response.status).toBe(400);
    const text = await response.text();
    const error = (JSON.parse(text) as { error: { code: string; fields: Record<string, string> } }).error;
    expect(error.code).toBe('VALIDATION');
    expect(error.fields).toMatchObject({
      firstName: patientMessages.firstName,
      dateOfBirth: patientMessages.dateOfBirth,
      phone: patientMessages.phone,
      diagnosisCode: patientMessages.icd10,
      state: patientMessages.state,
    });
    expect(error.fields).toHaveProperty('careNotes');
    for (const value of ['Dolores', '1948-02-30', '555-01']) expect(text).not.toContain(value);

    const missing = await call('PUT', referral.id, agency, { firstName: 'Dolores' });
    expect(missing.status).toBe(400);
    expect((await errorOf(missing)).fields).toMatchObject({ lastName: patientMessages.lastName, payer: patientMessages.payer });

    expect(await patientCount(referral.id)).toBe(0);
    expect(await db().$count(auditLog, and(eq(auditLog.entityId, referral.id), eq(auditLog.action, 'patient.write')))).toBe(0);
    expect(await db().$count(notifications, eq(notifications.userId, therapist.userId))).toBe(0);
  });

  it.each(['completed', 'cancelled', 'expired'] as const)(
    'once the referral is %s the therapist gets 404 and the agency still reads, but can no longer write',
    async (status) => {
      const { referral, agency, therapist } = await matchedReferral('in_progress');
      const saved = await addPatient(referral.id, agency);
      await setStatus(referral.id, status);
      await expectNotFound(await call('GET', referral.id, therapist));
      const [audit] = await auditsOf(referral.id);
      expect(audit).toMatchObject({ action: 'patient.read', actorUserId: therapist.userId, outcome: 'failure', details: { reason: 'referral_closed' } });

      const agencyRead = await call('GET', referral.id, agency);
      expect(agencyRead.status).toBe(200);
      expect(withoutLocation(await agencyRead.json())).toEqual(withoutLocation(saved));
      await expectNotFound(await call('PUT', referral.id, agency, otherDetails));
    },
  );
});

describe('audit and notification', () => {
  it('every read and write leaves a row: who, what, which record, from where, the outcome, and no PHI', async () => {
    const { referral, agency, therapist } = await matchedReferral();
    const stranger = await session(app, await buildAgency(db()));
    await addPatient(referral.id, agency);
    expect((await call('GET', referral.id, agency)).status).toBe(200);
    expect((await call('GET', referral.id, therapist)).status).toBe(200);
    await expectNotFound(await call('GET', referral.id, stranger));

    const rows = (await auditsOf(referral.id)).reverse();
    expect(rows.map((row) => [row.action, row.actorUserId, row.outcome, row.ipAddress])).toEqual([
      ['patient.write', agency.userId, 'success', agency.ip],
      ['patient.read', agency.userId, 'success', agency.ip],
      ['patient.read', therapist.userId, 'success', therapist.ip],
      ['patient.read', stranger.userId, 'failure', stranger.ip],
    ]);
    for (const row of rows) {
      expect(row).toMatchObject({ entityType: 'patient', entityId: referral.id, userAgent: USER_AGENT, at: expect.any(Date) });
      const text = JSON.stringify(row);
      for (const value of plainValues) expect(text).not.toContain(value);
    }
    expect(rows[0]?.details).toEqual({ created: true, changedFields: Object.keys(stored), locating: true });
    expect(rows[1]?.details).toEqual({ as: 'agency' });
    expect(rows[2]?.details).toEqual({ as: 'therapist' });
  });

  it('the matched therapist is notified in-app once, when the details are first added, with no PHI', async () => {
    const { referral, agency, therapist } = await matchedReferral();
    await addPatient(referral.id, agency);
    await addPatient(referral.id, agency, otherDetails);
    const rows = await db().select().from(notifications).where(eq(notifications.userId, therapist.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      type: 'referral.patient_added',
      title: expect.stringMatching(/^Patient details added to R-\d+ · Austin, TX$/),
      body: expect.stringMatching(/^.+ added the patient details for your referral\. Open it to see them\.$/),
      link: `/dashboard/therapist/referrals/${referral.id}`,
    });
    const text = JSON.stringify(rows);
    for (const value of [...plainValues, 'Maeve', 'I63.9']) expect(text).not.toContain(value);
    // The agency is not notified of its own change.
    expect(await db().$count(notifications, eq(notifications.userId, agency.userId))).toBe(0);
  });
});

describe('tampering', () => {
  it('a sealed value copied onto another patient does not open: a 500 without PHI, never the other patient', async () => {
    const first = await matchedReferral();
    const second = await matchedReferral();
    await addPatient(first.referral.id, first.agency, details);
    await addPatient(second.referral.id, second.agency, otherDetails);
    await db().execute(
      sql`update patients set sealed = (select sealed from patients where referral_id = ${first.referral.id}) where referral_id = ${second.referral.id}`,
    );

    for (const reader of [second.agency, second.therapist]) {
      const response = await call('GET', second.referral.id, reader);
      expect(response.status).toBe(500);
      const text = await response.text();
      expect(JSON.parse(text)).toEqual({ error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' } });
      for (const value of [...plainValues, 'Maeve', 'Millay']) expect(text).not.toContain(value);
      const [audit] = await auditsOf(second.referral.id);
      expect(audit).toMatchObject({ action: 'patient.read', actorUserId: reader.userId, outcome: 'failure', details: { reason: 'unreadable' } });
    }

    // The first patient's own record still opens for its own parties.
    expect(((await (await call('GET', first.referral.id, first.agency)).json()) as PatientResponse).patient).toEqual(stored);
    // The agency can replace the damaged record, which then reads again.
    await addPatient(second.referral.id, second.agency, otherDetails);
    const [write] = (await auditsOf(second.referral.id)).filter((row) => row.action === 'patient.write');
    expect(write?.details).toMatchObject({ created: false, previousUnreadable: true });
    expect(((await (await call('GET', second.referral.id, second.therapist)).json()) as PatientResponse).patient.firstName).toBe('Maeve');
  });
});
