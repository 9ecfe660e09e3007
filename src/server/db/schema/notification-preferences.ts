import { boolean, pgTable, text, time, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth';

/**
 * How a user wants alerts delivered, one row per user; no row means the defaults. Quiet hours are
 * wall-clock times in the account's zone (`useraccounts.time_zone`; both set or both null) during
 * which email and SMS wait.
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
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
