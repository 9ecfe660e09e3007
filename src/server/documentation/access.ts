import { audited, refused, type Outcome, type Refusal } from '../audit/audited-use-case';
import { mfaRequired } from '../auth/guards';
import type { Database, Transaction } from '../db/client';
import { AppError } from '../errors';
import type { Caller } from '../use-case';
import { canUseDocumentation, type DocumentationSide } from './policy';
import { findVisitOfParty, type DocumentationVisitRow } from './queries';

/**
 * Documentation use cases run in the audited frame (audit/audited-use-case.ts): one transaction
 * that loads the visit scoped to the actor, checks the policy, acts and audits the outcome, refused
 * attempts included.
 */

export const NOTES_NOT_FOUND = 'No visit documentation found.';
export const DOCUMENTATION_ENTITY = 'visit_note';

/** Refused before access: a 404 for anyone who may not know more, MFA_REQUIRED for a party without a second factor. */
export function accessRefusal(reason: 'no_access' | 'mfa_required', details: Record<string, unknown> = {}): Refusal {
  return refused(reason === 'mfa_required' ? mfaRequired() : new AppError('NOT_FOUND', NOTES_NOT_FOUND), { reason, ...details });
}

export interface VisitContext {
  t: Transaction;
  visit: DocumentationVisitRow;
  as: DocumentationSide;
  /** The use case did its work: its value, audited with `as` and these details. */
  done<T>(value: T, details?: Record<string, unknown>): Outcome<T>;
  /** Refused after access was granted (wrong state, bad input): audited with the reason. */
  refuse(error: AppError, reason: string): Refusal;
}

/** A use case on one visit's documentation, for the side(s) `need` names. */
export function withVisit<T>(
  database: Database,
  options: Caller & { visitId: string; action: string; need: DocumentationSide | 'either'; lock?: boolean },
  work: (context: VisitContext) => Promise<Outcome<T>>,
): Promise<T> {
  const { actor, visitId, client, action } = options;
  const meta = { actorUserId: actor.userId, action, entityType: DOCUMENTATION_ENTITY, entityId: visitId, client };
  return audited(database, meta, async (t) => {
    const visit = await findVisitOfParty(t.tx, visitId, actor.userId, { lock: options.lock });
    const access = canUseDocumentation(actor, visit, options.need);
    if (!access.allowed || !visit) return accessRefusal(access.allowed ? 'no_access' : access.reason);
    const { as } = access;
    return work({
      t,
      visit,
      as,
      done: (value, details = {}) => ({ value, details: { as, ...details } }),
      refuse: (error, reason) => refused(error, { reason, as }),
    });
  });
}
