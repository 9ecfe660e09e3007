import type { CredentialKind, CredentialStatus } from '../src/domain/credentials';
import type { TherapistProfileForMatching } from '../src/server/referrals/therapist-queries';

/**
 * Many therapists written in a few set-based statements (building thousands through the factories
 * or the API would take minutes): for the matching agreement test and the matching benchmark. Each
 * is a sign-in identity, an account and a profile with exactly the credentials given; no rates,
 * sessions or onboarding records.
 */

/** As matching reads a therapist (suspended when `suspensionReason` is set), with exactly these credentials. */
export type PopulationTherapist = Pick<
  TherapistProfileForMatching,
  'id' | 'status' | 'suspensionReason' | 'availableForReferrals' | 'disciplines' | 'zipCode' | 'latitude' | 'longitude' | 'serviceRadiusMiles'
> & {
  credentials: Array<{ kind: CredentialKind; status: CredentialStatus; issuer: string; expiresOn: string | null }>;
};

/** pg's Pool or Client. */
interface Queryable {
  query(text: string, values?: unknown[]): Promise<unknown>;
}

const CHUNK = 5000;

export async function insertTherapistPopulation(client: Queryable, therapists: readonly PopulationTherapist[]): Promise<void> {
  for (let start = 0; start < therapists.length; start += CHUNK) {
    const chunk = therapists.slice(start, start + CHUNK);
    const ids = chunk.map((t) => t.id);
    const emails = chunk.map((t) => `population-${t.id}@therapists.test`);
    await client.query(
      `insert into "user" (id, name, email, email_verified)
       select id, 'Population Therapist', email, true from unnest($1::text[], $2::text[]) as t(id, email)`,
      [ids, emails],
    );
    await client.query(
      `insert into useraccounts (user_id, email, user_type, status)
       select id, email, 'therapist', status from unnest($1::text[], $2::text[], $3::text[]) as t(id, email, status)`,
      [ids, emails, chunk.map((t) => t.status)],
    );
    await client.query(
      `insert into therapist_profiles (id, first_name, last_name, email, phone, zip_code, latitude, longitude, disciplines,
         service_radius_miles, available_for_referrals, status, suspended_at, suspension_reason)
       select id, 'Population', 'Therapist ' || ordinality, email, '512-555-0101', zip, latitude, longitude,
         string_to_array(disciplines, ',')::text[], radius, available, status,
         case when reason is null then null else now() end, reason
       from unnest($1::text[], $2::text[], $3::text[], $4::float8[], $5::float8[], $6::text[], $7::int[], $8::boolean[], $9::text[], $10::text[])
         with ordinality as t(id, email, zip, latitude, longitude, disciplines, radius, available, status, reason, ordinality)`,
      [
        ids,
        emails,
        chunk.map((t) => t.zipCode),
        chunk.map((t) => t.latitude),
        chunk.map((t) => t.longitude),
        chunk.map((t) => t.disciplines.join(',')),
        chunk.map((t) => t.serviceRadiusMiles),
        chunk.map((t) => t.availableForReferrals),
        chunk.map((t) => t.status),
        chunk.map((t) => t.suspensionReason),
      ],
    );
    const credentials = chunk.flatMap((t) => t.credentials.map((c) => ({ therapistId: t.id, ...c })));
    await client.query(
      `insert into therapist_credentials (therapist_id, kind, status, issuer, expires_on, verified_at, verified_by)
       select therapist_id, kind, status, issuer, expires_on,
         case when status in ('verified', 'expired') then now() end, case when status in ('verified', 'expired') then 'population' end
       from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::date[]) as t(therapist_id, kind, status, issuer, expires_on)`,
      [
        credentials.map((c) => c.therapistId),
        credentials.map((c) => c.kind),
        credentials.map((c) => c.status),
        credentials.map((c) => c.issuer),
        credentials.map((c) => c.expiresOn),
      ],
    );
  }
}

/** A repeatable stream of numbers in [0, 1) (mulberry32), so a generated population is the same every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
