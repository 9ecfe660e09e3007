import { mailMessages } from '../db/schema/index';
import type { Transaction } from '../db/client';
import type { JobQueue } from '../jobs/queue';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
}

/**
 * Records a mail and queues its delivery inside the caller's transaction. Delivery happens in the
 * `send-mail` job, so a slow or absent SMTP server never slows or fails the user's request.
 */
export async function queueMail({ tx, sql }: Transaction, jobs: JobQueue, mail: OutgoingMail): Promise<string> {
  const [row] = await tx
    .insert(mailMessages)
    .values({ toAddress: mail.to, subject: mail.subject, textBody: mail.text, htmlBody: mail.html, replyTo: mail.replyTo })
    .returning({ id: mailMessages.id });
  if (!row) throw new Error('mail row was not inserted');
  await jobs.send('send-mail', { mailId: row.id }, { sql });
  return row.id;
}
