import { formatDay } from '../ui/time';

/** A sign-up date as people read it ("Mar 5, 2026"), in the viewer's time zone (useTimeZone). */
export function formatSignupDate(iso: string, timeZone: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : formatDay(date, timeZone);
}

/** "Page 2 of 5": never "of 0", even for an empty list. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** "Showing 21–40 of 57" for the current page. */
export function rangeLabel(page: number, pageSize: number, shown: number, total: number): string {
  if (total === 0 || shown === 0) return `Showing 0 of ${total}`;
  const first = (page - 1) * pageSize + 1;
  return `Showing ${first}–${first + shown - 1} of ${total}`;
}
