const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** A date of birth "1948-03-14" as "March 14, 1948" (read as UTC: a birthday has no time zone). */
export function formatBirthDate(isoDate: string): string {
  const date = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? isoDate : dayFormat.format(date);
}

/** Whole years from `isoDate` to `today` (both YYYY-MM-DD), or null when unreadable. */
export function ageOn(isoDate: string, today: string = new Date().toISOString().slice(0, 10)): number | null {
  const birth = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  const now = /^(\d{4})-(\d{2})-(\d{2})/.exec(today);
  if (!birth || !now) return null;
  const years = Number(now[1]) - Number(birth[1]);
  const beforeBirthday = `${now[2]}-${now[3]}` < `${birth[2]}-${birth[3]}`;
  return beforeBirthday ? years - 1 : years;
}

/** Ten US digits as "(512) 555-0100"; anything else as it came. */
export function formatPhone(value: string): string {
  const digits = value.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');
  return digits.length === 10 ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : value;
}
