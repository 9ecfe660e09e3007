import { and, asc, eq, isNull, or, sql, type Placeholder } from 'drizzle-orm';
import type { CredentialForJudging } from '../../domain/credentials';
import type { Discipline } from '../../domain/accounts';
import type { GeoPoint } from '../../domain/geo';
import { credentialsColumn, lateNotesColumn, lateNotesFrom, type TherapistStanding } from '../credentials/standing';
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
 * The patient within the box the therapist's radius covers, then within the radius itself: both
 * widened by the domain's rounding (a distance is rounded to a tenth of a mile before it is compared,
 * so up to radius + 0.05 is within it) and a thousandth of a mile for the two formulas' floating
 * point, so this never leaves out a therapist the rule would take; the rule then decides. The box
 * is the expression of the GiST index therapist_profiles_coverage (migration 0023), written the same
 * so the planner uses it; earthdistance measures in earth() metres, the domain in miles of 3958.8.
 */
function coversPatient(patient: Bound<GeoPoint>) {
  const { latitude, longitude, serviceRadiusMiles } = therapistProfiles;
  const therapistPoint = sql`ll_to_earth(${latitude}, ${longitude})`;
  const patientPoint = sql`ll_to_earth(${patient.latitude}::float8, ${patient.longitude}::float8)`;
  const reach = sql`(${serviceRadiusMiles}::float8 + 0.051) * earth() / 3958.8`;
  return sql`(earth_box(${therapistPoint}, ${reach}) @> ${patientPoint} and earth_distance(${therapistPoint}, ${patientPoint}) <= ${reach})`;
}

export type CandidateOptions = { disciplines: Discipline[]; patient: GeoPoint };

/** A value, or the placeholder a named statement binds it to on each run (db/named-statement.ts). */
type Bound<T> = { [K in keyof T]: T[K] | Placeholder };

/**
 * Therapists who could be eligible for a referral whose patient is at `patient`: every rule SQL
 * can judge cheaply and exactly or more loosely (approved, not suspended, available, a discipline
 * in `disciplines`, a service radius covering the patient), found through the spatial index, so a
 * post reads the therapists near its patient, never the whole state. Therapists whose ZIP was not
 * located yet come along to be judged by it. The matching rule then judges each one, credentials
 * and late notes too, so it stays the single source of truth; this may return more than it
 * accepts, never fewer. (The credentials were once judged here as well, with five lookups per
 * candidate; now that every candidate's credentials are read anyway, the rule alone judges them.)
 */
function candidateWhere(options: { disciplines: Bound<CandidateOptions>['disciplines']; patient: Bound<GeoPoint> }) {
  return and(
    eq(useraccounts.status, 'approved'),
    isNull(therapistProfiles.suspendedAt),
    eq(therapistProfiles.availableForReferrals, true),
    sql`${therapistProfiles.disciplines} && ${options.disciplines instanceof Array ? sql.param(options.disciplines) : options.disciplines}::text[]`,
    sql`${therapistProfiles.serviceRadiusMiles} > 0`,
    or(coversPatient(options.patient), isNull(therapistProfiles.latitude)),
  );
}

/** The candidates' query (candidateWhere), for reading its plan (the spatial index's test). */
export function candidateQuery(db: Db, options: CandidateOptions) {
  return db
    .select(therapistForMatching)
    .from(therapistProfiles)
    .innerJoin(useraccounts, eq(useraccounts.userId, therapistProfiles.id))
    .where(candidateWhere(options))
    .orderBy(asc(therapistProfiles.id));
}

type CandidateRow = TherapistProfileForMatching & { credentials: CredentialForJudging[]; lateNotes: { overdue: number; oldestDueMs: number | null } };

/**
 * The candidates (candidateWhere) with their standing (credentials on file and late notes, read as
 * credentials/standing.ts reads them) in the same statement: a post judges them all, and reading
 * the standing in two more queries was a third of what matching cost. A named prepared statement
 * (db/named-statement.ts): every post runs it, and building it with drizzle and planning it each
 * time cost more than the database's work for a post notifying ten.
 */
const candidatesStatement = namedStatement<CandidateRow>(
  'referral-candidates',
  sql`select ${sql.join(
    Object.entries(therapistForMatching).map(([name, column]) => sql`${column} as ${sql.identifier(name)}`),
    sql`, `,
  )},
    ${credentialsColumn(therapistProfiles.id)} as "credentials",
    ${lateNotesColumn(therapistProfiles.id, sql.placeholder('noteDueHours'), sql.placeholder('now'))} as "lateNotes"
  from ${therapistProfiles} inner join ${useraccounts} on ${eq(useraccounts.userId, therapistProfiles.id)}
  where ${candidateWhere({
    disciplines: sql.placeholder('disciplines'),
    patient: { latitude: sql.placeholder('latitude'), longitude: sql.placeholder('longitude') },
  })}`,
);

/** The candidates with their standing, on `runner`: the pool, or the client of the post's transaction. */
export async function candidatesWithStanding(
  runner: Queryable,
  options: CandidateOptions & { noteDueHours: number; now: Date },
): Promise<Array<{ therapist: TherapistProfileForMatching; standing: TherapistStanding }>> {
  const rows = await candidatesStatement(runner, {
    disciplines: options.disciplines,
    latitude: options.patient.latitude,
    longitude: options.patient.longitude,
    noteDueHours: options.noteDueHours,
    now: options.now.toISOString(),
  });
  // Sorted here rather than by the database: with their credentials the rows are wide, and a post
  // to thousands sorted them on disk. The order is the recipients' lock order (notifications/service.ts, lockedRecipients).
  rows.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
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
