/** Placeholder: being built (issue 5). */
export function PaymentsPage() {
  return <p className="p-8">Loading…</p>;
}
