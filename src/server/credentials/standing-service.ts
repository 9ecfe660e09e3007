import { presentReferralStanding, type ReferralStanding } from '../../domain/work-standing';
import type { Database } from '../db/client';
import type { Caller } from '../use-case';
import { referralsPausedFor, type StandingConfig } from './standing';

/** The signed-in therapist's own standing: why new referrals stopped, each reason with where to fix it. */
export async function getReferralStanding(deps: { database: Database; config: StandingConfig }, { actor }: Caller): Promise<ReferralStanding> {
  return presentReferralStanding(await referralsPausedFor(deps.database.db, deps.config, actor.userId));
}
