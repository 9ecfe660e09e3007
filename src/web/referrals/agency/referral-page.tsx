/** Placeholder: being built (issue 4). */
export function AgencyReferralPage() {
  return <p className="p-8">Loading…</p>;
}
