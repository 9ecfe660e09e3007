import type { CalendarFeedStatus, CreatedCalendarFeed } from '../../domain/calendar-feed';
import { formatReference } from '../../domain/referral-reference-text';
import type { Actor } from '../auth/session';
import { audited, type AuditedAction } from '../audit/audited-use-case';
import { hashLinkToken, LINK_TOKEN_PATTERN, newLinkToken } from '../crypto/link-token';
import type { Database } from '../db/client';
import { AppError } from '../errors';
import type { Caller } from '../use-case';
import { writeIcs, type IcsEvent } from './ics';
import { findLiveFeed, insertFeed, listFeedVisits, lockFeedsOf, revokeLiveFeeds, touchLiveFeed, type CalendarFeedRow, type FeedVisit } from './queries';

interface Deps {
  database: Database;
  /** The site's address: the feed's URL and each event's link back to its visit start with it. */
  publicUrl: string;
}

/** The path of the public feed under the site's address; the token is the only secret in it. */
export const feedPath = (token: string) => `/api/calendar/${token}.ics`;

/** How far back and ahead the feed reaches: recent visits stay on the calendar, next year's are there. */
const PAST_DAYS = 90;
const FUTURE_DAYS = 400;
const DAY_MS = 86_400_000;
/** What the feed asks calendar apps to keep to; most read far less often whatever it says. */
const REFRESH_MINUTES = 60;

const presentStatus = (feed: CalendarFeedRow | null): CalendarFeedStatus => ({
  active: feed !== null,
  createdAt: feed?.createdAt.toISOString() ?? null,
  lastFetchedAt: feed?.lastFetchedAt?.toISOString() ?? null,
});

const auditOf = (actor: Actor, client: Caller['client'], action: string): AuditedAction => ({
  actorUserId: actor.userId,
  action,
  entityType: 'calendar_feed',
  entityId: undefined,
  client,
});

/** Whether the therapist has a live link, since when and when a calendar app last read it. */
export async function getCalendarFeedStatus({ database }: Deps, { actor }: { actor: Actor }): Promise<CalendarFeedStatus> {
  return presentStatus(await findLiveFeed(database.db, actor.userId));
}

/**
 * A new feed link for the therapist, revoking the one they had: the URL is in this answer only,
 * since only its token's hash is kept. Audited with the ids of the links made and revoked.
 */
export async function createCalendarFeed({ database, publicUrl }: Deps, { actor, client }: Caller): Promise<CreatedCalendarFeed> {
  const token = newLinkToken();
  const feed = await audited(database, auditOf(actor, client, 'calendar_feed.created'), async ({ tx }) => {
    await lockFeedsOf(tx, actor.userId);
    const revoked = await revokeLiveFeeds(tx, actor.userId);
    const row = await insertFeed(tx, actor.userId, hashLinkToken(token));
    return { value: row, details: { feedId: row.id, revokedFeedIds: revoked } };
  });
  return { ...presentStatus(feed), url: `${publicUrl}${feedPath(token)}` };
}

/** Revokes the therapist's live link, if any (again is harmless: two tabs); the status after. */
export async function revokeCalendarFeed({ database }: Deps, { actor, client }: Caller): Promise<CalendarFeedStatus> {
  await audited(database, auditOf(actor, client, 'calendar_feed.revoked'), async ({ tx }) => {
    await lockFeedsOf(tx, actor.userId);
    const revoked = await revokeLiveFeeds(tx, actor.userId);
    return { value: revoked, details: { revokedFeedIds: revoked } };
  });
  return presentStatus(null);
}

/**
 * The feed of a live link as iCalendar text; NOT_FOUND for a token that is malformed, unknown,
 * revoked or of an account no longer approved, alike, so the answer tells a guesser nothing.
 */
export async function renderCalendarFeed({ database, publicUrl }: Deps, { token, now = new Date() }: { token: string; now?: Date }): Promise<string> {
  const therapistId = LINK_TOKEN_PATTERN.test(token) ? await touchLiveFeed(database.db, hashLinkToken(token)) : null;
  if (!therapistId) throw new AppError('NOT_FOUND', 'No such calendar feed. It may have been revoked; create a new link in CareRelay.');
  const visits = await listFeedVisits(database.db, therapistId, {
    from: new Date(now.getTime() - PAST_DAYS * DAY_MS),
    to: new Date(now.getTime() + FUTURE_DAYS * DAY_MS),
  });
  return writeIcs({
    productId: '-//CareRelay//Visit calendar//EN',
    name: 'CareRelay visits',
    refreshMinutes: REFRESH_MINUTES,
    stamp: now,
    events: visits.map((visit) => feedEvent(visit, publicUrl)),
  });
}

/**
 * One visit as an event. Only the referral's reference and its town: the patient's name, address
 * and phone never leave for a calendar app's servers. The link opens the visit in CareRelay, where
 * the rest is shown to the signed-in therapist.
 */
export function feedEvent(visit: FeedVisit, publicUrl: string): IcsEvent {
  const town = `${visit.city}, ${visit.state}`;
  const cancelled = visit.status === 'cancelled';
  const url = `${publicUrl}/dashboard/therapist/visits/${visit.id}`;
  return {
    uid: `visit-${visit.id}@carerelay`,
    start: visit.scheduledStart,
    end: new Date(visit.scheduledStart.getTime() + visit.durationMinutes * 60_000),
    // Some calendar apps show a cancelled event of a subscribed calendar as any other; the word says it.
    summary: `${cancelled ? 'Cancelled: ' : ''}CareRelay visit — ${formatReference(visit.referenceNumber)}, ${town}`,
    location: town,
    description: `Open the visit in CareRelay for its details: ${url}`,
    url,
    status: cancelled ? 'CANCELLED' : 'CONFIRMED',
    // Every change of a visit moves updated_at on, so the seconds since it was created only grow:
    // calendar apps take the higher SEQUENCE as the newer copy.
    sequence: Math.max(0, Math.floor((visit.updatedAt.getTime() - visit.createdAt.getTime()) / 1000)),
    lastModified: visit.updatedAt,
  };
}
