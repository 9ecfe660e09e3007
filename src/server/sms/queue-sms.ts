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
