import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app';
import { startAppWithSmtp } from '../../../test/app-with-smtp';
import type { TestSmtpServer } from '../../../test/smtp';
import { inTransaction } from '../db/client';
import { mailMessages } from '../db/schema/index';
import { queueMails } from './queue-mail';

/**
 * Mail is delivered a fetched batch at a time (read and recorded in bulk statements), yet each
 * mail keeps its own fate: one the SMTP server refuses is sent again on its job's retry, and the
 * others of its job are sent once and recorded as sent.
 */

let smtp: TestSmtpServer;
let app: TestApp;
let closeAppAndSmtp: () => Promise<void>;
beforeAll(async () => {
  ({ app, smtp, close: closeAppAndSmtp } = await startAppWithSmtp());
});
afterAll(async () => {
  await closeAppAndSmtp();
});

describe('a batch of mail of which the SMTP server refuses one', () => {
  it('sends the others once, and the refused one again on the retry, each recorded with its own attempts', async () => {
    let refusals = 0;
    smtp.beforeAccept = async (mail) => {
      if (mail.to.includes('refused@batch.test') && refusals++ === 0) throw new Error('451 try again later');
    };
    const { database, jobs } = app.runtime;
    const addresses = ['one@batch.test', 'two@batch.test', 'refused@batch.test', 'three@batch.test', 'four@batch.test'];
    // Queued together: one job takes them all.
    const ids = await inTransaction(database, (t) =>
      queueMails(
        t,
        jobs,
        addresses.map((to) => ({ to, subject: 'Batch', text: `For ${to}` })),
      ),
    );

    const copiesTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address)).length;
    const rows = () => database.db.select().from(mailMessages).where(inArray(mailMessages.id, ids));
    await expect.poll(async () => (await rows()).every((row) => row.status === 'sent'), { timeout: 20_000 }).toBe(true);
    expect(refusals).toBe(2);
    expect(addresses.map(copiesTo)).toEqual([1, 1, 1, 1, 1]);
    const attempts = Object.fromEntries((await rows()).map((row) => [row.toAddress, { attempts: row.attempts, lastError: row.lastError }]));
    expect(attempts).toEqual({
      'one@batch.test': { attempts: 1, lastError: null },
      'two@batch.test': { attempts: 1, lastError: null },
      'refused@batch.test': { attempts: 2, lastError: null },
      'three@batch.test': { attempts: 1, lastError: null },
      'four@batch.test': { attempts: 1, lastError: null },
    });
    // Nothing more follows.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(addresses.map(copiesTo)).toEqual([1, 1, 1, 1, 1]);
  }, 40_000);
});
