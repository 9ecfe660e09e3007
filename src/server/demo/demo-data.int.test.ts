import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { demoDepsOf, demoSession } from '../../../test/demo';
import { buildAgency } from '../../../test/factories';
import { callApi, ok } from '../../../test/http';
import { buildReferral } from '../../../test/referral-fixtures';
import { isValidNpi } from '../../domain/npi';
import type { AdminDashboard, AgencyDashboard, TherapistDashboard } from '../../domain/dashboards';
import type { VisitNotesView } from '../../domain/documentation';
import type { PatientResponse } from '../../domain/patients';
import type { AgencyReferral } from '../../domain/referrals';
import type { AgencyReferralSummary } from '../../domain/referral-summaries';
import type { TherapistProfile } from '../../domain/therapist-profile';
import type { VisitSummary } from '../../domain/visits';
import {
  agencyProfiles,
  auditLog,
  managerProfiles,
  mfaFactors,
  referrals,
  serviceTypesTable,
  therapistProfiles,
  therapistRates,
  user,
  useraccounts,
  userProfiles,
  visits,
} from '../db/schema/index';
import { demoIdOf } from './demo-identity';
import { printDemoSummary } from './print-demo-summary';
import { resetDemoData } from './reset-demo-data';
import { seedDemoData, type DemoSummary } from './seed-demo-data';

let app: TestApp;
let summary: DemoSummary | null;

beforeAll(async () => {
  app = await startTestApp();
  summary = await seedDemoData(await demoDepsOf(app));
});
afterAll(async () => {
  await app.close();
});

const db = () => app.runtime.database.db;
const today = () => new Date().toISOString().slice(0, 10);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const get = async <T>(cookie: string, path: string) => ok<T>(await callApi(app.url, 'GET', path, { cookie }));

describe('seedDemoData on an empty database: the cast', () => {
  it('creates four agencies, three approved and one pending', async () => {
    const agencies = await db().select().from(agencyProfiles);
    expect(agencies).toHaveLength(4);
    expect(agencies.filter((agency) => agency.status === 'approved')).toHaveLength(3);
    expect(agencies.filter((agency) => agency.status === 'pending')).toHaveLength(1);
    for (const agency of agencies) {
      expect(agency.zipCode).toMatch(/^\d{5}$/);
      expect(agency.state).toMatch(/^[A-Z]{2}$/);
    }
  });

  it('creates twelve therapists across all five disciplines, two pending and one rejected', async () => {
    const therapists = await db().select().from(therapistProfiles);
    expect(therapists).toHaveLength(12);
    expect(new Set(therapists.flatMap((therapist) => therapist.disciplines))).toEqual(new Set(['PT', 'PTA', 'OT', 'COTA', 'ST']));
    expect(therapists.filter((therapist) => therapist.status === 'pending')).toHaveLength(2);
    expect(therapists.filter((therapist) => therapist.status === 'rejected')).toHaveLength(1);
    expect(therapists.filter((therapist) => therapist.status === 'approved')).toHaveLength(9);
    for (const therapist of therapists) {
      expect(therapist.serviceRadiusMiles).toBeGreaterThanOrEqual(15);
      expect(therapist.serviceRadiusMiles).toBeLessThanOrEqual(40);
    }
  });

  it('gives every therapist a valid NPI, a license that has not expired, and a rate for each service', async () => {
    const services = await db().select().from(serviceTypesTable);
    const therapists = await db().select().from(therapistProfiles);
    const agencyStates = new Set((await db().select().from(agencyProfiles)).map((agency) => agency.state));
    for (const therapist of therapists) {
      const [profile] = await db().select().from(userProfiles).where(eq(userProfiles.id, therapist.id));
      expect(isValidNpi(profile!.npiNumber!), `${therapist.lastName}'s NPI ${profile!.npiNumber}`).toBe(true);
      expect(profile!.licenseExpiry! > today()).toBe(true);
      expect(agencyStates.has(profile!.licenseState!)).toBe(true);

      const rates = await db().select().from(therapistRates).where(eq(therapistRates.therapistId, therapist.id));
      expect(rates.map((rate) => rate.serviceId).sort()).toEqual(services.map((service) => service.id).sort());
      for (const rate of rates) {
        const service = services.find((s) => s.id === rate.serviceId)!;
        // Believable: within a fifth of the platform's default for that service.
        expect(Math.abs(rate.rate - service.defaultRate)).toBeLessThanOrEqual(service.defaultRate * 0.2);
      }
    }
    const npis = (await db().select().from(userProfiles)).map((profile) => profile.npiNumber);
    expect(new Set(npis).size).toBe(npis.length);
  });

  it('gives every therapist a profile agencies can read, and Hill Country sees Maria Delgado’s with her record', async () => {
    for (const therapist of await db().select().from(therapistProfiles)) {
      expect(therapist.careSettings.length, therapist.lastName).toBeGreaterThan(0);
      expect(therapist.specialties.length, therapist.lastName).toBeGreaterThan(0);
      expect(therapist.languages.length, therapist.lastName).toBeGreaterThan(0);
      expect(therapist.bio, therapist.lastName).not.toBe('');
      expect(therapist.dateOfBirth, therapist.lastName).not.toBeNull();
    }
    const agency = await demoSession(app, 'hill-country-home-health');
    const profile = await get<TherapistProfile>(agency.cookie, `/api/therapists/${demoIdOf('maria-delgado')}/profile`);
    expect(profile).toMatchObject({ yearsExperience: 11, languages: ['English', 'Spanish'] });
    expect(profile.badge).toMatch(/^License TX verified /);
    expect(profile.platform.visitsCompleted).toBeGreaterThan(0);
    expect(profile.withYou?.referralsTogether).toBeGreaterThan(0);
  });

  it('creates one approved admin manager with no extra permissions', async () => {
    const managers = await db().select().from(managerProfiles);
    expect(managers).toEqual([expect.objectContaining({ role: 'admin', permissions: [], status: 'approved' })]);
  });

  it('gives every account a demo id, a reserved-domain email and the status of its profile', async () => {
    const accounts = await db().select().from(useraccounts);
    expect(accounts).toHaveLength(17);
    const profileStatus = new Map<string, string>();
    for (const table of [agencyProfiles, therapistProfiles, managerProfiles] as const) {
      for (const row of await db().select({ id: table.id, status: table.status }).from(table)) profileStatus.set(row.id, row.status);
    }
    for (const account of accounts) {
      expect(account.userId).toMatch(/^demo-[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(account.email).toMatch(/@demo\.carerelay\.test$/);
      expect(profileStatus.get(account.userId)).toBe(account.status);
    }
  });

  it('gives each approved person a verified authenticator factor, and nobody else one', async () => {
    const factors = await db().select().from(mfaFactors);
    const approved = await db().select({ userId: useraccounts.userId }).from(useraccounts).where(eq(useraccounts.status, 'approved'));
    expect(factors.map((factor) => factor.userId).sort()).toEqual(approved.map((row) => row.userId).sort());
    expect(factors.every((factor) => factor.factorType === 'totp' && factor.status === 'verified')).toBe(true);
  });

  it('returns a summary listing every person it created, the market and how to sign in as them', () => {
    expect(summary?.people).toHaveLength(17);
    const lines: string[] = [];
    printDemoSummary(summary!, (line) => lines.push(line));
    const output = lines.join('\n');
    expect(output).toContain('4 agencies, 12 therapists, 1 manager; 9 referrals and 15 visits');
    expect(output).toContain('Hill Country Home Health');
    expect(output).toContain('"Sign in as"');
  });
});

describe('seedDemoData on an empty database: the market, through the API', () => {
  it("shows figures above zero on each role's dashboard", async () => {
    const agency = await demoSession(app, 'hill-country-home-health');
    const figures = await get<AgencyDashboard>(agency.cookie, '/api/dashboard/agency');
    expect(figures).toMatchObject({ companyName: 'Hill Country Home Health', networkTherapists: 2, activePatients: 2, pendingReferrals: 2, hasReferrals: true });
    expect(figures.medianFillMinutes).toBeGreaterThan(0);
    expect(figures.visitCompletionRate).toBeGreaterThan(0);
    expect(figures.recentActivity.length).toBeGreaterThan(0);

    const therapist = await demoSession(app, 'maria-delgado');
    const own = await get<TherapistDashboard>(therapist.cookie, '/api/dashboard/therapist');
    expect(own).toMatchObject({ firstName: 'Maria', activePatients: 1 });
    // The approved treatment's payout (the evaluation's is paid).
    expect(own.pendingPaymentsAmount).toBe(105);

    const manager = await demoSession(app, 'jordan-ellis');
    const market = await get<AdminDashboard>(manager.cookie, '/api/admin/dashboard');
    expect(market.openReferrals).toBe(4);
    expect(market.medianFillMinutes).toBeGreaterThan(0);
    // Two visits paid in the ledger: Hill Country's evaluation (150) and Bayshore's (155).
    expect(market.amountPaidThisMonth).toBe(305);
  });

  it('has chosen the time zone of the state each person works in, so no dashboard asks for one', async () => {
    const tampa = await demoSession(app, 'bayshore-home-care');
    expect(await get(tampa.cookie, '/api/me')).toMatchObject({ timeZone: 'America/New_York', timeZoneChosen: true });
    const maria = await demoSession(app, 'maria-delgado');
    expect(await get(maria.cookie, '/api/me')).toMatchObject({ timeZone: 'America/Chicago', timeZoneChosen: true });
  });

  it('has referrals in every state: open with and without answers, a counter offer, expired, matched with visits', async () => {
    const agency = await demoSession(app, 'hill-country-home-health');
    const { items } = await get<{ items: AgencyReferralSummary[] }>(agency.cookie, '/api/referrals');
    expect(items.map((item) => item.status).sort()).toEqual(['expired', 'in_progress', 'in_progress', 'posted', 'posted']);
    for (const item of items) expect(Date.parse(item.postedAt!)).toBeLessThan(Date.now());

    const open = items.filter((item) => item.status === 'posted');
    const answered = open.find((item) => item.responseCount > 0)!;
    const detail = await get<AgencyReferral>(agency.cookie, `/api/referrals/${answered.id}`);
    expect(detail.responses.map((response) => [response.therapist.lastName, response.status]).sort()).toEqual([
      ['Brooks', 'accepted'],
      ['Delgado', 'countered'],
    ]);
    expect(detail.responses.find((response) => response.status === 'countered')?.counterRates).toEqual({ treatment: 115 });
    expect(open.find((item) => item.responseCount === 0)?.notifiedCount).toBeGreaterThan(0);
  });

  it("shows the matched patient's details to the agency and a week of visits at every stage", async () => {
    const agency = await demoSession(app, 'hill-country-home-health');
    const { items } = await get<{ items: AgencyReferralSummary[] }>(agency.cookie, '/api/referrals?status=matched');
    const knee = items.find((item) => item.matchedTherapistName === 'Maria Delgado')!;
    const { patient } = await get<PatientResponse>(agency.cookie, `/api/referrals/${knee.id}/patient`);
    expect(patient).toMatchObject({ firstName: 'Eleanor', lastName: 'Vance', zip: '78704' });

    const from = new Date(Date.now() - 10 * DAY).toISOString();
    const to = new Date(Date.now() + 10 * DAY).toISOString();
    const therapist = await demoSession(app, 'maria-delgado');
    const week = (await get<{ visits: VisitSummary[] }>(therapist.cookie, `/api/visits?from=${from}&to=${to}`)).visits;
    expect(week.map((visit) => visit.status).sort()).toEqual(['approved', 'documented', 'in_progress', 'paid', 'scheduled', 'scheduled']);
    const now = Date.now();
    for (const visit of week) {
      const start = Date.parse(visit.scheduledStart);
      if (visit.status === 'scheduled') expect(start).toBeGreaterThan(now);
      else if (visit.status === 'in_progress') expect(now - start).toBeLessThan(HOUR);
      else expect(start).toBeLessThan(now - DAY);
      // Every check-in and check-out was at the patient's home, on time and long enough, and signed by the patient.
      expect(visit.exceptions).toEqual([]);
    }
  });

  it('has notes waiting for review and one returned with a message', async () => {
    const david = await demoSession(app, 'david-nguyen');
    const from = new Date(Date.now() - 10 * DAY).toISOString();
    const to = new Date(Date.now() + 10 * DAY).toISOString();
    const week = (await get<{ visits: VisitSummary[] }>(david.cookie, `/api/visits?from=${from}&to=${to}`)).visits;
    expect(week.map((visit) => visit.status).sort()).toEqual(['completed', 'completed', 'scheduled', 'scheduled']);
    const evaluation = week.find((visit) => visit.serviceId === 'evaluation')!;
    const notes = await get<VisitNotesView>(david.cookie, `/api/visits/${evaluation.id}/notes`);
    expect(notes.notes[0]).toMatchObject({ status: 'returned', signedName: 'David Nguyen' });
    expect(notes.notes[0]!.reviewMessage).toContain('grip strength');

    const waiting = await db()
      .select({ id: visits.id })
      .from(visits)
      .where(eq(visits.status, 'documented'));
    expect(waiting).toHaveLength(3);
  });

  it('has payouts paid and pending in the ledger, and notifications for what happened', async () => {
    const manager = await demoSession(app, 'jordan-ellis');
    const ledger = await get<{ invoiceLines: Array<{ status: string }>; payouts: Array<{ status: string; amount: number }>; provider: string }>(
      manager.cookie,
      '/api/admin/payments',
    );
    expect(ledger.provider).toBe('ledger');
    expect(ledger.payouts.map((payout) => payout.status).sort()).toEqual(['paid', 'paid', 'pending']);
    expect(ledger.invoiceLines.map((line) => line.status).sort()).toEqual(['paid', 'paid', 'pending']);

    const agency = await demoSession(app, 'hill-country-home-health');
    const inbox = await get<{ items: Array<{ type: string }> }>(agency.cookie, '/api/notifications?limit=100');
    const types = inbox.items.map((item) => item.type);
    for (const type of ['referral.accepted', 'referral.rate_requested', 'referral.expired', 'documentation.signed']) expect(types, type).toContain(type);
  });

  it('played every step as the person who takes it, on the record', async () => {
    const maria = demoIdOf('maria-delgado');
    const steps = await db()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.actorUserId, maria), inArray(auditLog.action, ['visit.schedule', 'visit.check_in', 'visit.check_out', 'visit_note.sign'])));
    const count = (action: string) => steps.filter((step) => step.action === action).length;
    expect([count('visit.schedule'), count('visit.check_in'), count('visit.check_out'), count('visit_note.sign')]).toEqual([6, 4, 3, 3]);
  });
});

describe('resetDemoData (npm run demo-data)', () => {
  it("makes the demo afresh and leaves everyone else's data alone", async () => {
    const own = await buildAgency(db(), { companyName: 'Not A Demo Home Health' });
    const ownReferral = await buildReferral(db(), { agencyId: own.userId });
    const referralsBefore = await db().$count(referrals, like(referrals.agencyId, 'demo-%'));

    const again = await resetDemoData(await demoDepsOf(app));
    expect(again.people).toHaveLength(17);
    expect(again.market).toEqual(summary!.market);
    expect(await db().$count(referrals, like(referrals.agencyId, 'demo-%'))).toBe(referralsBefore);
    expect(await db().$count(useraccounts)).toBe(18);
    expect(await db().$count(referrals, eq(referrals.id, ownReferral.id))).toBe(1);
    expect(await db().$count(user, eq(user.id, own.userId))).toBe(1);
    // The same people (their ids come from their emails), signed out of the old sessions.
    expect(await db().$count(user, eq(user.id, demoIdOf('maria-delgado')))).toBe(1);
  });
});

describe('seedDemoData when two processes start on one empty database', () => {
  let fresh: TestApp;
  beforeAll(async () => {
    fresh = await startTestApp();
  });
  afterAll(() => fresh.close());

  it('seeds once, and the first start finds accounts and adds nothing', async () => {
    const deps = await demoDepsOf(fresh);
    const results = await Promise.all([seedDemoData(deps), seedDemoData(deps)]);
    expect(results.filter((result) => result === null)).toHaveLength(1);
    expect(await fresh.runtime.database.db.$count(useraccounts)).toBe(17);
    expect(await seedDemoData(deps)).toBeNull();
    expect(await fresh.runtime.database.db.$count(referrals)).toBe(9);
  });
});
