import { eq, inArray, sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { inTransaction } from '../db/client';
import { mailMessages } from '../db/schema/index';
import { queueMail } from '../mail/queue-mail';

/**
 * An instance killed mid-batch leaves its jobs active with nobody to finish them. pg-boss takes a
 * job for lost once its expiry passes; ours fit each job (a minute for mail, not pg-boss's 15) and
 * are looked for every 15 seconds, so another instance delivers them soon after.
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

describe('jobs held by an instance that died', () => {
  it('mail jobs expire after a minute, not fifteen', async () => {
    const queue = await app.runtime.jobs.boss.getQueue('send-mail');
    expect(queue?.expireInSeconds).toBe(60);
  });

  it('a batch fetched and never finished is picked up again and delivered once its expiry passes', async () => {
    const { database, jobs } = app.runtime;
    // Queued and taken in one transaction, as by a worker that then died: no other worker ever saw them waiting.
    const { mailIds, held } = await inTransaction(database, async (t) => {
      const ids: string[] = [];
      for (let n = 0; n < 5; n++) ids.push(await queueMail(t, jobs, { to: `held${n}@example.test`, subject: 'Held', text: 'Held by a dead worker.' }));
      // A job may be fetched once its start time is past; inside its own transaction, now() is not yet past it.
      await t.tx.execute(sql`update pgboss.job set start_after = start_after - interval '1 second' where name = 'send-mail' and state = 'created'`);
      const taken = await jobs.boss.fetch('send-mail', { batchSize: 20, db: t.sql as PgBoss.Db });
      return { mailIds: ids, held: taken.map((job) => job.id) };
    });
    expect(held).toHaveLength(5);
    // The minute has passed, as far as pg-boss can tell.
    await database.db.execute(sql`update pgboss.job set started_on = now() - interval '61 seconds' where id = any(${sql.param(held)}::uuid[])`);

    await expect
      .poll(
        async () => {
          const rows = await database.db.select({ status: mailMessages.status }).from(mailMessages).where(inArray(mailMessages.id, mailIds));
          return rows.map((row) => row.status);
        },
        { timeout: 40_000, interval: 500 },
      )
      .toEqual(['stored', 'stored', 'stored', 'stored', 'stored']);
    const [mail] = await database.db.select({ attempts: mailMessages.attempts }).from(mailMessages).where(eq(mailMessages.id, mailIds[0]!));
    expect(mail?.attempts).toBe(1);
  }, 60_000);
});
