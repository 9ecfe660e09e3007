import type { Discipline } from '../../domain/accounts';
import type { Transaction } from '../db/client';
import { createNotification, createNotifications, type NewNotification } from '../notifications/service';

/**
 * The in-app notifications of the referral marketplace. None carries PHI: the title and body say
 * what happened in general terms and the link leads into the app, where access is checked.
 */

export const therapistReferralLink = (id: string) => `/dashboard/therapist/referrals/${id}`;
export const agencyReferralLink = (id: string) => `/dashboard/agency/referrals/${id}`;

export function newReferralAlert(referral: { id: string; discipline: Discipline; patientCity: string; patientState: string }, therapistId: string): NewNotification {
  return {
    userId: therapistId,
    type: 'referral.posted',
    title: `New ${referral.discipline} referral near you`,
    body: `A referral in ${referral.patientCity}, ${referral.patientState} matches your discipline and service area.`,
    link: therapistReferralLink(referral.id),
  };
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
