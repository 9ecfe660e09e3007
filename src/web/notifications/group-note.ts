import type { Notification } from '../api/notifications';

/**
 * What a grouped item adds under its title: "and 2 more like it" when the server joined several
 * unread notifications whose title does not already say how many ("3 new PT referrals near you"
 * does). Null for a single notification.
 */
export function groupNote(item: Pick<Notification, 'count' | 'title'>): string | null {
  if (item.count <= 1 || item.title.startsWith(`${item.count} `)) return null;
  const more = item.count - 1;
  return `and ${more} more like it`;
}
