/** Placeholder: being built (issue 4). */
export function ReferralsNearMePage() {
  return <p className="p-8">Loading…</p>;
}
