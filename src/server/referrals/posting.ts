import { eq, getTableColumns, sql } from 'drizzle-orm';
import { referralMessages, type AgencyReferral, type ReferralFields } from '../../domain/referrals';
import { writeAudits } from '../audit/write-audit';
import { inTransaction, type Transaction } from '../db/client';
import { referralServices, referrals } from '../db/schema/index';
import { AppError } from '../errors';
import type { QueuedJob } from '../jobs/queue';
import { locateZip } from '../geo/zip-centroids';
import { agencyNameOf } from '../notifications/subjects';
import { referralTag } from '../notifications/wording';
import type { Caller } from '../use-case';
import { audit, auditEntry, contextOf, enforce, notFound, type Context, type ReferralDeps } from './context';
import { addressed, therapistReferralLink } from './notify';
import { offerToEligible } from './offers';
import { canEditReferral, canPostReferral } from './policy';
import { presentAgencyReferral, presentNewAgencyReferral } from './presenters';
import { findAgencyReferral, liveResponders, replaceServices, servicesOf, type ReferralRow } from './queries';

/**
 * The agency writing and posting a referral: creating it (posted at once or kept as a draft),
 * editing it, posting a draft. Posting offers it to every eligible therapist (offers.ts) in the
 * same transaction, with the audit row and the job that expires it.
 *
 * Creating and posting at once is the marketplace's busiest write, so it asks no more than it
 * must: the referral is inserted already posted (its agency's name read by the same statement),
 * both audit rows go in one statement, and the answer is presented from what the transaction wrote
 * rather than read back.
 */

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
    // The form's blank field is no ordered date.
    orderedStartOfCare: input.orderedStartOfCare || null,
    urgency: input.urgency,
    clinicalSummary: input.clinicalSummary,
    offerOpenHours: input.offerOpenHours,
    instantConfirm: input.instantConfirm,
  };
}

/** The job that closes a posted referral once its offer window has passed (none for a draft). */
function expiryOf(referral: { id: string; expiresAt: Date | null }): QueuedJob[] {
  return referral.expiresAt ? [{ name: 'expire-referral', data: { referralId: referral.id }, startAfter: referral.expiresAt }] : [];
}

/** The columns of a referral posted `now`, open for offers `offerOpenHours`. */
function postedColumns(now: Date, offerOpenHours: number) {
  return { status: 'posted' as const, postedAt: now, expiresAt: new Date(now.getTime() + offerOpenHours * 3_600_000), updatedAt: now };
}

/** The agency's name, read by the statement that inserts its referral (its answer shows it) rather than by one more. */
const insertedAgencyName = sql<string | null>`(select a.company_name from agency_profiles a where a.id = "referrals"."agency_id")`;

export async function createReferral(deps: ReferralDeps, options: Caller & { input: ReferralFields; post: boolean }): Promise<AgencyReferral> {
  const context = contextOf(deps, options);
  const values = referralValues(context.input);
  return inTransaction(context.database, async (t) => {
    const posting = context.post ? postedColumns(new Date(), values.offerOpenHours) : {};
    const [inserted] = await t.tx
      .insert(referrals)
      .values({ ...values, ...posting, agencyId: context.userId })
      .returning({ ...getTableColumns(referrals), agencyName: insertedAgencyName });
    if (!inserted) throw new Error('referral insert returned no row');
    const { agencyName, ...referral } = inserted;
    const services = await t.tx
      .insert(referralServices)
      .values(context.input.services.map((service) => ({ ...service, referralId: referral.id })))
      .returning();
    const { offered: notified, jobs } = context.post ? await offerToEligible(t, context, referral, services) : { offered: 0, jobs: [] };
    await writeAudits(t.tx, [
      auditEntry(context, 'referral.created', referral.id),
      ...(context.post ? [auditEntry(context, 'referral.posted', referral.id, { notified })] : []),
    ]);
    await context.jobs.sendAll([...jobs, ...expiryOf(referral)], { sql: t.sql });
    return presentNewAgencyReferral(referral, services, agencyName ?? '', notified);
  });
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
      const { jobs } = await offerToEligible(t, context, updated, context.input.services, { alsoNotify: changed });
      await context.jobs.sendAll([...jobs, ...expiryOf(updated)], { sql: t.sql });
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
  const [posted] = await t.tx.update(referrals).set(postedColumns(new Date(), draft.offerOpenHours)).where(eq(referrals.id, draft.id)).returning();
  if (!posted?.expiresAt) throw notFound();
  const services = (await servicesOf(t.tx, [posted.id])).get(posted.id) ?? [];
  const { offered, jobs } = await offerToEligible(t, context, posted, services);
  await audit(t, context, 'referral.posted', posted.id, { notified: offered });
  await context.jobs.sendAll([...jobs, ...expiryOf(posted)], { sql: t.sql });
  return posted;
}
