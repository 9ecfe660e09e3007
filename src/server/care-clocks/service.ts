import { presentCareClock, presentVisitTypeSuggestion, type ReferralCareClocks } from '../../domain/care-clock-view';
import { isReferralDiscipline } from '../../domain/service-eligibility';
import { suggestVisitTypes } from '../../domain/visit-permissions';
import { actingDiscipline } from '../../domain/visit-type-choice';
import { audited, refused } from '../audit/audited-use-case';
import type { Database } from '../db/client';
import { findReferralOfParty } from '../referrals/parties';
import type { Caller } from '../use-case';
import { denialError } from '../visits/denials';
import { canListReferralVisits } from '../visits/policy';
import { clocksOf } from './clocks';
import { careFactsOfParty, therapistDisciplines } from './queries';

export const CARE_CLOCK_ACTIONS = { read: 'care_clocks.read' } as const;

/**
 * GET /api/referrals/:id/care-clocks: what is due on the referral, by when and by whom, for its
 * agency and its matched therapist (the same parties who see its visits); to the therapist also the
 * visit types they may book, most pressing first. Audited like the visits it is computed from.
 */
export async function getReferralCareClocks(deps: { database: Database }, options: Caller & { referralId: string }): Promise<ReferralCareClocks> {
  const { actor, referralId } = options;
  const meta = { actorUserId: actor.userId, action: CARE_CLOCK_ACTIONS.read, entityType: 'referral', entityId: referralId, client: options.client };
  return audited(deps.database, meta, async ({ tx }) => {
    const referral = await findReferralOfParty(tx, referralId, actor.userId);
    const access = canListReferralVisits(actor, referral);
    if (!access.allowed || !referral) return refused(denialError('no_access', { entity: 'referral' }), { reason: 'no_access' });

    // A closed referral runs no clocks: nothing is due on it any more.
    const [facts] = await careFactsOfParty(tx, actor.userId, { referralId });
    const items = facts ? clocksOf(facts, new Date()) : [];
    let suggestions: ReferralCareClocks['suggestedVisitTypes'] = [];
    if (facts && access.as === 'therapist' && isReferralDiscipline(facts.referral.discipline)) {
      const acting = actingDiscipline(await therapistDisciplines(tx, actor.userId), facts.referral.discipline);
      if (acting) suggestions = suggestVisitTypes(items, acting, facts.referral.discipline).map(presentVisitTypeSuggestion);
    }
    return {
      value: { referralId, items: items.map(presentCareClock), suggestedVisitTypes: suggestions },
      details: { as: access.as, count: items.length },
    };
  });
}
