import { eq } from 'drizzle-orm';
import type { AgencyRecord } from '../../domain/agency-reliability';
import type { Database, Db } from '../db/client';
import { agencyProfiles } from '../db/schema/index';
import { AppError } from '../errors';
import { findTherapistReferral } from '../referrals/queries';
import { isUuid } from '../../domain/uuid';
import { loadAgencyReliability } from '../reliability/agency-reliability';
import type { Caller } from '../use-case';
import { ratingSummary } from './summary';

interface Deps {
  database: Database;
  /** AUTO_APPROVE_DAYS: the agency's review window. */
  reviewDays: number;
}

async function recordOf(db: Db, agencyId: string, reviewDays: number): Promise<AgencyRecord> {
  const [[agency], rating, reliability] = await Promise.all([
    db.select({ name: agencyProfiles.companyName }).from(agencyProfiles).where(eq(agencyProfiles.id, agencyId)),
    ratingSummary(db, agencyId),
    loadAgencyReliability(db, agencyId, { reviewDays }),
  ]);
  return { agencyName: agency?.name ?? '', rating, reliability };
}

/**
 * The rating and reliability of the agency behind a referral, for a therapist it was offered or
 * matched to (so they can judge the agency before accepting); any other referral reads as none.
 */
export async function getReferralAgencyRecord({ database, reviewDays }: Deps, options: Caller & { referralId: string }): Promise<AgencyRecord> {
  const referral = isUuid(options.referralId) ? await findTherapistReferral(database.db, options.actor.userId, options.referralId) : null;
  if (!referral) throw new AppError('NOT_FOUND', 'No such referral.');
  return recordOf(database.db, referral.agencyId, reviewDays);
}

/** The agency's own rating and reliability, as therapists see them. */
export async function getOwnAgencyRecord({ database, reviewDays }: Deps, options: Caller): Promise<AgencyRecord> {
  return recordOf(database.db, options.actor.userId, reviewDays);
}
