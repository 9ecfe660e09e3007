/** Placeholder: being built (issue 5). */
export function SchedulePage() {
  return <p className="p-8">Loading…</p>;
}
