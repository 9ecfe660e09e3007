import { and, eq, sql } from 'drizzle-orm';
import type { ServiceTypeId } from '../../domain/accounts';
import {
  referralMessages,
  type AgencyReferral,
  type ReferralFields,
  type ServiceRates,
} from '../../domain/referrals';
import { cannotConfirmMessage, cannotWorkMessage } from '../../domain/work-standing';
import { writeAudit } from '../audit/write-audit';
import { standingOf, type StandingConfig } from '../credentials/standing';
import { inTransaction, type Database, type Transaction } from '../db/client';
import { referrals } from '../db/schema/index';
import { locateZip } from '../geo/zip-centroids';
import type { Caller } from '../use-case';
import { AppError } from '../errors';
import type { JobQueue } from '../jobs/queue';
import { findEligibleTherapists } from './eligibility';
import type { NewNotification } from '../notifications/service';
import { agencyNameOf, therapistNameOf } from '../notifications/subjects';
import { ratesLine, referralTag } from '../notifications/wording';
import { addressed, agencyReferralLink, newReferralAlerts, notifyAgency, notifyAll, notifyTherapists, therapistReferralLink } from './notify';
import {
  closeOtherResponses,
  findAgencyReferral,
  findResponseOf,
  insertAgreedRates,
  insertOffers,
  insertReferral,
  liveResponders,
  offeredTherapistIds,
  replaceServices,
  servicesOf,
  updateResponse,
  type ReferralRow,
  type ResponseRow,
} from './queries';
import { canCancelReferral, canConfirmResponse, canCounterResponse, canEditReferral, canPostReferral, FILLED_OR_CLOSED, type Decision } from './policy';
import { presentAgencyReferral } from './presenters';

/**
 * The referral marketplace's use cases on the agency's side, and the locking and matching they share
 * with the therapist's side (therapist-service.ts). Each runs in one transaction with its audit row, its
 * notifications (announced on commit) and its jobs, so a failure leaves nothing half-done.
 *
 * Concurrency: every use case that changes a referral's state first locks the referral row
 * (SELECT … FOR UPDATE), so answers, counters, confirmations and cancellations of one referral
 * happen one at a time. The match itself is also a conditional update (status = 'posted'), which
 * is what makes "exactly one therapist" hold even if a future path forgets the lock.
 */

export interface ReferralDeps {
  database: Database;
  jobs: JobQueue;
  /** What offers and confirmations judge a therapist's standing by (REQUIRED_CREDENTIALS, LATE_NOTES_*). */
  config: StandingConfig;
}

/** What a use case carries through its steps: its dependencies, the caller (and its id) and its input. */
export type Context = ReferralDeps & Caller & { userId: string };

export function contextOf<T extends Caller>(deps: ReferralDeps, options: T): ReferralDeps & T & { userId: string } {
  return { database: deps.database, jobs: deps.jobs, config: deps.config, ...options, userId: options.actor.userId };
}

export const LIVE_RESPONSES = ['accepted', 'rate_requested', 'countered'] as const;

export function audit(t: Transaction, context: Context, action: string, referralId: string, details?: Record<string, unknown>) {
  return writeAudit(t.tx, {
    actorUserId: context.userId,
    action,
    entityType: 'referral',
    entityId: referralId,
    outcome: 'success',
    ipAddress: context.client.ipAddress,
    userAgent: context.client.userAgent,
    details,
  });
}

export const notFound = () => new AppError('NOT_FOUND', 'No such referral.');

/** A state the policy refuses is answered 409 with its words. */
export function enforce(decision: Decision): void {
  if (!decision.allowed) throw new AppError('CONFLICT', decision.message);
}

function placeOf(zip: string) {
  const place = locateZip(zip);
  if (!place) throw new AppError('VALIDATION', referralMessages.zipUnknown, { patientZip: referralMessages.zipUnknown });
  return place;
}

function referralValues(input: ReferralFields) {
  const place = placeOf(input.patientZip);
  return {
    discipline: input.discipline,
    patientZip: place.zip,
    patientCity: place.city,
    patientState: place.state,
    latitude: place.latitude,
    longitude: place.longitude,
    visitFrequency: input.visitFrequency,
    startBy: input.startBy,
    urgency: input.urgency,
    clinicalSummary: input.clinicalSummary,
    offerOpenHours: input.offerOpenHours,
    instantConfirm: input.instantConfirm,
  };
}

// ---- Agency ----

export async function createReferral(deps: ReferralDeps, options: Caller & { input: ReferralFields; post: boolean }): Promise<AgencyReferral> {
  const context = contextOf(deps, options);
  const values = referralValues(context.input);
  const row = await inTransaction(context.database, async (t) => {
    let referral = await insertReferral(t.tx, { ...values, agencyId: context.userId });
    await replaceServices(t.tx, referral.id, context.input.services);
    await audit(t, context, 'referral.created', referral.id);
    if (context.post) referral = await postInTransaction(t, context, referral);
    return referral;
  });
  return presentAgencyReferral(context.database.db, row);
}

export async function updateReferral(deps: ReferralDeps, options: Caller & { referralId: string; input: ReferralFields }): Promise<AgencyReferral> {
  const context = contextOf(deps, options);
  const values = referralValues(context.input);
  const row = await inTransaction(context.database, async (t) => {
    const current = await findAgencyReferral(t.tx, context.userId, context.referralId, { lock: true });
    if (!current) throw notFound();
    enforce(canEditReferral(current));
    const expiresAt = current.postedAt ? new Date(current.postedAt.getTime() + values.offerOpenHours * 3_600_000) : null;
    const [updated] = await t.tx
      .update(referrals)
      .set({ ...values, expiresAt, updatedAt: new Date() })
      .where(eq(referrals.id, current.id))
      .returning();
    if (!updated) throw notFound();
    await replaceServices(t.tx, updated.id, context.input.services);
    await audit(t, context, 'referral.updated', updated.id);
    if (updated.status === 'posted') {
      // Therapists who already answered are told it changed; anyone newly eligible is offered it.
      const responders = await liveResponders(t.tx, updated.id);
      const changed = addressed(responders, {
        type: 'referral.updated',
        title: `${referralTag(updated)} was updated`,
        body: `${await agencyNameOf(t.tx, updated.agencyId)} changed this ${updated.discipline} referral after you answered. Review it before the match.`,
        link: therapistReferralLink(updated.id),
      });
      await offerToEligible(t, context, updated, changed);
      if (expiresAt) await context.jobs.send('expire-referral', { referralId: updated.id }, { sql: t.sql, startAfter: expiresAt });
    }
    return updated;
  });
  return presentAgencyReferral(context.database.db, row);
}

export async function postReferral(deps: ReferralDeps, options: Caller & { referralId: string }): Promise<AgencyReferral> {
  const context = contextOf(deps, options);
  const row = await inTransaction(context.database, async (t) => {
    const current = await findAgencyReferral(t.tx, context.userId, context.referralId, { lock: true });
    if (!current) throw notFound();
    enforce(canPostReferral(current));
    return postInTransaction(t, context, current);
  });
  return presentAgencyReferral(context.database.db, row);
}

async function postInTransaction(t: Transaction, context: Context, draft: ReferralRow): Promise<ReferralRow> {
  const now = new Date();
  const expiresAt = new Date(now.getTime() + draft.offerOpenHours * 3_600_000);
  const [posted] = await t.tx
    .update(referrals)
    .set({ status: 'posted', postedAt: now, expiresAt, updatedAt: now })
    .where(eq(referrals.id, draft.id))
    .returning();
  if (!posted) throw notFound();
  const offered = await offerToEligible(t, context, posted);
  await audit(t, context, 'referral.posted', posted.id, { notified: offered });
  await context.jobs.send('expire-referral', { referralId: posted.id }, { sql: t.sql, startAfter: expiresAt });
  return posted;
}

/**
 * Offers the referral to every eligible therapist not yet offered it, notifies them in-app at once
 * (announced on commit) and queues their email and SMS alerts. `alsoNotify` goes out in the same
 * call (see notifyAll). Returns how many were new.
 */
async function offerToEligible(t: Transaction, context: Context, referral: ReferralRow, alsoNotify: NewNotification[] = []): Promise<number> {
  const services = (await servicesOf(t.tx, [referral.id])).get(referral.id) ?? [];
  const eligible = await findEligibleTherapists(t.tx, context.config, { ...referral, services: services.map((s) => s.serviceId as ServiceTypeId) });
  const already = await offeredTherapistIds(t.tx, referral.id);
  const fresh = eligible.filter(({ therapist }) => !already.has(therapist.id));
  const inserted = await insertOffers(
    t.tx,
    referral.id,
    fresh.map(({ therapist, distanceMiles }) => ({ therapistId: therapist.id, distanceMiles })),
  );
  const distances = new Map(fresh.map(({ therapist, distanceMiles }) => [therapist.id, distanceMiles]));
  await notifyAll(t, [
    ...alsoNotify,
    ...newReferralAlerts(
      referral,
      services,
      inserted.map((therapistId) => ({ therapistId, distanceMiles: distances.get(therapistId) ?? 0 })),
    ),
  ]);
  if (inserted.length === 0) return 0;
  // One job, committed with the offers, queues the per-therapist alerts afterwards: queueing
  // thousands of jobs here would hold the agency's request (and the referral's lock) for them.
  await context.jobs.send('referral-alerts', { referralId: referral.id, therapistIds: inserted }, { sql: t.sql });
  return inserted.length;
}

export async function cancelReferral(deps: ReferralDeps, options: Caller & { referralId: string; reason: string }): Promise<AgencyReferral> {
  const context = contextOf(deps, options);
  const row = await inTransaction(context.database, async (t) => {
    const current = await findAgencyReferral(t.tx, context.userId, context.referralId, { lock: true });
    if (!current) throw notFound();
    enforce(canCancelReferral(current));
    const now = new Date();
    const [cancelled] = await t.tx
      .update(referrals)
      .set({ status: 'cancelled', cancelledAt: now, closedAt: now, cancelReason: context.reason, updatedAt: now })
      .where(eq(referrals.id, current.id))
      .returning();
    if (!cancelled) throw notFound();
    const responders = await liveResponders(t.tx, current.id);
    await notifyTherapists(t, responders, {
      type: 'referral.cancelled',
      title: `${referralTag(current)} was cancelled`,
      body: `${await agencyNameOf(t.tx, current.agencyId)} cancelled this ${current.discipline} referral you answered.`,
      link: therapistReferralLink(current.id),
    });
    await audit(t, context, 'referral.cancelled', current.id, { reason: context.reason });
    return cancelled;
  });
  return presentAgencyReferral(context.database.db, row);
}

/** The agency's own referral (locked) and one of its responses, or 404. */
async function loadResponse(t: Transaction, context: Context & { referralId: string; responseId: string }) {
  const current = await findAgencyReferral(t.tx, context.userId, context.referralId, { lock: true });
  if (!current) throw notFound();
  const response = await findResponseOf(t.tx, current.id, context.responseId);
  if (!response) throw new AppError('NOT_FOUND', 'No such response.');
  return { current, response };
}

/** The agency confirms one response: the therapist is matched at the rates they asked (or the counter they took). */
export async function confirmResponse(deps: ReferralDeps, options: Caller & { referralId: string; responseId: string }): Promise<AgencyReferral> {
  const context = contextOf(deps, options);
  const row = await inTransaction(context.database, async (t) => {
    const { current, response } = await loadResponse(t, context);
    return matchInTransaction(t, context, current, response, { by: 'agency' });
  });
  return presentAgencyReferral(context.database.db, row);
}

/**
 * Matches `response`'s therapist to the referral. The referral row is already locked; the update
 * is still conditional on status 'posted', so a second match can never succeed.
 */
export async function matchInTransaction(
  t: Transaction,
  context: Context,
  referral: ReferralRow,
  response: ResponseRow,
  how: { by: 'agency' | 'instant' },
): Promise<ReferralRow> {
  enforce(canConfirmResponse(referral, response));
  await enforceStanding(t, context, referral, response.therapistId, how);
  const now = new Date();
  const [matched] = await t.tx
    .update(referrals)
    .set({ status: 'matched', matchedAt: now, matchedTherapistId: response.therapistId, matchedResponseId: response.id, updatedAt: now })
    .where(and(eq(referrals.id, referral.id), eq(referrals.status, 'posted')))
    .returning();
  if (!matched) throw new AppError('CONFLICT', FILLED_OR_CLOSED);

  const services = (await servicesOf(t.tx, [referral.id])).get(referral.id) ?? [];
  const agreed = Object.fromEntries(services.map((s) => [s.serviceId, response.requestedRates[s.serviceId] ?? s.offeredRate]));
  await insertAgreedRates(t.tx, referral.id, agreed);
  await updateResponse(t.tx, response.id, { status: 'confirmed' });
  const others = await closeOtherResponses(t.tx, referral.id, response.id);

  const tag = referralTag(referral);
  const agencyName = await agencyNameOf(t.tx, referral.agencyId);
  const rates = ratesLine(services, agreed);
  await notifyAll(t, [
    ...addressed([response.therapistId], {
      type: 'referral.matched',
      title: `You were matched to ${tag}`,
      body: `${agencyName} confirmed you at ${rates}. Patient details will follow in the app.`,
      link: therapistReferralLink(referral.id),
    }),
    ...addressed(others, {
      type: 'referral.filled',
      title: `${tag} was filled`,
      body: `${agencyName} matched another therapist. Thank you for responding.`,
      link: therapistReferralLink(referral.id),
    }),
    ...(how.by === 'instant'
      ? addressed([referral.agencyId], {
          type: 'referral.matched',
          title: `${await therapistNameOf(t.tx, response.therapistId)} was matched to ${tag}`,
          body: `They accepted your offered rates (${rates}) and were matched automatically. Add the patient details next.`,
          link: agencyReferralLink(referral.id),
        })
      : []),
  ]);
  await writeAudit(t.tx, {
    actorUserId: context.userId,
    action: how.by === 'instant' ? 'referral.matched_instantly' : 'referral.matched',
    entityType: 'referral',
    entityId: referral.id,
    outcome: 'success',
    ipAddress: context.client.ipAddress,
    userAgent: context.client.userAgent,
    details: { therapistId: response.therapistId, responseId: response.id, agreedRates: agreed },
  });
  return matched;
}

/**
 * A therapist who now fails the credential rule, or is suspended, is not matched: the agency is
 * told which credential; on instant confirm the therapist accepting is told, in their words.
 */
async function enforceStanding(t: Transaction, context: Context, referral: ReferralRow, therapistId: string, how: { by: 'agency' | 'instant' }) {
  const problems = await standingOf(t.tx, context.config, therapistId, referral.patientState);
  if (problems.length === 0) return;
  const message =
    how.by === 'instant' ? cannotWorkMessage('be matched', problems) : cannotConfirmMessage(await therapistNameOf(t.tx, therapistId), problems);
  throw new AppError('CONFLICT', message);
}

export async function counterResponse(deps: ReferralDeps, options: Caller & { referralId: string; responseId: string; rates: ServiceRates; note: string }): Promise<AgencyReferral> {
  const context = contextOf(deps, options);
  const row = await inTransaction(context.database, async (t) => {
    const { current, response } = await loadResponse(t, context);
    enforce(canCounterResponse(current, response));
    const services = (await servicesOf(t.tx, [current.id])).get(current.id) ?? [];
    const counter = ratesForServices(services, context.rates, (s) => response.requestedRates[s.serviceId] ?? s.offeredRate);
    const same = services.every((s) => counter[s.serviceId] === (response.requestedRates[s.serviceId] ?? s.offeredRate));
    if (same) throw new AppError('VALIDATION', referralMessages.counterHigher, { rates: referralMessages.counterHigher });
    await updateResponse(t.tx, response.id, { status: 'countered', counterRates: counter, counterNote: context.note || null });
    const asked = Object.fromEntries(services.map((s) => [s.serviceId, response.requestedRates[s.serviceId] ?? s.offeredRate]));
    await notifyTherapists(t, [response.therapistId], {
      type: 'referral.countered',
      title: `${await agencyNameOf(t.tx, current.agencyId)} made a counter offer on ${referralTag(current)}`,
      body: `They offer ${ratesLine(services, counter, { rates: asked, word: 'you asked' })}. Accept or decline it.`,
      link: therapistReferralLink(current.id),
    });
    await audit(t, context, 'referral.countered', current.id, { responseId: response.id, counterRates: counter });
    return current;
  });
  return presentAgencyReferral(context.database.db, row);
}

/** Rates for every service on the referral: the given ones where present (only its services), else `fallback`. */
export function ratesForServices(
  services: { serviceId: string; offeredRate: number }[],
  given: ServiceRates,
  fallback: (service: { serviceId: string; offeredRate: number }) => number,
): Record<string, number> {
  const known = new Set(services.map((s) => s.serviceId));
  const unknown = Object.keys(given).find((id) => !known.has(id));
  if (unknown) throw new AppError('VALIDATION', 'This service is not on the referral.', { [`rates.${unknown}`]: 'This service is not on the referral' });
  return Object.fromEntries(services.map((s) => [s.serviceId, given[s.serviceId as ServiceTypeId] ?? fallback(s)]));
}

/** Closes a posted referral whose offer window has passed (the expire-referral job). */
export async function expireReferral(database: Database, referralId: string): Promise<boolean> {
  return inTransaction(database, async (t) => {
    const [expired] = await t.tx
      .update(referrals)
      .set({ status: 'expired', closedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(referrals.id, referralId), eq(referrals.status, 'posted'), sql`${referrals.expiresAt} <= now()`))
      .returning();
    if (!expired) return false;
    await notifyAgency(t, expired.agencyId, {
      type: 'referral.expired',
      title: `${referralTag(expired)} expired unfilled`,
      body: `The offer window of this ${expired.discipline} referral closed without a match. Edit and post a new referral to try again.`,
      link: agencyReferralLink(expired.id),
    });
    await writeAudit(t.tx, { actorUserId: null, action: 'referral.expired', entityType: 'referral', entityId: expired.id, outcome: 'success' });
    return true;
  });
}
