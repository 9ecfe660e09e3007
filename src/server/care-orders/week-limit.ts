import { careTimeZone, visitTime } from '../../domain/care-clock-items';
import { countsAgainstOrders, visitsLeftInWeek } from '../../domain/care-orders';
import type { CareVisitType } from '../../domain/care-visit-types';
import { dateKeyIn } from '../../domain/time-zones';
import { refused, type Refusal } from '../audit/audited-use-case';
import { careFactsOfParty } from '../care-clocks/queries';
import type { Db } from '../db/client';
import { AppError } from '../errors';

/**
 * Scheduling within the approved orders: once a referral has approved orders, a visit that counts
 * against them (any but the evaluation) may be booked only in a week they still leave room in, on
 * the patient's calendar. Before any approval nothing is limited here (the service's visit count
 * still is): the evaluation and the first visits come before the orders they lead to. The caller
 * holds the referral's lock, so two bookings cannot both take a week's last visit. `movingVisitId`:
 * a visit being rescheduled, which no longer takes its old place.
 */
export async function beyondApprovedOrders(
  tx: Db,
  asked: { userId: string; referralId: string; visitType: CareVisitType; start: Date; movingVisitId?: string },
): Promise<Refusal | null> {
  if (!countsAgainstOrders(asked.visitType)) return null;
  const [facts] = await careFactsOfParty(tx, asked.userId, { referralId: asked.referralId });
  if (!facts || !facts.orders.some((v) => v.status === 'approved')) return null;
  const timeZone = careTimeZone(facts.referral);
  const booked = facts.visits.filter((v) => v.id !== asked.movingVisitId).map((v) => ({ type: v.type, status: v.status, date: dateKeyIn(visitTime(v), timeZone) }));
  const { left, allowance } = visitsLeftInWeek(facts.orders, booked, dateKeyIn(asked.start, timeZone));
  if (left > 0) return null;
  const message =
    allowance.weekStart === null
      ? `${allowance.reason}: book visits within the approved orders.`
      : `The approved orders allow ${allowance.allowed} visit${allowance.allowed === 1 ? '' : 's'} in the week of ${allowance.weekStart} to ${allowance.weekEnd}, and that many are already scheduled. Choose another week or ask the agency to change the orders.`;
  return refused(new AppError('CONFLICT', message, { scheduledStart: message }), { reason: 'beyond_orders', version: allowance.version });
}
