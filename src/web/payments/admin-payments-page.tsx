/** Placeholder: being built (issue 5). */
export function AdminPaymentsPage() {
  return <p className="p-8">Loading…</p>;
}
