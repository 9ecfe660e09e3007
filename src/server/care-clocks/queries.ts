import { and, asc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { CareReferral, CareVisit } from '../../domain/care-clock-items';
import type { AgencyCareClockPolicy } from '../../domain/care-clock-rules';
import type { OrderVersion } from '../../domain/care-orders';
import type { Discipline } from '../../domain/accounts';
import type { ReferralStatus } from '../../domain/referrals';
import { orderHistories } from '../care-orders/queries';
import type { Db } from '../db/client';
import { agencyProfiles, referrals, therapistProfiles, visitNotes, visits } from '../db/schema/index';

/**
 * What the care clocks read: a referral's discipline, posting, ordered start of care and state, and
 * its visits' types, disciplines and times — nothing that identifies the patient. Referrals are
 * scoped to their parties in the `where` (`agency_id = user or matched_therapist_id = user`); visits
 * are read only for referrals found that way.
 */

export interface CareFacts {
  referral: CareReferral & { id: string; status: ReferralStatus };
  visits: CareVisit[];
  /** Its order versions, oldest first (care-orders.ts): the approved ones set the discharge clock and the weekly visits. */
  orders: OrderVersion[];
  /** The referral's agency's own stricter rules (its co-signature setting). */
  policy: AgencyCareClockPolicy;
  /** Its reference (R-1042) and town, which name it in lists and reminders (never the patient). */
  referenceNumber: number;
  patientCity: string;
  /** Its parties. */
  agencyId: string;
  matchedTherapistId: string | null;
}

/** What the clocks read of a referral (careClocks' CareReferral, with its id and status). */
const careReferralColumns = {
  id: referrals.id,
  status: referrals.status,
  discipline: referrals.discipline,
  postedAt: referrals.postedAt,
  orderedStartOfCare: referrals.orderedStartOfCare,
  patientState: referrals.patientState,
  coSignatureRequired: agencyProfiles.requiresCoSignature,
  referenceNumber: referrals.referenceNumber,
  patientCity: referrals.patientCity,
  agencyId: referrals.agencyId,
  matchedTherapistId: referrals.matchedTherapistId,
};

/** A referral row read with `careReferralColumns`, with its visits and orders: the facts its clocks run on. */
async function withVisitsAndOrders(
  db: Db,
  rows: Array<CareFacts['referral'] & Pick<CareFacts, 'referenceNumber' | 'patientCity' | 'agencyId' | 'matchedTherapistId'> & { coSignatureRequired: boolean }>,
): Promise<CareFacts[]> {
  const ids = rows.map((row) => row.id);
  // One statement each for all the referrals' visits, notes and orders, however many referrals.
  const [visitsOf, ordersOf] = [await visitsByReferral(db, ids), await orderHistories(db, ids)];
  return rows.map(({ coSignatureRequired, referenceNumber, patientCity, agencyId, matchedTherapistId, ...referral }) => ({
    referral,
    visits: visitsOf.get(referral.id) ?? [],
    orders: ordersOf.get(referral.id) ?? [],
    policy: { coSignatureRequired },
    referenceNumber,
    patientCity,
    agencyId,
    matchedTherapistId,
  }));
}

/** The statuses in which a referral's clocks run: posted (the evaluation's 48 hours have started) until it closes. */
export const CLOCKED_STATUSES = ['posted', 'matched', 'in_progress'] as const satisfies readonly ReferralStatus[];

/**
 * The care facts of `userId`'s referrals in a clocked status: one referral when `referralId` is given,
 * else all of them where the user is `as` (the agency that owns them, or the matched therapist).
 */
export async function careFactsOfParty(db: Db, userId: string, which: { referralId: string } | { as: 'agency' | 'therapist' }): Promise<CareFacts[]> {
  // A therapist takes part in a referral's care when matched to it or when one of its visits is
  // theirs: the supervising PT or OT of an assistant, who is owed the co-signature items.
  const therapistParty = or(
    eq(referrals.matchedTherapistId, userId),
    sql`exists (select 1 from ${visits} where ${visits.referralId} = ${referrals.id} and ${visits.therapistId} = ${userId})`,
  );
  const party =
    'referralId' in which
      ? and(eq(referrals.id, which.referralId), or(eq(referrals.agencyId, userId), therapistParty))
      : which.as === 'agency'
        ? eq(referrals.agencyId, userId)
        : therapistParty;
  const rows = await db
    .select(careReferralColumns)
    .from(referrals)
    .innerJoin(agencyProfiles, eq(agencyProfiles.id, referrals.agencyId))
    .where(and(party, inArray(referrals.status, [...CLOCKED_STATUSES])));
  return withVisitsAndOrders(db, rows);
}

/** The visits of referrals already scoped by the caller, as the clocks read them. */
async function visitsByReferral(db: Db, referralIds: string[]): Promise<Map<string, CareVisit[]>> {
  const byReferral = new Map<string, CareVisit[]>();
  if (referralIds.length === 0) return byReferral;
  const visitRows = await db
    .select({
      id: visits.id,
      referralId: visits.referralId,
      type: visits.visitType,
      discipline: visits.therapistDiscipline,
      status: visits.status,
      scheduledStart: visits.scheduledStart,
      checkedInAt: visits.checkInAt,
    })
    .from(visits)
    .where(inArray(visits.referralId, referralIds));
  const notesOf = await latestSignedNotes(db, referralIds);
  for (const { referralId, ...visit } of visitRows) {
    const note = notesOf.get(visit.id);
    byReferral.set(referralId, [...(byReferral.get(referralId) ?? []), { ...visit, noteSignedAt: note?.signedAt ?? null, noteCoSignedAt: note?.coSignedAt ?? null }]);
  }
  return byReferral;
}

/** Per visit, when its latest signed (or approved) version was signed and co-signed: what the co-signature clock reads. */
async function latestSignedNotes(db: Db, referralIds: string[]): Promise<Map<string, { signedAt: Date | null; coSignedAt: Date | null }>> {
  const rows = await db
    .select({ visitId: visitNotes.visitId, version: visitNotes.version, signedAt: visitNotes.signedAt, coSignedAt: visitNotes.coSignedAt })
    .from(visitNotes)
    .innerJoin(visits, eq(visits.id, visitNotes.visitId))
    .where(and(inArray(visits.referralId, referralIds), inArray(visitNotes.status, ['signed', 'approved'])))
    .orderBy(asc(visitNotes.version));
  // Ordered by version, so the last one written for a visit is its latest signed version.
  return new Map(rows.map((row) => [row.visitId, { signedAt: row.signedAt, coSignedAt: row.coSignedAt }]));
}

/** A referral the reminder sweep reads: its care facts, which name it and its parties. */
export type ClockedReferral = CareFacts;

/**
 * For the reminder sweep only: every tenant's referrals in a clocked status, with their visits and
 * parties, `limit` at a time after `afterId` (in id order). The one query here that reads across tenants.
 */
export async function clockedReferralsAnyTenant(db: Db, options: { afterId: string | null; limit: number }): Promise<ClockedReferral[]> {
  const rows = await db
    .select(careReferralColumns)
    .from(referrals)
    .innerJoin(agencyProfiles, eq(agencyProfiles.id, referrals.agencyId))
    .where(and(inArray(referrals.status, [...CLOCKED_STATUSES]), options.afterId === null ? undefined : gt(referrals.id, options.afterId)))
    .orderBy(asc(referrals.id))
    .limit(options.limit);
  return withVisitsAndOrders(db, rows);
}

/** The disciplines a therapist holds (their profile's), to know what they act as on a referral. */
export async function therapistDisciplines(db: Db, therapistId: string): Promise<Discipline[]> {
  const [row] = await db.select({ disciplines: therapistProfiles.disciplines }).from(therapistProfiles).where(eq(therapistProfiles.id, therapistId));
  return row?.disciplines ?? [];
}
