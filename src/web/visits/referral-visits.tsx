/** Placeholder: being built (issue 5). The referral pages render it once a referral is matched. */
export function ReferralVisits(_props: { referralId: string; role: 'agency' | 'therapist' }) {
  return null;
}
