import { sql, type SQL } from 'drizzle-orm';
import type { Db, SqlRunner } from '../db/client';
import { mailMessages, smsMessages } from '../db/schema/index';
import type { JobData, JobQueue } from '../jobs/queue';
import { lockQueuedMail, markMailFailed, requeueFailedMail } from '../mail/mail-status';
import { mailIdsOf, oneMailJob } from '../mail/queue-mail';
import { lockQueuedSms, markSmsFailed, requeueFailedSms } from '../sms/sms-status';

type Delivery = { attempts: number; lastError: string | null };

/** A kind of message kept as a row of its own (mail, SMS), whose status its feature moves. */
export interface MessageRows {
  job: 'send-mail' | 'send-sms';
  table: typeof mailMessages | typeof smsMessages;
  /** The rows a job of this kind delivers, from its data. */
  idsOf(data: Record<string, unknown>): string[];
  /** SQL true when a job's `data` names the row `id` (text). */
  names(data: SQL, id: SQL): SQL;
  /** The data of a job delivering the row `id` alone: what a record of it keeps, and what send queues. */
  dataFor(id: string): Record<string, unknown>;
  lockQueued(tx: Db, id: string): Promise<Delivery | undefined>;
  markFailed(tx: Db, id: string): Promise<Delivery | undefined>;
  requeueFailed(tx: Db, id: string): Promise<boolean>;
  /** Queues the row's delivery job, in the caller's transaction. */
  send(jobs: JobQueue, id: string, sql: SqlRunner): Promise<void>;
}

export const messageRows: Record<MessageRows['job'], MessageRows> = {
  'send-mail': {
    job: 'send-mail',
    table: mailMessages,
    idsOf: (data) => mailIdsOf(data as JobData['send-mail']),
    // Either shape of the job (jobs/queue.ts): a list of mails, or the previous version's one.
    names: (data, id) => sql`(${data}->'mailIds' @> jsonb_build_array(${id}) or ${data}->>'mailId' = ${id})`,
    dataFor: oneMailJob,
    lockQueued: lockQueuedMail,
    markFailed: markMailFailed,
    requeueFailed: requeueFailedMail,
    send: (jobs, mailId, sql) => jobs.send('send-mail', oneMailJob(mailId), { sql }),
  },
  'send-sms': {
    job: 'send-sms',
    table: smsMessages,
    idsOf: (data) => (typeof data.smsId === 'string' ? [data.smsId] : []),
    names: (data, id) => sql`${data}->>'smsId' = ${id}`,
    dataFor: (smsId) => ({ smsId }),
    lockQueued: lockQueuedSms,
    markFailed: markSmsFailed,
    requeueFailed: requeueFailedSms,
    send: (jobs, smsId, sql) => jobs.send('send-sms', { smsId }, { sql }),
  },
};

export function isMessageRowJob(job: string): job is MessageRows['job'] {
  return job in messageRows;
}
