import { readdir, readFile, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { asc, gt } from 'drizzle-orm';
import type { Database } from '../db/client';
import { noteAttachments } from '../db/schema/index';
import type { AttachmentStore } from './attachment-store';

/** Taken by every instance that finds old files, so instances starting together over one shared folder take turns. */
const MOVE_LOCK = 7_231_017;
const BATCH = 500;

export interface MoveLog {
  info(details: Record<string, unknown>, message: string): void;
  warn(details: Record<string, unknown>, message: string): void;
}

export interface MoveDeps {
  database: Database;
  store: AttachmentStore;
  dataDir: string;
  log: MoveLog;
}

const noFolder = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Start-up, after the migrations: attachments used to be files under each instance's
 * `DATA_DIR/attachments`, named by their row's storage key and already sealed. Each such file whose
 * row exists is copied into the attachment store and then deleted, so any instance serves it. An
 * attachment whose file is neither in this folder nor in the store is logged by its id (never its
 * name) and left alone: another instance with its own folder may still hold it, and moves it when
 * it starts. Files no row names are left too (this instance might be pointed at the wrong
 * database), and counted. Once the folder is empty it is removed, so later starts skip all this.
 * Safe to run again (a file copied but not yet deleted is copied again, whole) and from several
 * instances at once (an advisory lock makes them take turns). A store that cannot be reached stops
 * the move, logged, without stopping the instance: the files stay and move at a later start.
 */
export async function moveAttachmentFilesToStore(deps: MoveDeps): Promise<{ moved: number; missing: number; leftOver: number }> {
  const folder = path.join(deps.dataDir, 'attachments');
  const nothing = { moved: 0, missing: 0, leftOver: 0 };
  const lock = await deps.database.pool.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MOVE_LOCK]);
    let files: Set<string>;
    try {
      files = new Set(await readdir(folder));
    } catch (error) {
      // No folder: a new deployment, an instance already moved, or one sharing this folder finished it.
      if (noFolder(error)) return nothing;
      throw error;
    }
    let moved = 0;
    let missing = 0;
    for await (const rows of attachmentKeys(deps.database)) {
      for (const row of rows) {
        const onDisk = files.has(row.storageKey);
        try {
          if (onDisk) {
            const file = path.join(folder, row.storageKey);
            await deps.store.put(row.storageKey, await readFile(file));
            await rm(file, { force: true });
            files.delete(row.storageKey);
            moved++;
          } else if (!(await deps.store.has(row.storageKey))) {
            deps.log.warn({ attachmentId: row.id }, "an attachment's file is neither in the attachment store nor in this instance's DATA_DIR/attachments; left as it is");
            missing++;
          }
        } catch (error) {
          deps.log.warn({ err: error, attachmentId: row.id, moved }, 'moving attachment files into the attachment store stopped; the rest stay in DATA_DIR/attachments and move at the next start');
          return { moved, missing, leftOver: files.size };
        }
      }
    }
    if (moved > 0) deps.log.info({ moved }, 'attachment files moved from DATA_DIR/attachments into the attachment store');
    if (files.size === 0) {
      await rmdir(folder).catch(() => {});
    } else {
      deps.log.warn({ count: files.size }, 'files in DATA_DIR/attachments belong to no attachment in this database; left in place');
    }
    return { moved, missing, leftOver: files.size };
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [MOVE_LOCK]).catch(() => {});
    lock.release();
  }
}

/** Every attachment's id and storage key, all tenants, in batches (the platform acting on its own). */
async function* attachmentKeys(database: Database) {
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const rows = await database.db
      .select({ id: noteAttachments.id, storageKey: noteAttachments.storageKey })
      .from(noteAttachments)
      .where(gt(noteAttachments.id, after))
      .orderBy(asc(noteAttachments.id))
      .limit(BATCH);
    if (rows.length > 0) yield rows;
    if (rows.length < BATCH) return;
    after = rows[rows.length - 1]!.id;
  }
}
