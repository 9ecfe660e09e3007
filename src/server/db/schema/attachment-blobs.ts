import { customType, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** PostgreSQL's binary column; drizzle 0.45 has no built-in one. node-postgres reads it as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({
  dataType: () => 'bytea',
});

/**
 * The default attachment store (documentation/attachment-store.ts): each file's bytes, sealed with
 * the PHI key and bound to its attachment and visit, under the attachment row's `storage_key`. In
 * the database so that every instance sees every file, and so a file is written and removed in the
 * same transaction as its row.
 */
export const attachmentBlobs = pgTable('attachment_blobs', {
  storageKey: text().primaryKey(),
  sealed: bytea().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
