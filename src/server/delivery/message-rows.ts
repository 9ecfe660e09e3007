import type { Db, SqlRunner } from '../db/client';
import { mailMessages, smsMessages } from '../db/schema/index';
import type { JobQueue } from '../jobs/queue';
import { lockQueuedMail, markMailFailed, requeueFailedMail } from '../mail/mail-status';
import { lockQueuedSms, markSmsFailed, requeueFailedSms } from '../sms/sms-status';

type Delivery = { attempts: number; lastError: string | null };

/** A kind of message kept as a row of its own (mail, SMS), whose status its feature moves. */
export interface MessageRows {
  job: 'send-mail' | 'send-sms';
  table: typeof mailMessages | typeof smsMessages;
  /** The key of the row's id in its job's data. */
  dataKey: 'mailId' | 'smsId';
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
    dataKey: 'mailId',
    lockQueued: lockQueuedMail,
    markFailed: markMailFailed,
    requeueFailed: requeueFailedMail,
    send: (jobs, mailId, sql) => jobs.send('send-mail', { mailId }, { sql }),
  },
  'send-sms': {
    job: 'send-sms',
    table: smsMessages,
    dataKey: 'smsId',
    lockQueued: lockQueuedSms,
    markFailed: markSmsFailed,
    requeueFailed: requeueFailedSms,
    send: (jobs, smsId, sql) => jobs.send('send-sms', { smsId }, { sql }),
  },
};

export function isMessageRowJob(job: string): job is MessageRows['job'] {
  return job in messageRows;
}
