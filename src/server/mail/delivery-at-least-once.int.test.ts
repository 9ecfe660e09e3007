import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { TestSmtpServer } from '../../../test/smtp';
import { inTransaction } from '../db/client';
import { mailMessages } from '../db/schema/index';
import { queueMail } from './queue-mail';

/**
 * Mail is delivered at least once, as the README says: when the SMTP server has accepted a message
 * but the app cannot record it (its connection dies at that moment), the job is retried and the
 * message sent again, under the same Message-ID so mail clients show it once.
 */

let smtp: TestSmtpServer;
let app: TestApp;
beforeAll(async () => {
  smtp = await TestSmtpServer.create();
  await smtp.start();
  app = await startTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await app.close();
  await smtp.stop();
});

describe('a crash between sending a mail and recording it', () => {
  it('sends it again on retry, under the same Message-ID, and then records it once', async () => {
    const { database, jobs } = app.runtime;
    // The moment the server accepts: the mail's row is held, so the app's "sent" update waits on it,
    // and that update is then cancelled: the mail went out, and the app never recorded it.
    const holder = new pg.Client({ connectionString: app.runtime.databaseUrl });
    await holder.connect();
    let first = true;
    smtp.beforeAccept = async () => {
      if (!first) return;
      first = false;
      await holder.query('begin');
      await holder.query(`select 1 from mail_messages where to_address = 'twice@example.test' for update`);
      void endBlockedUpdate(holder);
    };

    await inTransaction(database, (t) => queueMail(t, jobs, { to: 'twice@example.test', subject: 'Your visit is confirmed', text: 'See you Tuesday.' }));

    await expect.poll(() => smtp.received.filter((mail) => mail.to.includes('twice@example.test')).length, { timeout: 20_000 }).toBe(2);
    const copies = smtp.received.filter((mail) => mail.to.includes('twice@example.test'));
    expect(copies[0]!.parsed.messageId).toBe(copies[1]!.parsed.messageId);
    const [row] = await database.db.select().from(mailMessages).where(eq(mailMessages.toAddress, 'twice@example.test'));
    await expect.poll(async () => (await database.db.select().from(mailMessages).where(eq(mailMessages.id, row!.id)))[0]?.status).toBe('sent');
    expect(copies[0]!.parsed.messageId).toBe(`<${row!.id}@carerelay>`);
    await holder.end();
  }, 40_000);
});

/** Makes the app's update that waits on the held row fail, as a crash at that moment would, then lets the row go. */
async function endBlockedUpdate(holder: pg.Client) {
  for (let tries = 0; tries < 200; tries++) {
    const { rows } = await holder.query<{ pid: number }>(
      `select pid from pg_stat_activity where wait_event_type = 'Lock' and query ilike 'update "mail_messages"%' and pid <> pg_backend_pid()`,
    );
    if (rows[0]) {
      await holder.query('select pg_cancel_backend($1)', [rows[0].pid]);
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  await holder.query('rollback');
}
