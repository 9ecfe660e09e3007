import type { Db } from '../db/client';

/**
 * Where attachments' bytes live: somewhere every instance sees, so any instance serves a file any
 * other stored. The bytes given and returned are already sealed with the PHI key (bound to the
 * attachment and its visit), so a store, its backups or its operator never see a patient's
 * document; keys are the attachment row's random `storage_key`. Chosen once at start-up
 * (select-attachment-store.ts) and carried in the app's deps.
 */
export interface AttachmentStore {
  readonly name: 'postgres' | 's3';
  /**
   * True when `put` and `remove` take part in the transaction handed to them (PostgreSQL): a file
   * commits or rolls back with its row. False for outside storage, which acts at once: its callers
   * remove what a failed transaction leaves, and remove a file only after its row's removal commits.
   */
  readonly transactional: boolean;
  /** Stores (or replaces) the sealed bytes under `key`; `tx` is the transaction to join, if the store can. */
  put(key: string, sealed: Buffer, tx?: Db): Promise<void>;
  /** The sealed bytes, or null when nothing is stored under `key`; an unreachable store throws. */
  get(key: string, tx?: Db): Promise<Buffer | null>;
  /** Whether something is stored under `key`, without reading it. */
  has(key: string): Promise<boolean>;
  /** Removes `key`; nothing stored under it is not an error. */
  remove(key: string, tx?: Db): Promise<void>;
}
