import type { VisitStatus } from '../../domain/visits';
import type { Actor } from '../auth/session';

/**
 * Who may see and write a visit's documentation. Pure: the caller loads the visit scoped to the
 * actor (so `null` also means "not theirs") and turns a refusal into the answer.
 *
 * Only the visit's agency and its therapist, both approved, ever learn the visit exists; each may
 * act only on their own side (the therapist writes and signs, the agency reviews). Anyone else, or
 * a party asking for the other side's action, is refused as `no_access` (404) before the second
 * factor is considered; the parties themselves need aal2.
 */

export interface DocumentationVisit {
  agencyId: string;
  therapistId: string;
  status: VisitStatus;
}

export type DocumentationActor = Pick<Actor, 'userId' | 'aal' | 'account'>;
export type DocumentationSide = 'agency' | 'therapist';
export type DocumentationDenial = 'no_access' | 'mfa_required';
export type DocumentationAccess = { allowed: true; as: DocumentationSide } | { allowed: false; reason: DocumentationDenial };

function sideOf(actor: DocumentationActor, visit: DocumentationVisit | null): DocumentationSide | null {
  if (!visit || !actor.account || actor.account.status !== 'approved') return null;
  if (actor.account.userType === 'agency' && visit.agencyId === actor.userId) return 'agency';
  if (actor.account.userType === 'therapist' && visit.therapistId === actor.userId) return 'therapist';
  return null;
}

/** `need`: 'either' to read; 'therapist' to write, sign or upload; 'agency' to review. */
export function canUseDocumentation(
  actor: DocumentationActor,
  visit: DocumentationVisit | null,
  need: DocumentationSide | 'either',
): DocumentationAccess {
  const side = sideOf(actor, visit);
  if (!side || (need !== 'either' && need !== side)) return { allowed: false, reason: 'no_access' };
  if (actor.aal !== 'aal2') return { allowed: false, reason: 'mfa_required' };
  return { allowed: true, as: side };
}
