/** Placeholder: being built (issue 4). */
export function AgencyReferralListPage() {
  return <p className="p-8">Loading…</p>;
}
