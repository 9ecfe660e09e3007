import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  agencyProfiles,
  patients,
  referralAgreedRates,
  referralOffers,
  referralResponses,
  referrals,
  referralServices,
  therapistProfiles,
  therapistRates,
  userProfiles,
  useraccounts,
} from '../db/schema/index';

/**
 * Referral queries. Tenant scoping is in each `where`: an agency's queries take its id, a
 * therapist's go through their offer or their match. The few that see every tenant are named
 * `…ForManagers`.
 */

export type ReferralRow = typeof referrals.$inferSelect;
export type ReferralServiceRow = typeof referralServices.$inferSelect;
export type ResponseRow = typeof referralResponses.$inferSelect;

export async function insertReferral(db: Db, values: typeof referrals.$inferInsert): Promise<ReferralRow> {
  const [row] = await db.insert(referrals).values(values).returning();
  if (!row) throw new Error('referral insert returned no row');
  return row;
}

export async function replaceServices(db: Db, referralId: string, services: Omit<ReferralServiceRow, 'referralId'>[]) {
  await db.delete(referralServices).where(eq(referralServices.referralId, referralId));
  await db.insert(referralServices).values(services.map((service) => ({ ...service, referralId })));
}

/** The agency's own referral, locked for the rest of the transaction when `lock` is set. */
export async function findAgencyReferral(db: Db, agencyId: string, id: string, options: { lock?: boolean } = {}) {
  const query = db
    .select()
    .from(referrals)
    .where(and(eq(referrals.id, id), eq(referrals.agencyId, agencyId)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

/**
 * A referral as a therapist may reach it: offered to them, or matched to them. Locked when asked,
 * so concurrent answers to one referral are taken one at a time (the instant-confirm race).
 */
export async function findTherapistReferral(db: Db, therapistId: string, id: string, options: { lock?: boolean } = {}) {
  const reachable = sql`(${referrals.matchedTherapistId} = ${therapistId} or exists (
    select 1 from ${referralOffers} where ${referralOffers.referralId} = ${referrals.id} and ${referralOffers.therapistId} = ${therapistId}))`;
  const query = db
    .select()
    .from(referrals)
    .where(and(eq(referrals.id, id), reachable));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function servicesOf(db: Db, referralIds: string[]): Promise<Map<string, ReferralServiceRow[]>> {
  const map = new Map<string, ReferralServiceRow[]>();
  if (referralIds.length === 0) return map;
  const rows = await db
    .select()
    .from(referralServices)
    .where(inArray(referralServices.referralId, referralIds))
    .orderBy(asc(referralServices.referralId));
  for (const row of rows) map.set(row.referralId, [...(map.get(row.referralId) ?? []), row]);
  return map;
}

/** What a list entry shows beside a referral's own columns. */
export interface ReferralSummaryFacts {
  services: Pick<ReferralServiceRow, 'serviceId' | 'visitCount' | 'offeredRate'>[];
  notifiedCount: number;
  responseCount: number;
  matchedTherapistName: string | null;
}

/**
 * The services, notified and live-response counts and matched therapist's name of a referral, as
 * columns beside its own. The first three are kept on the referral itself by triggers (migration
 * 0026: recounted in the transaction of every write to offers, responses and services), so a page
 * of 25 reads 25 rows and not some 1,600 offers; the name is a lookup by the therapist's key. The
 * outer table is named in full: drizzle leaves a lone table's columns unqualified, and a bare "id"
 * inside the subquery would be the inner table's.
 */
export const summaryFactColumns = {
  services: referrals.servicesSummary,
  notifiedCount: referrals.offerCount,
  responseCount: referrals.responseCount,
  matchedTherapistName: sql<string | null>`(select t.first_name || ' ' || t.last_name from therapist_profiles t where t.id = referrals.matched_therapist_id)`,
};

export async function agencyNamesOf(db: Db, agencyIds: string[]): Promise<Map<string, string>> {
  if (agencyIds.length === 0) return new Map();
  const rows = await db
    .select({ id: agencyProfiles.id, name: agencyProfiles.companyName })
    .from(agencyProfiles)
    .where(inArray(agencyProfiles.id, agencyIds));
  return new Map(rows.map((row) => [row.id, row.name]));
}

export async function referralIdsWithPatient(db: Db, referralIds: string[]): Promise<Set<string>> {
  if (referralIds.length === 0) return new Set();
  const rows = await db.select({ id: patients.referralId }).from(patients).where(inArray(patients.referralId, referralIds));
  return new Set(rows.map((row) => row.id));
}

export async function offerCounts(db: Db, referralIds: string[]): Promise<Map<string, number>> {
  if (referralIds.length === 0) return new Map();
  const rows = await db
    .select({ id: referralOffers.referralId, count: sql<number>`count(*)::int` })
    .from(referralOffers)
    .where(inArray(referralOffers.referralId, referralIds))
    .groupBy(referralOffers.referralId);
  return new Map(rows.map((row) => [row.id, row.count]));
}

/** Any referral by id, whoever owns it: managers only. */
export async function findReferralForManagers(db: Db, id: string) {
  const [row] = await db.select().from(referrals).where(eq(referrals.id, id));
  return row ?? null;
}

export async function findOffer(db: Db, referralId: string, therapistId: string) {
  const [row] = await db
    .select()
    .from(referralOffers)
    .where(and(eq(referralOffers.referralId, referralId), eq(referralOffers.therapistId, therapistId)));
  return row ?? null;
}

export async function setOfferHidden(db: Db, referralId: string, therapistId: string, hidden: boolean) {
  await db
    .update(referralOffers)
    .set({ hiddenAt: hidden ? new Date() : null })
    .where(and(eq(referralOffers.referralId, referralId), eq(referralOffers.therapistId, therapistId)));
}

export async function offeredTherapistIds(db: Db, referralId: string): Promise<Set<string>> {
  const rows = await db.select({ id: referralOffers.therapistId }).from(referralOffers).where(eq(referralOffers.referralId, referralId));
  return new Set(rows.map((row) => row.id));
}

/**
 * Offers one referral to many therapists in one statement. The lists travel as two array
 * parameters and are unnested by PostgreSQL: a multi-row VALUES for thousands of therapists took
 * most of the time of posting a referral (building and binding three parameters per row).
 */
export async function insertOffers(db: Db, referralId: string, offers: { therapistId: string; distanceMiles: number }[]): Promise<string[]> {
  if (offers.length === 0) return [];
  const result = await db.execute(sql`
    insert into referral_offers (referral_id, therapist_id, distance_miles)
    select ${referralId}::uuid, therapist_id, distance_miles
    from unnest(${sql.param(offers.map((o) => o.therapistId))}::text[], ${sql.param(offers.map((o) => o.distanceMiles))}::real[]) as o(therapist_id, distance_miles)
    on conflict do nothing
    returning therapist_id`);
  return (result.rows as { therapist_id: string }[]).map((row) => row.therapist_id);
}

export async function ratesOf(db: Db, therapistIds: string[]): Promise<Map<string, Record<string, number>>> {
  const map = new Map<string, Record<string, number>>();
  if (therapistIds.length === 0) return map;
  const rows = await db.select().from(therapistRates).where(inArray(therapistRates.therapistId, therapistIds));
  for (const row of rows) map.set(row.therapistId, { ...(map.get(row.therapistId) ?? {}), [row.serviceId]: row.rate });
  return map;
}

export async function findResponse(db: Db, referralId: string, therapistId: string) {
  const [row] = await db
    .select()
    .from(referralResponses)
    .where(and(eq(referralResponses.referralId, referralId), eq(referralResponses.therapistId, therapistId)));
  return row ?? null;
}

/** A response by id, only if it answers `referralId` (so an agency reaches only its own). */
export async function findResponseOf(db: Db, referralId: string, responseId: string) {
  const [row] = await db
    .select()
    .from(referralResponses)
    .where(and(eq(referralResponses.id, responseId), eq(referralResponses.referralId, referralId)));
  return row ?? null;
}

export async function responsesOfTherapist(db: Db, therapistId: string, referralIds: string[]): Promise<Map<string, ResponseRow>> {
  if (referralIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(referralResponses)
    .where(and(eq(referralResponses.therapistId, therapistId), inArray(referralResponses.referralId, referralIds)));
  return new Map(rows.map((row) => [row.referralId, row]));
}

export async function upsertResponse(db: Db, values: typeof referralResponses.$inferInsert): Promise<ResponseRow> {
  const [row] = await db
    .insert(referralResponses)
    .values(values)
    .onConflictDoUpdate({
      target: [referralResponses.referralId, referralResponses.therapistId],
      set: {
        status: values.status,
        requestedRates: values.requestedRates,
        counterRates: null,
        counterNote: null,
        reason: values.reason ?? null,
        note: values.note ?? null,
        updatedAt: new Date(),
      },
    })
    .returning();
  if (!row) throw new Error('response upsert returned no row');
  return row;
}

export async function updateResponse(db: Db, id: string, values: Partial<typeof referralResponses.$inferInsert>): Promise<ResponseRow> {
  const [row] = await db
    .update(referralResponses)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(referralResponses.id, id))
    .returning();
  if (!row) throw new Error(`response ${id} vanished`);
  return row;
}

/** The responses to a referral, each with the therapist's professional profile and distance. */
export async function responsesWithTherapists(db: Db, referralId: string) {
  return db
    .select({
      response: referralResponses,
      therapist: {
        id: therapistProfiles.id,
        firstName: therapistProfiles.firstName,
        lastName: therapistProfiles.lastName,
        disciplines: therapistProfiles.disciplines,
        yearsExperience: therapistProfiles.yearsExperience,
        status: useraccounts.status,
        licenseState: userProfiles.licenseState,
        licenseExpiry: userProfiles.licenseExpiry,
      },
      distanceMiles: referralOffers.distanceMiles,
    })
    .from(referralResponses)
    .innerJoin(therapistProfiles, eq(therapistProfiles.id, referralResponses.therapistId))
    .innerJoin(useraccounts, eq(useraccounts.userId, therapistProfiles.id))
    .leftJoin(userProfiles, eq(userProfiles.id, therapistProfiles.id))
    .leftJoin(referralOffers, and(eq(referralOffers.referralId, referralResponses.referralId), eq(referralOffers.therapistId, referralResponses.therapistId)))
    .where(eq(referralResponses.referralId, referralId))
    .orderBy(asc(referralResponses.createdAt));
}

/** Marks every other live response to a referral as not selected; returns their therapists. */
export async function closeOtherResponses(db: Db, referralId: string, keepResponseId: string): Promise<string[]> {
  const rows = await db
    .update(referralResponses)
    .set({ status: 'not_selected', updatedAt: new Date() })
    .where(
      and(
        eq(referralResponses.referralId, referralId),
        sql`${referralResponses.id} <> ${keepResponseId}`,
        inArray(referralResponses.status, ['accepted', 'rate_requested', 'countered']),
      ),
    )
    .returning({ therapistId: referralResponses.therapistId });
  return rows.map((row) => row.therapistId);
}

/** Therapists with a live response (they are told when the referral is cancelled or edited). */
export async function liveResponders(db: Db, referralId: string): Promise<string[]> {
  const rows = await db
    .select({ therapistId: referralResponses.therapistId })
    .from(referralResponses)
    .where(and(eq(referralResponses.referralId, referralId), inArray(referralResponses.status, ['accepted', 'rate_requested', 'countered'])));
  return rows.map((row) => row.therapistId);
}

export async function insertAgreedRates(db: Db, referralId: string, rates: Record<string, number>) {
  const values = Object.entries(rates).map(([serviceId, rate]) => ({ referralId, serviceId, rate }));
  if (values.length > 0) await db.insert(referralAgreedRates).values(values);
}

export async function agreedRatesOf(db: Db, referralId: string): Promise<Record<string, number> | null> {
  const rows = await db.select().from(referralAgreedRates).where(eq(referralAgreedRates.referralId, referralId));
  return rows.length === 0 ? null : Object.fromEntries(rows.map((row) => [row.serviceId, row.rate]));
}

export async function findAgencyName(db: Db, agencyId: string): Promise<string> {
  const [row] = await db.select({ name: agencyProfiles.companyName }).from(agencyProfiles).where(eq(agencyProfiles.id, agencyId));
  return row?.name ?? '';
}
