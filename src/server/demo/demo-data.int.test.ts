import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { isValidNpi } from '../../domain/npi';
import {
  agencyProfiles,
  managerProfiles,
  serviceTypesTable,
  therapistProfiles,
  therapistRates,
  user,
  useraccounts,
  userProfiles,
} from '../db/schema/index';
import { printDemoSummary } from './print-demo-summary';
import { seedDemoData, type DemoSummary } from './seed-demo-data';

let app: TestApp;
let summary: DemoSummary | null;

beforeAll(async () => {
  app = await startTestApp();
  summary = await seedDemoData(app.runtime.database.db);
});
afterAll(async () => {
  await app.close();
});

const db = () => app.runtime.database.db;
const today = () => new Date().toISOString().slice(0, 10);

describe('seedDemoData on an empty database', () => {
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

  it('gives every therapist a valid NPI, a licence that has not expired, and a rate for each service', async () => {
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

  it('returns a summary listing every person it created', () => {
    expect(summary?.people).toHaveLength(17);
    const lines: string[] = [];
    printDemoSummary(summary!, (line) => lines.push(line));
    const output = lines.join('\n');
    expect(output).toContain('4 agencies, 12 therapists, 1 manager');
    expect(output).toContain('Hill Country Home Health');
    expect(output).toContain('Forgot password');
    expect(output).toContain('"Forgot password"');
  });
});

describe('seedDemoData on a database that has accounts', () => {
  it('returns null and adds nothing', async () => {
    const before = await db().$count(useraccounts);
    const ratesBefore = await db().$count(therapistRates);
    expect(await seedDemoData(db())).toBeNull();
    expect(await db().$count(useraccounts)).toBe(before);
    expect(await db().$count(therapistRates)).toBe(ratesBefore);
  });

  it('seeds once when two processes start at the same time', async () => {
    // Deleting the sign-in identities removes their accounts and profiles with them (cascade).
    await db().delete(user);
    const results = await Promise.all([seedDemoData(db()), seedDemoData(db())]);
    expect(results.filter((result) => result === null)).toHaveLength(1);
    expect(await db().$count(useraccounts)).toBe(17);
    expect(await db().$count(user)).toBe(17);
  });
});
