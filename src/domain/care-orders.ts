import { z } from 'zod';
import type { Discipline } from './accounts';
import { isAssistant, type CareVisitType } from './care-visit-types';
import { isCalendarDate } from './onboarding';
import { addDaysToKey } from './time-zones';
import { parseVisitFrequency, visitFrequencySchema, type VisitFrequencySegment } from './visit-frequency';
import type { VisitParty } from './visit-lifecycle';
import { BOOKED_STATUSES, type VisitStatus } from './visits';

/**
 * Orders: after the evaluation the therapist proposes a frequency and duration (`1w1, 2w3`) with
 * goals; the agency approves it (or returns it) and records when it obtained the physician's
 * order, which is the agency's to obtain. The approved version in force sets how many visits may
 * be scheduled and paid each week.
 *
 * Orders are append-only: every change is a new version carrying who made it, when and why, so
 * the history is its own audit. Nothing here reads or writes storage.
 */

/** proposed (by the therapist) → approved | returned (by the agency); a new proposal starts again. */
export const orderStatuses = ['proposed', 'approved', 'returned'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

export interface OrderChange {
  by: { userId: string; party: VisitParty };
  at: Date;
  /** Why: the therapist's rationale for a proposal, the agency's note on an approval or a return. */
  reason: string;
}

export interface OrderVersion {
  /** 1, 2, 3 … in the order the changes were made. */
  version: number;
  status: OrderStatus;
  /** Canonical home health notation (visit-frequency.ts), e.g. "1w1, 2w3". */
  frequency: string;
  /** The first day of week 1, on the patient's clock (YYYY-MM-DD). */
  startDate: string;
  goals: readonly string[];
  /** The day the agency says it obtained the physician's order for this version, once recorded. */
  physicianOrderObtainedOn: string | null;
  change: OrderChange;
}

export const orderMessages = {
  startDate: 'Choose the date week 1 starts',
  goals: 'Write at least one goal',
  goal: 'Write each goal in up to 500 characters',
  reason: 'Say why (up to 500 characters)',
  physicianOrderDate: 'Enter the date the physician’s order was obtained',
} as const;

const reasonSchema = z.string({ error: orderMessages.reason }).trim().min(1, orderMessages.reason).max(500, orderMessages.reason);
const orderDateSchema = (message: string) => z.string({ error: message }).trim().refine(isCalendarDate, message);

/** The therapist's proposal (form and route alike). */
export const proposeOrdersInputSchema = z.object({
  frequency: visitFrequencySchema,
  startDate: orderDateSchema(orderMessages.startDate),
  goals: z
    .array(z.string({ error: orderMessages.goal }).trim().min(1, orderMessages.goal).max(500, orderMessages.goal), { error: orderMessages.goals })
    .min(1, orderMessages.goals)
    .max(20),
  reason: reasonSchema,
});
export type ProposeOrdersInput = z.output<typeof proposeOrdersInputSchema>;

/** The agency's decision on the version it was shown. */
export const decideOrdersInputSchema = z.object({
  version: z.number().int().min(1),
  decision: z.enum(['approve', 'return']),
  physicianOrderObtainedOn: orderDateSchema(orderMessages.physicianOrderDate).nullable().default(null),
  reason: reasonSchema,
});
export type DecideOrdersInput = z.output<typeof decideOrdersInputSchema>;

/** A refused change and why; the server answers it as an AppError with this code. */
export type OrderRefusal = { error: { code: 'FORBIDDEN' | 'CONFLICT'; message: string } };

const latestOf = (history: readonly OrderVersion[]) => history.reduce<OrderVersion | null>((last, v) => (last === null || v.version > last.version ? v : last), null);
const nextNumber = (history: readonly OrderVersion[]) => (latestOf(history)?.version ?? 0) + 1;

/** The therapist who evaluated proposes orders; an assistant may not (they do not plan care). */
export function proposeOrders(
  history: readonly OrderVersion[],
  input: ProposeOrdersInput,
  proposer: { userId: string; discipline: Discipline },
  at: Date,
): OrderVersion | OrderRefusal {
  if (isAssistant(proposer.discipline)) return { error: { code: 'FORBIDDEN', message: 'Orders are proposed by the evaluating therapist, not an assistant' } };
  return {
    version: nextNumber(history),
    status: 'proposed',
    frequency: input.frequency,
    startDate: input.startDate,
    goals: [...input.goals],
    physicianOrderObtainedOn: null,
    change: { by: { userId: proposer.userId, party: 'therapist' }, at, reason: input.reason },
  };
}

/**
 * The agency approves or returns the version it was shown. It must still be the latest and still
 * proposed: deciding on a version the therapist has since replaced would approve what no one read.
 */
export function decideOrders(history: readonly OrderVersion[], input: DecideOrdersInput, agencyUserId: string, at: Date): OrderVersion | OrderRefusal {
  const latest = latestOf(history);
  if (latest === null || latest.version !== input.version) {
    return { error: { code: 'CONFLICT', message: 'These orders have changed since you opened them; review the latest version' } };
  }
  if (latest.status !== 'proposed') return { error: { code: 'CONFLICT', message: 'Only proposed orders can be approved or returned' } };
  return {
    ...latest,
    version: latest.version + 1,
    status: input.decision === 'approve' ? 'approved' : 'returned',
    physicianOrderObtainedOn: input.decision === 'approve' ? input.physicianOrderObtainedOn : null,
    change: { by: { userId: agencyUserId, party: 'agency' }, at, reason: input.reason },
  };
}

/**
 * The approved version in force on `date` (YYYY-MM-DD): the latest approved version whose week 1
 * has begun. A later approval replaces an earlier one from its own start date on.
 */
export function ordersInForce(history: readonly OrderVersion[], date: string): OrderVersion | null {
  return history
    .filter((v) => v.status === 'approved' && v.startDate <= date)
    .reduce<OrderVersion | null>((best, v) => (best === null || v.version > best.version ? v : best), null);
}

/** The last day of the latest approved orders (when the discharge is due), or null before any. */
export function ordersEndDate(history: readonly OrderVersion[]): string | null {
  const approved = history.filter((v) => v.status === 'approved');
  const latest = latestOf(approved);
  if (latest === null) return null;
  return addDaysToKey(latest.startDate, segmentsOf(latest).reduce((days, s) => days + s.weeks * 7, 0) - 1);
}

export type WeekAllowance =
  | { allowed: number; weekStart: string; weekEnd: string; version: number; reason: null }
  | { allowed: 0; weekStart: null; weekEnd: null; version: number | null; reason: string };

/**
 * How many visits the approved orders allow in the week holding `date`. Weeks run 7 days from the
 * orders' start date, as the visit plan lays them out (visits.ts `planVisitDates`).
 */
export function allowedVisitsInWeek(history: readonly OrderVersion[], date: string): WeekAllowance {
  const orders = ordersInForce(history, date);
  if (orders === null) {
    const firstStart = history.filter((v) => v.status === 'approved').map((v) => v.startDate).sort()[0];
    const reason = firstStart ? `The approved orders start on ${firstStart}` : 'No orders have been approved yet';
    return { allowed: 0, weekStart: null, weekEnd: null, version: null, reason };
  }
  const week = Math.floor(daysBetween(orders.startDate, date) / 7);
  let weeksBefore = 0;
  for (const segment of segmentsOf(orders)) {
    if (week < weeksBefore + segment.weeks) {
      const weekStart = addDaysToKey(orders.startDate, week * 7);
      return { allowed: segment.perWeek, weekStart, weekEnd: addDaysToKey(weekStart, 6), version: orders.version, reason: null };
    }
    weeksBefore += segment.weeks;
  }
  const ended = addDaysToKey(orders.startDate, weeksBefore * 7 - 1);
  return { allowed: 0, weekStart: null, weekEnd: null, version: orders.version, reason: `The approved orders ended on ${ended}` };
}

/**
 * Whether a visit uses up the week's allowance: every kind but the evaluation, which comes before
 * the orders it leads to.
 */
export function countsAgainstOrders(type: CareVisitType): boolean {
  return type !== 'evaluation';
}

/**
 * Visits still free in the week holding `date`: the allowance less the visits booked in it
 * (`visits` carry their date on the patient's clock). Scheduling refuses one more at zero.
 */
export function visitsLeftInWeek(
  history: readonly OrderVersion[],
  visits: readonly { type: CareVisitType; status: VisitStatus; date: string }[],
  date: string,
): { left: number; allowance: WeekAllowance } {
  const allowance = allowedVisitsInWeek(history, date);
  if (allowance.weekStart === null) return { left: 0, allowance };
  const { weekStart, weekEnd } = allowance;
  const used = visits.filter((v) => countsAgainstOrders(v.type) && BOOKED_STATUSES.includes(v.status) && v.date >= weekStart && v.date <= weekEnd).length;
  return { left: Math.max(0, allowance.allowed - used), allowance };
}

function segmentsOf(orders: OrderVersion): VisitFrequencySegment[] {
  const parsed = parseVisitFrequency(orders.frequency);
  // Versions are only made from validated input, so a stored frequency that no longer parses allows nothing rather than guessing.
  return 'error' in parsed ? [] : parsed.segments;
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
