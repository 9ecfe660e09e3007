import { z } from 'zod';

/** What a client sees of a notification: whitelisted fields, dates as ISO strings. */
export const notificationSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string(),
  /** How many unread notifications this item stands for (groups.ts); 1 for a single one. */
  count: z.number().int().min(1),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type NotificationView = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = z.object({
  unreadOnly: z.enum(['true', 'false']).optional(),
  /** Cursor: only notifications older than this id (the last id of the previous page). */
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const notificationListSchema = z.object({
  items: z.array(notificationSchema),
  unreadCount: z.number().int(),
});

export const notificationIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

export const streamQuerySchema = z.object({
  /** For clients that cannot set the Last-Event-ID header on their first connection. */
  lastEventId: z.string().optional(),
});

export const markAllReadResultSchema = z.object({ updated: z.number().int() });
