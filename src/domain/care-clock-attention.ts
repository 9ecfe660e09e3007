import type { CareClockItem } from './care-clock-items';

/**
 * Which care clock items belong in "Needs your attention": every overdue one, and a due-soon one
 * unless a visit that meets it is already booked in time — that one is in hand, and listing it
 * would teach people to ignore the line.
 */
export function careAttentionOf(item: Pick<CareClockItem, 'state' | 'dueBy' | 'booked'>): 'overdue' | 'due_soon' | null {
  if (item.state === 'overdue') return 'overdue';
  if (item.state !== 'due_soon') return null;
  return item.booked !== null && item.booked.at.getTime() <= item.dueBy.getTime() ? null : 'due_soon';
}
