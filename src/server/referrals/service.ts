import { and, eq, sql } from 'drizzle-orm';
import type { ServiceTypeId } from '../../domain/accounts';
import {
  referralMessages,
  type AgencyReferral,
  type ReferralFields,
  type ServiceRates,
  type TherapistReferral,
} from '../../domain/referrals';
import { writeAudit } from '../audit/write-audit';
import { inTransaction, type Database, type Transaction } from '../db/client';
import { referrals } from '../db/schema/index';
import { locateZip } from '../geo/zip-centroids';
import { AppError } from '../http/errors';
import type { JobQueue } from '../jobs/queue';
import { findEligibleTherapists } from './eligibility';
import type { NewNotification } from '../notifications/service';
import { addressed, agencyReferralLink, newReferralAlert, notifyAgency, notifyAll, notifyTherapists, therapistReferralLink } from './notify';
import {
  closeOtherResponses,
  findAgencyReferral,
  findOffer,
  findResponse,
  findResponseOf,
  findTherapistReferral,
  insertAgreedRates,
  insertOffers,
  insertReferral,
  liveResponders,
  offeredTherapistIds,
  replaceServices,
  servicesOf,
  setOfferHidden,
  updateResponse,
  upsertResponse,
  type ReferralRow,
  type ResponseRow,
} from './queries';
import { presentAgencyReferral } from './presenters';
import { getTherapistReferral } from './read-service';

/**
 * The referral marketplace's use cases. Each runs in one transaction with its audit row, its
 * notifications (announced on commit) and its jobs, so a failure leaves nothing half-done.
 *
 * Concurrency: every use case that changes a referral's state first locks the referral row
 * (SELECT … FOR UPDATE), so answers, counters, confirmations and cancellations of one referral
 * happen one at a time. The match itself is also a conditional update (status = 'posted'), which
 * is what makes "exactly one therapist" hold even if a future path forgets the lock.
 */

export interface Client {
  ipAddress: string;
  userAgent?: string;
}

interface Context {
  database: Database;
  jobs: JobQueue;
  userId: string;
  client: Client;
}

const LIVE_RESPONSES = ['accepted', 'rate_requested', 'countered'] as const;

function audit(t: Transaction, context: Context, action: string, referralId: string, details?: Record<string, unknown>) {
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

const notFound = () => new AppError('NOT_FOUND', 'No such referral.');

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

export async function createReferral(context: Context & { input: ReferralFields; post: boolean }): Promise<AgencyReferral> {
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

export async function updateReferral(context: Context & { referralId: string; input: ReferralFields }): Promise<AgencyReferral> {
  const values = referralValues(context.input);
  const row = await inTransaction(context.database, async (t) => {
    const current = await findAgencyReferral(t.tx, context.userId, context.referralId, { lock: true });
    if (!current) throw notFound();
    if (current.status !== 'draft' && current.status !== 'posted') {
      throw new AppError('CONFLICT', 'This referral can no longer be edited: it has been matched or closed.');
    }
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
        title: 'A referral you answered was updated',
        body: 'The agency changed the referral. Review it before the match.',
        link: therapistReferralLink(updated.id),
      });
      await offerToEligible(t, context, updated, changed);
      if (expiresAt) await context.jobs.send('expire-referral', { referralId: updated.id }, { sql: t.sql, startAfter: expiresAt });
    }
    return updated;
  });
  return presentAgencyReferral(context.database.db, row);
}

export async function postReferral(context: Context & { referralId: string }): Promise<AgencyReferral> {
  const row = await inTransaction(context.database, async (t) => {
    const current = await findAgencyReferral(t.tx, context.userId, context.referralId, { lock: true });
    if (!current) throw notFound();
    if (current.status !== 'draft') throw new AppError('CONFLICT', 'Only a draft can be posted; this referral is already ' + current.status + '.');
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
  const eligible = await findEligibleTherapists(t.tx, { ...referral, services: services.map((s) => s.serviceId as ServiceTypeId) });
  const already = await offeredTherapistIds(t.tx, referral.id);
  const fresh = eligible.filter(({ therapist }) => !already.has(therapist.id));
  const inserted = await insertOffers(
    t.tx,
    fresh.map(({ therapist, distanceMiles }) => ({ referralId: referral.id, therapistId: therapist.id, distanceMiles })),
  );
  await notifyAll(t, [...alsoNotify, ...inserted.map((therapistId) => newReferralAlert(referral, therapistId))]);
  if (inserted.length === 0) return 0;
  await context.jobs.sendMany(
    'referral-alert',
    inserted.map((therapistId) => ({ referralId: referral.id, therapistId })),
    { sql: t.sql },
  );
  return inserted.length;
}

export async function cancelReferral(context: Context & { referralId: string; reason: string }): Promise<AgencyReferral> {
  const row = await inTransaction(context.database, async (t) => {
    const current = await findAgencyReferral(t.tx, context.userId, context.referralId, { lock: true });
    if (!current) throw notFound();
    if (current.status !== 'draft' && current.status !== 'posted') {
      throw new AppError('CONFLICT', `This referral is ${current.status} and can no longer be cancelled.`);
    }
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
      title: 'A referral you answered was cancelled',
      body: 'The agency cancelled the referral.',
      link: therapistReferralLink(current.id),
    });
    await audit(t, context, 'referral.cancelled', current.id, { reason: context.reason });
    return cancelled;
  });
  return presentAgencyReferral(context.database.db, row);
}

/** The agency confirms one response: the therapist is matched at the rates they asked (or the counter they took). */
export async function confirmResponse(context: Context & { referralId: string; responseId: string }): Promise<AgencyReferral> {
  const row = await inTransaction(context.database, async (t) => {
    const current = await findAgencyReferral(t.tx, context.userId, context.referralId, { lock: true });
    if (!current) throw notFound();
    const response = await findResponseOf(t.tx, current.id, context.responseId);
    if (!response) throw new AppError('NOT_FOUND', 'No such response.');
    return matchInTransaction(t, context, current, response, { by: 'agency' });
  });
  return presentAgencyReferral(context.database.db, row);
}

/**
 * Matches `response`'s therapist to the referral. The referral row is already locked; the update
 * is still conditional on status 'posted', so a second match can never succeed.
 */
async function matchInTransaction(
  t: Transaction,
  context: Context,
  referral: ReferralRow,
  response: ResponseRow,
  how: { by: 'agency' | 'instant' },
): Promise<ReferralRow> {
  if (referral.status !== 'posted') throw new AppError('CONFLICT', 'This referral has already been filled or closed.');
  if (referral.expiresAt && referral.expiresAt <= new Date()) throw new AppError('CONFLICT', 'This referral’s offer has expired.');
  if (response.status !== 'accepted' && response.status !== 'rate_requested') {
    throw new AppError('CONFLICT', 'Only an acceptance or a rate request can be confirmed; this response is ' + response.status.replace('_', ' ') + '.');
  }
  const now = new Date();
  const [matched] = await t.tx
    .update(referrals)
    .set({ status: 'matched', matchedAt: now, matchedTherapistId: response.therapistId, matchedResponseId: response.id, updatedAt: now })
    .where(and(eq(referrals.id, referral.id), eq(referrals.status, 'posted')))
    .returning();
  if (!matched) throw new AppError('CONFLICT', 'This referral has already been filled or closed.');

  const services = (await servicesOf(t.tx, [referral.id])).get(referral.id) ?? [];
  const agreed = Object.fromEntries(services.map((s) => [s.serviceId, response.requestedRates[s.serviceId] ?? s.offeredRate]));
  await insertAgreedRates(t.tx, referral.id, agreed);
  await updateResponse(t.tx, response.id, { status: 'confirmed' });
  const others = await closeOtherResponses(t.tx, referral.id, response.id);

  await notifyAll(t, [
    ...addressed([response.therapistId], {
      type: 'referral.matched',
      title: 'You were matched to a referral',
      body: 'The agency confirmed you. Patient details will follow in the app.',
      link: therapistReferralLink(referral.id),
    }),
    ...addressed(others, {
      type: 'referral.filled',
      title: 'A referral you answered was filled',
      body: 'The agency matched another therapist. Thank you for responding.',
      link: therapistReferralLink(referral.id),
    }),
    ...(how.by === 'instant'
      ? addressed([referral.agencyId], {
          type: 'referral.matched',
          title: 'Your referral was matched',
          body: 'A therapist accepted at your offered rates and was matched automatically. Add the patient details next.',
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

export async function counterResponse(context: Context & { referralId: string; responseId: string; rates: ServiceRates; note: string }): Promise<AgencyReferral> {
  const row = await inTransaction(context.database, async (t) => {
    const current = await findAgencyReferral(t.tx, context.userId, context.referralId, { lock: true });
    if (!current) throw notFound();
    const response = await findResponseOf(t.tx, current.id, context.responseId);
    if (!response) throw new AppError('NOT_FOUND', 'No such response.');
    if (current.status !== 'posted') throw new AppError('CONFLICT', 'This referral has already been filled or closed.');
    if (response.status !== 'rate_requested' && response.status !== 'countered') {
      throw new AppError('CONFLICT', 'Only a rate request can be countered.');
    }
    const services = (await servicesOf(t.tx, [current.id])).get(current.id) ?? [];
    const counter = ratesForServices(services, context.rates, (s) => response.requestedRates[s.serviceId] ?? s.offeredRate);
    const same = services.every((s) => counter[s.serviceId] === (response.requestedRates[s.serviceId] ?? s.offeredRate));
    if (same) throw new AppError('VALIDATION', referralMessages.counterHigher, { rates: referralMessages.counterHigher });
    await updateResponse(t.tx, response.id, { status: 'countered', counterRates: counter, counterNote: context.note || null });
    await notifyTherapists(t, [response.therapistId], {
      type: 'referral.countered',
      title: 'The agency made a counter offer',
      body: 'Review the rates the agency offered and accept or decline them.',
      link: therapistReferralLink(current.id),
    });
    await audit(t, context, 'referral.countered', current.id, { responseId: response.id, counterRates: counter });
    return current;
  });
  return presentAgencyReferral(context.database.db, row);
}

/** Rates for every service on the referral: the given ones where present (only its services), else `fallback`. */
function ratesForServices(
  services: { serviceId: string; offeredRate: number }[],
  given: ServiceRates,
  fallback: (service: { serviceId: string; offeredRate: number }) => number,
): Record<string, number> {
  const known = new Set(services.map((s) => s.serviceId));
  const unknown = Object.keys(given).find((id) => !known.has(id));
  if (unknown) throw new AppError('VALIDATION', 'This service is not on the referral.', { [`rates.${unknown}`]: 'This service is not on the referral' });
  return Object.fromEntries(services.map((s) => [s.serviceId, given[s.serviceId as ServiceTypeId] ?? fallback(s)]));
}

// ---- Therapist ----

/** Loads a referral the therapist was offered (locked), or 404; the referral must still be open. */
async function openOfferedReferral(t: Transaction, context: Context, referralId: string): Promise<ReferralRow> {
  const referral = await findTherapistReferral(t.tx, context.userId, referralId, { lock: true });
  if (!referral || !(await findOffer(t.tx, referralId, context.userId))) throw notFound();
  if (referral.status !== 'posted') {
    throw new AppError('CONFLICT', referral.status === 'matched' || referral.status === 'in_progress' || referral.status === 'completed' ? 'This referral has already been filled.' : `This referral is ${referral.status}.`);
  }
  if (referral.expiresAt && referral.expiresAt <= new Date()) throw new AppError('CONFLICT', 'This referral’s offer has expired.');
  return referral;
}

type Response =
  | { kind: 'accept' }
  | { kind: 'rate_request'; rates: ServiceRates; reason: 'complex_case' | 'long_distance' | 'other'; note: string }
  | { kind: 'decline'; note: string };

export async function respondToReferral(context: Context & { referralId: string; response: Response }): Promise<TherapistReferral> {
  await inTransaction(context.database, async (t) => {
    const referral = await openOfferedReferral(t, context, context.referralId);
    const existing = await findResponse(t.tx, referral.id, context.userId);
    if (existing && (existing.status === 'confirmed' || existing.status === 'not_selected')) {
      throw new AppError('CONFLICT', 'This referral has already been filled.');
    }
    const services = (await servicesOf(t.tx, [referral.id])).get(referral.id) ?? [];
    const offered = Object.fromEntries(services.map((s) => [s.serviceId, s.offeredRate]));
    const { response: answer } = context;

    let requestedRates = offered;
    if (answer.kind === 'rate_request') {
      requestedRates = ratesForServices(services, answer.rates, (s) => s.offeredRate);
      const lower = services.find((s) => (requestedRates[s.serviceId] ?? 0) < s.offeredRate);
      if (lower) {
        throw new AppError('VALIDATION', 'A rate request cannot be below the offered rate.', {
          [`rates.${lower.serviceId}`]: `Ask for at least the offered $${lower.offeredRate}`,
        });
      }
      if (services.every((s) => requestedRates[s.serviceId] === s.offeredRate)) {
        throw new AppError('VALIDATION', referralMessages.rateRequestHigher, { rates: referralMessages.rateRequestHigher });
      }
      if (answer.reason === 'other' && answer.note.trim() === '') {
        throw new AppError('VALIDATION', referralMessages.rateRequestNote, { note: referralMessages.rateRequestNote });
      }
    }

    const status = answer.kind === 'accept' ? 'accepted' : answer.kind === 'rate_request' ? 'rate_requested' : 'declined';
    const saved = await upsertResponse(t.tx, {
      referralId: referral.id,
      therapistId: context.userId,
      status,
      requestedRates,
      reason: answer.kind === 'rate_request' ? answer.reason : null,
      note: answer.kind === 'accept' ? null : answer.note || null,
    });
    if (answer.kind !== 'decline' && !referral.firstResponseAt) {
      await t.tx.update(referrals).set({ firstResponseAt: new Date() }).where(eq(referrals.id, referral.id));
    }
    await audit(t, context, `referral.response_${status}`, referral.id, { responseId: saved.id, requestedRates: answer.kind === 'rate_request' ? requestedRates : undefined });

    if (answer.kind === 'accept' && referral.instantConfirm) {
      await matchInTransaction(t, context, referral, saved, { by: 'instant' });
      return;
    }
    if (answer.kind !== 'decline') {
      await notifyAgency(t, referral.agencyId, {
        type: answer.kind === 'accept' ? 'referral.accepted' : 'referral.rate_requested',
        title: answer.kind === 'accept' ? 'A therapist accepted your referral' : 'A therapist asked for a higher rate',
        body: answer.kind === 'accept' ? 'Review the therapist and confirm the match.' : 'Review the request: confirm it, or make a counter offer.',
        link: agencyReferralLink(referral.id),
      });
    }
  });
  return getTherapistReferral(context.database, context.userId, context.referralId);
}

export async function withdrawResponse(context: Context & { referralId: string }): Promise<TherapistReferral> {
  await inTransaction(context.database, async (t) => {
    const referral = await openOfferedReferral(t, context, context.referralId);
    const existing = await findResponse(t.tx, referral.id, context.userId);
    if (!existing || existing.status === 'withdrawn') throw new AppError('NOT_FOUND', 'You have no response to withdraw.');
    if (existing.status === 'confirmed' || existing.status === 'not_selected') throw new AppError('CONFLICT', 'This referral has already been filled.');
    await updateResponse(t.tx, existing.id, { status: 'withdrawn' });
    await audit(t, context, 'referral.response_withdrawn', referral.id, { responseId: existing.id });
    if ((LIVE_RESPONSES as readonly string[]).includes(existing.status)) {
      await notifyAgency(t, referral.agencyId, {
        type: 'referral.withdrawn',
        title: 'A therapist withdrew their response',
        body: 'One of the responses to your referral was withdrawn.',
        link: agencyReferralLink(referral.id),
      });
    }
  });
  return getTherapistReferral(context.database, context.userId, context.referralId);
}

export async function answerCounter(context: Context & { referralId: string; accept: boolean }): Promise<TherapistReferral> {
  await inTransaction(context.database, async (t) => {
    const referral = await openOfferedReferral(t, context, context.referralId);
    const existing = await findResponse(t.tx, referral.id, context.userId);
    if (!existing || existing.status !== 'countered' || !existing.counterRates) throw new AppError('CONFLICT', 'There is no counter offer to answer.');
    await updateResponse(
      t.tx,
      existing.id,
      context.accept ? { status: 'accepted', requestedRates: existing.counterRates } : { status: 'declined' },
    );
    await audit(t, context, context.accept ? 'referral.counter_accepted' : 'referral.counter_declined', referral.id, { responseId: existing.id });
    await notifyAgency(t, referral.agencyId, {
      type: context.accept ? 'referral.counter_accepted' : 'referral.counter_declined',
      title: context.accept ? 'A therapist accepted your counter offer' : 'A therapist declined your counter offer',
      body: context.accept ? 'Confirm the match to assign the referral.' : 'The therapist did not take the rates you offered.',
      link: agencyReferralLink(referral.id),
    });
  });
  return getTherapistReferral(context.database, context.userId, context.referralId);
}

export async function hideReferral(context: Context & { referralId: string; hidden: boolean }): Promise<TherapistReferral> {
  const { db } = context.database;
  if (!(await findOffer(db, context.referralId, context.userId))) throw notFound();
  await setOfferHidden(db, context.referralId, context.userId, context.hidden);
  return getTherapistReferral(context.database, context.userId, context.referralId);
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
      title: 'A referral expired unfilled',
      body: 'The offer window closed without a match. Edit and post a new referral to try again.',
      link: agencyReferralLink(expired.id),
    });
    await writeAudit(t.tx, { actorUserId: null, action: 'referral.expired', entityType: 'referral', entityId: expired.id, outcome: 'success' });
    return true;
  });
}
