/**
 * How soon a referral's patient needs a first visit. A module without zod (domain/referrals.ts
 * re-exports it), so pages that only show the label do not load the schemas.
 */
export const urgencies = ['routine', 'soon', 'urgent'] as const;
export type Urgency = (typeof urgencies)[number];
export const urgencyLabels: Record<Urgency, string> = {
  routine: 'Routine',
  soon: 'Within a few days',
  urgent: 'Urgent (within 24 hours)',
};
