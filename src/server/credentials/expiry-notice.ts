import { defaultNotificationPreferences } from '../../domain/notification-preferences';
import type { ExpiryNotice } from '../../domain/credential-expiry';
import { THERAPIST_CREDENTIALS_PATH } from '../../domain/credential-expiry';
import type { Transaction } from '../db/client';
import type { JobQueue } from '../jobs/queue';
import { queueMail } from '../mail/queue-mail';
import { createNotification } from '../notifications/service';
import { queueSms } from '../sms/queue-sms';
import type { ExpiryRecipient } from './expiry-queries';

export const EXPIRY_REMINDER_TYPE = 'credential.expiring';
export const CREDENTIAL_EXPIRED_TYPE = 'credential.expired';

/**
 * Tells a therapist about one credential's expiry, inside the caller's transaction (so with the
 * claim that makes it happen once): in-app always, email unless they turned mail off, a text when
 * they chose texts and gave a number. Quiet hours are not applied: the job runs once a day in the
 * morning (expiry-job.ts), and a notice about a date is no less true a few hours later.
 *
 * The link names the credential, so two credentials' notices are two items in the bell (the bell
 * groups unread notices of one type and link).
 */
export async function sendExpiryNotice(
  t: Transaction,
  deps: { jobs: JobQueue; publicUrl: string },
  input: { therapistId: string; credentialId: string; recipient: ExpiryRecipient; type: string; notice: ExpiryNotice },
): Promise<void> {
  const { recipient, notice } = input;
  const path = `${THERAPIST_CREDENTIALS_PATH}#credential-${input.credentialId}`;
  const url = `${deps.publicUrl}${path}`;
  await createNotification(t, { userId: input.therapistId, type: input.type, title: notice.title, body: notice.body, link: path });
  if (recipient.emailOptIn ?? defaultNotificationPreferences.email) {
    await queueMail(t, deps.jobs, {
      to: recipient.email,
      subject: notice.title,
      text: `${notice.body}\n\nOpen your credentials in CareRelay:\n${url}\n\nYou receive this because a credential on your CareRelay account is expiring.\n`,
    });
  }
  if (recipient.smsOptIn && recipient.smsPhone) {
    await queueSms(t, deps.jobs, { to: recipient.smsPhone, body: `CareRelay: ${notice.body} ${url}` });
  }
}
