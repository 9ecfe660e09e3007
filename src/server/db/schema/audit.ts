import { bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Who did what to which record, when, from where, and whether it worked. Append-only: a trigger
 * in the migration refuses UPDATE and DELETE, so even the app cannot rewrite history.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    actorUserId: text(),
    /** e.g. auth.sign_in, auth.factor_added, account.approved */
    action: text().notNull(),
    entityType: text(),
    entityId: text(),
    outcome: text({ enum: ['success', 'failure'] }).notNull(),
    ipAddress: text(),
    userAgent: text(),
    details: jsonb().$type<Record<string, unknown>>(),
  },
  (t) => [index().on(t.actorUserId, t.at), index().on(t.entityType, t.entityId)],
);
