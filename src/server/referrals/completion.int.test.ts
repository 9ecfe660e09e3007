import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { buildAgency, buildTherapist, clientAddress } from '../../../test/factories';
import { callApi, ok } from '../../../test/http';
import { patientInput } from '../../../test/patients';
import { session } from '../../../test/people';
import { buildReferral, insertResponse } from '../../../test/referral-fixtures';
import { buildVisit } from '../../../test/visit-fixtures';
import type { AgencyDashboard, TherapistDashboard } from '../../domain/dashboards';
import type { NoteContent } from '../../domain/documentation';
import { auditLog, notifications, referrals, referralServices, visitNotes } from '../db/schema/index';
import { runDocumentationSweep } from '../documentation/sweep';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const db = () => app.runtime.database.db;

const patient = patientInput({ firstName: 'Maeve', lastName: 'Millay', zip: '78701' });

const contentOf: Record<'evaluation' | 'treatment', NoteContent> = {
  evaluation: {
    serviceId: 'evaluation',
    history: 'Knee replacement three weeks ago.',
    objectiveMeasures: 'TUG 18 s.',
    assessment: 'Impaired gait.',
    goals: ['Walk 150 ft'],
    plan: 'Gait training.',
    frequency: '2w4',
  },
  treatment: { serviceId: 'treatment', interventions: 'Gait training 30 min.', response: 'Tolerated well.', plan: 'Continue.' },
};

interface Client {
  cookie: string;
}

const call = (method: string, url: string, client?: Client, body?: unknown) => callApi(app.url, method, `/api${url}`, { cookie: client?.cookie, ip: clientAddress(), body });

/**
 * An in-progress referral ordering one evaluation and `treatments` treatment visits, with patient
 * details, and a completed (checked-out) visit for each `services` entry.
 */
async function referralWithVisits(options: { treatments: number; services: ('evaluation' | 'treatment')[]; cancelled?: number }) {
  const agencyPerson = await buildAgency(db());
  const therapistPerson = await buildTherapist(db(), { firstName: 'Logan', lastName: 'Delos' });
  const referral = await buildReferral(db(), { agencyId: agencyPerson.userId, status: 'in_progress', matchedTherapistId: therapistPerson.userId });
  await db().insert(referralServices).values({ referralId: referral.id, serviceId: 'treatment', visitCount: options.treatments, offeredRate: 100 });
  await insertResponse(db(), { referralId: referral.id, therapistId: therapistPerson.userId, status: 'confirmed' });
  const agency = await session(app, agencyPerson);
  const therapist = await session(app, therapistPerson);
  await ok(await call('PUT', `/referrals/${referral.id}/patient`, agency, patient));
  const sides = { agencyId: agencyPerson.userId, therapistId: therapistPerson.userId, referralId: referral.id };
  const visits = [];
  for (const serviceId of options.services) visits.push({ ...(await buildVisit(db(), { ...sides, serviceId })), serviceId });
  // A cancelled visit frees its place: it neither fills a visit count nor holds the referral open.
  for (let i = 0; i < (options.cancelled ?? 0); i++) await buildVisit(db(), { ...sides, serviceId: 'treatment', status: 'cancelled' });
  return { referral, agency, therapist, agencyPerson, therapistPerson, visits };
}

async function writeAndSign(therapist: Client, visit: { id: string; serviceId: 'evaluation' | 'treatment' }) {
  await ok(await call('PUT', `/visits/${visit.id}/notes/draft`, therapist, { content: contentOf[visit.serviceId] }));
  await ok(await call('POST', `/visits/${visit.id}/notes/sign`, therapist, { signedName: 'Logan Delos' }));
}

const approve = (agency: Client, visitId: string) => call('POST', `/visits/${visitId}/notes/review`, agency, { action: 'approve' });
const statusOf = async (referralId: string) => (await db().select({ status: referrals.status, closedAt: referrals.closedAt }).from(referrals).where(eq(referrals.id, referralId)))[0];

describe('a referral completes when its last visit’s notes are approved', () => {
  it('stays in progress until every ordered visit is approved, then completes in the approving request', async () => {
    const { referral, agency, therapist, agencyPerson, therapistPerson, visits } = await referralWithVisits({
      treatments: 1,
      services: ['evaluation', 'treatment'],
      cancelled: 1,
    });
    const [evaluation, treatment] = visits as [(typeof visits)[number], (typeof visits)[number]];
    expect((await ok<TherapistDashboard>(await call('GET', '/dashboard/therapist', therapist))).activePatients).toBe(1);
    for (const visit of visits) await writeAndSign(therapist, visit);

    await ok(await approve(agency, evaluation.id));
    expect(await statusOf(referral.id)).toMatchObject({ status: 'in_progress', closedAt: null });
    // Still open: the therapist still sees the patient's details.
    expect((await call('GET', `/referrals/${referral.id}/patient`, therapist)).status).toBe(200);

    await ok(await approve(agency, treatment.id));
    expect(await statusOf(referral.id)).toMatchObject({ status: 'completed', closedAt: expect.any(Date) });

    // The therapist's access to the patient ends with the referral (answered like any record they cannot see, and audited).
    const refused = await call('GET', `/referrals/${referral.id}/patient`, therapist);
    expect(refused.status).toBe(404);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, referral.id), eq(auditLog.action, 'patient.read'), eq(auditLog.outcome, 'failure')));
    expect(audit?.details).toMatchObject({ reason: 'referral_closed' });
    // The agency keeps its record of the patient.
    expect((await ok<{ patient: { firstName: string } }>(await call('GET', `/referrals/${referral.id}/patient`, agency))).patient.firstName).toBe('Maeve');

    const told = await db().select().from(notifications).where(eq(notifications.type, 'referral.completed'));
    expect(told.map((n) => [n.userId, n.link]).sort()).toEqual(
      [
        [agencyPerson.userId, `/dashboard/agency/referrals/${referral.id}`],
        [therapistPerson.userId, `/dashboard/therapist/referrals/${referral.id}`],
      ].sort(),
    );
    for (const n of told) expect(JSON.stringify(n)).not.toContain('Maeve');
    const [completed] = await db().select().from(auditLog).where(and(eq(auditLog.entityId, referral.id), eq(auditLog.action, 'referral.completed')));
    expect(completed).toMatchObject({ outcome: 'success', details: { automatic: false } });

    // Dashboards stop counting it as an active patient.
    expect((await ok<TherapistDashboard>(await call('GET', '/dashboard/therapist', therapist))).activePatients).toBe(0);
    expect((await ok<AgencyDashboard>(await call('GET', '/dashboard/agency', agency))).activePatients).toBe(0);
    // No more visits can be booked on it.
    expect((await call('POST', `/referrals/${referral.id}/visits`, therapist, { serviceId: 'treatment', scheduledStart: new Date(Date.now() + 86_400_000).toISOString() })).status).toBe(409);
  });

  it('does not complete while a visit count is not used up, even with every booked visit approved', async () => {
    const { referral, agency, therapist, visits } = await referralWithVisits({ treatments: 2, services: ['evaluation', 'treatment'], cancelled: 1 });
    for (const visit of visits) {
      await writeAndSign(therapist, visit);
      await ok(await approve(agency, visit.id));
    }
    expect(await statusOf(referral.id)).toMatchObject({ status: 'in_progress' });
    expect((await call('GET', `/referrals/${referral.id}/patient`, therapist)).status).toBe(200);
  });

  it('does not complete while a visit’s notes are returned for revision', async () => {
    const { referral, agency, therapist, visits } = await referralWithVisits({ treatments: 1, services: ['evaluation', 'treatment'] });
    const [evaluation, treatment] = visits as [(typeof visits)[number], (typeof visits)[number]];
    for (const visit of visits) await writeAndSign(therapist, visit);
    await ok(await call('POST', `/visits/${treatment.id}/notes/review`, agency, { action: 'return', message: 'Add the session length.' }));
    await ok(await approve(agency, evaluation.id));
    expect(await statusOf(referral.id)).toMatchObject({ status: 'in_progress' });
  });

  it('the automatic approval of the last notes completes the referral too', async () => {
    const { referral, therapist, visits } = await referralWithVisits({ treatments: 1, services: ['evaluation', 'treatment'] });
    for (const visit of visits) await writeAndSign(therapist, visit);
    for (const visit of visits) {
      await db().update(visitNotes).set({ signedAt: new Date(Date.now() - 8 * 86_400_000) }).where(eq(visitNotes.visitId, visit.id));
    }
    await runDocumentationSweep({ database: app.runtime.database, jobs: app.runtime.jobs, noteDueHours: 48, autoApproveDays: 7, paymentProvider: 'ledger' });
    expect(await statusOf(referral.id)).toMatchObject({ status: 'completed' });
    const [completed] = await db().select().from(auditLog).where(and(eq(auditLog.entityId, referral.id), eq(auditLog.action, 'referral.completed')));
    expect(completed).toMatchObject({ actorUserId: null, details: { automatic: true } });
  });
});
