import { sql } from 'drizzle-orm';
import type { Transaction } from '../db/client';
import { smsMessages } from '../db/schema/index';
import type { JobQueue } from '../jobs/queue';

/** Records an SMS and queues its delivery in the caller's transaction (like queueMail). */
export async function queueSms({ tx, sql }: Transaction, jobs: JobQueue, message: { to: string; body: string }): Promise<string> {
  const [row] = await tx.insert(smsMessages).values({ toNumber: message.to, body: message.body }).returning({ id: smsMessages.id });
  if (!row) throw new Error('sms row was not inserted');
  await jobs.send('send-sms', { smsId: row.id }, { sql });
  return row.id;
}

/** Records many texts and queues their deliveries in the caller's transaction, in two statements (like queueMails). */
export async function queueTexts({ tx, sql: runner }: Transaction, jobs: JobQueue, messages: ReadonlyArray<{ to: string; body: string }>): Promise<string[]> {
  if (messages.length === 0) return [];
  const result = await tx.execute<{ id: string }>(sql`
    insert into ${smsMessages} (to_number, body)
    select * from unnest(${sql.param(messages.map((m) => m.to))}::text[], ${sql.param(messages.map((m) => m.body))}::text[])
    returning id`);
  const ids = result.rows.map((row) => row.id);
  await jobs.sendMany('send-sms', ids.map((smsId) => ({ smsId })), { sql: runner });
  return ids;
}
