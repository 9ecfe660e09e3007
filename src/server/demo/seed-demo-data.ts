import { sql } from 'drizzle-orm';
import type { AccountStatus, UserType } from '../../domain/accounts';
import { npiWithCheckDigit } from '../../domain/npi';
import type { Db } from '../db/client';
import {
  agencyProfiles,
  managerProfiles,
  serviceTypesTable,
  therapistCredentials,
  therapistProfiles,
  therapistRates,
  user,
  useraccounts,
  userProfiles,
} from '../db/schema/index';
import type { DemoDeps } from './demo-deps';
import { demoEmail, demoUserId } from './demo-identity';
import { demoAgencies, demoManager, demoTherapists, type DemoAgency, type DemoManager, type DemoTherapist } from './demo-people';
import { readyCredentialRows } from '../credentials/ready-credentials';
import { locationColumnsOf } from '../geo/therapist-locations';
import { playDemoMarket, type MarketSummary } from './play-market';
import { patientTimeZone } from '../../domain/patient-time-zone';
import { DEFAULT_TIME_ZONE } from '../../domain/time-zones';
import { demoProfiles } from './demo-profiles';

export interface DemoPerson {
  type: UserType;
  name: string;
  email: string;
  status: AccountStatus;
}

export interface DemoSummary {
  people: DemoPerson[];
  market: MarketSummary;
}

/** Two processes starting on one empty database at once must not both seed it; a reset takes it too. */
export const DEMO_SEED_LOCK = 7_231_005;

/**
 * The first start on an empty database: the demo cast (see demo-people.ts), then their market in
 * motion (play-market.ts). Does nothing and returns null when any account exists, so it is safe to
 * call on every start; `npm run demo-data` resets the demo instead (reset-demo-data.ts).
 */
export async function seedDemoData(deps: DemoDeps, now: Date = new Date()): Promise<DemoSummary | null> {
  const people = await deps.database.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${DEMO_SEED_LOCK})`);
    if ((await tx.$count(useraccounts)) > 0) return null;
    return insertDemoPeople(tx, now);
  });
  if (!people) return null;
  return { people, market: await playDemoMarket(deps, now) };
}

/** The demo cast, inserted in the caller's transaction: nothing of theirs may exist yet. */
export async function insertDemoPeople(tx: SeedTx, now: Date): Promise<DemoPerson[]> {
  const people: DemoPerson[] = [];
  const services = await tx.select().from(serviceTypesTable).orderBy(serviceTypesTable.sortOrder);
  for (const agency of demoAgencies) people.push(await seedAgency(tx, agency));
  for (const therapist of demoTherapists) people.push(await seedTherapist(tx, therapist, services, now));
  people.push(await seedManager(tx, demoManager));
  return people;
}

/** Demo people have chosen the zone of the state they work in, so their dashboards do not ask. */
const demoTimeZone = (state: string) => patientTimeZone(state) ?? DEFAULT_TIME_ZONE;

export type SeedTx = Parameters<Parameters<Db['transaction']>[0]>[0];

async function seedAgency(tx: SeedTx, agency: DemoAgency): Promise<DemoPerson> {
  const email = demoEmail(agency.key);
  const userId = demoUserId(email);
  await tx.insert(user).values({ id: userId, name: agency.companyName, email, emailVerified: true });
  await tx.insert(useraccounts).values({ userId, email, userType: 'agency', status: agency.status, timeZone: demoTimeZone(agency.state) });
  await tx.insert(agencyProfiles).values({
    id: userId,
    companyName: agency.companyName,
    contactEmail: email,
    contactPhone: agency.contactPhone,
    address: agency.address,
    city: agency.city,
    state: agency.state,
    zipCode: agency.zipCode,
    status: agency.status,
  });
  return { type: 'agency', name: agency.companyName, email, status: agency.status };
}

/** A therapist whose license expires some months after `now`, with a rate for every service (its default, adjusted). */
async function seedTherapist(
  tx: SeedTx,
  therapist: DemoTherapist,
  services: Array<{ id: string; defaultRate: number }>,
  now: Date,
): Promise<DemoPerson> {
  const email = demoEmail(therapist.key);
  const userId = demoUserId(email);
  const { firstName, lastName } = therapist;
  await tx.insert(user).values({ id: userId, name: `${firstName} ${lastName}`, email, emailVerified: true });
  await tx.insert(useraccounts).values({ userId, email, userType: 'therapist', status: therapist.status, timeZone: demoTimeZone(therapist.licenseState) });
  await tx.insert(therapistProfiles).values({
    id: userId,
    firstName,
    lastName,
    email,
    phone: therapist.phone,
    zipCode: therapist.zipCode,
    ...locationColumnsOf(therapist.zipCode),
    disciplines: [therapist.discipline],
    serviceRadiusMiles: therapist.serviceRadiusMiles,
    yearsExperience: therapist.yearsExperience,
    ...demoProfiles[therapist.key],
    status: therapist.status,
  });
  await tx.insert(userProfiles).values({
    id: userId,
    firstName,
    lastName,
    npiNumber: npiWithCheckDigit(therapist.npiBase),
    licenseNumber: therapist.licenseNumber,
    licenseState: therapist.licenseState,
    licenseExpiry: isoDateMonthsFrom(now, therapist.licenseMonthsLeft),
  });
  await tx.insert(therapistCredentials).values(
    readyCredentialRows({
      therapistId: userId,
      npiNumber: npiWithCheckDigit(therapist.npiBase),
      licenseNumber: therapist.licenseNumber,
      licenseState: therapist.licenseState,
      licenseExpiry: isoDateMonthsFrom(now, therapist.licenseMonthsLeft),
      otherExpiry: isoDateMonthsFrom(now, therapist.licenseMonthsLeft + 3),
      cprExpiry: therapist.cprDaysLeft === undefined ? undefined : isoDateDaysFrom(now, therapist.cprDaysLeft),
      status: therapist.status === 'approved' ? 'verified' : 'submitted',
      verifiedAt: now,
    }),
  );
  await tx.insert(therapistRates).values(
    services.map((service) => ({
      therapistId: userId,
      serviceId: service.id,
      rate: adjustedRate(service.defaultRate, therapist.rateAdjustmentPercent),
    })),
  );
  return {
    type: 'therapist',
    name: `${firstName} ${lastName}, ${therapist.discipline}`,
    email,
    status: therapist.status,
  };
}

async function seedManager(tx: SeedTx, manager: DemoManager): Promise<DemoPerson> {
  const email = demoEmail(manager.key);
  const userId = demoUserId(email);
  await tx.insert(user).values({
    id: userId,
    name: `${manager.firstName} ${manager.lastName}`,
    email,
    emailVerified: true,
  });
  await tx.insert(useraccounts).values({ userId, email, userType: 'manager', status: 'approved', timeZone: DEFAULT_TIME_ZONE });
  await tx.insert(managerProfiles).values({
    id: userId,
    firstName: manager.firstName,
    lastName: manager.lastName,
    email,
    phone: manager.phone,
    role: 'admin',
    permissions: [],
    status: 'approved',
  });
  return {
    type: 'manager',
    name: `${manager.firstName} ${manager.lastName}`,
    email,
    status: 'approved',
  };
}

/** Whole dollars, as therapists quote them. */
function adjustedRate(defaultRate: number, percent: number): number {
  return Math.round(defaultRate * (1 + percent / 100));
}

/** `YYYY-MM-DD`, `months` after `now`; the day is capped at 28 so no month overflows. */
function isoDateMonthsFrom(now: Date, months: number): string {
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + months, Math.min(now.getUTCDate(), 28)));
  return date.toISOString().slice(0, 10);
}

/** `YYYY-MM-DD`, `days` after `now` (UTC). */
function isoDateDaysFrom(now: Date, days: number): string {
  return new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}
