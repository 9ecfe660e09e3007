/** Placeholder: being built (issue 5). */
export function PatientRecordsPage() {
  return <p className="p-8">Loading…</p>;
}
