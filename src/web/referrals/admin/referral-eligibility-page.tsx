/** Placeholder: being built (issue 4). */
export function ReferralEligibilityPage() {
  return <p className="p-8">Loading…</p>;
}
