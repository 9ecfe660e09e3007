import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app';
import { startAppWithSmtp } from '../../../test/app-with-smtp';
import type { TestSmtpServer } from '../../../test/smtp';
import { inTransaction } from '../db/client';
import { mailMessages, undeliveredMessages } from '../db/schema/index';
import { createMailDelivery, NOT_TRIED } from './deliver-mail';
import { queueMails } from './queue-mail';

/**
 * A use case's mails go out as one send-mail job (a referral's ten alerts are one job, not ten),
 * yet each mail keeps its own fate to the end: when the job's retries run out (JOB_RETRY_LIMIT 1),
 * the mail the SMTP server kept refusing is the one given up on and shown to managers, and the
 * others of its job stay sent, once. A run sends a few at a time and starts none past its time.
 */

let smtp: TestSmtpServer;
let app: TestApp;
let closeAppAndSmtp: () => Promise<void>;
beforeAll(async () => {
  ({ app, smtp, close: closeAppAndSmtp } = await startAppWithSmtp({ JOB_RETRY_LIMIT: '1' }));
});
afterAll(async () => {
  await closeAppAndSmtp();
});

const db = () => app.runtime.database.db;

describe('a job of three mails, one of which the SMTP server refuses every time', () => {
  it('is one job; the two are sent once, and the refused one alone ends failed and recorded for managers', async () => {
    smtp.beforeAccept = async (mail) => {
      if (mail.to.includes('never@jobs.test')) throw new Error('550 mailbox unavailable');
    };
    try {
      const addresses = ['first@jobs.test', 'never@jobs.test', 'last@jobs.test'];
      const ids = await inTransaction(app.runtime.database, (t) =>
        queueMails(
          t,
          app.runtime.jobs,
          addresses.map((to) => ({ to, subject: 'One job', text: `For ${to}` })),
        ),
      );
      const { rows: jobs } = await app.runtime.database.pool.query("select data from pgboss.job where name = 'send-mail' and data->'mailIds' @> $1::jsonb", [
        JSON.stringify([ids[0]]),
      ]);
      expect(jobs.map((job: { data: unknown }) => job.data)).toEqual([{ mailIds: ids }]);

      const statuses = async () => {
        const rows = await db().select().from(mailMessages).where(inArray(mailMessages.id, ids));
        return Object.fromEntries(rows.map((row) => [row.toAddress, { status: row.status, attempts: row.attempts }]));
      };
      await expect.poll(async () => (await statuses())['never@jobs.test']?.status, { timeout: 20_000 }).toBe('failed');
      expect(await statuses()).toEqual({
        'first@jobs.test': { status: 'sent', attempts: 1 },
        'never@jobs.test': { status: 'failed', attempts: 2 },
        'last@jobs.test': { status: 'sent', attempts: 1 },
      });
      expect(smtp.received.filter((mail) => mail.subject === 'One job').map((mail) => mail.to[0]).sort()).toEqual(['first@jobs.test', 'last@jobs.test']);

      const records = await db().select().from(undeliveredMessages).where(and(eq(undeliveredMessages.job, 'send-mail'), inArray(undeliveredMessages.sourceId, ids)));
      expect(records.map((record) => ({ sourceId: record.sourceId, data: record.data, attempts: record.attempts }))).toEqual([
        { sourceId: ids[1], data: { mailIds: [ids[1]] }, attempts: 2 },
      ]);
      expect(records[0]?.lastError).toMatch(/550 mailbox unavailable/);
    } finally {
      smtp.beforeAccept = undefined;
    }
  }, 40_000);
});

describe('a run of many mails', () => {
  it('keeps at most sendsAtOnce sends in flight, and leaves the mails it had no time to start queued, unattempted, for the retry', async () => {
    let inFlight = 0;
    let peak = 0;
    smtp.beforeAccept = async () => {
      peak = Math.max(peak, ++inFlight);
      await new Promise((resolve) => setTimeout(resolve, 300));
      inFlight--;
    };
    // Rows without jobs, so the app's own worker leaves them to this delivery.
    const rows = await db()
      .insert(mailMessages)
      .values(Array.from({ length: 6 }, (_, n) => ({ toAddress: `many${n}@jobs.test`, subject: 'Many', textBody: 'Hello' })))
      .returning({ id: mailMessages.id });
    const ids = rows.map((row) => row.id);
    const delivery = createMailDelivery({ db: db(), smtpUrl: smtp.url, from: 'team@carerelay.local', limits: { sendsAtOnce: 2, startSendsWithinMs: 100 } });
    try {
      const outcomes = await delivery.deliverMany(ids);
      // Two started at once; by the time either was done, the run's time to start sends had passed.
      expect(peak).toBe(2);
      expect(outcomes.filter((outcome) => outcome === undefined)).toHaveLength(2);
      expect(outcomes.filter((outcome) => outcome?.message === NOT_TRIED)).toHaveLength(4);
      const after = await db().select().from(mailMessages).where(inArray(mailMessages.id, ids));
      expect(after.map((row) => `${row.status}/${row.attempts}`).sort()).toEqual(['queued/0', 'queued/0', 'queued/0', 'queued/0', 'sent/1', 'sent/1']);

      // The retry sends the rest, and nothing twice.
      smtp.beforeAccept = undefined;
      const retried = await createMailDelivery({ db: db(), smtpUrl: smtp.url, from: 'team@carerelay.local' }).deliverMany(ids);
      expect(retried.every((outcome) => outcome === undefined)).toBe(true);
      expect(smtp.received.filter((mail) => mail.subject === 'Many')).toHaveLength(6);
    } finally {
      smtp.beforeAccept = undefined;
      delivery.close();
    }
  }, 20_000);
});
