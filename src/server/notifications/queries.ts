import { and, asc, count, eq, gt, gte, isNull, lte, max, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { notifications } from '../db/schema/index';
import { groupKey } from './groups';

// Every query here is scoped by userId in its where clause: a user only ever sees their own rows.

export type NotificationRow = typeof notifications.$inferSelect;

/** The user's notifications with id > afterId, oldest first: what a stream has not sent yet. */
export function notificationsAfter(db: Db, userId: string, afterId: number, limit: number) {
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), gt(notifications.id, afterId)))
    .orderBy(asc(notifications.id))
    .limit(limit);
}

/** The highest id the user has now (0 when none): where a fresh stream starts its live part. */
export async function latestNotificationId(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ id: max(notifications.id) }).from(notifications).where(eq(notifications.userId, userId));
  return row?.id ?? 0;
}

/** Unread notifications created since `since` with id <= upTo, oldest first. */
export function unreadSince(db: Db, userId: string, since: Date, upTo: number) {
  return db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        gte(notifications.createdAt, since),
        lte(notifications.id, upTo),
      ),
    )
    .orderBy(asc(notifications.id));
}

export type ListedNotificationRow = NotificationRow & { groupCount: number };

const groupOf = (alias: string) => groupKey({ type: sql.raw(`${alias}.type`), title: sql.raw(`${alias}.title`), link: sql.raw(`${alias}.link`) });

/**
 * The user's notifications, newest first, with unread ones grouped (groups.ts) in the same query: a
 * group is listed once, as its newest member, with how many unread it holds; its older members are
 * never listed on their own, on this page or a later one. Read notifications are listed one by one.
 */
export async function listNotificationRows(
  db: Db,
  userId: string,
  options: { unreadOnly: boolean; before?: number; limit: number },
): Promise<ListedNotificationRow[]> {
  const result = await db.execute<{
    id: string;
    user_id: string;
    type: string;
    title: string;
    body: string;
    link: string;
    created_at: Date | string;
    read_at: Date | string | null;
    group_count: number;
  }>(sql`
    with unread as (
      select id, count(*) over g as group_count, max(id) over g as newest
      from notifications u
      where u.user_id = ${userId} and u.read_at is null
      window g as (partition by ${groupOf('u')})
    )
    select n.id, n.user_id, n.type, n.title, n.body, n.link, n.created_at, n.read_at, coalesce(unread.group_count, 1)::int as group_count
    from notifications n left join unread on unread.id = n.id
    where n.user_id = ${userId}
      and (n.read_at is not null or unread.newest = n.id)
      ${options.unreadOnly ? sql`and n.read_at is null` : sql``}
      ${options.before !== undefined ? sql`and n.id < ${options.before}` : sql``}
    order by n.id desc
    limit ${options.limit}`);
  return result.rows.map((row) => ({
    id: Number(row.id),
    userId: row.user_id,
    type: row.type,
    title: row.title,
    body: row.body,
    link: row.link,
    createdAt: new Date(row.created_at),
    readAt: row.read_at === null ? null : new Date(row.read_at),
    groupCount: row.group_count,
  }));
}

export async function countUnread(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/**
 * Marks one of the user's notifications read (keeping the first read time), with the older unread
 * members of its group, which the list showed as that one item. Undefined when it is not theirs.
 */
export async function markRowRead(db: Db, userId: string, id: number, now: Date): Promise<NotificationRow | undefined> {
  await db.execute(sql`
    update notifications n set read_at = ${now.toISOString()}::timestamptz
    from notifications chosen
    where chosen.id = ${id} and chosen.user_id = ${userId} and chosen.read_at is null
      and n.user_id = ${userId} and n.read_at is null and n.id <= chosen.id
      and ${groupOf('n')} = ${groupOf('chosen')}`);
  const [row] = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.id, id)));
  return row;
}

export async function markAllRowsRead(db: Db, userId: string, now: Date): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}
