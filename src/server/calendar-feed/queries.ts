import { and, asc, desc, eq, exists, gte, isNull, lt, sql } from 'drizzle-orm';
import type { VisitStatus } from '../../domain/visits';
import type { Db } from '../db/client';
import { calendarFeeds, referrals, useraccounts, visits } from '../db/schema/index';

/**
 * Calendar feed SQL. Every query is scoped to one therapist in its own `where`; the one that finds
 * a feed by its token's hash (the public feed URL) answers with the therapist it belongs to.
 */

export type CalendarFeedRow = typeof calendarFeeds.$inferSelect;

/** The therapist's live (unrevoked) feed link, if any. */
export async function findLiveFeed(db: Db, therapistId: string): Promise<CalendarFeedRow | null> {
  const [row] = await db
    .select()
    .from(calendarFeeds)
    .where(and(eq(calendarFeeds.therapistId, therapistId), isNull(calendarFeeds.revokedAt)))
    .orderBy(desc(calendarFeeds.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * Holds the therapist's feed links until the transaction ends: two "Create" clicks at once then
 * revoke and insert one after the other instead of both inserting a live link.
 */
export async function lockFeedsOf(tx: Db, therapistId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`calendar-feed:${therapistId}`}, 0))`);
}

/** Revokes the therapist's live link; the ids of the links revoked (none or one). */
export async function revokeLiveFeeds(tx: Db, therapistId: string): Promise<string[]> {
  const rows = await tx
    .update(calendarFeeds)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(calendarFeeds.therapistId, therapistId), isNull(calendarFeeds.revokedAt)))
    .returning({ id: calendarFeeds.id });
  return rows.map((row) => row.id);
}

export async function insertFeed(tx: Db, therapistId: string, tokenHash: string): Promise<CalendarFeedRow> {
  const [row] = await tx.insert(calendarFeeds).values({ therapistId, tokenHash }).returning();
  if (!row) throw new Error('calendar feed insert returned no row');
  return row;
}

/**
 * The therapist whose live link has this token hash, recording the read; null for an unknown or
 * revoked link, or one whose account is no longer approved (rejected after the link was made).
 * One statement: the lookup and "last read" are the same indexed row.
 */
export async function touchLiveFeed(db: Db, tokenHash: string): Promise<string | null> {
  const approved = db
    .select({ one: sql`1` })
    .from(useraccounts)
    .where(and(eq(useraccounts.userId, calendarFeeds.therapistId), eq(useraccounts.status, 'approved')));
  const [row] = await db
    .update(calendarFeeds)
    .set({ lastFetchedAt: sql`now()` })
    .where(and(eq(calendarFeeds.tokenHash, tokenHash), isNull(calendarFeeds.revokedAt), exists(approved)))
    .returning({ therapistId: calendarFeeds.therapistId });
  return row?.therapistId ?? null;
}

/** What one event of the feed is made of: the visit's times and state, its referral's reference and town. */
export interface FeedVisit {
  id: string;
  status: VisitStatus;
  scheduledStart: Date;
  durationMinutes: number;
  createdAt: Date;
  updatedAt: Date;
  referenceNumber: number;
  city: string;
  state: string;
}

/** Most events one feed carries: a busy therapist's year is far fewer. */
const FEED_LIMIT = 2000;

/** The therapist's own visits starting in [from, to), by start. Nothing about the patient is selected. */
export async function listFeedVisits(db: Db, therapistId: string, range: { from: Date; to: Date }): Promise<FeedVisit[]> {
  return db
    .select({
      id: visits.id,
      status: visits.status,
      scheduledStart: visits.scheduledStart,
      durationMinutes: visits.durationMinutes,
      createdAt: visits.createdAt,
      updatedAt: visits.updatedAt,
      referenceNumber: referrals.referenceNumber,
      city: referrals.patientCity,
      state: referrals.patientState,
    })
    .from(visits)
    .innerJoin(referrals, eq(referrals.id, visits.referralId))
    .where(and(eq(visits.therapistId, therapistId), gte(visits.scheduledStart, range.from), lt(visits.scheduledStart, range.to)))
    .orderBy(asc(visits.scheduledStart))
    .limit(FEED_LIMIT);
}
