/** Placeholder: being built (issue 5). */
export function VisitPage() {
  return <p className="p-8">Loading…</p>;
}
