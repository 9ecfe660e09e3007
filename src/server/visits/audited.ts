import { writeAudit } from '../audit/write-audit';
import { requireAal2 } from '../auth/guards';
import type { Actor } from '../auth/session';
import { inTransaction, type Database, type Transaction } from '../db/client';
import { AppError } from '../http/errors';
import type { VisitDenial } from './policy';
import { isUuid } from './queries';
import type { RequestClient } from '../http/request-client';

export const VISIT_ENTITY = 'visit';

/** What a use case ends with: a value, or a refusal whose audit row commits before it is thrown. */
export type Refusal = { refused: AppError; details: Record<string, unknown> };
export type Outcome<T> = { value: T; details?: Record<string, unknown> } | Refusal;

export const refused = (error: AppError, details: Record<string, unknown>): Refusal => ({ refused: error, details });

export interface AuditMeta {
  actorUserId: string | null;
  action: string;
  entityType: string;
  /** Recorded only when it is a uuid: a path segment that is not an id could hold anything. */
  entityId: string | undefined;
  client: RequestClient;
}

/**
 * Runs a visit use case in one transaction and writes its audit row (success or failure) in that
 * same transaction; a refusal is thrown only after the audit row committed. Details carry ids,
 * codes and reasons' absence, never free text a person typed.
 */
export async function audited<T>(database: Database, meta: AuditMeta, work: (t: Transaction) => Promise<Outcome<T>>): Promise<T> {
  const outcome = await inTransaction(database, async (t) => {
    const result = await work(t);
    await writeAudit(t.tx, {
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
  });
  if ('refused' in outcome) throw outcome.refused;
  return outcome.value;
}

export const VISIT_NOT_FOUND = 'No visit found.';
export const REFERRAL_NOT_FOUND = 'No referral found.';

/** The error a policy denial is answered with: 404 whenever the caller may not know more than that. */
export function denialError(reason: VisitDenial, actor: Actor, what: { entity: 'visit' | 'referral'; status?: string; notAllowed?: string }): AppError {
  switch (reason) {
    case 'mfa_required':
      try {
        requireAal2(actor);
      } catch (error) {
        if (error instanceof AppError) return error;
      }
      return new AppError('MFA_REQUIRED', 'Verify with your second factor to continue.');
    case 'not_allowed':
      return new AppError('FORBIDDEN', what.notAllowed ?? 'Only the matched therapist can do this.');
    case 'referral_closed':
      return new AppError('CONFLICT', 'This referral is closed: its visits can no longer be scheduled.');
    case 'wrong_status':
      return new AppError('CONFLICT', `This visit is ${what.status?.replace('_', ' ') ?? 'closed'}: it cannot be changed that way now.`);
    default:
      return new AppError('NOT_FOUND', what.entity === 'visit' ? VISIT_NOT_FOUND : REFERRAL_NOT_FOUND);
  }
}
