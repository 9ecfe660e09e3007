import type { Discipline } from '../../domain/accounts';
import type { CareClockItem } from '../../domain/care-clock-items';
import { presentCareClock, presentVisitTypeSuggestion, type ReferralCareClocks } from '../../domain/care-clock-view';
import { CARE_DEADLINES_HORIZON_DAYS, CARE_DEADLINES_LIMIT, mostPressingCareDeadlines, type CareDeadlines } from '../../domain/care-deadlines';
import { formatReference } from '../../domain/referral-reference';
import { isReferralDiscipline } from '../../domain/service-eligibility';
import { suggestVisitTypes } from '../../domain/visit-permissions';
import { actingDiscipline } from '../../domain/visit-type-choice';
import { audited, refused } from '../audit/audited-use-case';
import type { Actor } from '../auth/session';
import type { Database } from '../db/client';
import { findReferralOfParty } from '../referrals/parties';
import type { Caller } from '../use-case';
import { AppError } from '../errors';
import { denialError } from '../visits/denials';
import { canListReferralVisits, canScheduleVisits } from '../visits/policy';
import { clocksOf } from './clocks';
import { careFactsOfParty, therapistDisciplines, type CareFacts } from './queries';

export const CARE_CLOCK_ACTIONS = { read: 'care_clocks.read', list: 'care_clocks.list' } as const;

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

/**
 * GET /api/care-clocks: the care deadlines of all the caller's referrals (an agency's own, those a
 * therapist takes part in) for the Schedule — overdue, due soon and upcoming within the horizon,
 * most pressing first, at most CARE_DEADLINES_LIMIT with the count of all. Each names its referral
 * by reference and town only; to the matched therapist it says whether the referral page books it.
 */
export async function listMyCareDeadlines(deps: { database: Database }, options: Caller): Promise<CareDeadlines> {
  const { actor } = options;
  const meta = { actorUserId: actor.userId, action: CARE_CLOCK_ACTIONS.list, entityType: 'referral', entityId: undefined, client: options.client };
  return audited(deps.database, meta, async ({ tx }) => {
    const as = actor.account?.status === 'approved' ? actor.account.userType : null;
    if (as !== 'agency' && as !== 'therapist') return refused(new AppError('FORBIDDEN', 'Care deadlines are for agencies and therapists.'), { reason: 'not_allowed' });

    const now = new Date();
    const entries: Array<{ item: CareClockItem; referenceNumber: number; facts: CareFacts; bookable: (item: CareClockItem) => boolean }> = [];
    const held = as === 'therapist' ? await therapistDisciplines(tx, actor.userId) : [];
    for (const facts of await careFactsOfParty(tx, actor.userId, { as })) {
      const items = clocksOf(facts, now);
      const bookable = bookableOn(actor, facts, items, held);
      for (const item of items) entries.push({ item, referenceNumber: facts.referenceNumber, facts, bookable });
    }
    const { shown, total } = mostPressingCareDeadlines(entries, now);
    return {
      value: {
        items: shown.map(({ item, facts, bookable }) => ({
          ...presentCareClock(item),
          referral: {
            id: facts.referral.id,
            reference: formatReference(facts.referenceNumber),
            city: facts.patientCity,
            state: facts.referral.patientState,
            viewable: as === 'agency' || facts.matchedTherapistId === actor.userId,
          },
          bookable: bookable(item),
        })),
        total,
        limit: CARE_DEADLINES_LIMIT,
        horizonDays: CARE_DEADLINES_HORIZON_DAYS,
      },
      details: { as, count: shown.length, total },
    };
  });
}

/**
 * Which of a referral's items the caller could book from its page: the matched therapist of an
 * active referral (the page offers its schedule form, asking for the second step when it is sent),
 * a visit type they may do (as the form suggests them), not yet booked.
 */
function bookableOn(actor: Actor, facts: CareFacts, items: CareClockItem[], held: Discipline[]): (item: CareClockItem) => boolean {
  const access = canScheduleVisits(actor, { agencyId: facts.agencyId, status: facts.referral.status, matchedTherapistId: facts.matchedTherapistId });
  if (!(access.allowed || access.reason === 'mfa_required') || !isReferralDiscipline(facts.referral.discipline)) return () => false;
  const acting = actingDiscipline(held, facts.referral.discipline);
  if (!acting) return () => false;
  const suggested = new Set(suggestVisitTypes(items, acting, facts.referral.discipline).map((s) => s.visitType));
  return (item) => item.booked === null && item.visitType !== null && suggested.has(item.visitType);
}
