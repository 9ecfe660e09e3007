import type { Actor } from '../auth/session';

/**
 * Who may export a referral to an EHR. Pure: the caller loads the referral scoped to the agency
 * (so `null` also means "not theirs").
 *
 * Only the agency that owns the referral: the chart and the EHR it feeds are the agency's, and the
 * bundle gathers every visit and note of the referral, more than any one therapist's work. The
 * therapist has their own notes' PDFs; least privilege keeps the whole record with its owner.
 * Patient details and the notes go in only at aal2, as they do on screen; below it the bundle is
 * the orders and the visits, the patient referred to by the referral's identifier.
 */
export type ExportAccess = { allowed: true; withPhi: boolean } | { allowed: false };

export function canExportReferral(actor: Pick<Actor, 'userId' | 'aal' | 'account'>, referral: { agencyId: string } | null): ExportAccess {
  const account = actor.account;
  if (!referral || !account || account.status !== 'approved' || account.userType !== 'agency' || referral.agencyId !== actor.userId) return { allowed: false };
  return { allowed: true, withPhi: actor.aal === 'aal2' };
}
