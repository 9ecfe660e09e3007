import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { buildAgency, buildTherapist } from '../../../test/factories';
import { callApi, ok, refused } from '../../../test/http';
import { patientInput } from '../../../test/patients';
import { session, type SignedIn } from '../../../test/people';
import { buildReferral, insertResponse } from '../../../test/referral-fixtures';
import { buildVisit } from '../../../test/visit-fixtures';
import type { VisitDetail, VisitList } from '../../domain/visits';
import { auditLog, referrals } from '../db/schema/index';

/**
 * The patient where the work is: the visit's page shows its two parties, at aal2, who the patient
 * is, where they live and how to call them, with what the referral holds; each such answer is a read
 * of the patient's details, audited like one. Lists label the visit "R-1042 · D. Abernathy" for the
 * same people and "R-1042 · Austin, TX" for anyone below aal2.
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const db = () => app.runtime.database.db;
const USER_AGENT = 'CareRelayVisitPatientTest/1.0';
const details = patientInput({ firstName: 'Dolores', lastName: 'Abernathy', addressLine: '1200 Sweetwater Lane', city: 'Austin', zip: '78704' });
/** What must never reach anyone but the two parties at aal2, nor any audit row. */
const PHI = ['Dolores', 'Abernathy', '1200 Sweetwater', '5125550142', '1948-03-14'];

const call = (method: string, path: string, who: Pick<SignedIn, 'cookie' | 'ip'>, body?: unknown) =>
  callApi(app.url, method, `/api${path}`, { cookie: who.cookie, ip: who.ip, userAgent: USER_AGENT, body });

/** An in-progress referral matched to a therapist, with a scheduled visit tomorrow; the patient added when asked. */
async function visitOnReferral(options: { withPatient?: boolean } = {}) {
  const agencyPerson = await buildAgency(db());
  const therapistPerson = await buildTherapist(db());
  const referral = await buildReferral(db(), {
    agencyId: agencyPerson.userId,
    status: 'in_progress',
    matchedTherapistId: therapistPerson.userId,
    visitFrequency: '2w4',
    urgency: 'soon',
  });
  await insertResponse(db(), { referralId: referral.id, therapistId: therapistPerson.userId, status: 'confirmed' });
  const visit = await buildVisit(db(), {
    agencyId: agencyPerson.userId,
    therapistId: therapistPerson.userId,
    referralId: referral.id,
    status: 'scheduled',
    scheduledStart: new Date(Date.now() + 86_400_000),
    checkInAt: null,
    checkOutAt: null,
  });
  const agency = await session(app, agencyPerson);
  const therapist = await session(app, therapistPerson);
  if (options.withPatient ?? true) await ok(await call('PUT', `/referrals/${referral.id}/patient`, agency, details));
  return { referral, visit, agency, therapist, agencyPerson, therapistPerson };
}

const patientReads = (referralId: string, userId: string) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, referralId), eq(auditLog.action, 'patient.read'), eq(auditLog.actorUserId, userId)))
    .orderBy(desc(auditLog.id));

const rangeOfTomorrow = () => {
  const from = new Date(Date.now() - 3_600_000).toISOString();
  const to = new Date(Date.now() + 2 * 86_400_000).toISOString();
  return `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
};

describe('the visit page shows the patient to the matched therapist at aal2', () => {
  it('name, address, phone and the referral’s details, labelled R-#### · D. Abernathy', async () => {
    const { referral, visit, therapist } = await visitOnReferral();
    const response = await call('GET', `/visits/${visit.id}`, therapist);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = await ok<VisitDetail>(response);
    expect(body.patient).toEqual({
      status: 'shown',
      firstName: 'Dolores',
      lastName: 'Abernathy',
      addressLine: '1200 Sweetwater Lane',
      city: 'Austin',
      state: 'TX',
      zip: '78704',
      phone: '5125550142',
    });
    expect(body.referenceNumber).toBe(referral.referenceNumber);
    expect(body.referenceLabel).toBe(`R-${referral.referenceNumber} · D. Abernathy`);
    expect(body.referral).toEqual({
      id: referral.id,
      visitFrequency: '2w4',
      visitFrequencyText: expect.stringMatching(/twice a week for 4 weeks/i),
      startBy: referral.startBy,
      urgency: 'soon',
      clinicalSummary: referral.clinicalSummary,
      services: [{ serviceId: 'evaluation', name: expect.any(String), visitCount: 1 }],
    });
    // Only what the point of care needs: no date of birth, diagnosis or emergency contact.
    expect(JSON.stringify(body)).not.toContain('1948-03-14');
    expect(JSON.stringify(body)).not.toContain('M17.11');
  });

  it('the agency sees the patient on its visit page too', async () => {
    const { visit, agency } = await visitOnReferral();
    const body = await ok<VisitDetail>(await call('GET', `/visits/${visit.id}`, agency));
    expect(body.patient).toMatchObject({ status: 'shown', firstName: 'Dolores', lastName: 'Abernathy' });
  });

  it('each view is a read of the patient’s details, audited like one, with no PHI in the row', async () => {
    const { referral, visit, therapist } = await visitOnReferral();
    await ok(await call('GET', `/visits/${visit.id}`, therapist));
    const [read] = await patientReads(referral.id, therapist.userId);
    expect(read).toMatchObject({ entityType: 'patient', outcome: 'success', ipAddress: therapist.ip, userAgent: USER_AGENT, details: { as: 'therapist' } });
    const [visitRead] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, visit.id), eq(auditLog.action, 'visit.read')))
      .orderBy(desc(auditLog.id));
    expect(visitRead).toMatchObject({ actorUserId: therapist.userId, outcome: 'success' });
    const rows = JSON.stringify(await db().select().from(auditLog).where(eq(auditLog.actorUserId, therapist.userId)));
    for (const value of PHI) expect(rows).not.toContain(value);
  });

  it('before the agency adds the patient the page says so, labelled by place, and the attempt is on record', async () => {
    const { referral, visit, therapist } = await visitOnReferral({ withPatient: false });
    const body = await ok<VisitDetail>(await call('GET', `/visits/${visit.id}`, therapist));
    expect(body.patient).toEqual({ status: 'not_added' });
    expect(body.referenceLabel).toBe(`R-${referral.referenceNumber} · Austin, TX`);
    const [read] = await patientReads(referral.id, therapist.userId);
    expect(read).toMatchObject({ outcome: 'failure', details: { reason: 'no_patient', as: 'therapist' } });
  });

  it('once the referral is completed the therapist’s visit no longer shows the patient; the agency’s still does', async () => {
    const { referral, visit, therapist, agency } = await visitOnReferral();
    await db().update(referrals).set({ status: 'completed' }).where(eq(referrals.id, referral.id));
    const seen = await ok<VisitDetail>(await call('GET', `/visits/${visit.id}`, therapist));
    expect(seen.patient).toEqual({ status: 'closed' });
    expect(seen.referenceLabel).toBe(`R-${referral.referenceNumber} · Austin, TX`);
    for (const value of PHI) expect(JSON.stringify(seen)).not.toContain(value);
    expect((await ok<VisitDetail>(await call('GET', `/visits/${visit.id}`, agency))).patient.status).toBe('shown');
  });
});

describe('nobody else sees the patient', () => {
  it('at aal1 the therapist and the agency get 403 MFA_REQUIRED, no data, and no successful read on record', async () => {
    const { referral, visit, therapistPerson, agencyPerson } = await visitOnReferral();
    for (const person of [therapistPerson, agencyPerson]) {
      const weak = await session(app, person, 'aal1');
      const response = await call('GET', `/visits/${visit.id}`, weak);
      const text = await response.clone().text();
      await refused(response, 403, 'MFA_REQUIRED');
      for (const value of PHI) expect(text).not.toContain(value);
      expect(await patientReads(referral.id, person.userId)).toEqual([]);
    }
  });

  it('another therapist gets 404 for the visit, nothing about the patient', async () => {
    const { visit } = await visitOnReferral();
    const stranger = await session(app, await buildTherapist(db()));
    const response = await call('GET', `/visits/${visit.id}`, stranger);
    const text = await response.clone().text();
    await refused(response, 404, 'NOT_FOUND');
    for (const value of PHI) expect(text).not.toContain(value);
  });

  it('another tenant’s agency gets 404, and the refusal is audited', async () => {
    const { visit } = await visitOnReferral();
    const otherAgency = await session(app, await buildAgency(db()));
    const response = await call('GET', `/visits/${visit.id}`, otherAgency);
    const text = await response.clone().text();
    await refused(response, 404, 'NOT_FOUND');
    for (const value of PHI) expect(text).not.toContain(value);
    const [audit] = await db().select().from(auditLog).where(and(eq(auditLog.entityId, visit.id), eq(auditLog.actorUserId, otherAgency.userId)));
    expect(audit).toMatchObject({ action: 'visit.read', outcome: 'failure', details: { reason: 'no_access' } });
  });
});

describe('the schedule labels each visit for who is looking', () => {
  it('at aal2 the parties see R-#### · D. Abernathy, each name an audited read; at aal1 R-#### · Austin, TX and no read', async () => {
    const { referral, visit, therapistPerson, therapist, agency } = await visitOnReferral();
    const label = (list: VisitList) => list.visits.find((item) => item.id === visit.id)?.referenceLabel;

    for (const party of [therapist, agency]) {
      const list = await ok<VisitList>(await call('GET', `/visits?${rangeOfTomorrow()}`, party));
      expect(label(list)).toBe(`R-${referral.referenceNumber} · D. Abernathy`);
      const [read] = await patientReads(referral.id, party.userId);
      expect(read).toMatchObject({ outcome: 'success', ipAddress: party.ip, details: { view: 'short_name' } });
    }

    const weak = await session(app, therapistPerson, 'aal1');
    const before = (await patientReads(referral.id, therapistPerson.userId)).length;
    const response = await call('GET', `/visits?${rangeOfTomorrow()}`, weak);
    const text = await response.clone().text();
    expect(label(await ok<VisitList>(response))).toBe(`R-${referral.referenceNumber} · Austin, TX`);
    for (const value of PHI) expect(text).not.toContain(value);
    expect(await patientReads(referral.id, therapistPerson.userId)).toHaveLength(before);
  });
});
