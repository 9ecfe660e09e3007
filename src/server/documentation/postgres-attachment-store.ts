import { eq, sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client';
import { attachmentBlobs } from '../db/schema/index';
import type { AttachmentStore } from './attachment-store';

/**
 * The default store: sealed bytes in `attachment_blobs`, written and removed in the transaction of
 * the attachment row they belong to, so a failed upload leaves nothing and a removal is whole.
 * Without a transaction (the start-up move of old files) it runs on the pool.
 */
export function createPostgresAttachmentStore(database: Database): AttachmentStore {
  const on = (tx?: Db) => tx ?? database.db;
  return {
    name: 'postgres',
    transactional: true,
    async put(key, sealed, tx) {
      await on(tx)
        .insert(attachmentBlobs)
        .values({ storageKey: key, sealed })
        .onConflictDoUpdate({ target: attachmentBlobs.storageKey, set: { sealed, createdAt: sql`now()` } });
    },
    async get(key, tx) {
      const [row] = await on(tx).select({ sealed: attachmentBlobs.sealed }).from(attachmentBlobs).where(eq(attachmentBlobs.storageKey, key));
      return row?.sealed ?? null;
    },
    async has(key) {
      return (await database.db.$count(attachmentBlobs, eq(attachmentBlobs.storageKey, key))) > 0;
    },
    async remove(key, tx) {
      await on(tx).delete(attachmentBlobs).where(eq(attachmentBlobs.storageKey, key));
    },
  };
}
