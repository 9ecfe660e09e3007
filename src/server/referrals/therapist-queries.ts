import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Discipline } from '../../domain/accounts';
import { holdsCurrentLicenseIn } from '../credentials/standing';
import type { Db } from '../db/client';
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
  serviceRadiusMiles: therapistProfiles.serviceRadiusMiles,
  yearsExperience: therapistProfiles.yearsExperience,
  // Credentials and late notes are read per batch by credentials/standing.ts.
  suspendedAt: therapistProfiles.suspendedAt,
  suspensionReason: therapistProfiles.suspensionReason,
};

/**
 * Therapists who could be eligible for a referral in `state` on `today`: the cheap rules in SQL
 * (approved, not suspended, available, a discipline in `disciplines`, and when a license is
 * required a verified, unexpired one in the state). The matching rule itself then judges each one,
 * so it stays the single source of truth.
 */
export async function candidateTherapists(
  db: Db,
  options: { state: string; today: string; disciplines: Discipline[]; licenseRequired: boolean },
): Promise<TherapistProfileForMatching[]> {
  return db
    .select(therapistForMatching)
    .from(therapistProfiles)
    .innerJoin(useraccounts, eq(useraccounts.userId, therapistProfiles.id))
    .where(
      and(
        eq(useraccounts.status, 'approved'),
        isNull(therapistProfiles.suspendedAt),
        eq(therapistProfiles.availableForReferrals, true),
        sql`${therapistProfiles.disciplines} && ${sql.param(options.disciplines)}::text[]`,
        options.licenseRequired ? holdsCurrentLicenseIn(therapistProfiles.id, options.state, options.today) : undefined,
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
