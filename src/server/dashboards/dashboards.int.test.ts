import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { buildAgency, buildManager, buildTherapist, signIn } from '../../../test/factories';
import { callApi, errorOf, ok } from '../../../test/http';
import { sessionCookie } from '../../../test/people';
import { buildReferral } from '../../../test/referral-fixtures';
import { buildVisit, type VisitOverrides } from '../../../test/visit-fixtures';
import type { AdminDashboard, AgencyDashboard, NetworkTherapist, PatientRecord, TherapistDashboard } from '../../domain/dashboards';
import type { VisitStatus } from '../../domain/visits';
import { payouts, referralServices } from '../db/schema/index';
import { getAdminDashboard } from './service';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const db = () => app.runtime.database.db;
const MINUTE = 60_000;
const DAY = 86_400_000;
const ago = (ms: number) => new Date(Date.now() - ms);

const get = (cookie: string | undefined, path: string) => callApi(app.url, 'GET', path, { cookie });

/** A treatment visit at 100.00, with no check-in and no check-out unless given. */
const treatmentVisit = (overrides: VisitOverrides) => buildVisit(db(), { serviceId: 'treatment', rate: 100, checkInAt: null, checkOutAt: null, ...overrides });

/** A referral posted `fillMinutes` before it was matched at `matchedAt`. */
function filled(agencyId: string, therapistId: string, status: 'matched' | 'in_progress' | 'completed', fillMinutes: number, matchedAt: Date) {
  return buildReferral(db(), {
    agencyId,
    status,
    matchedTherapistId: therapistId,
    postedAt: new Date(matchedAt.getTime() - fillMinutes * MINUTE),
    matchedAt,
  });
}

/** The UTC instant of a wall-clock time `dayOffset` days from today in `timeZone`. */
function zoned(timeZone: string, dayOffset: number, hour: number, minute: number): Date {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const wanted = Date.UTC(y, m - 1, d + dayOffset, hour, minute);
  let guess = wanted;
  for (let i = 0; i < 3; i++) {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    }).formatToParts(new Date(guess));
    const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
    const shown = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'));
    guess += wanted - shown;
  }
  return new Date(guess);
}

describe('GET /api/dashboard/agency', () => {
  it("computes the agency's figures from its own rows, never another agency's", async () => {
    const agency = await buildAgency(db(), { companyName: 'Figures Home Health' });
    const other = await buildAgency(db());
    const [robin, sam, outsider] = await Promise.all([buildTherapist(db()), buildTherapist(db()), buildTherapist(db())]);

    // Fill times in the window: 10, 30 and 50 minutes (median 30); an older one of 1,000 minutes is outside it.
    const active = await filled(agency.userId, robin.userId, 'matched', 10, ago(2 * DAY));
    const inProgress = await filled(agency.userId, sam.userId, 'in_progress', 30, ago(3 * DAY));
    await filled(agency.userId, robin.userId, 'completed', 50, ago(4 * DAY));
    await filled(agency.userId, robin.userId, 'completed', 1000, ago(40 * DAY));
    await buildReferral(db(), { agencyId: agency.userId, status: 'posted' });
    await buildReferral(db(), { agencyId: agency.userId, status: 'posted' });
    await buildReferral(db(), { agencyId: agency.userId, status: 'posted', expiresAt: ago(MINUTE) });
    await buildReferral(db(), { agencyId: agency.userId, status: 'draft' });
    await buildReferral(db(), { agencyId: agency.userId, status: 'cancelled' });

    // Visits due in the window: 4 done (completed, documented, paid, and one done before its start) of 6 (a missed one and one not started yet count as due).
    const visit = (status: VisitStatus, scheduledStart: Date, referralId = active.id, therapistId = robin.userId) =>
      treatmentVisit({ referralId, agencyId: agency.userId, therapistId, status, scheduledStart, checkOutAt: status === 'scheduled' ? undefined : scheduledStart });
    await visit('completed', ago(DAY));
    await visit('documented', ago(2 * DAY));
    await visit('paid', ago(3 * DAY), inProgress.id, sam.userId);
    await visit('missed', ago(4 * DAY));
    await visit('scheduled', ago(5 * DAY));
    await visit('cancelled', ago(DAY));
    await visit('scheduled', new Date(Date.now() + DAY));
    await visit('completed', new Date(Date.now() + 10 * MINUTE));
    await visit('completed', ago(45 * DAY));

    // Another agency's rows, which must not count.
    const foreign = await filled(other.userId, outsider.userId, 'matched', 5, ago(DAY));
    await buildReferral(db(), { agencyId: other.userId, status: 'posted' });
    await treatmentVisit({ referralId: foreign.id, agencyId: other.userId, therapistId: outsider.userId, status: 'scheduled', scheduledStart: ago(DAY) });

    const dashboard = await ok<AgencyDashboard>(await get(await signIn(app.url, agency), '/api/dashboard/agency'));
    expect(dashboard).toMatchObject({
      companyName: 'Figures Home Health',
      networkTherapists: 2,
      activePatients: 2,
      pendingReferrals: 2,
      hasReferrals: true,
    });
    expect(dashboard.medianFillMinutes).toBeCloseTo(30, 5);
    expect(dashboard.visitCompletionRate).toBeCloseTo(4 / 6, 5);
    expect(dashboard.recentActivity.length).toBe(10);
    const times = dashboard.recentActivity.map((item) => item.at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(dashboard.recentActivity.every((item) => item.referralId !== foreign.id)).toBe(true);
    expect(dashboard.recentActivity.map((item) => item.kind)).toContain('visit_completed');
  });

  it('a new agency has no figures yet: zeros, nulls and no activity', async () => {
    const agency = await buildAgency(db(), { companyName: 'Brand New Care' });
    const dashboard = await ok<AgencyDashboard>(await get(await signIn(app.url, agency), '/api/dashboard/agency'));
    expect(dashboard).toEqual({
      companyName: 'Brand New Care',
      networkTherapists: 0,
      activePatients: 0,
      pendingReferrals: 0,
      medianFillMinutes: null,
      visitCompletionRate: null,
      hasReferrals: false,
      recentActivity: [],
    });
  });
});

describe('GET /api/agency/therapists and /api/agency/patients', () => {
  it("list the agency's matched therapists and referrals, not another agency's", async () => {
    const agency = await buildAgency(db());
    const other = await buildAgency(db());
    const robin = await buildTherapist(db(), { firstName: 'Robin', lastName: 'Network', discipline: 'OT' });
    const outsider = await buildTherapist(db());
    const first = await filled(agency.userId, robin.userId, 'completed', 20, ago(10 * DAY));
    const second = await filled(agency.userId, robin.userId, 'matched', 20, ago(DAY));
    // It orders 1 evaluation and 8 treatments; two visits are booked so far, one done.
    await db().insert(referralServices).values({ referralId: second.id, serviceId: 'treatment', visitCount: 8, offeredRate: 100 });
    await treatmentVisit({ referralId: second.id, agencyId: agency.userId, therapistId: robin.userId, status: 'completed', scheduledStart: ago(DAY) });
    await treatmentVisit({ referralId: second.id, agencyId: agency.userId, therapistId: robin.userId, status: 'scheduled', scheduledStart: new Date(Date.now() + DAY) });
    await filled(other.userId, outsider.userId, 'matched', 20, ago(DAY));
    const cookie = await signIn(app.url, agency);

    const therapists = await ok<{ items: NetworkTherapist[] }>(await get(cookie, '/api/agency/therapists'));
    expect(therapists.items).toEqual([
      {
        id: robin.userId,
        firstName: 'Robin',
        lastName: 'Network',
        disciplines: ['OT'],
        referralsCount: 2,
        activeReferrals: 1,
        lastMatchedAt: second.matchedAt!.toISOString(),
      },
    ]);

    const patients = await ok<{ items: PatientRecord[] }>(await get(cookie, '/api/agency/patients'));
    expect(patients.items.map((item) => item.referralId)).toEqual([second.id, first.id]);
    expect(patients.items[0]).toEqual({
      referralId: second.id,
      referenceNumber: second.referenceNumber,
      referenceLabel: `R-${second.referenceNumber} · Austin, TX`,
      status: 'matched',
      discipline: 'PT',
      city: 'Austin',
      state: 'TX',
      matchedAt: second.matchedAt!.toISOString(),
      therapistName: 'Robin Network',
      detailsAdded: false,
      visitsDone: 1,
      visitsTotal: 9,
    });
  });
});

describe('GET /api/dashboard/therapist', () => {
  it('counts active patients, visits completed this month and payouts not yet paid, only their own', async () => {
    const therapist = await buildTherapist(db(), { firstName: 'Avery', lastName: 'Counts' });
    const someoneElse = await buildTherapist(db());
    const agency = await buildAgency(db());
    const matched = await filled(agency.userId, therapist.userId, 'matched', 5, ago(DAY));
    await filled(agency.userId, therapist.userId, 'in_progress', 5, ago(DAY));
    await filled(agency.userId, therapist.userId, 'completed', 5, ago(DAY));
    const theirs = await filled(agency.userId, someoneElse.userId, 'matched', 5, ago(DAY));

    const visit = (status: VisitStatus, scheduledStart: Date, therapistId = therapist.userId, referralId = matched.id) =>
      treatmentVisit({ referralId, agencyId: agency.userId, therapistId, status, scheduledStart });
    const done = [await visit('completed', new Date()), await visit('approved', new Date()), await visit('paid', new Date())];
    await visit('scheduled', new Date(Date.now() + 40 * DAY));
    await visit('completed', ago(40 * DAY));
    const old = await visit('paid', ago(40 * DAY));
    const foreign = await visit('completed', new Date(), someoneElse.userId, theirs.id);

    const payout = (visitId: string, therapistId: string, amount: number, status: 'pending' | 'processing' | 'paid' | 'failed') =>
      db().insert(payouts).values({ visitId, therapistId, amount, status, provider: 'ledger', idempotencyKey: `payout:${visitId}` });
    await payout(done[0]!.id, therapist.userId, 100, 'pending');
    await payout(done[1]!.id, therapist.userId, 50.5, 'processing');
    await payout(done[2]!.id, therapist.userId, 20.25, 'failed');
    await payout(old.id, therapist.userId, 999, 'paid');
    await payout(foreign.id, someoneElse.userId, 77, 'pending');

    const dashboard = await ok<TherapistDashboard>(await get(await signIn(app.url, therapist), '/api/dashboard/therapist'));
    expect(dashboard).toMatchObject({
      firstName: 'Avery',
      lastName: 'Counts',
      activePatients: 2,
      completedVisitsThisMonth: 3,
      pendingPaymentsAmount: 170.75,
      timeZone: 'America/Chicago',
    });
  });

  it("shows today's visits in the therapist's own time zone, with service and city only", async () => {
    const zone = 'Pacific/Auckland';
    const therapist = await buildTherapist(db());
    const cookie = await signIn(app.url, therapist);
    await ok(await callApi(app.url, 'PUT', '/api/me/time-zone', { cookie, body: { timeZone: zone } }));
    const agency = await buildAgency(db());
    const referral = await filled(agency.userId, therapist.userId, 'in_progress', 5, ago(DAY));
    const visit = (status: VisitStatus, scheduledStart: Date) =>
      treatmentVisit({ referralId: referral.id, agencyId: agency.userId, therapistId: therapist.userId, status, scheduledStart });
    const early = await visit('completed', zoned(zone, 0, 0, 30));
    const late = await visit('scheduled', zoned(zone, 0, 23, 30));
    await visit('scheduled', zoned(zone, 1, 0, 30));
    await visit('completed', zoned(zone, -1, 23, 30));
    await visit('cancelled', zoned(zone, 0, 12, 0));

    const dashboard = await ok<TherapistDashboard>(await get(cookie, '/api/dashboard/therapist'));
    expect(dashboard.timeZone).toBe(zone);
    expect(dashboard.todaysSchedule).toEqual([
      {
        visitId: early.id,
        referralId: referral.id,
        scheduledStart: early.scheduledStart.toISOString(),
        durationMinutes: 60,
        status: 'completed',
        serviceName: 'Treatment Session',
        city: 'Austin',
        state: 'TX',
        referenceLabel: `R-${referral.referenceNumber} · Austin, TX`,
      },
      expect.objectContaining({ visitId: late.id, status: 'scheduled' }),
    ]);
  });
});

describe('GET /api/admin/dashboard', () => {
  it('counts the whole marketplace: open referrals, visits and amount paid this month', async () => {
    const manager = await buildManager(db());
    const cookie = await sessionCookie(app, manager);
    // The endpoint reads the figures at most every 10 seconds; this is its first read in this app.
    const before = await getAdminDashboard({ database: app.runtime.database });

    const agency = await buildAgency(db());
    const therapist = await buildTherapist(db());
    await buildReferral(db(), { agencyId: agency.userId, status: 'posted' });
    const referral = await filled(agency.userId, therapist.userId, 'in_progress', 5, ago(DAY));
    const paid = await treatmentVisit({ referralId: referral.id, agencyId: agency.userId, therapistId: therapist.userId, status: 'paid', scheduledStart: new Date() });
    await treatmentVisit({ referralId: referral.id, agencyId: agency.userId, therapistId: therapist.userId, status: 'cancelled', scheduledStart: new Date() });
    await db()
      .insert(payouts)
      .values({ visitId: paid.id, therapistId: therapist.userId, amount: 42.5, status: 'paid', paidAt: new Date(), provider: 'ledger', idempotencyKey: `payout:${paid.id}` });

    const after = await ok<AdminDashboard>(await get(cookie, '/api/admin/dashboard'));
    expect(after.openReferrals - before.openReferrals).toBe(1);
    expect(after.visitsThisMonth - before.visitsThisMonth).toBe(1);
    expect(after.amountPaidThisMonth - before.amountPaidThisMonth).toBeCloseTo(42.5, 5);
    expect(after.completionRate).toBeGreaterThan(0);
    expect(after.completionRate).toBeLessThanOrEqual(1);
    expect(after.medianFillMinutes).not.toBeNull();

    // Within the next 10 seconds the same figures are served again, without another read.
    await buildReferral(db(), { agencyId: agency.userId, status: 'posted' });
    expect(await ok<AdminDashboard>(await get(cookie, '/api/admin/dashboard'))).toEqual(after);
  });
});

describe('kept figures', () => {
  let second: TestApp;
  beforeAll(async () => {
    // A second API instance on the same database, as behind a load balancer.
    second = await startTestApp({ DATABASE_URL: app.runtime.databaseUrl });
  });
  afterAll(() => second?.close());

  // Figures are kept for a few seconds (cached-figures.ts), and a change to their rows drops them on
  // every instance through NOTIFY, which arrives a moment after the commit: poll briefly, far
  // less than the seconds they would otherwise be kept.
  const soon = { timeout: 3000, interval: 50 };

  it("an agency's figures change on the next reads after its rows change, on every instance", async () => {
    const agency = await buildAgency(db());
    const cookies = [await signIn(app.url, agency), await signIn(second.url, agency)] as const;
    const pending = async () =>
      Promise.all([
        ok<AgencyDashboard>(await get(cookies[0], '/api/dashboard/agency')),
        ok<AgencyDashboard>(await callApi(second.url, 'GET', '/api/dashboard/agency', { cookie: cookies[1] })),
      ]).then((both) => both.map((dashboard) => dashboard.pendingReferrals));
    expect(await pending()).toEqual([0, 0]);
    await buildReferral(db(), { agencyId: agency.userId, status: 'posted' });
    await expect.poll(pending, soon).toEqual([1, 1]);
  });

  it("a therapist's figures change after a payout or their time zone changes", async () => {
    const therapist = await buildTherapist(db());
    const agency = await buildAgency(db());
    const cookie = await signIn(app.url, therapist);
    const dashboard = async () => ok<TherapistDashboard>(await get(cookie, '/api/dashboard/therapist'));
    expect(await dashboard()).toMatchObject({ pendingPaymentsAmount: 0, timeZone: 'America/Chicago' });

    const referral = await filled(agency.userId, therapist.userId, 'in_progress', 5, ago(DAY));
    const visit = await treatmentVisit({ referralId: referral.id, agencyId: agency.userId, therapistId: therapist.userId, status: 'approved', scheduledStart: ago(DAY) });
    await db().insert(payouts).values({ visitId: visit.id, therapistId: therapist.userId, amount: 64, status: 'pending', provider: 'ledger', idempotencyKey: `payout:${visit.id}` });
    await expect.poll(async () => (await dashboard()).pendingPaymentsAmount, soon).toBe(64);

    await ok(await callApi(app.url, 'PUT', '/api/me/time-zone', { cookie, body: { timeZone: 'Pacific/Auckland' } }));
    await expect.poll(async () => (await dashboard()).timeZone, soon).toBe('Pacific/Auckland');
  });
});

describe('who may read each dashboard', () => {
  const agencyPaths = ['/api/dashboard/agency', '/api/agency/therapists', '/api/agency/patients'];
  const allPaths = [...agencyPaths, '/api/dashboard/therapist', '/api/admin/dashboard'];

  it.each(allPaths)('%s asks a signed-out visitor to log in (401)', async (path) => {
    const response = await get(undefined, path);
    expect(response.status).toBe(401);
    expect((await errorOf(response)).code).toBe('UNAUTHENTICATED');
  });

  it('each endpoint refuses the wrong role with 403', async () => {
    const agencyCookie = await signIn(app.url, await buildAgency(db()));
    const therapistCookie = await signIn(app.url, await buildTherapist(db()));
    const managerCookie = await sessionCookie(app, await buildManager(db()));
    const refusals: Array<[string, string]> = [
      ...agencyPaths.flatMap((path): Array<[string, string]> => [
        [therapistCookie, path],
        [managerCookie, path],
      ]),
      [agencyCookie, '/api/dashboard/therapist'],
      [managerCookie, '/api/dashboard/therapist'],
      [agencyCookie, '/api/admin/dashboard'],
      [therapistCookie, '/api/admin/dashboard'],
    ];
    for (const [cookie, path] of refusals) {
      const response = await get(cookie, path);
      expect(response.status, path).toBe(403);
      expect((await errorOf(response)).code, path).toBe('FORBIDDEN');
    }
  });

  it('a pending agency or therapist sees no figures until approved (403)', async () => {
    const agencyCookie = await signIn(app.url, await buildAgency(db(), { status: 'pending' }));
    const therapistCookie = await signIn(app.url, await buildTherapist(db(), { status: 'pending' }));
    for (const path of agencyPaths) expect((await get(agencyCookie, path)).status, path).toBe(403);
    expect((await get(therapistCookie, '/api/dashboard/therapist')).status).toBe(403);
  });

  it('a manager without a verified second factor in this session gets MFA_REQUIRED', async () => {
    const cookie = await signIn(app.url, await buildManager(db()));
    const response = await get(cookie, '/api/admin/dashboard');
    expect(response.status).toBe(403);
    expect((await errorOf(response)).code).toBe('MFA_REQUIRED');
  });
});
