import { eq } from 'drizzle-orm';
import { rateRequestReasonLabels, referralMessages, type ServiceRates, type TherapistReferral } from '../../domain/referrals';
import { inTransaction, type Transaction } from '../db/client';
import { referrals } from '../db/schema/index';
import { AppError } from '../errors';
import { therapistNameOf } from '../notifications/subjects';
import { ratesLine, referralTag } from '../notifications/wording';
import { agencyReferralLink, notifyAgency } from './notify';
import { findOffer, findResponse, findTherapistReferral, servicesOf, setOfferHidden, updateResponse, upsertResponse, type ReferralRow } from './queries';
import { getTherapistReferral } from './read-service';
import type { Caller } from '../use-case';
import { canAnswerReferral } from './policy';
import { matchInTransaction, ratesForServices } from './confirmation';
import { audit, contextOf, enforce, LIVE_RESPONSES, notFound, type Context, type ReferralDeps } from './context';

/**
 * The therapist's side of a referral: answering it, withdrawing, taking or declining a counter,
 * hiding it. Shares the locking and matching rules of service.ts (see its comment).
 */

/** Loads a referral the therapist was offered (locked), or 404; the referral must still be open. */
async function openOfferedReferral(t: Transaction, context: Context, referralId: string): Promise<ReferralRow> {
  const referral = await findTherapistReferral(t.tx, context.userId, referralId, { lock: true });
  if (!referral || !(await findOffer(t.tx, referralId, context.userId))) throw notFound();
  enforce(canAnswerReferral(referral));
  return referral;
}

type Response =
  | { kind: 'accept' }
  | { kind: 'rate_request'; rates: ServiceRates; reason: 'complex_case' | 'long_distance' | 'other'; note: string }
  | { kind: 'decline'; note: string };

export async function respondToReferral(deps: ReferralDeps, options: Caller & { referralId: string; response: Response }): Promise<TherapistReferral> {
  const context = contextOf(deps, options);
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
      const who = await therapistNameOf(t.tx, context.userId);
      const tag = referralTag(referral);
      // The therapist's free-text note stays on the referral page: typed text is not repeated in notifications.
      await notifyAgency(
        t,
        referral.agencyId,
        answer.kind === 'accept'
          ? {
              type: 'referral.accepted',
              title: `${who} accepted ${tag}`,
              body: `At your offered rates: ${ratesLine(services, requestedRates)}. Review them and confirm the match.`,
              link: agencyReferralLink(referral.id),
            }
          : {
              type: 'referral.rate_requested',
              title: `${who} asked for a higher rate on ${tag}`,
              body: `${ratesLine(services, requestedRates, { rates: offered, word: 'you offered' })}. Reason: ${rateRequestReasonLabels[answer.reason]}. Confirm it, or make a counter offer.`,
              link: agencyReferralLink(referral.id),
            },
      );
    }
  });
  return getTherapistReferral(context, { actor: context.actor, client: context.client, referralId: context.referralId });
}

export async function withdrawResponse(deps: ReferralDeps, options: Caller & { referralId: string }): Promise<TherapistReferral> {
  const context = contextOf(deps, options);
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
        title: `${await therapistNameOf(t.tx, context.userId)} withdrew their response to ${referralTag(referral)}`,
        body: 'Their answer no longer counts toward the match.',
        link: agencyReferralLink(referral.id),
      });
    }
  });
  return getTherapistReferral(context, { actor: context.actor, client: context.client, referralId: context.referralId });
}

export async function answerCounter(deps: ReferralDeps, options: Caller & { referralId: string; accept: boolean }): Promise<TherapistReferral> {
  const context = contextOf(deps, options);
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
    const services = (await servicesOf(t.tx, [referral.id])).get(referral.id) ?? [];
    const counter = ratesLine(services, existing.counterRates);
    const who = await therapistNameOf(t.tx, context.userId);
    await notifyAgency(t, referral.agencyId, {
      type: context.accept ? 'referral.counter_accepted' : 'referral.counter_declined',
      title: `${who} ${context.accept ? 'accepted' : 'declined'} your counter offer on ${referralTag(referral)}`,
      body: context.accept ? `Agreed: ${counter}. Confirm the match to assign the referral.` : `They did not take ${counter}.`,
      link: agencyReferralLink(referral.id),
    });
  });
  return getTherapistReferral(context, { actor: context.actor, client: context.client, referralId: context.referralId });
}

export async function hideReferral(deps: ReferralDeps, options: Caller & { referralId: string; hidden: boolean }): Promise<TherapistReferral> {
  const context = contextOf(deps, options);
  const { db } = context.database;
  if (!(await findOffer(db, context.referralId, context.userId))) throw notFound();
  await setOfferHidden(db, context.referralId, context.userId, context.hidden);
  return getTherapistReferral(context, { actor: context.actor, client: context.client, referralId: context.referralId });
}

