import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Prospects who answered the landing page's slide-in form. */
export const leads = pgTable('leads', {
  id: uuid().primaryKey().defaultRandom(),
  name: text().notNull(),
  email: text().notNull(),
  organisation: text().notNull(),
  role: text({ enum: ['agency', 'therapist', 'other'] }).notNull(),
  message: text().notNull().default(''),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Messages sent through /contact. */
export const contactMessages = pgTable('contact_messages', {
  id: uuid().primaryKey().defaultRandom(),
  name: text().notNull(),
  email: text().notNull(),
  company: text(),
  phone: text(),
  userType: text({ enum: ['agency', 'therapist', 'other'] }).notNull(),
  subject: text().notNull(),
  message: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
