import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app';
import { startAppWithSmtp } from '../../../test/app-with-smtp';
import { signatureAttestation } from '../../../test/attestation';
import { buildAgency, buildManager, buildTherapist, clientAddress } from '../../../test/factories';
import { callApi, errorOf, ok, refused } from '../../../test/http';
import { patientInput } from '../../../test/patients';
import { session } from '../../../test/people';
import { buildReferral, insertResponse } from '../../../test/referral-fixtures';
import type { TestSmtpServer } from '../../../test/smtp';
import type { ReferralVisits, VisitDetail, VisitList, VisitPlan } from '../../domain/visits';
import { auditLog, mailMessages, notificationPreferences, notifications, referralAgreedRates, referrals, referralServices, visits } from '../db/schema/index';
import { sealLegacyPhiText } from '../crypto/seal-legacy-phi';
import { locateZip } from '../geo/zip-centroids';
import { loadSecrets } from '../secrets';
import { createVisitReminderJob } from './reminder-job';

let app: TestApp;
let smtp: TestSmtpServer;
let closeAppAndSmtp: () => Promise<void>;
beforeAll(async () => {
  ({ app, smtp, close: closeAppAndSmtp } = await startAppWithSmtp());
});
afterAll(async () => {
  await closeAppAndSmtp();
});

const db = () => app.runtime.database.db;
const USER_AGENT = 'CareRelayVisitsTest/1.0';
const PATIENT_ZIP = '78704';
const centroid = locateZip(PATIENT_ZIP)!;
const near = { latitude: centroid.latitude + 0.002, longitude: centroid.longitude, accuracyMeters: 12 };
const far = { latitude: centroid.latitude + 0.2, longitude: centroid.longitude, accuracyMeters: 12 };
/** A check-out by the patient's door with the patient's signature (a check-out without one is an exception: attestation.int.test.ts). */
const nearSigned = { ...near, attestation: signatureAttestation() };

const patient = patientInput({ zip: PATIENT_ZIP, careNotes: 'Lives alone.' });

interface Client {
  cookie?: string;
}

const call = (method: string, path: string, client: Client = {}, body?: unknown) =>
  callApi(app.url, method, `/api${path}`, { cookie: client.cookie, ip: clientAddress(), userAgent: USER_AGENT, body });

/** A matched referral (1 evaluation, 3 treatments, agreed rates 160/110, frequency 1w1, 2w4), optionally with patient details. */
async function matchedReferral(options: { withPatient?: boolean } = {}) {
  const agencyPerson = await buildAgency(db());
  const therapistPerson = await buildTherapist(db());
  const referral = await buildReferral(db(), {
    agencyId: agencyPerson.userId,
    status: 'matched',
    matchedTherapistId: therapistPerson.userId,
    patientZip: PATIENT_ZIP,
    visitFrequency: '1w1, 2w4',
  });
  await db().insert(referralServices).values({ referralId: referral.id, serviceId: 'treatment', visitCount: 3, offeredRate: 100 });
  await db().insert(referralAgreedRates).values([
    { referralId: referral.id, serviceId: 'evaluation', rate: 160 },
    { referralId: referral.id, serviceId: 'treatment', rate: 110 },
  ]);
  await insertResponse(db(), { referralId: referral.id, therapistId: therapistPerson.userId, status: 'confirmed' });
  const agency = await session(app, agencyPerson);
  const therapist = await session(app, therapistPerson);
  if (options.withPatient ?? true) await ok(await call('PUT', `/referrals/${referral.id}/patient`, agency, patient));
  return { referral, agency, therapist, agencyPerson, therapistPerson };
}

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

async function schedule(referralId: string, therapist: Client, overrides: Record<string, unknown> = {}) {
  return call('POST', `/referrals/${referralId}/visits`, therapist, { serviceId: 'evaluation', scheduledStart: inMinutes(10), durationMinutes: 60, ...overrides });
}

async function scheduled(referralId: string, therapist: Client, overrides: Record<string, unknown> = {}) {
  return ok<VisitDetail>(await schedule(referralId, therapist, overrides), 201);
}

/** Moves a visit's check-in back (or, with a negative count, ahead), as if the therapist had checked in that long ago. */
async function checkedInMinutesAgo(visitId: string, minutes: number) {
  await db().update(visits).set({ checkInAt: new Date(Date.now() - minutes * 60_000) }).where(eq(visits.id, visitId));
}

/** Strangers of a referral: another agency, another therapist, a manager, each at aal2. */
async function strangers() {
  return {
    otherAgency: await session(app, await buildAgency(db())),
    otherTherapist: await session(app, await buildTherapist(db())),
    manager: await session(app, await buildManager(db())),
  };
}

const auditsOf = (entityId: string) => db().select().from(auditLog).where(eq(auditLog.entityId, entityId)).orderBy(desc(auditLog.id));

describe('scheduling', () => {
  it('the matched therapist schedules a visit at the agreed rate; the referral moves to in progress and the reminder is queued', async () => {
    const { referral, therapist } = await matchedReferral();
    const visit = await scheduled(referral.id, therapist, { serviceId: 'treatment', scheduledStart: inMinutes(180) });
    expect(visit).toMatchObject({ referralId: referral.id, serviceId: 'treatment', serviceName: 'Treatment Session', status: 'scheduled', rate: 110, durationMinutes: 60 });
    const [row] = await db().select({ status: referrals.status }).from(referrals).where(eq(referrals.id, referral.id));
    expect(row?.status).toBe('in_progress');
    const jobs = await app.runtime.database.pool.query<{ start_after: Date }>(
      "select start_after from pgboss.job where name = 'visit-reminder' and data->>'visitId' = $1",
      [visit.id],
    );
    expect(jobs.rows).toHaveLength(1);
    expect(Math.abs(jobs.rows[0]!.start_after.getTime() - (Date.parse(visit.scheduledStart) - 60 * 60_000))).toBeLessThan(2000);
    const audits = await auditsOf(referral.id);
    expect(audits.find((a) => a.action === 'visit.schedule')).toMatchObject({ outcome: 'success', actorUserId: therapist.userId, userAgent: USER_AGENT });
  });

  it('refuses a service not on the referral, more visits than its count, and a start in the past', async () => {
    const { referral, therapist } = await matchedReferral();
    const notOnReferral = await schedule(referral.id, therapist, { serviceId: 'discharge' });
    await refused(notOnReferral.clone(), 400, 'VALIDATION');
    expect((await errorOf(notOnReferral)).fields).toHaveProperty('serviceId');
    await scheduled(referral.id, therapist);
    const tooMany = await schedule(referral.id, therapist);
    expect(tooMany.status).toBe(400);
    expect((await errorOf(tooMany)).fields?.serviceId).toMatch(/All 1 Initial Evaluation visits/);
    const past = await schedule(referral.id, therapist, { serviceId: 'treatment', scheduledStart: inMinutes(-5) });
    expect((await errorOf(past)).fields).toHaveProperty('scheduledStart');
    const missingBody = await schedule(referral.id, therapist, { scheduledStart: 'tomorrow' });
    expect(missingBody.status).toBe(400);
    // A cancelled visit frees its place.
    const list = await ok<ReferralVisits>(await call('GET', `/referrals/${referral.id}/visits`, therapist));
    expect(list.services.find((s) => s.serviceId === 'evaluation')).toMatchObject({ visitCount: 1, booked: 1 });
    await ok(await call('POST', `/visits/${list.visits[0]!.id}/cancel`, therapist, { reason: 'Patient in hospital' }));
    await scheduled(referral.id, therapist);
  });

  it('only the matched therapist schedules: signed out 401, strangers 404, the agency 403, aal1 MFA_REQUIRED', async () => {
    const { referral, agency, therapistPerson } = await matchedReferral();
    await refused(await schedule(referral.id, {}), 401, 'UNAUTHENTICATED');
    const { otherAgency, otherTherapist, manager } = await strangers();
    for (const stranger of [otherAgency, otherTherapist, manager]) await refused(await schedule(referral.id, stranger), 404, 'NOT_FOUND');
    await refused(await schedule(referral.id, agency), 403, 'FORBIDDEN');
    await refused(await schedule(referral.id, await session(app, therapistPerson, 'aal1')), 403, 'MFA_REQUIRED');
    await refused(await schedule('not-a-uuid', otherTherapist), 404, 'NOT_FOUND');
    const failures = (await auditsOf(referral.id)).filter((a) => a.action === 'visit.schedule');
    expect(failures.every((a) => a.outcome === 'failure')).toBe(true);
    expect(failures.length).toBeGreaterThanOrEqual(6);
  });

  it('a closed referral takes no more visits', async () => {
    const { referral, therapist } = await matchedReferral();
    await db().update(referrals).set({ status: 'completed' }).where(eq(referrals.id, referral.id));
    await refused(await schedule(referral.id, therapist), 409, 'CONFLICT');
  });

  it('the plan follows the frequency for the visits not yet booked and saves nothing', async () => {
    const { referral, therapist, agency } = await matchedReferral();
    const plan = await ok<VisitPlan>(await call('POST', `/referrals/${referral.id}/visits/plan`, therapist, { startDate: '2030-03-04' }));
    expect(plan.visitFrequency).toBe('1w1, 2w4');
    expect(plan.items).toEqual([
      { date: '2030-03-04', serviceId: 'evaluation' },
      { date: '2030-03-11', serviceId: 'treatment' },
      { date: '2030-03-14', serviceId: 'treatment' },
      { date: '2030-03-18', serviceId: 'treatment' },
    ]);
    expect(await db().$count(visits, eq(visits.referralId, referral.id))).toBe(0);
    await refused(await call('POST', `/referrals/${referral.id}/visits/plan`, agency, { startDate: '2030-03-04' }), 403, 'FORBIDDEN');
    await refused(await call('POST', `/referrals/${referral.id}/visits/plan`, therapist, { startDate: 'soon' }), 400, 'VALIDATION');
  });
});

describe('reading visits', () => {
  it('both parties list and read the visit; strangers get 404 and an empty calendar; aal1 lists but cannot read details', async () => {
    const { referral, agency, therapist, therapistPerson, agencyPerson } = await matchedReferral();
    const visit = await scheduled(referral.id, therapist);
    const from = inMinutes(-60);
    const to = inMinutes(7 * 24 * 60);
    const range = `?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
    for (const party of [agency, therapist]) {
      expect((await ok<VisitList>(await call('GET', `/visits${range}`, party))).visits.map((v) => v.id)).toEqual([visit.id]);
      expect((await ok<ReferralVisits>(await call('GET', `/referrals/${referral.id}/visits`, party))).visits).toHaveLength(1);
      expect(await ok<VisitDetail>(await call('GET', `/visits/${visit.id}`, party))).toMatchObject({ id: visit.id, checkIn: null, rate: 160 });
    }
    const { otherAgency, otherTherapist, manager } = await strangers();
    for (const stranger of [otherAgency, otherTherapist]) {
      expect((await ok<VisitList>(await call('GET', `/visits${range}`, stranger))).visits).toEqual([]);
      await refused(await call('GET', `/visits/${visit.id}`, stranger), 404, 'NOT_FOUND');
      await refused(await call('GET', `/referrals/${referral.id}/visits`, stranger), 404, 'NOT_FOUND');
    }
    await refused(await call('GET', `/visits/${visit.id}`, manager), 404, 'NOT_FOUND');
    await refused(await call('GET', `/visits${range}`, manager), 403, 'FORBIDDEN');
    await refused(await call('GET', `/visits/${visit.id}`), 401, 'UNAUTHENTICATED');
    await refused(await call('GET', `/visits${range}`), 401, 'UNAUTHENTICATED');
    await refused(await call('GET', `/visits?from=nope&to=${encodeURIComponent(to)}`, agency), 400, 'VALIDATION');
    for (const person of [agencyPerson, therapistPerson]) {
      const aal1 = await session(app, person, 'aal1');
      expect((await ok<VisitList>(await call('GET', `/visits${range}`, aal1))).visits).toHaveLength(1);
      await refused(await call('GET', `/visits/${visit.id}`, aal1), 403, 'MFA_REQUIRED');
    }
    const reads = (await auditsOf(visit.id)).filter((a) => a.action === 'visit.read');
    expect(reads.filter((a) => a.outcome === 'success')).toHaveLength(2);
    expect(reads.filter((a) => a.outcome === 'failure').length).toBeGreaterThanOrEqual(6);
    expect(reads.find((a) => a.actorUserId === null)?.details).toEqual({ reason: 'unauthenticated' });
  });
});

describe('reschedule, cancel, missed', () => {
  it('the therapist reschedules with a reason; the agency is told and a new reminder is queued', async () => {
    const { referral, therapist, agency, agencyPerson } = await matchedReferral();
    const visit = await scheduled(referral.id, therapist, { scheduledStart: inMinutes(300) });
    const to = inMinutes(600);
    await refused(await call('PUT', `/visits/${visit.id}/schedule`, therapist, { scheduledStart: to }), 400, 'VALIDATION');
    await refused(await call('PUT', `/visits/${visit.id}/schedule`, therapist, { scheduledStart: to, reason: '   ' }), 400, 'VALIDATION');
    await refused(await call('PUT', `/visits/${visit.id}/schedule`, agency, { scheduledStart: to, reason: 'Agency wants' }), 403, 'FORBIDDEN');
    await refused(await call('PUT', `/visits/${visit.id}/schedule`, (await strangers()).otherTherapist, { scheduledStart: to, reason: 'x' }), 404, 'NOT_FOUND');
    const moved = await ok<VisitDetail>(await call('PUT', `/visits/${visit.id}/schedule`, therapist, { scheduledStart: to, reason: 'Patient has a doctor visit' }));
    expect(moved).toMatchObject({ scheduledStart: new Date(to).toISOString(), statusReason: 'Patient has a doctor visit', status: 'scheduled' });
    const jobs = await app.runtime.database.pool.query("select id from pgboss.job where name = 'visit-reminder' and data->>'visitId' = $1", [visit.id]);
    expect(jobs.rows).toHaveLength(2);
    const told = await db().select().from(notifications).where(and(eq(notifications.userId, agencyPerson.userId), eq(notifications.type, 'visit.visit_rescheduled')));
    expect(told).toHaveLength(1);
    expect(told[0]!.body).not.toContain('doctor');
  });

  it('either party cancels with a reason, once; a cancelled visit cannot be checked in', async () => {
    const { referral, therapist, agency } = await matchedReferral();
    const visit = await scheduled(referral.id, therapist);
    await refused(await call('POST', `/visits/${visit.id}/cancel`, agency, {}), 400, 'VALIDATION');
    await refused(await call('POST', `/visits/${visit.id}/cancel`), 401, 'UNAUTHENTICATED');
    const cancelled = await ok<VisitDetail>(await call('POST', `/visits/${visit.id}/cancel`, agency, { reason: 'Patient readmitted' }));
    expect(cancelled).toMatchObject({ status: 'cancelled', statusReason: 'Patient readmitted' });
    await refused(await call('POST', `/visits/${visit.id}/cancel`, therapist, { reason: 'again' }), 409, 'CONFLICT');
    await refused(await call('POST', `/visits/${visit.id}/check-in`, therapist, near), 409, 'CONFLICT');
    // Newest first: the second cancel, the cancel, the signed-out attempt (invalid bodies never reach the use case).
    expect((await auditsOf(visit.id)).filter((a) => a.action === 'visit.cancel').map((a) => a.outcome)).toEqual(['failure', 'success', 'failure']);
  });

  it('a visit is marked missed with a reason only once its start has passed', async () => {
    const { referral, therapist } = await matchedReferral();
    const visit = await scheduled(referral.id, therapist);
    await refused(await call('POST', `/visits/${visit.id}/missed`, therapist, { reason: 'Nobody home' }), 409, 'CONFLICT');
    await db().update(visits).set({ scheduledStart: new Date(Date.now() - 3_600_000) }).where(eq(visits.id, visit.id));
    await refused(await call('POST', `/visits/${visit.id}/missed`, therapist, { reason: '' }), 400, 'VALIDATION');
    const missed = await ok<VisitDetail>(await call('POST', `/visits/${visit.id}/missed`, therapist, { reason: 'Nobody home' }));
    expect(missed).toMatchObject({ status: 'missed', statusReason: 'Nobody home' });
  });
});

describe('visit verification', () => {
  it('near and on time: checked in and out without exceptions; check-out completes the visit', async () => {
    const { referral, therapist, agency } = await matchedReferral();
    const visit = await scheduled(referral.id, therapist);
    await refused(await call('POST', `/visits/${visit.id}/check-out`, therapist, near), 409, 'CONFLICT');
    await refused(await call('POST', `/visits/${visit.id}/check-in`, agency, near), 403, 'FORBIDDEN');
    const inside = await ok<VisitDetail>(await call('POST', `/visits/${visit.id}/check-in`, therapist, near));
    expect(inside).toMatchObject({ status: 'in_progress', exceptions: [], checkIn: { accuracyMeters: 12 } });
    expect(inside.checkIn?.latitude).toBeCloseTo(near.latitude, 4);
    // Measured from the center of the patient's ZIP area: the built-in stand-in geocoder (no GEOCODER_URL
    // here) knows no address's own point, so EVV judges the ZIP area (evv-home-location.int.test.ts: the address).
    expect(inside.checkIn).toMatchObject({ measuredFrom: 'zip_area', allowedMiles: 3 });
    expect(inside.checkIn?.milesFromPatient).toBeLessThan(1);
    await checkedInMinutesAgo(visit.id, 60);
    const done = await ok<VisitDetail>(await call('POST', `/visits/${visit.id}/check-out`, therapist, nearSigned));
    expect(done).toMatchObject({ status: 'completed', exceptions: [], exceptionReason: null });
    expect(done.checkOut?.at).toBeTruthy();
    const actions = (await auditsOf(visit.id)).filter((a) => a.outcome === 'success').map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['visit.check_in', 'visit.check_out']));
  });

  it('far from the patient’s ZIP area needs a reason; the exception is stored and the agency told without PHI', async () => {
    const { referral, therapist, agency, agencyPerson } = await matchedReferral();
    const visit = await scheduled(referral.id, therapist);
    const refused = await call('POST', `/visits/${visit.id}/check-in`, therapist, far);
    expect(refused.status).toBe(400);
    const error = await errorOf(refused);
    expect(error.code).toBe('VALIDATION');
    expect(error.fields?.reason).toMatch(/far from the patient/);
    const inside = await ok<VisitDetail>(await call('POST', `/visits/${visit.id}/check-in`, therapist, { ...far, reason: 'Parked down the street' }));
    expect(inside).toMatchObject({ status: 'in_progress', exceptions: ['far_from_zip_area'], exceptionReason: 'Check-in: Parked down the street' });
    const told = await db().select().from(notifications).where(and(eq(notifications.userId, agencyPerson.userId), eq(notifications.type, 'visit.exception')));
    expect(told).toHaveLength(1);
    expect(told[0]!.link).toBe(`/dashboard/agency/visits/${visit.id}`);
    for (const value of ['Dolores', 'Sweetwater', 'Parked']) expect(JSON.stringify(told[0])).not.toContain(value);
    expect((await ok<VisitDetail>(await call('GET', `/visits/${visit.id}`, agency))).exceptions).toEqual(['far_from_zip_area']);
    const failed = (await auditsOf(visit.id)).find((a) => a.action === 'visit.check_in' && a.outcome === 'failure');
    expect(failed?.details).toEqual({ reason: 'reason_required', exceptions: ['far_from_zip_area'] });
  });

  it('a missing reading and an off-schedule check-in are exceptions that need a reason', async () => {
    const { referral, therapist } = await matchedReferral();
    const visit = await scheduled(referral.id, therapist, { scheduledStart: inMinutes(180) });
    const noReason = await call('POST', `/visits/${visit.id}/check-in`, therapist, { locationUnavailable: true });
    expect((await errorOf(noReason)).fields?.reason).toMatch(/no location reading; far from the scheduled time/);
    await refused(await call('POST', `/visits/${visit.id}/check-in`, therapist, {}), 400, 'VALIDATION');
    const inside = await ok<VisitDetail>(
      await call('POST', `/visits/${visit.id}/check-in`, therapist, { locationUnavailable: true, reason: 'GPS denied; patient asked to come early' }),
    );
    expect(inside.exceptions).toEqual(['missing_location', 'off_schedule']);
    expect(inside.checkIn).toMatchObject({ latitude: null, longitude: null });
    await checkedInMinutesAgo(visit.id, 45);
    const done = await ok<VisitDetail>(await call('POST', `/visits/${visit.id}/check-out`, therapist, nearSigned));
    expect(done).toMatchObject({ status: 'completed', exceptions: ['missing_location', 'off_schedule'] });
  });

  it('a check-out less than half the planned length after check-in needs a reason, and the agency is told', async () => {
    const { referral, therapist, agency, agencyPerson } = await matchedReferral();
    const visit = await scheduled(referral.id, therapist);
    await ok(await call('POST', `/visits/${visit.id}/check-in`, therapist, near));
    // Checked in 29 minutes ago for a 60-minute visit: one minute short of half.
    await checkedInMinutesAgo(visit.id, 29);
    const early = await call('POST', `/visits/${visit.id}/check-out`, therapist, nearSigned);
    expect(early.status).toBe(400);
    expect((await errorOf(early)).fields?.reason).toBe('Check-out needs a reason: shorter than 50% of the planned length.');
    expect((await ok<VisitDetail>(await call('GET', `/visits/${visit.id}`, therapist))).status).toBe('in_progress');
    const done = await ok<VisitDetail>(await call('POST', `/visits/${visit.id}/check-out`, therapist, { ...nearSigned, reason: 'Patient too tired to continue' }));
    expect(done).toMatchObject({ status: 'completed', exceptions: ['short_visit'], exceptionReason: 'Check-out: Patient too tired to continue' });
    expect((await ok<VisitDetail>(await call('GET', `/visits/${visit.id}`, agency))).exceptions).toEqual(['short_visit']);
    const told = await db().select().from(notifications).where(and(eq(notifications.userId, agencyPerson.userId), eq(notifications.type, 'visit.exception')));
    expect(told).toHaveLength(1);
    // Whose visit, which one and when, on the agency's clock; the reason itself stays on the visit page.
    expect(told[0]!.body).toMatch(/^.+’s check-out for the Initial Evaluation on [A-Z][a-z]{2}, .+ C[SD]T was flagged: Shorter than 50% of the planned length\. Open the visit for the therapist’s reason\.$/);
    expect(told[0]!.body).not.toContain('tired');
  });

  it('half the planned length or more is not an exception', async () => {
    const { referral, therapist } = await matchedReferral();
    const visit = await scheduled(referral.id, therapist);
    await ok(await call('POST', `/visits/${visit.id}/check-in`, therapist, near));
    await checkedInMinutesAgo(visit.id, 31);
    expect(await ok<VisitDetail>(await call('POST', `/visits/${visit.id}/check-out`, therapist, nearSigned))).toMatchObject({ status: 'completed', exceptions: [] });
  });

  it('a check-in stamped after the check-out time is an exception needing a reason', async () => {
    const { referral, therapist } = await matchedReferral();
    const visit = await scheduled(referral.id, therapist);
    await ok(await call('POST', `/visits/${visit.id}/check-in`, therapist, near));
    await checkedInMinutesAgo(visit.id, -5);
    expect((await errorOf(await call('POST', `/visits/${visit.id}/check-out`, therapist, nearSigned))).fields?.reason).toBe(
      'Check-out needs a reason: check-out recorded before check-in.',
    );
  });

  it('checking in is refused with 409 while the patient has no details yet', async () => {
    const { referral, therapist } = await matchedReferral({ withPatient: false });
    const visit = await scheduled(referral.id, therapist);
    const response = await call('POST', `/visits/${visit.id}/check-in`, therapist, near);
    expect(response.status).toBe(409);
    expect((await errorOf(response)).message).toMatch(/not added the patient/);
  });

  it('strangers cannot check in (404), nor the therapist at aal1', async () => {
    const { referral, therapist, therapistPerson } = await matchedReferral();
    const visit = await scheduled(referral.id, therapist);
    const { otherAgency, otherTherapist, manager } = await strangers();
    for (const stranger of [otherAgency, otherTherapist, manager]) await refused(await call('POST', `/visits/${visit.id}/check-in`, stranger, near), 404, 'NOT_FOUND');
    await refused(await call('POST', `/visits/${visit.id}/check-in`, await session(app, therapistPerson, 'aal1'), near), 403, 'MFA_REQUIRED');
    await refused(await call('POST', `/visits/${visit.id}/check-in`, {}, near), 401, 'UNAUTHENTICATED');
  });
});

describe('reminders', () => {
  const reminderJob = () => createVisitReminderJob({ database: app.runtime.database, jobs: app.runtime.jobs, publicUrl: app.url });
  const reminderMails = (email: string) => smtp.received.filter((m) => m.to.includes(email) && m.subject.startsWith('Reminder'));
  const remindersOf = (userId: string) => db().select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.type, 'visit.reminder')));
  const remindedAt = async (visitId: string) => (await db().select({ at: visits.remindedAt }).from(visits).where(eq(visits.id, visitId)))[0]?.at;

  it('the therapist and the agency are each reminded in-app and by email once, in their own time zone, without PHI', async () => {
    const { referral, therapist, therapistPerson, agencyPerson } = await matchedReferral();
    await ok(await call('PUT', '/me/time-zone', therapist, { timeZone: 'America/Los_Angeles' }));
    // The agency has not chosen a zone: the default (Central) applies.
    const visit = await scheduled(referral.id, therapist);
    // Due already (start in 10 minutes): the worker picks it up.
    await expect.poll(() => remindedAt(visit.id), { timeout: 15_000 }).toBeTruthy();
    // A retried or duplicate job reminds nobody again.
    await reminderJob()({ visitId: visit.id });

    const start = new Date(visit.scheduledStart);
    const pacific = start.toLocaleString('en-US', { timeZone: 'America/Los_Angeles', hour: 'numeric', minute: '2-digit', hour12: true });
    const central = start.toLocaleString('en-US', { timeZone: 'America/Chicago', hour: 'numeric', minute: '2-digit', hour12: true });
    const therapistMail = await smtp.waitForMail((m) => m.to.includes(therapistPerson.email) && m.subject.startsWith('Reminder'));
    const agencyMail = await smtp.waitForMail((m) => m.to.includes(agencyPerson.email) && m.subject.startsWith('Reminder'));
    expect(therapistMail.text).toContain(`${pacific} P`);
    expect(therapistMail.text).toMatch(/ on [A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2} at \d{1,2}:\d{2} [AP]M P[SD]T\./);
    expect(therapistMail.text).toContain(`${app.url}/dashboard/therapist/visits/${visit.id}`);
    expect(agencyMail.text).toMatch(new RegExp(` at ${central} C[SD]T\\.`));
    expect(agencyMail.text).toContain(`${app.url}/dashboard/agency/visits/${visit.id}`);
    for (const mail of [therapistMail, agencyMail]) {
      // The referral is named by its reference and coarse place, never by the patient.
      expect(mail.text).toMatch(/Initial Evaluation for R-\d+ · Austin, TX starts on /);
      for (const value of ['Dolores', 'Abernathy', 'Sweetwater', '78704', 'M17.11', 'UTC']) expect(mail.text).not.toContain(value);
    }

    const [toTherapist] = await remindersOf(therapistPerson.userId);
    const [toAgency] = await remindersOf(agencyPerson.userId);
    expect(toTherapist).toMatchObject({ link: `/dashboard/therapist/visits/${visit.id}` });
    expect(toTherapist!.body).toContain(`${pacific} P`);
    expect(toAgency).toMatchObject({ link: `/dashboard/agency/visits/${visit.id}` });
    expect(toAgency!.body).toContain(`${central} C`);
    // Give a stray second delivery time to arrive before counting.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await remindersOf(therapistPerson.userId)).toHaveLength(1);
    expect(await remindersOf(agencyPerson.userId)).toHaveLength(1);
    expect(reminderMails(therapistPerson.email)).toHaveLength(1);
    expect(reminderMails(agencyPerson.email)).toHaveLength(1);
  });

  it('a recipient who turned email off is reminded in-app only', async () => {
    const { referral, agency, therapist, therapistPerson, agencyPerson } = await matchedReferral();
    await db().insert(notificationPreferences).values({ userId: agencyPerson.userId, email: false });
    await ok(await call('PUT', '/me/time-zone', agency, { timeZone: 'America/New_York' }));
    const visit = await scheduled(referral.id, therapist);
    await expect.poll(() => remindedAt(visit.id), { timeout: 15_000 }).toBeTruthy();
    await smtp.waitForMail((m) => m.to.includes(therapistPerson.email) && m.text.includes(visit.id));
    const [toAgency] = await remindersOf(agencyPerson.userId);
    expect(toAgency!.body).toMatch(/ E[SD]T\.$/);
    expect(await db().$count(mailMessages, and(eq(mailMessages.toAddress, agencyPerson.email), eq(mailMessages.subject, 'Reminder: a visit for your referral starts soon')))).toBe(0);
  });

  it('skips a visit that moved later or was cancelled', async () => {
    const { referral, therapist } = await matchedReferral();
    const later = await scheduled(referral.id, therapist, { scheduledStart: inMinutes(600) });
    const job = reminderJob();
    await job({ visitId: later.id });
    const soon = await scheduled(referral.id, therapist, { serviceId: 'treatment', scheduledStart: inMinutes(600) });
    await ok(await call('POST', `/visits/${soon.id}/cancel`, therapist, { reason: 'Not needed' }));
    await db().update(visits).set({ scheduledStart: new Date(Date.now() + 10 * 60_000) }).where(eq(visits.id, soon.id));
    await job({ visitId: soon.id });
    const rows = await db().select({ at: visits.remindedAt }).from(visits).where(eq(visits.referralId, referral.id));
    expect(rows.every((row) => row.at === null)).toBe(true);
  });
});

describe('reasons at rest', () => {
  const row = async (visitId: string) => (await app.runtime.database.pool.query('select * from visits where id = $1', [visitId])).rows[0] as Record<string, unknown>;
  const detail = async (visitId: string, client: Client) => ok<VisitDetail>(await call('GET', `/visits/${visitId}`, client));

  it('exception and cancellation reasons are sealed in the database and still shown to both parties', async () => {
    const { referral, therapist, agency } = await matchedReferral();
    const checked = await scheduled(referral.id, therapist);
    await ok(await call('POST', `/visits/${checked.id}/check-in`, therapist, { ...far, reason: 'Parked by the Abernathy mailbox' }));
    await ok(await call('POST', `/visits/${checked.id}/check-out`, therapist, { ...far, attestation: signatureAttestation(), reason: 'Left by the back gate' }));
    const exceptionReason = 'Check-in: Parked by the Abernathy mailbox\nCheck-out: Left by the back gate';
    for (const party of [agency, therapist]) expect((await detail(checked.id, party)).exceptionReason).toBe(exceptionReason);

    const cancelled = await scheduled(referral.id, therapist, { serviceId: 'treatment' });
    await ok(await call('POST', `/visits/${cancelled.id}/cancel`, agency, { reason: 'Readmitted to St. Mary hospital' }));
    for (const party of [agency, therapist]) expect((await detail(cancelled.id, party)).statusReason).toBe('Readmitted to St. Mary hospital');

    for (const [visitId, planted] of [
      [checked.id, ['Abernathy', 'mailbox', 'back gate']],
      [cancelled.id, ['Readmitted', 'St. Mary']],
    ] as const) {
      const stored = JSON.stringify(await row(visitId));
      for (const text of planted) expect(stored).not.toContain(text);
    }
    expect(await row(cancelled.id)).toMatchObject({ status_reason: null, status_reason_sealed: expect.stringMatching(/^v1\./) as unknown });
  });

  it('a reason stored in plain text before reasons were sealed still shows, and the start-up pass seals it once', async () => {
    const { referral, therapist, agency } = await matchedReferral();
    const visit = await scheduled(referral.id, therapist);
    await db().update(visits).set({ status: 'cancelled', statusReason: 'Family moved her to Denver', exceptionReason: 'Check-in: No signal' }).where(eq(visits.id, visit.id));
    expect(await detail(visit.id, agency)).toMatchObject({ statusReason: 'Family moved her to Denver', exceptionReason: 'Check-in: No signal' });

    const { phiKey } = await loadSecrets(app.config);
    await sealLegacyPhiText(app.runtime.database, phiKey);
    const sealed = await row(visit.id);
    expect(sealed).toMatchObject({ status_reason: null, exception_reason: null });
    expect(JSON.stringify(sealed)).not.toContain('Denver');
    expect(await detail(visit.id, therapist)).toMatchObject({ statusReason: 'Family moved her to Denver', exceptionReason: 'Check-in: No signal' });
    await sealLegacyPhiText(app.runtime.database, phiKey);
    expect(await row(visit.id)).toEqual(sealed);
  });
});
