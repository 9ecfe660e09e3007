import { sql, type SQL } from 'drizzle-orm';
import type { Actor } from '../auth/session';
import type { Database, Transaction } from '../db/client';
import { notifications } from '../db/schema/index';
import { AppError } from '../errors';
import { presentGroup } from './groups';
import { countUnread, listNotificationRows, markAllRowsRead, markRowRead, type NotificationRow } from './queries';
import type { NotificationView } from './schemas';

export const NOTIFICATION_CHANNEL = 'carerelay_notifications';

export interface NewNotification {
  userId: string;
  type: string;
  /** Never PHI: e.g. 'New referral near you'. The page behind `link` checks access. */
  title: string;
  body: string;
  /** An app path such as /referrals/123. */
  link: string;
}

/**
 * Inserts a notification and announces it on the caller's transaction: PostgreSQL delivers NOTIFY
 * only on commit, so a rolled-back notification is never announced nor stored.
 *
 * It first locks the user's row, so one user's notifications commit in id order: a stream that has
 * sent id 11 can then never later find an id 10 committed behind it. A caller notifying many users
 * in one transaction should do so in userId order, so two such transactions cannot deadlock.
 */
export async function createNotification(t: Transaction, input: NewNotification): Promise<NotificationRow> {
  await t.tx.execute(sql`select 1 from "user" where id = ${input.userId} for no key update`);
  const [row] = await t.tx.insert(notifications).values(input).returning();
  if (!row) throw new Error('notification insert returned no row');
  await t.tx.execute(sql`select pg_notify(${NOTIFICATION_CHANNEL}, ${JSON.stringify([[row.userId, row.id]] satisfies Announcement)})`);
  return row;
}

/**
 * What a NOTIFY on NOTIFICATION_CHANNEL carries: each notification committed, as many as fit in one
 * payload (PostgreSQL refuses one of 8000 bytes or more), in id order. One created in bulk comes
 * whole, so a stream can send it without reading it back (stream.ts); otherwise, or when it is long,
 * only its [userId, id], and the stream reads it. The end of a session comes on the same channel,
 * as `{ endedSessions }` (migration 0041).
 */
export type Announcement = Array<
  [userId: string, id: number] | [userId: string, id: number, type: string, title: string, body: string, link: string, createdAt: string]
>;

/** Bytes of announced notifications per payload: under the 8000-byte limit with room for one more. */
const ANNOUNCEMENT_BYTES = 7000;
/** The longest notification announced whole; a longer one is announced by its id alone. */
const WHOLE_ANNOUNCEMENT_BYTES = 900;

/**
 * Inserts one notification per input and announces them: the bulk form of createNotification for
 * fan-out (a referral posted to thousands of therapists), in one statement. The announcement is one
 * NOTIFY per few hundred notifications rather than one each, so the listeners parse and dispatch a
 * handful of messages. Users are locked in id order first, for the same ordering guarantee and the
 * same deadlock rule.
 */
export async function createNotifications(t: Transaction, inputs: NewNotification[]): Promise<number> {
  if (inputs.length === 0) return 0;
  // In user order, so a user's notification ids are adjacent and a payload carries few users whole.
  const sorted = [...inputs].sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));
  const result = await t.tx.execute(insertAndAnnounce(notificationsFrom(sorted), { lock: sorted.map((n) => n.userId) }));
  return Number((result.rows[0] as { created: number } | undefined)?.created ?? 0);
}

/**
 * The users about to be notified, locked in id order (see createNotification) by the statement
 * that notifies them, before it inserts anything: a common table expression of insertAndAnnounce,
 * so a fan-out to thousands costs no statement of its own. `userIds` is a list, or a query of the
 * statement's own selecting them (the therapists a referral is offered to, found by that statement).
 */
function lockedRecipients(userIds: string[] | SQL): SQL {
  const which = Array.isArray(userIds) ? sql`any(${sql.param([...new Set(userIds)].sort())}::text[])` : sql`any(array(${userIds}))`;
  return sql`locked as (
      select count(*) as recipients from (select 1 from "user" where id = ${which} order by id for no key update) u
    )`;
}

/** True once every recipient is locked (lockedRecipients): a condition that holds a statement's inserts back until then. */
export const LOCKED = sql`(select recipients from locked) >= 0`;

/** `inputs` as rows (user_id, type, title, body, link), each column one array parameter. */
export function notificationsFrom(inputs: NewNotification[]): SQL {
  // sql.param keeps each list one array parameter (a bare array would be spread into a tuple).
  const column = (pick: (n: NewNotification) => string) => sql.param(inputs.map(pick));
  return sql`select * from unnest(${column((n) => n.userId)}::text[], ${column((n) => n.type)}::text[], ${column((n) => n.title)}::text[],
    ${column((n) => n.body)}::text[], ${column((n) => n.link)}::text[]) as n(user_id, type, title, body, link)`;
}

/**
 * One statement that locks the recipients `lock` (every user `rows` may address, in id order), then
 * inserts the notifications `rows` selects (user_id, type, title, body, link) and announces them,
 * after the common table expressions in `before` (which `rows` and `lock` may read: the therapists
 * a referral is offered to and their offers, inserted in the same statement; they may wait for the
 * lock with `where ${LOCKED}`). Its one row: `created`, and what `before`'s caller selects in `extra`.
 */
export function insertAndAnnounce(rows: SQL, options: { lock: string[] | SQL; before?: SQL; extra?: SQL }): SQL {
  // Each entry's running size (its JSON and the comma before it) puts it in a payload of at most
  // ANNOUNCEMENT_BYTES plus one entry. The payloads are sent in id order (a volatile function in the
  // select list of a sorted query is evaluated after the sort), so a stream sending what it is
  // announced never meets one of a user's notifications after a later one. LOCKED is an uncorrelated
  // subquery, run once before the insert's first row: every lock is taken before any notification
  // gets its id. Each entry's JSON is built once: without `materialized` and `offset 0` the planner
  // writes both expressions out where they are read, and built it four times (about 18 ms more for
  // 5,000, EXPLAIN ANALYZE).
  return sql`
    with ${options.before ? sql`${options.before},` : sql``}
    ${lockedRecipients(options.lock)},
    inserted as (
      insert into notifications (user_id, type, title, body, link)
      select * from (${rows}) r where ${LOCKED}
      returning id, user_id, type, title, body, link, created_at
    ),
    entries as materialized (
      select id, case when octet_length(whole) <= ${WHOLE_ANNOUNCEMENT_BYTES} then whole else json_build_array(user_id, id)::text end as entry
      from (select id, user_id, json_build_array(user_id, id, type, title, body, link, created_at)::text as whole from inserted offset 0) i
    ),
    payloads as (
      select '[' || string_agg(entry, ',' order by id) || ']' as payload, min(id) as first
      from (select id, entry, sum(octet_length(entry) + 1) over (order by id) as running from entries) e
      group by running / ${ANNOUNCEMENT_BYTES}
    )
    select (select count(*) from inserted)::int as created,
           (select count(*) from (select pg_notify(${NOTIFICATION_CHANNEL}, payload) from payloads order by first) sent)::int as announced
           ${options.extra ? sql`, ${options.extra}` : sql``}`;
}

/** A notification as a client sees it; a group (listNotificationRows) as its newest member with its count. */
export function presentNotification(row: NotificationRow & { groupCount?: number }): NotificationView {
  const count = row.groupCount ?? 1;
  return {
    id: row.id,
    type: row.type,
    ...presentGroup(row, count),
    count,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}

interface Deps {
  database: Database;
}

export async function listNotifications(
  { database }: Deps,
  options: { actor: Actor; unreadOnly: boolean; before?: number; limit: number },
): Promise<{ items: NotificationView[]; unreadCount: number }> {
  const { db } = database;
  const { userId } = options.actor;
  const [rows, unreadCount] = await Promise.all([listNotificationRows(db, userId, options), countUnread(db, userId)]);
  return { items: rows.map(presentNotification), unreadCount };
}

export async function markNotificationRead({ database }: Deps, { actor, id }: { actor: Actor; id: number }): Promise<NotificationView> {
  const row = await markRowRead(database.db, actor.userId, id, new Date());
  // Someone else's notification is answered exactly like a missing one.
  if (!row) throw new AppError('NOT_FOUND', 'No such notification.');
  return presentNotification(row);
}

export async function markAllNotificationsRead({ database }: Deps, { actor }: { actor: Actor }): Promise<{ updated: number }> {
  return { updated: await markAllRowsRead(database.db, actor.userId, new Date()) };
}
