/**
 * The fan-out benchmark's people (fanout.ts): the therapists eligible for the broadcast referral,
 * a few more far away, and the agencies posting, each signed in.
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { readyCredentialRows } from '../src/server/credentials/ready-credentials';
import { locationColumnsOf } from '../src/server/geo/therapist-locations';
import type { FanoutSettings } from './fanout';
import { seedReferralHistory } from './referral-history';
import type { BenchApp } from './servers';

/** Eligible for the broadcast referral: Austin, TX, PT, licensed in TX until well after today. */
export const NEAR_ZIP = '78701';
/** A referral here (Dallas, ~180 miles away) matches only the few therapists seeded there. */
export const FAR_ZIP = '75201';
export const FAR_THERAPISTS = 10;
const SESSION_COOKIE = 'carerelay.session_token';
/** The agencies' past referrals, each offered to 10 (referral-history.ts): the tables a post writes are a live market's, not empty. */
const HISTORY = { referrals: 2_000, offersPerReferral: 10 };

export interface Seeded {
  /** The therapists eligible for the referral (who have streams open). */
  therapistIds: string[];
  therapistCookies: string[];
  agencyCookies: string[];
}

/**
 * Writes the therapists and agencies in a few set-based statements (creating 5,000 through the API
 * would take minutes, and sign-in is rate limited), each with a session whose cookie is signed as
 * better-auth signs it: `token.signature`, the signature being base64 HMAC-SHA256 of the token
 * with the app secret (better-call's signCookieValue), URI-encoded.
 */
export async function seed(app: BenchApp, settings: FanoutSettings): Promise<Seeded> {
  const cookieFor = (token: string) =>
    `${SESSION_COOKIE}=${encodeURIComponent(`${token}.${createHmac('sha256', app.appSecret).update(token).digest('base64')}`)}`;
  const people = (count: number, kind: string) =>
    Array.from({ length: count }, (_, index) => ({
      id: randomUUID(),
      n: index + 1,
      email: `bench-${kind}-${index + 1}-${randomBytes(3).toString('hex')}@${kind}s.test`,
      token: randomBytes(24).toString('base64url'),
    }));
  const near = people(settings.therapists, 'therapist');
  const far = people(FAR_THERAPISTS, 'therapist');
  const agencies = people(settings.postConcurrency, 'agency');
  const licenseExpiry = `${new Date().getUTCFullYear() + 2}-12-31`;

  const client = new pg.Client({ connectionString: app.databaseUrl });
  await client.connect();
  try {
    await client.query('begin');
    const everyone = [...near, ...far, ...agencies];
    await client.query(
      `insert into "user" (id, name, email, email_verified) select id, 'Bench Person ' || n, email, true
       from unnest($1::text[], $2::int[], $3::text[]) as t(id, n, email)`,
      [everyone.map((p) => p.id), everyone.map((p) => p.n), everyone.map((p) => p.email)],
    );
    const therapistRows = [...near.map((p) => ({ ...p, zip: NEAR_ZIP })), ...far.map((p) => ({ ...p, zip: FAR_ZIP }))];
    const therapistParams = [therapistRows.map((p) => p.id), therapistRows.map((p) => p.n), therapistRows.map((p) => p.email), therapistRows.map((p) => p.zip)];
    await client.query(
      `insert into useraccounts (user_id, email, user_type, status)
       select id, email, 'therapist', 'approved' from unnest($1::text[], $2::text[]) as t(id, email)`,
      [therapistParams[0], therapistParams[2]],
    );
    await client.query(
      `insert into therapist_profiles (id, first_name, last_name, email, phone, zip_code, latitude, longitude, disciplines, service_radius_miles, available_for_referrals, years_experience, status)
       select id, 'Bench', 'Therapist ' || n, email, '512-555-0101', zip, latitude, longitude, array['PT'], 25, true, 6, 'approved'
       from unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::float8[], $6::float8[]) as t(id, n, email, zip, latitude, longitude)`,
      // Located as every writer of zip_code locates a therapist (geo/therapist-locations.ts).
      [...therapistParams, therapistRows.map((p) => locationColumnsOf(p.zip).latitude), therapistRows.map((p) => locationColumnsOf(p.zip).longitude)],
    );
    await client.query(
      `insert into user_profiles (id, first_name, last_name, npi_number, license_number, license_state, license_expiry)
       select id, 'Bench', 'Therapist ' || n, '1234567893', 'BENCH-' || n || '-' || zip, 'TX', $5::date
       from unnest($1::text[], $2::int[], $3::text[], $4::text[]) as t(id, n, email, zip)`,
      [...therapistParams, licenseExpiry],
    );
    // The credentials matching requires (REQUIRED_CREDENTIALS' default), verified: without them no
    // therapist is eligible and the referral notifies nobody.
    const credentials = therapistRows.flatMap((p) =>
      readyCredentialRows({
        therapistId: p.id,
        npiNumber: '1234567893',
        licenseNumber: `BENCH-${p.n}-${p.zip}`,
        licenseState: 'TX',
        licenseExpiry,
        verifiedBy: 'bench',
      }),
    );
    await client.query(
      `insert into therapist_credentials (therapist_id, kind, number, issuer, expires_on, status, verified_at, verified_by, verification_method, verification_source)
       select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::date[], $6::text[], $7::timestamptz[], $8::text[], $9::text[], $10::text[])`,
      [
        credentials.map((c) => c.therapistId),
        credentials.map((c) => c.kind),
        credentials.map((c) => c.number ?? ''),
        credentials.map((c) => c.issuer ?? ''),
        credentials.map((c) => c.expiresOn ?? null),
        credentials.map((c) => c.status ?? 'verified'),
        credentials.map((c) => c.verifiedAt ?? null),
        credentials.map((c) => c.verifiedBy ?? null),
        credentials.map((c) => c.verificationMethod ?? null),
        credentials.map((c) => c.verificationSource ?? null),
      ],
    );
    await client.query(
      `insert into therapist_rates (therapist_id, service_id, rate)
       select t.id, s.id, s.default_rate from unnest($1::text[]) as t(id) cross join service_types s`,
      [therapistParams[0]],
    );
    await client.query(
      `insert into useraccounts (user_id, email, user_type, status)
       select id, email, 'agency', 'approved' from unnest($1::text[], $2::text[]) as t(id, email)`,
      [agencies.map((p) => p.id), agencies.map((p) => p.email)],
    );
    await client.query(
      `insert into agency_profiles (id, company_name, contact_email, contact_phone, address, city, state, zip_code, status)
       select id, 'Bench Agency ' || n, email, '512-555-0100', '100 Congress Ave', 'Austin', 'TX', '78701', 'approved'
       from unnest($1::text[], $2::int[], $3::text[]) as t(id, n, email)`,
      [agencies.map((p) => p.id), agencies.map((p) => p.n), agencies.map((p) => p.email)],
    );
    const signedIn = [...near, ...agencies];
    await client.query(
      `insert into session (id, token, expires_at, user_id, ip_address, user_agent)
       select gen_random_uuid()::text, token, now() + interval '1 hour', id, '127.0.0.1', 'carerelay-bench'
       from unnest($1::text[], $2::text[]) as t(id, token)`,
      [signedIn.map((p) => p.id), signedIn.map((p) => p.token)],
    );
    await client.query('commit');
    await seedReferralHistory(client, { agencyIds: agencies.map((p) => p.id), ...HISTORY });
    // Vacuumed as well as analyzed, as generate-market.ts does: the state autovacuum reaches a few
    // minutes later (visibility map set), in which matching reads the credentials' index alone.
    await client.query('vacuum analyze');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
  return {
    therapistIds: near.map((p) => p.id),
    therapistCookies: near.map((p) => cookieFor(p.token)),
    agencyCookies: agencies.map((p) => cookieFor(p.token)),
  };
}
