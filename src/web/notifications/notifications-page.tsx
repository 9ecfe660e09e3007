/** Placeholder: being built (issue 5). */
export function NotificationsPage() {
  return <p className="p-8">Loading…</p>;
}
