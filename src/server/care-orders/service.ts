import { presentOrderVersion, type ReferralOrders } from '../../domain/care-order-view';
import {
  decideOrders,
  proposeOrders,
  type DecideOrdersInput,
  type OrderRefusal,
  type OrderVersion,
  type ProposeOrdersInput,
} from '../../domain/care-orders';
import { isHeld } from '../../domain/care-visit-types';
import { isReferralDiscipline } from '../../domain/service-eligibility';
import { actingDiscipline } from '../../domain/visit-type-choice';
import { audited, refused, type Outcome } from '../audit/audited-use-case';
import { careFactsOfParty, therapistDisciplines } from '../care-clocks/queries';
import type { Database, Db } from '../db/client';
import { AppError } from '../errors';
import { findReferralOfParty } from '../referrals/parties';
import type { Caller } from '../use-case';
import { denialError } from '../visits/denials';
import { canChangeOrders, canReadOrders } from './policy';
import { insertOrderVersion, orderHistory } from './queries';

export const CARE_ORDER_ACTIONS = { read: 'care_orders.read', propose: 'care_orders.propose', decide: 'care_orders.decide' } as const;

type Deps = { database: Database };
const metaOf = (caller: Caller, action: string, referralId: string) => ({
  actorUserId: caller.actor.userId,
  action,
  entityType: 'referral',
  entityId: referralId,
  client: caller.client,
});

async function answer(tx: Db, referralId: string, as: 'agency' | 'therapist'): Promise<ReferralOrders> {
  const history = await orderHistory(tx, referralId);
  return { referralId, as, versions: history.map(presentOrderVersion).reverse() };
}

const refusalOf = (result: OrderRefusal) => refused(new AppError(result.error.code, result.error.message), { reason: result.error.code.toLowerCase() });

/** GET /api/referrals/:id/orders: every version of the referral's orders, for its two parties (others 404). */
export async function listCareOrders(deps: Deps, options: Caller & { referralId: string }): Promise<ReferralOrders> {
  const { actor, referralId } = options;
  return audited(deps.database, metaOf(options, CARE_ORDER_ACTIONS.read, referralId), async ({ tx }) => {
    const referral = await findReferralOfParty(tx, referralId, actor.userId);
    const access = canReadOrders(actor, referral);
    if (!access.allowed) return refused(denialError(access.reason, { entity: 'referral' }), { reason: access.reason });
    const value = await answer(tx, referralId, access.as);
    return { value, details: { as: access.as, versions: value.versions.length } };
  });
}

/**
 * POST /api/referrals/:id/orders: the matched therapist proposes orders once the evaluation has
 * been held. The referral is locked, so concurrent changes are numbered one after the other.
 */
export async function proposeCareOrders(deps: Deps, options: Caller & { referralId: string; input: ProposeOrdersInput }): Promise<ReferralOrders> {
  const { actor, referralId } = options;
  return audited(deps.database, metaOf(options, CARE_ORDER_ACTIONS.propose, referralId), async ({ tx }): Promise<Outcome<ReferralOrders>> => {
    const referral = await findReferralOfParty(tx, referralId, actor.userId, { lock: true });
    const access = canChangeOrders(actor, referral, 'therapist');
    if (!access.allowed) {
      const error = denialError(access.reason, { entity: 'referral', notAllowed: 'Only the matched therapist proposes orders.' });
      return refused(error, { reason: access.reason });
    }
    const [facts] = await careFactsOfParty(tx, actor.userId, { referralId });
    const discipline = facts?.referral.discipline;
    if (!facts || !discipline || !isReferralDiscipline(discipline)) return refused(denialError('referral_closed', { entity: 'referral' }), { reason: 'referral_closed' });
    if (!facts.visits.some((v) => v.type === 'evaluation' && v.discipline === discipline && isHeld(v.status))) {
      return refused(new AppError('CONFLICT', 'Propose orders after the evaluation visit has been held.'), { reason: 'no_evaluation' });
    }
    const acting = actingDiscipline(await therapistDisciplines(tx, actor.userId), discipline);
    if (!acting) return refused(denialError('not_allowed', { entity: 'referral' }), { reason: 'not_allowed' });
    const result = proposeOrders(await orderHistory(tx, referralId), options.input, { userId: actor.userId, discipline: acting }, new Date());
    if ('error' in result) return refusalOf(result);
    await insertOrderVersion(tx, referralId, result, null);
    return { value: await answer(tx, referralId, 'therapist'), details: { version: result.version, status: result.status, frequency: result.frequency } };
  });
}

/**
 * POST /api/referrals/:id/orders/decide: the agency approves (recording when it obtained the
 * physician's order) or returns the version it was shown. Of two decisions at once, the one that
 * takes the referral's lock first is written; the other finds the version changed (CONFLICT).
 */
export async function decideCareOrders(deps: Deps, options: Caller & { referralId: string; input: DecideOrdersInput }): Promise<ReferralOrders> {
  const { actor, referralId, input } = options;
  return audited(deps.database, metaOf(options, CARE_ORDER_ACTIONS.decide, referralId), async ({ tx }): Promise<Outcome<ReferralOrders>> => {
    const referral = await findReferralOfParty(tx, referralId, actor.userId, { lock: true });
    const access = canChangeOrders(actor, referral, 'agency');
    if (!access.allowed) {
      const error = denialError(access.reason, { entity: 'referral', notAllowed: 'Only the referral’s agency approves or returns orders.' });
      return refused(error, { reason: access.reason });
    }
    if (input.decision === 'approve' && input.physicianOrderObtainedOn === null) {
      const message = 'Enter the date the physician’s order was obtained';
      return refused(new AppError('VALIDATION', message, { physicianOrderObtainedOn: message }), { reason: 'no_physician_order' });
    }
    const history = await orderHistory(tx, referralId);
    const result = decideOrders(history, input, actor.userId, new Date());
    if ('error' in result) return refusalOf(result);
    const proposal: OrderVersion | undefined = history.find((v) => v.version === input.version);
    await insertOrderVersion(tx, referralId, result, proposal ?? null);
    return { value: await answer(tx, referralId, 'agency'), details: { version: result.version, status: result.status } };
  });
}
