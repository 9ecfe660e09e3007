/** Placeholder: being built (issue 5). */
export function NetworkTherapistsPage() {
  return <p className="p-8">Loading…</p>;
}
