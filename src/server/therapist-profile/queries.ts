import { and, asc, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import type { ProfileDetails } from '../../domain/therapist-profile';
import type { Db } from '../db/client';
import { therapistCredentials, therapistProfiles, useraccounts } from '../db/schema/index';

/**
 * Profile SQL. The therapist's own details are keyed by the signed-in user's id; an agency's view of
 * another therapist goes through `agencyHasWorkedWith`, whose `where` is the agency's own
 * referrals, so a forgotten check finds nothing rather than someone else's therapist.
 */

export async function findProfileDetails(db: Db, therapistId: string) {
  const [row] = await db
    .select({
      yearsExperience: therapistProfiles.yearsExperience,
      careSettings: therapistProfiles.careSettings,
      specialties: therapistProfiles.specialties,
      languages: therapistProfiles.languages,
      bio: therapistProfiles.bio,
      dateOfBirth: therapistProfiles.dateOfBirth,
    })
    .from(therapistProfiles)
    .where(eq(therapistProfiles.id, therapistId));
  return row ?? null;
}

/** True when the therapist's profile was found and updated. */
export async function updateProfileDetails(db: Db, therapistId: string, details: ProfileDetails): Promise<boolean> {
  const rows = await db.update(therapistProfiles).set(details).where(eq(therapistProfiles.id, therapistId)).returning({ id: therapistProfiles.id });
  return rows.length > 0;
}

/**
 * Whether the therapist answered one of the agency's referrals, was matched to one, or has a visit
 * with it: the therapists whose profile an agency may open.
 */
export async function agencyHasWorkedWith(db: Db, agencyId: string, therapistId: string): Promise<boolean> {
  const result = await db.execute<{ known: boolean }>(sql`
    select exists (
      select 1 from referral_responses rr join referrals r on r.id = rr.referral_id
      where r.agency_id = ${agencyId} and rr.therapist_id = ${therapistId}
    ) or exists (
      select 1 from referrals r where r.agency_id = ${agencyId} and r.matched_therapist_id = ${therapistId}
    ) or exists (
      select 1 from visits v where v.agency_id = ${agencyId} and v.therapist_id = ${therapistId}
    ) as known`);
  return result.rows[0]?.known === true;
}

/** What an agency reads of a therapist's profile: no contact details, no date of birth, no suspension. */
export async function findPublicProfile(db: Db, therapistId: string) {
  const [row] = await db
    .select({
      id: therapistProfiles.id,
      firstName: therapistProfiles.firstName,
      lastName: therapistProfiles.lastName,
      disciplines: therapistProfiles.disciplines,
      yearsExperience: therapistProfiles.yearsExperience,
      careSettings: therapistProfiles.careSettings,
      specialties: therapistProfiles.specialties,
      languages: therapistProfiles.languages,
      bio: therapistProfiles.bio,
    })
    .from(therapistProfiles)
    .innerJoin(useraccounts, eq(useraccounts.userId, therapistProfiles.id))
    .where(and(eq(therapistProfiles.id, therapistId), eq(useraccounts.userType, 'therapist')));
  return row ?? null;
}

/** The therapists' verified credentials in date on `today` (YYYY-MM-DD), each with its therapist: no documents. */
export async function currentCredentialsOf(db: Db, therapistIds: readonly string[], today: string) {
  if (therapistIds.length === 0) return [];
  return db
    .select({
      therapistId: therapistCredentials.therapistId,
      kind: therapistCredentials.kind,
      status: therapistCredentials.status,
      number: therapistCredentials.number,
      issuer: therapistCredentials.issuer,
      compactPrivilege: therapistCredentials.compactPrivilege,
      expiresOn: therapistCredentials.expiresOn,
      verifiedAt: therapistCredentials.verifiedAt,
    })
    .from(therapistCredentials)
    .where(
      and(
        inArray(therapistCredentials.therapistId, [...therapistIds]),
        eq(therapistCredentials.status, 'verified'),
        or(isNull(therapistCredentials.expiresOn), gte(therapistCredentials.expiresOn, today)),
      ),
    )
    .orderBy(asc(therapistCredentials.kind), asc(therapistCredentials.issuer));
}

/** The agency's own history with the therapist: referrals matched together, visits done, the last one. */
export async function historyTogether(db: Db, agencyId: string, therapistId: string) {
  const result = await db.execute<{ referrals_together: number; visits_completed: number; last_visit_at: Date | string | null }>(sql`
    select
      (select count(*)::int from referrals r where r.agency_id = ${agencyId} and r.matched_therapist_id = ${therapistId}) as referrals_together,
      (select count(*)::int from visits v where v.agency_id = ${agencyId} and v.therapist_id = ${therapistId}
         and v.status in ('completed','documented','approved','paid')) as visits_completed,
      (select max(coalesce(v.check_in_at, v.scheduled_start)) from visits v where v.agency_id = ${agencyId} and v.therapist_id = ${therapistId}
         and v.status in ('completed','documented','approved','paid')) as last_visit_at`);
  const row = result.rows[0];
  return {
    referralsTogether: row?.referrals_together ?? 0,
    visitsCompleted: row?.visits_completed ?? 0,
    lastVisitAt: row?.last_visit_at ? new Date(row.last_visit_at) : null,
  };
}
