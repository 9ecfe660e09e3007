import { writeAudit } from '../audit/write-audit';
import { requireAal2 } from '../auth/guards';
import type { Actor } from '../auth/session';
import { inTransaction, type Database, type Db, type Transaction } from '../db/client';
import { AppError } from '../http/errors';
import { canUseDocumentation, type DocumentationSide } from './policy';
import { findVisitOfParty, isUuid, type DocumentationVisitRow } from './queries';
import type { RequestClient } from '../http/request-client';

/**
 * The frame every documentation use case runs in: one transaction that loads the visit scoped to
 * the actor, checks the policy and audits the outcome. A refusal's audit row commits before the
 * request fails, so failed attempts are recorded too (the error is returned, then thrown).
 */

export const NOTES_NOT_FOUND = 'No visit documentation found.';
export const DOCUMENTATION_ENTITY = 'visit_note';

export interface AuditTarget {
  action: string;
  entityType?: string;
  /** The record's id as given; anything that is not a uuid is left out of the audit row. */
  entityId: string;
}

export async function auditDocumentation(
  db: Db,
  entry: AuditTarget & { actorUserId: string | null; client: RequestClient; outcome: 'success' | 'failure'; details: Record<string, unknown> },
): Promise<void> {
  await writeAudit(db, {
    actorUserId: entry.actorUserId,
    action: entry.action,
    entityType: entry.entityType ?? DOCUMENTATION_ENTITY,
    entityId: isUuid(entry.entityId) ? entry.entityId : undefined,
    outcome: entry.outcome,
    ipAddress: entry.client.ipAddress,
    userAgent: entry.client.userAgent,
    details: entry.details,
  });
}

export type Outcome<T> = { ok: T } | { error: AppError };

export interface VisitContext {
  t: Transaction;
  visit: DocumentationVisitRow;
  as: DocumentationSide;
  /** Writes the success row (with `as`), in this transaction. */
  succeed(details?: Record<string, unknown>): Promise<void>;
  /** Writes the failure row and returns the error to answer with after commit. */
  fail(error: AppError, reason: string): Promise<{ error: AppError }>;
}

export async function withVisit<T>(
  database: Database,
  options: { actor: Actor; visitId: string; client: RequestClient; action: string; need: DocumentationSide | 'either'; lock?: boolean },
  work: (context: VisitContext) => Promise<Outcome<T>>,
): Promise<T> {
  const { actor, visitId, client, action } = options;
  const result = await inTransaction(database, async (t): Promise<Outcome<T> | { refused: 'no_access' | 'mfa_required' }> => {
    const audit = (outcome: 'success' | 'failure', details: Record<string, unknown>) =>
      auditDocumentation(t.tx, { action, entityId: visitId, actorUserId: actor.userId, client, outcome, details });
    const visit = await findVisitOfParty(t.tx, visitId, actor.userId, { lock: options.lock });
    const access = canUseDocumentation(actor, visit, options.need);
    if (!access.allowed || !visit) {
      const reason = access.allowed ? 'no_access' : access.reason;
      await audit('failure', { reason });
      return { refused: reason };
    }
    return work({
      t,
      visit,
      as: access.as,
      succeed: (details = {}) => audit('success', { as: access.as, ...details }),
      fail: async (error, reason) => {
        await audit('failure', { reason, as: access.as });
        return { error };
      },
    });
  });
  if ('refused' in result) {
    if (result.refused === 'mfa_required') requireAal2(actor);
    throw new AppError('NOT_FOUND', NOTES_NOT_FOUND);
  }
  if ('error' in result) throw result.error;
  return result.ok;
}
