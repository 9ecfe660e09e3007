import { sql } from 'drizzle-orm';
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

/**
 * Records many mails and queues their deliveries in the caller's transaction, in two statements
 * whatever their number (the bulk form of queueMail: a referral's alerts to every therapist
 * offered it). Each mail still has a job of its own, so each is delivered, retried and swept alone.
 */
export async function queueMails({ tx, sql: runner }: Transaction, jobs: JobQueue, mails: readonly OutgoingMail[]): Promise<string[]> {
  if (mails.length === 0) return [];
  const column = (pick: (mail: OutgoingMail) => string | null) => sql.param(mails.map(pick));
  const result = await tx.execute<{ id: string }>(sql`
    insert into ${mailMessages} (to_address, subject, text_body, html_body, reply_to)
    select * from unnest(${column((m) => m.to)}::text[], ${column((m) => m.subject)}::text[], ${column((m) => m.text)}::text[],
                         ${column((m) => m.html ?? null)}::text[], ${column((m) => m.replyTo ?? null)}::text[])
    returning id`);
  const ids = result.rows.map((row) => row.id);
  await jobs.sendMany('send-mail', ids.map((mailId) => ({ mailId })), { sql: runner });
  return ids;
}
