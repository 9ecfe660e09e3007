/** Placeholder: being built (issue 4). */
export function NewReferralPage() {
  return <p className="p-8">Loading…</p>;
}
