import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app';
import { startAppWithSmtp } from '../../../test/app-with-smtp';
import type { TestSmtpServer } from '../../../test/smtp';
import { inTransaction } from '../db/client';
import { mailMessages } from '../db/schema/index';
import { queueMail } from './queue-mail';

/**
 * Mail is delivered at least once, as the README says: when the SMTP server has accepted a message
 * but the app cannot record it (the process dies or the database is gone at that moment), the job
 * is retried and the message sent again, under the same Message-ID so mail clients show it once.
 *
 * The moment is made with a trigger that refuses the first "sent" update of the row, which is what
 * the app sees when its database goes away between the two steps; a trigger rather than a killed
 * connection, so the test does not depend on which statement a terminated backend was running.
 */

let smtp: TestSmtpServer;
let app: TestApp;
let closeAppAndSmtp: () => Promise<void>;
beforeAll(async () => {
  ({ app, smtp, close: closeAppAndSmtp } = await startAppWithSmtp());
  await app.runtime.database.pool.query(`
    -- A sequence, because its count survives the failed statement's rollback.
    create sequence sent_updates;
    create function refuse_first_sent_update() returns trigger language plpgsql as $$
    begin
      if new.status = 'sent' and new.to_address like '%@crash.test' then
        if nextval('sent_updates') = 1 then raise exception 'the database went away'; end if;
      end if;
      return new;
    end $$;
    create trigger refuse_first_sent_update before update on mail_messages
      for each row execute function refuse_first_sent_update();
  `);
});
afterAll(async () => {
  await closeAppAndSmtp();
});

describe('a crash between sending a mail and recording it', () => {
  it('sends it again on retry, under the same Message-ID, and then records it once', async () => {
    const { database, jobs } = app.runtime;
    await inTransaction(database, (t) => queueMail(t, jobs, { to: 'twice@crash.test', subject: 'Your visit is confirmed', text: 'See you Tuesday.' }));

    const copies = () => smtp.received.filter((mail) => mail.to.includes('twice@crash.test'));
    await expect.poll(() => copies().length, { timeout: 20_000 }).toBe(2);
    const [row] = await database.db.select().from(mailMessages).where(eq(mailMessages.toAddress, 'twice@crash.test'));
    await expect.poll(async () => (await database.db.select().from(mailMessages).where(eq(mailMessages.id, row!.id)))[0]?.status).toBe('sent');
    const [first, second] = copies();
    expect(first!.parsed.messageId).toBe(`<${row!.id}@carerelay>`);
    expect(second!.parsed.messageId).toBe(first!.parsed.messageId);
    // Recorded once it could be: no third copy follows.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(copies()).toHaveLength(2);
  }, 40_000);
});
