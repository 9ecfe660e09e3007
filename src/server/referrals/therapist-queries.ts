import { and, asc, eq, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { CredentialForJudging, CredentialKind } from '../../domain/credentials';
import type { Discipline } from '../../domain/accounts';
import { EARTH_RADIUS_MILES, type GeoPoint } from '../../domain/geo';
import type { LateNotesLimits } from '../../domain/work-standing';
import { credentialsColumn, credentialsCurrentSql, lateNotesColumn, lateNotesFrom, lateNotesWithinLimitsSql, type TherapistStanding } from '../credentials/standing';
import type { Db } from '../db/client';
import { namedStatement, type Queryable } from '../db/named-statement';
import { therapistProfiles, useraccounts } from '../db/schema/index';

/**
 * Therapists as the matching rule reads them: the candidates for a referral, and (for managers,
 * across every tenant) the ones the eligibility view searches and explains.
 */

export type TherapistProfileForMatching = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  status: 'pending' | 'approved' | 'rejected';
  availableForReferrals: boolean;
  disciplines: Discipline[];
  zipCode: string;
  /** The ZIP's centroid as stored with it (geo/therapist-locations.ts); null until located. */
  latitude: number | null;
  longitude: number | null;
  serviceRadiusMiles: number;
  yearsExperience: number | null;
  suspendedAt: Date | null;
  suspensionReason: string | null;
};

const therapistForMatching = {
  id: therapistProfiles.id,
  firstName: therapistProfiles.firstName,
  lastName: therapistProfiles.lastName,
  email: therapistProfiles.email,
  status: useraccounts.status,
  availableForReferrals: therapistProfiles.availableForReferrals,
  disciplines: therapistProfiles.disciplines,
  zipCode: therapistProfiles.zipCode,
  latitude: therapistProfiles.latitude,
  longitude: therapistProfiles.longitude,
  serviceRadiusMiles: therapistProfiles.serviceRadiusMiles,
  yearsExperience: therapistProfiles.yearsExperience,
  // Credentials and late notes are read per batch by credentials/standing.ts.
  suspendedAt: therapistProfiles.suspendedAt,
  suspensionReason: therapistProfiles.suspensionReason,
};

/**
 * The box the therapist's service radius covers contains the patient: the expression of the GiST
 * index therapist_profiles_coverage (migration 0023), written the same so the planner uses it, so a
 * referral reads the therapists near its patient, never the whole state. The box is widened by the
 * domain's rounding (a distance is rounded to a tenth of a mile before it is compared, so up to
 * radius + 0.05 is within it) and a thousandth of a mile, so it never leaves out a therapist the
 * rule would take; earthdistance measures in earth() metres, the domain in miles of 3958.8.
 */
function coverageContains(patient: { latitude: SQL; longitude: SQL }) {
  return sql`earth_box(ll_to_earth(t.latitude, t.longitude), (t.service_radius_miles::float8 + 0.051) * earth() / 3958.8)
    @> ll_to_earth(${patient.latitude}, ${patient.longitude})`;
}

/**
 * domain/geo.ts's greatCircleMiles from the therapist (t) to the patient, rounded to a tenth of a
 * mile as evaluateEligibility rounds it (Math.round is floor(x + 0.5)): the same IEEE operations in
 * the same order, so the database finds the figure the rule finds, down to the rounding.
 */
function milesToPatient(patient: { latitude: SQL; longitude: SQL }) {
  const radians = (degrees: SQL) => sql`((${degrees}) * pi()) / 180`;
  const halfLatitude = sql`sin(${radians(sql`${patient.latitude} - t.latitude`)} / 2)`;
  const halfLongitude = sql`sin(${radians(sql`${patient.longitude} - t.longitude`)} / 2)`;
  const h = sql`least(1::float8, greatest(0::float8, ${halfLatitude} * ${halfLatitude}
    + cos(${radians(sql`t.latitude`)}) * cos(${radians(patient.latitude)}) * (${halfLongitude} * ${halfLongitude})))`;
  return sql`floor(2 * ${EARTH_RADIUS_MILES}::float8 * atan2(sqrt(h.h), sqrt(1 - h.h)) * 10 + 0.5::float8) / 10
    from (select ${h} as h) h`;
}

/** The SQL form of the matching rule is given each value as the rule reads it (see eligibility.ts). */
export type EligibleNearOptions = {
  /** The disciplines any one of which may take every service on the referral (none when it lists none). */
  qualifying: Discipline[];
  patient: GeoPoint;
  /** Trimmed and upper-cased, as the credential rule compares it. */
  patientState: string;
  /** Each kind once. */
  required: readonly CredentialKind[];
  /** The business date (domain/business-date.ts). */
  today: string;
  noteDueHours: number;
  now: Date;
  lateNotes: LateNotesLimits;
};

/**
 * The therapists with a location whom the matching rule (domain/matching.ts, evaluateEligibility)
 * takes for a referral, as a query selecting (therapist_id, distance_miles): approved and not
 * suspended, available, holding a discipline that covers the services, every required credential
 * current, late notes within the limits, and the patient within their radius at the rule's rounded
 * distance, found through the spatial index. The rule stays in the domain, which explains each
 * decision (the manager's eligibility view); this decides the offers without reading each
 * candidate's credentials back, and matching-agreement.int.test.ts holds the two to the same
 * therapists at the same distances on a generated population.
 */
export function eligibleNearSql(options: EligibleNearOptions): SQL {
  const patient = { latitude: sql`${options.patient.latitude}::float8`, longitude: sql`${options.patient.longitude}::float8` };
  return sql`select t.id as therapist_id, d.miles as distance_miles
    from therapist_profiles t
    join useraccounts a on a.user_id = t.id
    cross join lateral (select ${milesToPatient(patient)}) d(miles)
    where a.status = 'approved' and t.suspended_at is null and t.available_for_referrals
      and t.disciplines && ${sql.param(options.qualifying)}::text[]
      and t.service_radius_miles > 0 and ${coverageContains(patient)} and d.miles <= t.service_radius_miles
      and ${credentialsCurrentSql(sql`t.credentials_current`, options)}
      and ${lateNotesWithinLimitsSql(sql`t.id`, {
        noteDueHours: sql`${options.noteDueHours}::int`,
        now: sql`${options.now.toISOString()}::timestamptz`,
        maxOverdue: sql`${options.lateNotes.maxOverdue}::int`,
        maxDaysOverdue: sql`${options.lateNotes.maxDaysOverdue}::int`,
      })}`;
}

/**
 * Therapists whose ZIP was not located yet (geo/therapist-locations.ts locates every one written
 * since, and the rest at start-up) who could be eligible: every rule SQL judges cheaply (approved,
 * not suspended, available, a discipline in `disciplines`, a service radius), through the partial
 * index therapist_profiles_unlocated. The rule judges them by their ZIP (eligibility.ts).
 */
function unlocatedWhere(disciplines: Discipline[] | Placeholder) {
  return and(
    eq(useraccounts.status, 'approved'),
    isNull(therapistProfiles.suspendedAt),
    eq(therapistProfiles.availableForReferrals, true),
    sql`${therapistProfiles.disciplines} && ${disciplines instanceof Array ? sql.param(disciplines) : disciplines}::text[]`,
    sql`${therapistProfiles.serviceRadiusMiles} > 0`,
    isNull(therapistProfiles.latitude),
  );
}

/** The unlocated candidates' query (unlocatedWhere), for reading its plan (the partial index's test). */
export function unlocatedCandidateQuery(db: Db, disciplines: Discipline[]) {
  return db
    .select(therapistForMatching)
    .from(therapistProfiles)
    .innerJoin(useraccounts, eq(useraccounts.userId, therapistProfiles.id))
    .where(unlocatedWhere(disciplines))
    .orderBy(asc(therapistProfiles.id));
}

type CandidateRow = TherapistProfileForMatching & { credentials: CredentialForJudging[]; lateNotes: { overdue: number; oldestDueMs: number | null } };

/**
 * The unlocated candidates (unlocatedWhere) with their standing (credentials on file and late
 * notes, read as credentials/standing.ts reads them) in the same statement. A named prepared
 * statement (db/named-statement.ts): every post runs it, and it nearly always finds nobody.
 */
const unlocatedStatement = namedStatement<CandidateRow>(
  'referral-candidates-unlocated',
  sql`select ${sql.join(
    Object.entries(therapistForMatching).map(([name, column]) => sql`${column} as ${sql.identifier(name)}`),
    sql`, `,
  )},
    ${credentialsColumn(therapistProfiles.id)} as "credentials",
    ${lateNotesColumn(therapistProfiles.id, sql.placeholder('noteDueHours'), sql.placeholder('now'))} as "lateNotes"
  from ${therapistProfiles} inner join ${useraccounts} on ${eq(useraccounts.userId, therapistProfiles.id)}
  where ${unlocatedWhere(sql.placeholder('disciplines'))}
  order by ${therapistProfiles.id}`,
);

/** The unlocated candidates with their standing, on `runner`: the pool, or the client of the post's transaction. */
export async function unlocatedCandidatesWithStanding(
  runner: Queryable,
  options: { disciplines: Discipline[]; noteDueHours: number; now: Date },
): Promise<Array<{ therapist: TherapistProfileForMatching; standing: TherapistStanding }>> {
  const rows = await unlocatedStatement(runner, { disciplines: options.disciplines, noteDueHours: options.noteDueHours, now: options.now.toISOString() });
  return rows.map(({ credentials, lateNotes, ...therapist }) => ({
    therapist,
    standing: {
      credentials,
      suspension: therapist.suspendedAt ? { reason: therapist.suspensionReason } : null,
      lateNotes: lateNotesFrom(lateNotes, options.now),
    },
  }));
}

/** Therapists by name or email for the manager's eligibility view (at most `limit`). */
export async function searchTherapistsForManagers(db: Db, q: string, limit = 25): Promise<TherapistProfileForMatching[]> {
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .select(therapistForMatching)
    .from(therapistProfiles)
    .innerJoin(useraccounts, eq(useraccounts.userId, therapistProfiles.id))
    .where(
      q === ''
        ? undefined
        : sql`(${therapistProfiles.firstName} || ' ' || ${therapistProfiles.lastName}) ilike ${pattern} or ${therapistProfiles.email} ilike ${pattern}`,
    )
    .orderBy(asc(therapistProfiles.lastName), asc(therapistProfiles.firstName))
    .limit(limit);
}

export async function findTherapistForManagers(db: Db, therapistId: string): Promise<TherapistProfileForMatching | null> {
  const [row] = await db
    .select(therapistForMatching)
    .from(therapistProfiles)
    .innerJoin(useraccounts, eq(useraccounts.userId, therapistProfiles.id))
    .where(eq(therapistProfiles.id, therapistId));
  return row ?? null;
}
