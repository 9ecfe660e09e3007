import { writeAudit } from '../audit/write-audit';
import type { StandingConfig } from '../credentials/standing';
import type { Database, Transaction } from '../db/client';
import { AppError } from '../errors';
import type { JobQueue } from '../jobs/queue';
import type { Caller } from '../use-case';
import type { Decision } from './policy';

/**
 * What every referral use case (posting.ts, confirmation.ts, closing.ts, therapist-service.ts)
 * carries and shares: its dependencies, the caller, the audit row and the refusals.
 */

export interface ReferralDeps {
  database: Database;
  jobs: JobQueue;
  /** What offers and confirmations judge a therapist's standing by (REQUIRED_CREDENTIALS, LATE_NOTES_*). */
  config: StandingConfig;
}

/** What a use case carries through its steps: its dependencies, the caller (and its id) and its input. */
export type Context = ReferralDeps & Caller & { userId: string };

export function contextOf<T extends Caller>(deps: ReferralDeps, options: T): ReferralDeps & T & { userId: string } {
  return { database: deps.database, jobs: deps.jobs, config: deps.config, ...options, userId: options.actor.userId };
}

export const LIVE_RESPONSES = ['accepted', 'rate_requested', 'countered'] as const;

/** The audit row of a use case on a referral, as the caller did it. */
export function auditEntry(context: Context, action: string, referralId: string, details?: Record<string, unknown>) {
  return {
    actorUserId: context.userId,
    action,
    entityType: 'referral',
    entityId: referralId,
    outcome: 'success' as const,
    ipAddress: context.client.ipAddress,
    userAgent: context.client.userAgent,
    details,
  };
}

export function audit(t: Transaction, context: Context, action: string, referralId: string, details?: Record<string, unknown>) {
  return writeAudit(t.tx, auditEntry(context, action, referralId, details));
}

export const notFound = () => new AppError('NOT_FOUND', 'No such referral.');

/** A state the policy refuses is answered 409 with its words. */
export function enforce(decision: Decision): void {
  if (!decision.allowed) throw new AppError('CONFLICT', decision.message);
}
