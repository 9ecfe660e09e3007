import { and, asc, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import type { ReferralDiscipline } from '../../domain/service-eligibility';
import { BOOKED_STATUSES } from '../../domain/visits';
import type { Db } from '../db/client';
import { agencyProfiles, notificationPreferences, referralAgreedRates, referrals, referralServices, serviceTypesTable, therapistProfiles, user as users, useraccounts, visitNotes, visits } from '../db/schema/index';

/**
 * Visit SQL. Every query that reads a visit is scoped to its parties in its own `where`
 * (`agency_id = user or therapist_id = user`), so a forgotten check returns nothing. The one query
 * that sees any visit, for the reminder job, is `findVisitForReminderAnyTenant`.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string): boolean => UUID.test(value);

export type VisitRow = typeof visits.$inferSelect;
/** A visit with the names lists show and its referral's reference and coarse place (never the patient). */
export type VisitWithNames = VisitRow & {
  serviceName: string;
  therapistName: string;
  agencyName: string;
  place: string;
  discipline: string;
  referenceNumber: number;
  placeCity: string;
  placeState: string;
};

const withNames = {
  visit: visits,
  serviceName: serviceTypesTable.name,
  therapistName: sql<string>`${therapistProfiles.firstName} || ' ' || ${therapistProfiles.lastName}`,
  agencyName: agencyProfiles.companyName,
  place: sql<string>`${referrals.patientCity} || ', ' || ${referrals.patientState}`,
  discipline: referrals.discipline,
  referenceNumber: referrals.referenceNumber,
  placeCity: referrals.patientCity,
  placeState: referrals.patientState,
};

function selectWithNames(db: Db) {
  return db
    .select(withNames)
    .from(visits)
    .innerJoin(serviceTypesTable, eq(serviceTypesTable.id, visits.serviceId))
    .innerJoin(therapistProfiles, eq(therapistProfiles.id, visits.therapistId))
    .innerJoin(agencyProfiles, eq(agencyProfiles.id, visits.agencyId))
    .innerJoin(referrals, eq(referrals.id, visits.referralId));
}

const flatten = ({ visit, ...names }: { visit: VisitRow } & Omit<VisitWithNames, keyof VisitRow>): VisitWithNames => ({ ...visit, ...names });

const ofParty = (userId: string) => or(eq(visits.agencyId, userId), eq(visits.therapistId, userId));

/** The visit when `userId` is its agency or therapist; `lock` holds it until the transaction ends. */
export async function findVisitOfParty(db: Db, visitId: string, userId: string, options: { lock?: boolean } = {}): Promise<VisitWithNames | null> {
  if (!isUuid(visitId)) return null;
  const query = selectWithNames(db).where(and(eq(visits.id, visitId), ofParty(userId)));
  const [row] = options.lock ? await query.for('no key update', { of: visits }) : await query;
  return row ? flatten(row) : null;
}

/** Most visits one search by reference answers: a referral orders at most a few dozen. */
const REFERENCE_SEARCH_LIMIT = 200;

/** The caller's visits starting in [from, to), or of the referral with a reference number (any date), by start. */
export async function listVisitsOfParty(db: Db, userId: string, which: { from: Date; to: Date } | { reference: number }): Promise<VisitWithNames[]> {
  const query = selectWithNames(db).orderBy(asc(visits.scheduledStart));
  const rows =
    'reference' in which
      ? await query.where(and(ofParty(userId), eq(referrals.referenceNumber, which.reference))).limit(REFERENCE_SEARCH_LIMIT)
      : await query.where(and(ofParty(userId), gte(visits.scheduledStart, which.from), lt(visits.scheduledStart, which.to)));
  return rows.map(flatten);
}

/** Most owed notes a therapist is shown at once; more means a backlog the list cannot fix anyway. */
const NEEDING_NOTES_LIMIT = 200;

/** The therapist's own checked-out visits still waiting for a signed note (status completed), oldest check-out first. */
export async function listCompletedVisitsOfTherapist(db: Db, therapistId: string): Promise<VisitWithNames[]> {
  const rows = await selectWithNames(db)
    .where(and(eq(visits.therapistId, therapistId), eq(visits.status, 'completed')))
    .orderBy(asc(visits.checkOutAt), asc(visits.scheduledStart))
    .limit(NEEDING_NOTES_LIMIT);
  return rows.map(flatten);
}

/** Per visit: its latest note's status and whether any version was ever signed. Visits without notes are absent. */
export async function noteStatesOf(db: Db, visitIds: string[]): Promise<Map<string, { latest: string; everSigned: boolean }>> {
  if (visitIds.length === 0) return new Map();
  const rows = await db
    .select({
      visitId: visitNotes.visitId,
      latest: sql<string>`(array_agg(${visitNotes.status} order by ${visitNotes.version} desc))[1]`,
      everSigned: sql<boolean>`bool_or(${visitNotes.signedAt} is not null)`,
    })
    .from(visitNotes)
    .where(inArray(visitNotes.visitId, visitIds))
    .groupBy(visitNotes.visitId);
  return new Map(rows.map((row) => [row.visitId, { latest: row.latest, everSigned: row.everSigned }]));
}

/** A referral's visits, for one of its parties. */
export async function listVisitsOfReferral(db: Db, referralId: string, userId: string): Promise<VisitWithNames[]> {
  const rows = await selectWithNames(db)
    .where(and(eq(visits.referralId, referralId), ofParty(userId)))
    .orderBy(asc(visits.scheduledStart));
  return rows.map(flatten);
}

/** The referral's services with their names and how many of their visits are booked (not cancelled or missed). */
export async function referralServicesWithBooked(db: Db, referralId: string) {
  return db
    .select({
      serviceId: referralServices.serviceId,
      serviceName: serviceTypesTable.name,
      visitCount: referralServices.visitCount,
      offeredRate: referralServices.offeredRate,
      agreedRate: referralAgreedRates.rate,
      booked: sql<number>`(select count(*)::int from ${visits} where ${visits.referralId} = ${referralId}
        and ${visits.serviceId} = ${referralServices.serviceId} and ${inArray(visits.status, [...BOOKED_STATUSES])})`,
    })
    .from(referralServices)
    .innerJoin(serviceTypesTable, eq(serviceTypesTable.id, referralServices.serviceId))
    .leftJoin(
      referralAgreedRates,
      and(eq(referralAgreedRates.referralId, referralServices.referralId), eq(referralAgreedRates.serviceId, referralServices.serviceId)),
    )
    .where(eq(referralServices.referralId, referralId))
    .orderBy(asc(serviceTypesTable.id));
}

/** What a visit's page shows of its referral (nothing on it identifies the patient). */
export async function referralFactsOf(db: Db, referralId: string) {
  const [row] = await db
    .select({ visitFrequency: referrals.visitFrequency, startBy: referrals.startBy, urgency: referrals.urgency, clinicalSummary: referrals.clinicalSummary })
    .from(referrals)
    .where(eq(referrals.id, referralId));
  return row ?? null;
}

/** The discipline a referral needs (PT, OT or ST), for what its therapist may do on it. */
export async function referralDisciplineOf(db: Db, referralId: string): Promise<ReferralDiscipline | null> {
  const [row] = await db.select({ discipline: referrals.discipline }).from(referrals).where(eq(referrals.id, referralId));
  return row?.discipline ?? null;
}

export async function referralFrequency(db: Db, referralId: string): Promise<string | null> {
  const [row] = await db.select({ visitFrequency: referrals.visitFrequency }).from(referrals).where(eq(referrals.id, referralId));
  return row?.visitFrequency ?? null;
}

export async function insertVisit(db: Db, values: typeof visits.$inferInsert): Promise<string> {
  const [row] = await db.insert(visits).values(values).returning({ id: visits.id });
  if (!row) throw new Error('visit insert returned no row');
  return row.id;
}

/** Moves a matched referral on to in progress (its first visit); does nothing otherwise. */
export async function startReferral(db: Db, referralId: string): Promise<void> {
  await db.update(referrals).set({ status: 'in_progress', updatedAt: sql`now()` }).where(and(eq(referrals.id, referralId), eq(referrals.status, 'matched')));
}

/** Columns other than the status, which only moveVisit writes. */
export async function updateVisit(db: Db, visitId: string, values: Omit<Partial<typeof visits.$inferInsert>, 'status'>): Promise<void> {
  await db
    .update(visits)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(visits.id, visitId));
}

/** For the reminder job only: any tenant's visit, by id. */
export async function findVisitForReminderAnyTenant(db: Db, visitId: string) {
  const [row] = await db
    .select({
      id: visits.id,
      status: visits.status,
      scheduledStart: visits.scheduledStart,
      therapistId: visits.therapistId,
      agencyId: visits.agencyId,
      remindedAt: visits.remindedAt,
    })
    .from(visits)
    .where(eq(visits.id, visitId));
  return row ?? null;
}

/** Sets reminded_at unless it is set already: true for the one caller that set it. */
export async function claimReminder(db: Db, visitId: string): Promise<boolean> {
  const rows = await db
    .update(visits)
    .set({ remindedAt: sql`now()` })
    .where(and(eq(visits.id, visitId), sql`${visits.remindedAt} is null`, eq(visits.status, 'scheduled')))
    .returning({ id: visits.id });
  return rows.length > 0;
}

export interface ReminderRecipient {
  userId: string;
  email: string;
  /** The saved preferences, or null when the user never saved any (the defaults apply). */
  emailOptIn: boolean | null;
  smsOptIn: boolean | null;
  smsPhone: string | null;
  timeZone: string | null;
}

/** The users' sign-in addresses with their saved email and text choices and their account's time zone, if any. */
export async function reminderRecipients(db: Db, userIds: string[]): Promise<ReminderRecipient[]> {
  if (userIds.length === 0) return [];
  return db
    .select({
      userId: users.id,
      email: users.email,
      emailOptIn: notificationPreferences.email,
      smsOptIn: notificationPreferences.sms,
      smsPhone: notificationPreferences.smsPhone,
      timeZone: useraccounts.timeZone,
    })
    .from(users)
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
    .leftJoin(useraccounts, eq(useraccounts.userId, users.id))
    .where(inArray(users.id, userIds));
}

