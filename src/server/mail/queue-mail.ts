import { sql } from 'drizzle-orm';
import { mailMessages } from '../db/schema/index';
import type { Transaction } from '../db/client';
import type { JobData, JobQueue } from '../jobs/queue';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
}

/**
 * Mails one send-mail job delivers at most. Each job's fetch, completion and row cost the job
 * queue about as much as a mail's own delivery, so a referral's ten alerts go out as one job, not
 * ten; the bound keeps a post to thousands spread over several jobs, so the worker's batches share
 * them out.
 */
export const MAILS_PER_JOB = 25;

/** The data of a send-mail job that delivers one mail. */
export const oneMailJob = (mailId: string): JobData['send-mail'] => ({ mailIds: [mailId] });

/** The mails a send-mail job delivers, in either of its shapes (jobs/queue.ts); anything else names none. */
export function mailIdsOf(data: JobData['send-mail']): string[] {
  const ids: unknown = 'mailIds' in data ? data.mailIds : [data.mailId];
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
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
  await jobs.send('send-mail', oneMailJob(row.id), { sql });
  return row.id;
}

/**
 * Records many mails and queues their delivery in the caller's transaction, in two statements
 * whatever their number (the bulk form of queueMail: a referral's alerts to every therapist
 * offered it), one job per MAILS_PER_JOB of them.
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
  const data: Array<JobData['send-mail']> = [];
  for (let start = 0; start < ids.length; start += MAILS_PER_JOB) data.push({ mailIds: ids.slice(start, start + MAILS_PER_JOB) });
  await jobs.sendMany('send-mail', data, { sql: runner });
  return ids;
}
