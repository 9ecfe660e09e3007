/** Placeholder: being built (issue 4). */
export function TherapistReferralPage() {
  return <p className="p-8">Loading…</p>;
}
