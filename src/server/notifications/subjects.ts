import { eq, inArray, sql } from 'drizzle-orm';
import { DEFAULT_TIME_ZONE, usableTimeZone } from '../../domain/time-zones';
import type { Db } from '../db/client';
import { agencyProfiles, referrals, therapistProfiles, useraccounts, visits } from '../db/schema/index';
import { referralTag, serviceName } from './wording';

/**
 * Who a notification names. These read any tenant's names: every caller is a use case or job that
 * has already loaded (and authorized) the referral or visit the notification is about, and passes
 * ids taken from that row, never from a request.
 */

/** "Robin Okafor"; a profile removed meanwhile reads "A therapist" rather than failing the use case. */
export async function therapistNameOf(db: Db, therapistId: string): Promise<string> {
  const [row] = await db
    .select({ firstName: therapistProfiles.firstName, lastName: therapistProfiles.lastName })
    .from(therapistProfiles)
    .where(eq(therapistProfiles.id, therapistId));
  return row ? `${row.firstName} ${row.lastName}` : 'A therapist';
}

/** "Bluebird Home Care", or "The agency" for a profile removed meanwhile. */
export async function agencyNameOf(db: Db, agencyId: string): Promise<string> {
  const [row] = await db.select({ name: agencyProfiles.companyName }).from(agencyProfiles).where(eq(agencyProfiles.id, agencyId));
  return row?.name ?? 'The agency';
}

/** Each user's time zone (the default for one never chosen): the clock a visit time is written on for them. */
export async function timeZonesOf(db: Db, userIds: string[]): Promise<(userId: string) => string> {
  const rows = userIds.length === 0 ? [] : await db.select({ userId: useraccounts.userId, timeZone: useraccounts.timeZone }).from(useraccounts).where(inArray(useraccounts.userId, userIds));
  const zones = new Map(rows.map((row) => [row.userId, usableTimeZone(row.timeZone)]));
  return (userId) => zones.get(userId) ?? DEFAULT_TIME_ZONE;
}

/** A referral as notifications name it ("R-1042 · Austin, TX") and its agency's name. */
export async function findReferralSubject(db: Db, referralId: string): Promise<{ tag: string; discipline: string; agencyName: string }> {
  const [row] = await db
    .select({
      referenceNumber: referrals.referenceNumber,
      patientCity: referrals.patientCity,
      patientState: referrals.patientState,
      discipline: referrals.discipline,
      agencyName: agencyProfiles.companyName,
    })
    .from(referrals)
    .innerJoin(agencyProfiles, eq(agencyProfiles.id, referrals.agencyId))
    .where(eq(referrals.id, referralId));
  if (!row) throw new Error(`referral ${referralId} vanished inside its own transaction`);
  return { tag: referralTag(row), discipline: row.discipline, agencyName: row.agencyName };
}

/** A visit as notifications name it: what, when, for which referral, with whom; never the patient. */
export interface VisitSubject {
  agencyId: string;
  therapistId: string;
  /** "R-1042 · Austin, TX". */
  tag: string;
  serviceName: string;
  scheduledStart: Date;
  therapistName: string;
  agencyName: string;
  /** The visit's rate, what its approval makes payable. */
  rate: number;
  /** The time zone of each party, to write the visit's time on their own clock. */
  zoneOf: (userId: string) => string;
}

export async function findVisitSubject(db: Db, visitId: string): Promise<VisitSubject> {
  const [row] = await db
    .select({
      agencyId: visits.agencyId,
      therapistId: visits.therapistId,
      serviceId: visits.serviceId,
      scheduledStart: visits.scheduledStart,
      referenceNumber: referrals.referenceNumber,
      patientCity: referrals.patientCity,
      patientState: referrals.patientState,
      therapistName: sql<string>`${therapistProfiles.firstName} || ' ' || ${therapistProfiles.lastName}`,
      agencyName: agencyProfiles.companyName,
      rate: visits.rate,
    })
    .from(visits)
    .innerJoin(referrals, eq(referrals.id, visits.referralId))
    .innerJoin(therapistProfiles, eq(therapistProfiles.id, visits.therapistId))
    .innerJoin(agencyProfiles, eq(agencyProfiles.id, visits.agencyId))
    .where(eq(visits.id, visitId));
  if (!row) throw new Error(`visit ${visitId} vanished inside its own transaction`);
  return {
    agencyId: row.agencyId,
    therapistId: row.therapistId,
    tag: referralTag(row),
    serviceName: serviceName(row.serviceId),
    scheduledStart: row.scheduledStart,
    therapistName: row.therapistName,
    agencyName: row.agencyName,
    rate: row.rate,
    zoneOf: await timeZonesOf(db, [row.agencyId, row.therapistId]),
  };
}
