/** A record's time in words in the patient's zone, e.g. "Nov 25, 2026, 9:30 AM CST": the PDF and the record's lines say it the same way. */
export function formatAt(iso: string, timeZone: string): string {
  const options = { timeZone, month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' } as const;
  return new Intl.DateTimeFormat('en-US', options).format(new Date(iso));
}
