import { and, asc, count, desc, eq, gt, gte, isNull, lt, lte, max, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { notifications } from '../db/schema/index';

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

export function listNotificationRows(db: Db, userId: string, options: { unreadOnly: boolean; before?: number; limit: number }) {
  const conditions: SQL[] = [eq(notifications.userId, userId)];
  if (options.unreadOnly) conditions.push(isNull(notifications.readAt));
  if (options.before !== undefined) conditions.push(lt(notifications.id, options.before));
  return db
    .select()
    .from(notifications)
    .where(and(...conditions))
    .orderBy(desc(notifications.id))
    .limit(options.limit);
}

export async function countUnread(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** Marks one of the user's notifications read (keeping the first read time); undefined when not theirs. */
export async function markRowRead(db: Db, userId: string, id: number, now: Date): Promise<NotificationRow | undefined> {
  const [row] = await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.userId, userId), eq(notifications.id, id), isNull(notifications.readAt)))
    .returning();
  if (row) return row;
  const [already] = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.id, id)));
  return already;
}

export async function markAllRowsRead(db: Db, userId: string, now: Date): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}
