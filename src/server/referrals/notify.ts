import type { Discipline } from '../../domain/accounts';
import type { Transaction } from '../db/client';
import { NEW_REFERRAL_TYPE } from '../notifications/groups';
import { createNotification, createNotifications, type NewNotification } from '../notifications/service';
import { ratesLine, referralTag } from '../notifications/wording';

/**
 * The in-app notifications of the referral marketplace. They say who and what — the therapist's
 * or agency's name, the rates, the referral's reference and coarse place — and never the patient:
 * the link leads into the app, where access is checked.
 */

export const therapistReferralLink = (id: string) => `/dashboard/therapist/referrals/${id}`;
export const agencyReferralLink = (id: string) => `/dashboard/agency/referrals/${id}`;

/**
 * "New PT referral near you", one per therapist offered the referral: the title names only the
 * discipline, so every alert of one discipline has the same title and the list groups unread ones
 * on it (notifications/groups.ts: "3 new PT referrals near you"); what is particular to the
 * referral goes in the body. The words shared by every alert are made once: a referral posted to
 * thousands of therapists builds thousands, inside the agency's transaction, and formatting the
 * date alone took about 0.1 ms each. Hence: what every alert reads alike, and the body around its distance.
 */
export function newReferralAlert(
  referral: { id: string; discipline: Discipline; referenceNumber: number; patientCity: string; patientState: string; startBy: string },
  services: readonly { serviceId: string; offeredRate: number }[]) {
  const rates = ratesLine(services, Object.fromEntries(services.map((s) => [s.serviceId, s.offeredRate])));
  const tag = referralTag(referral);
  const tail = ` mi from you: ${rates}. Start by ${startByDate(referral.startBy)}.`;
  const shared = { type: NEW_REFERRAL_TYPE, title: `New ${referral.discipline} referral near you`, link: therapistReferralLink(referral.id) };
  // The body is `${before}${distance to a tenth of a mile}${after}`; offers.ts puts the distance in
  // as SQL, since the database finds it.
  return { shared, body: { before: `${tag}, `, after: tail } };
}

/** Made once: toLocaleDateString builds a formatter on every call (about 0.3 ms). */
const startByFormat = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' });

/** "Dec 3, 2026" from the referral's start-by date ('2026-12-03'), a calendar date with no zone. */
function startByDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  if (!year || !month || !day) return isoDate;
  return startByFormat.format(new Date(Date.UTC(year, month - 1, day)));
}

export async function notifyTherapists(t: Transaction, therapistIds: string[], notification: Omit<NewNotification, 'userId'>) {
  await createNotifications(
    t,
    therapistIds.map((userId) => ({ ...notification, userId })),
  );
}

/** One notification addressed to each of `userIds`. */
export function addressed(userIds: string[], notification: Omit<NewNotification, 'userId'>): NewNotification[] {
  return userIds.map((userId) => ({ ...notification, userId }));
}

/**
 * Every notification of one use case, created in one call. createNotifications locks the users'
 * rows in id order; a transaction that notifies in several calls (the matched therapist, then the
 * others) locks in several runs instead, and two such transactions on referrals with the same
 * responders deadlock. One ordered run per transaction cannot.
 */
export async function notifyAll(t: Transaction, notifications: NewNotification[]) {
  await createNotifications(t, notifications);
}

export async function notifyAgency(t: Transaction, agencyId: string, notification: Omit<NewNotification, 'userId'>) {
  await createNotification(t, { ...notification, userId: agencyId });
}
