import { and, eq } from 'drizzle-orm';
import type { ServiceTypeId } from '../../domain/accounts';
import { referralMessages, type AgencyReferral, type ServiceRates } from '../../domain/referrals';
import { cannotConfirmMessage, cannotWorkMessage } from '../../domain/work-standing';
import { writeAudit } from '../audit/write-audit';
import { standingOf } from '../credentials/standing';
import { inTransaction, type Transaction } from '../db/client';
import { referrals } from '../db/schema/index';
import { AppError } from '../errors';
import { agencyNameOf, therapistNameOf } from '../notifications/subjects';
import { ratesLine, referralTag } from '../notifications/wording';
import type { Caller } from '../use-case';
import { audit, contextOf, enforce, notFound, type Context, type ReferralDeps } from './context';
import { addressed, agencyReferralLink, notifyAll, notifyTherapists, therapistReferralLink } from './notify';
import { canConfirmResponse, canCounterResponse, FILLED_OR_CLOSED } from './policy';
import { presentAgencyReferral } from './presenters';
import { closeOtherResponses, findAgencyReferral, findResponseOf, insertAgreedRates, servicesOf, updateResponse, type ReferralRow, type ResponseRow } from './queries';

/**
 * Settling a posted referral's responses: the agency confirms one (or a therapist's acceptance
 * confirms itself on instant confirm: therapist-service.ts) or counters a rate request. The referral
 * row is locked first, so the answers to one referral are settled one at a time.
 */

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
