import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { serviceTypes, type AccountStatus, type Discipline, type ServiceTypeId } from '../src/domain/accounts';
import { hashPassword } from '../src/server/auth/password-hash';
import type { Db } from '../src/server/db/client';
import { readyCredentialRows } from '../src/server/credentials/ready-credentials';
import { locationColumnsOf } from '../src/server/geo/therapist-locations';
import { account, agencyProfiles, managerProfiles, session, therapistCredentials, therapistProfiles, therapistRates, user, userProfiles, useraccounts } from '../src/server/db/schema/index';

export const DEFAULT_PASSWORD = 'Test-Password-2026';

let sequence = 0;
const next = () => ++sequence;

interface UserOptions {
  email?: string;
  password?: string;
  status?: AccountStatus;
}

async function createIdentity(db: Db, name: string, email: string, password: string) {
  const id = randomUUID();
  await db.insert(user).values({ id, name, email, emailVerified: true });
  await db.insert(account).values({ id: randomUUID(), accountId: id, providerId: 'credential', userId: id, password: await hashPassword(password) });
  return id;
}

/** An agency that can sign in (approved unless told otherwise), with its profile. */
export async function buildAgency(db: Db, options: UserOptions & { companyName?: string; state?: string; zip?: string } = {}) {
  const n = next();
  const email = options.email ?? `agency${n}@agencies.test`;
  const companyName = options.companyName ?? `Agency ${n} Home Health`;
  const password = options.password ?? DEFAULT_PASSWORD;
  const status = options.status ?? 'approved';
  const userId = await createIdentity(db, companyName, email, password);
  await db.insert(useraccounts).values({ userId, email, userType: 'agency', status });
  await db.insert(agencyProfiles).values({
    id: userId,
    companyName,
    contactEmail: email,
    contactPhone: '512-555-0100',
    address: '100 Congress Ave',
    city: 'Austin',
    state: options.state ?? 'TX',
    zipCode: options.zip ?? '78701',
    status,
  });
  return { userId, email, password, companyName };
}

/**
 * A therapist that can sign in (approved unless told otherwise), with its profile, and — unless
 * `licensed: false` — onboarding done: licensed in `licenseState` (TX) until `licenseExpiry`
 * (2030-12-31), the default rates, so they match referrals near their ZIP (78701, Austin). Their
 * required credentials are verified unless `credentials: 'submitted'` (license and NPI awaiting a
 * manager) or `'none'`.
 */
export async function buildTherapist(
  db: Db,
  options: UserOptions & {
    firstName?: string;
    lastName?: string;
    discipline?: Discipline;
    zip?: string;
    licensed?: boolean;
    licenseState?: string;
    licenseExpiry?: string;
    serviceRadiusMiles?: number;
    availableForReferrals?: boolean;
    yearsExperience?: number;
    credentials?: 'verified' | 'submitted' | 'none';
    rates?: Partial<Record<ServiceTypeId, number>>;
  } = {},
) {
  const n = next();
  const email = options.email ?? `therapist${n}@therapists.test`;
  const firstName = options.firstName ?? 'Casey';
  const lastName = options.lastName ?? `Tester${n}`;
  const password = options.password ?? DEFAULT_PASSWORD;
  const status = options.status ?? 'approved';
  const userId = await createIdentity(db, `${firstName} ${lastName}`, email, password);
  await db.insert(useraccounts).values({ userId, email, userType: 'therapist', status });
  await db.insert(therapistProfiles).values({
    id: userId,
    firstName,
    lastName,
    email,
    phone: '512-555-0101',
    zipCode: options.zip ?? '78701',
    ...locationColumnsOf(options.zip ?? '78701'),
    disciplines: [options.discipline ?? 'PT'],
    serviceRadiusMiles: options.serviceRadiusMiles ?? 25,
    availableForReferrals: options.availableForReferrals ?? true,
    yearsExperience: options.yearsExperience ?? 6,
    status,
  });
  if (options.licensed !== false) {
    await db.insert(userProfiles).values({
      id: userId,
      firstName,
      lastName,
      npiNumber: '1234567893',
      licenseNumber: `LIC-${n}`,
      licenseState: options.licenseState ?? 'TX',
      licenseExpiry: options.licenseExpiry ?? '2030-12-31',
    });
    const credentials = options.credentials ?? 'verified';
    if (credentials !== 'none') {
      await db.insert(therapistCredentials).values(
        readyCredentialRows({
          therapistId: userId,
          npiNumber: '1234567893',
          licenseNumber: `LIC-${n}`,
          licenseState: options.licenseState ?? 'TX',
          licenseExpiry: options.licenseExpiry ?? '2030-12-31',
          otherExpiry: '2030-12-31',
          status: credentials,
          verifiedBy: 'test-factory',
        }),
      );
    }
    await db.insert(therapistRates).values(
      serviceTypes.map((service) => ({ therapistId: userId, serviceId: service.id, rate: options.rates?.[service.id] ?? service.defaultRate })),
    );
  }
  return { userId, email, password, firstName, lastName };
}

/** A manager (role admin, no extra permissions, approved). */
export async function buildManager(db: Db, options: UserOptions & { firstName?: string; lastName?: string } = {}) {
  const n = next();
  const email = options.email ?? `manager${n}@carerelay.test`;
  const firstName = options.firstName ?? 'Morgan';
  const lastName = options.lastName ?? `Manager${n}`;
  const password = options.password ?? DEFAULT_PASSWORD;
  const userId = await createIdentity(db, `${firstName} ${lastName}`, email, password);
  await db.insert(useraccounts).values({ userId, email, userType: 'manager', status: 'approved' });
  await db.insert(managerProfiles).values({ id: userId, firstName, lastName, email, phone: '512-555-0102' });
  return { userId, email, password, firstName, lastName };
}

/** A documentation-range address (RFC 5737), different for each simulated client. */
export function clientAddress(): string {
  const n = next();
  return `203.0.${113 + Math.floor(n / 250)}.${(n % 250) + 1}`;
}

/**
 * Signs in over HTTP like a browser and returns the Cookie header to send afterwards. Each call
 * comes from its own client address, so sign-in rate limits do not pile up across tests.
 */
export async function signIn(baseUrl: string, credentials: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, 'x-forwarded-for': clientAddress() },
    body: JSON.stringify(credentials),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/**
 * Marks a signed-in session as having passed a second factor (aal2), for tests whose subject is
 * not the factor itself.
 */
export async function elevateSession(db: Db, cookie: string): Promise<void> {
  const token = decodeURIComponent(/carerelay\.session_token=([^;]+)/.exec(cookie)?.[1] ?? '').split('.')[0] ?? '';
  await db.update(session).set({ aal: 'aal2' }).where(eq(session.token, token));
}
