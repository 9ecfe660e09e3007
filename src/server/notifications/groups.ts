import { sql, type SQL } from 'drizzle-orm';

/**
 * Which unread notifications are shown as one item. Notifications of one type about one thing
 * (the same link) say the same thing again, so they group on type and link. New-referral alerts
 * each link their own referral but read alike for one discipline ("New PT referral near you": the
 * title names only the discipline), so they group on type and title, and the item leads to the list
 * of referrals near the therapist. Read notifications are never grouped: they are history.
 */

export const NEW_REFERRAL_TYPE = 'referral.posted';
const NEW_REFERRALS_LIST = '/dashboard/therapist/referrals';
const NEW_REFERRAL_TITLE = /^New (.+) referral near you$/;

/** The group a notification row belongs to, as SQL over the notifications table's columns. */
export function groupKey(columns: { type: SQL; title: SQL; link: SQL }): SQL {
  return sql`${columns.type} || chr(10) || case when ${columns.type} = ${NEW_REFERRAL_TYPE} then ${columns.title} else ${columns.link} end`;
}

/** What a group of `count` unread notifications shows, from its newest one. */
export function presentGroup(newest: { type: string; title: string; body: string; link: string }, count: number): { title: string; body: string; link: string } {
  const discipline = count > 1 && newest.type === NEW_REFERRAL_TYPE ? NEW_REFERRAL_TITLE.exec(newest.title)?.[1] : undefined;
  if (discipline !== undefined) {
    return { title: `${count} new ${discipline} referrals near you`, body: `The newest: ${newest.body}`, link: NEW_REFERRALS_LIST };
  }
  // Same type and link: the newest says it; the count says how many times.
  return { title: newest.title, body: newest.body, link: newest.link };
}
