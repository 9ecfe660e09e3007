import { and, asc, eq, sql } from 'drizzle-orm';
import type { Discipline } from '../../domain/accounts';
import type { Db } from '../db/client';
import { therapistProfiles, userProfiles, useraccounts } from '../db/schema/index';

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
  serviceRadiusMiles: number;
  yearsExperience: number | null;
  licenseState: string | null;
  licenseExpiry: string | null;
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
  serviceRadiusMiles: therapistProfiles.serviceRadiusMiles,
  yearsExperience: therapistProfiles.yearsExperience,
  // For an approved account user_profiles holds only the credential a manager approved: a change
  // made since waits in credential_changes, which matching never reads. So until that change is
  // approved the therapist is matched on the approved license (not the submitted one).
  licenseState: userProfiles.licenseState,
  licenseExpiry: userProfiles.licenseExpiry,
};

/**
 * Therapists who could be eligible for a referral in `state` on `today`: the cheap rules in SQL
 * (approved, available, a discipline in `disciplines`, licensed in the state, unexpired). The
 * matching rule itself then judges each one, so it stays the single source of truth.
 */
export async function candidateTherapists(
  db: Db,
  options: { state: string; today: string; disciplines: Discipline[] },
): Promise<TherapistProfileForMatching[]> {
  return db
    .select(therapistForMatching)
    .from(therapistProfiles)
    .innerJoin(useraccounts, eq(useraccounts.userId, therapistProfiles.id))
    .innerJoin(userProfiles, eq(userProfiles.id, therapistProfiles.id))
    .where(
      and(
        eq(useraccounts.status, 'approved'),
        eq(therapistProfiles.availableForReferrals, true),
        sql`${therapistProfiles.disciplines} && ${sql.param(options.disciplines)}::text[]`,
        sql`upper(${userProfiles.licenseState}) = ${options.state.toUpperCase()}`,
        sql`${userProfiles.licenseExpiry} >= ${options.today}::date`,
      ),
    )
    .orderBy(asc(therapistProfiles.id));
}

/** Therapists by name or email for the manager's eligibility view (at most `limit`). */
export async function searchTherapistsForManagers(db: Db, q: string, limit = 25): Promise<TherapistProfileForMatching[]> {
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .select(therapistForMatching)
    .from(therapistProfiles)
    .innerJoin(useraccounts, eq(useraccounts.userId, therapistProfiles.id))
    .leftJoin(userProfiles, eq(userProfiles.id, therapistProfiles.id))
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
    .leftJoin(userProfiles, eq(userProfiles.id, therapistProfiles.id))
    .where(eq(therapistProfiles.id, therapistId));
  return row ?? null;
}
