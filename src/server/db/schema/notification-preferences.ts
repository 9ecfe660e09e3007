import { boolean, pgTable, text, time, timestamp } from 'drizzle-orm/pg-core';
import { DEFAULT_TIME_ZONE } from '../../../domain/notification-preferences';
import { user } from './auth';

/**
 * How a user wants alerts delivered, one row per user; no row means the defaults. Quiet hours are
 * wall-clock times in `time_zone` (both set or both null) during which email and SMS wait.
 */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: text()
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  inApp: boolean().notNull().default(true),
  email: boolean().notNull().default(true),
  sms: boolean().notNull().default(false),
  smsPhone: text(),
  quietHoursStart: time(),
  quietHoursEnd: time(),
  timeZone: text().notNull().default(DEFAULT_TIME_ZONE),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
