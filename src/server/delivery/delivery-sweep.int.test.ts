import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app';
import { startAppWithSmtp } from '../../../test/app-with-smtp';
import { buildManager } from '../../../test/factories';
import { callApi, ok } from '../../../test/http';
import { session, type SignedIn } from '../../../test/people';
import type { TestSmtpServer } from '../../../test/smtp';
import type { UndeliveredList } from '../../domain/undelivered';
import { mailMessages, undeliveredMessages } from '../db/schema/index';
import { runDeliverySweep } from './sweep';

/**
 * The delivery sweep finds what a job should have delivered and no job will: mail still queued
 * whose job is gone (its instance died on the last run, or it was archived), and chat messages
 * whose last run outlived its expiry. The app's own sweep may run at any moment too (every 5
 * minutes), so these tests check what the sweeps leave behind, not what one call reports.
 */

let smtp: TestSmtpServer;
let app: TestApp;
let closeAppAndSmtp: (() => Promise<void>) | undefined;
let manager: SignedIn;
const db = () => app.runtime.database.db;
const sweep = () => runDeliverySweep({ database: app.runtime.database, jobs: app.runtime.jobs });
const HOUR_AGO = () => new Date(Date.now() - 3_600_000);

beforeAll(async () => {
  ({ app, smtp, close: closeAppAndSmtp } = await startAppWithSmtp({ JOB_RETRY_LIMIT: '1' }));
  manager = await session(app, await buildManager(db()));
});
afterAll(async () => {
  await closeAppAndSmtp?.();
});

/** A mail left queued an hour ago with no job at all, as a lost job leaves it. */
async function strandedMail(subject: string) {
  const [mail] = await db().insert(mailMessages).values({ toAddress: 'casey@therapists.test', subject, textBody: 'Hello', createdAt: HOUR_AGO() }).returning();
  return mail!;
}

async function jobsOf(mailId: string) {
  const { rows } = await app.runtime.database.pool.query<{ state: string }>(`select state from pgboss.job where name = 'send-mail' and ${NAMES_MAIL}`, [mailId]);
  return rows.map((row) => row.state);
}

/** A send-mail job's data names the mail $1: in its list, or as the previous version's one mail. */
const NAMES_MAIL = "(data->'mailIds' @> jsonb_build_array($1::text) or data->>'mailId' = $1)";

const statusOf = async (mailId: string) => (await db().select().from(mailMessages).where(eq(mailMessages.id, mailId)))[0]?.status;
const openRecords = (sourceId: string) =>
  db()
    .select()
    .from(undeliveredMessages)
    .where(and(eq(undeliveredMessages.sourceId, sourceId), isNull(undeliveredMessages.retriedAt)));

describe('the delivery sweep', () => {
  it('queues a stranded mail again once, with two sweeps at once, and it is delivered once', async () => {
    const mail = await strandedMail('Stranded once');
    await Promise.all([sweep(), sweep()]);
    expect(await jobsOf(mail.id)).toHaveLength(1);

    await smtp.waitForMail((received) => received.subject === 'Stranded once');
    await expect.poll(() => statusOf(mail.id), { timeout: 20_000 }).toBe('sent');
    expect(smtp.received.filter((received) => received.subject === 'Stranded once')).toHaveLength(1);
    await sweep();
    expect(await jobsOf(mail.id)).toHaveLength(1);
    expect(await openRecords(mail.id)).toHaveLength(0);
  });

  it('leaves alone a queued mail whose job is still waiting to run: one of several in a job, or alone in a job of the previous version', async () => {
    const [first, second, old] = [await strandedMail('Waiting for its job'), await strandedMail('Waiting with it'), await strandedMail('Waiting the old way')];
    const later = { startAfter: new Date(Date.now() + 3_600_000) };
    await app.runtime.jobs.send('send-mail', { mailIds: [first!.id, second!.id] }, later);
    await app.runtime.jobs.send('send-mail', { mailId: old!.id }, later);
    await sweep();
    for (const mail of [first!, second!, old!]) {
      expect(await jobsOf(mail.id)).toEqual(['created']);
      expect(await statusOf(mail.id)).toBe('queued');
    }
  });

  it('marks a mail stranded a second time failed, for managers to see and retry', async () => {
    await smtp.stop();
    try {
      const mail = await strandedMail('Stranded twice');
      await sweep();
      expect(await jobsOf(mail.id)).toHaveLength(1);
      // Its new job is lost too (as when its instance dies on the last run).
      await app.runtime.database.pool.query(`delete from pgboss.job where name = 'send-mail' and ${NAMES_MAIL}`, [mail.id]);
      await sweep();

      expect(await statusOf(mail.id)).toBe('failed');
      const [record] = await openRecords(mail.id);
      expect(record).toMatchObject({ job: 'send-mail', lastError: expect.any(String) });
      const list = await ok<UndeliveredList>(await callApi(app.url, 'GET', '/api/admin/undelivered', { cookie: manager.cookie, ip: manager.ip }));
      expect(list.items).toContainEqual(expect.objectContaining({ id: record!.id, kind: 'email', recipient: 'c•••@therapists.test', summary: 'Stranded twice' }));
      // Found again, it is not recorded twice.
      await sweep();
      expect(await openRecords(mail.id)).toHaveLength(1);
    } finally {
      await smtp.start();
    }
  });

  it('records a sign-up chat message whose last run outlived its expiry, once however many sweeps run', async () => {
    const { rows } = await app.runtime.database.pool.query<{ id: string }>(
      `insert into pgboss.job (name, data, state, retry_limit, retry_count, started_on, completed_on, output)
       values ('signup-webhook', $1, 'failed', 1, 1, now(), now(), '{"value":{"message":"job failed by timeout in active state"}}')
       returning id`,
      [JSON.stringify({ target: 'therapist', content: '**New therapist sign-up**' })],
    );
    const jobId = rows[0]!.id;
    await Promise.all([sweep(), sweep()]);
    await sweep();

    const records = await db().select().from(undeliveredMessages).where(eq(undeliveredMessages.sourceId, jobId));
    expect(records).toHaveLength(1);
    const list = await ok<UndeliveredList>(await callApi(app.url, 'GET', '/api/admin/undelivered', { cookie: manager.cookie, ip: manager.ip }));
    expect(list.items).toContainEqual(
      expect.objectContaining({
        id: records[0]!.id,
        kind: 'signup-chat',
        recipient: 'Therapist sign-ups chat',
        summary: 'New therapist sign-up',
        attempts: 2,
        lastError: 'job failed by timeout in active state',
      }),
    );
  });
});
