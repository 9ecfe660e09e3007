import { isUuid } from '../../domain/uuid';
import { inTransaction, type Database, type Db, type Transaction } from '../db/client';
import type { RequestClient } from '../http/request-client';
import { writeAudit } from './write-audit';

/**
 * What an audited use case ends with: a value, or a refusal (the error to answer with) whose audit
 * row commits before it is thrown. Details carry ids, codes, field names and reasons, never free
 * text a person typed.
 */
export type Outcome<T> = { value: T; details?: Record<string, unknown> } | Refusal;
export type Refusal = { refused: Error; details: Record<string, unknown> };

export const refused = (error: Error, details: Record<string, unknown>): Refusal => ({ refused: error, details });

export interface AuditedAction {
  /** Null when the platform acts on its own (a job). */
  actorUserId: string | null;
  action: string;
  entityType: string;
  /** The record's id as given; recorded only when it is a uuid (a path segment could hold anything). */
  entityId: string | undefined;
  client: RequestClient;
}

/**
 * The one frame of a use case on patient information: load → authorize → act in one transaction,
 * whose audit row (who, what, which record, from where, success or failure and why) is written in
 * that same transaction. A refusal is thrown only after its audit row has committed, so refused
 * attempts are on record too; an error thrown from `work` rolls everything back.
 */
export async function audited<T>(database: Database, meta: AuditedAction, work: (t: Transaction) => Promise<Outcome<T>>): Promise<T> {
  const outcome = await inTransaction(database, async (t) => auditedWithin(t.tx, meta, () => work(t)));
  if ('refused' in outcome) throw outcome.refused;
  return outcome.value;
}

/**
 * The same frame inside a transaction another use case already holds, for a use case that shows
 * patient information of another feature (the visit page shows the patient): the audit row commits
 * with that transaction, and the outcome is returned rather than thrown, so the caller decides what a
 * refusal means for its own answer (the visit shows without the patient).
 */
export async function auditedWithin<T>(tx: Db, meta: AuditedAction, work: () => Promise<Outcome<T>>): Promise<Outcome<T>> {
  const result = await work();
  await writeAudit(tx, {
    actorUserId: meta.actorUserId,
    action: meta.action,
    entityType: meta.entityType,
    entityId: meta.entityId && isUuid(meta.entityId) ? meta.entityId : undefined,
    outcome: 'refused' in result ? 'failure' : 'success',
    ipAddress: meta.client.ipAddress,
    userAgent: meta.client.userAgent,
    details: result.details ?? {},
  });
  return result;
}
