import { describe, expect, it } from 'vitest';
import { buildManager } from '../../../test/factories';
import { callApi, ok } from '../../../test/http';
import { unannounced } from '../../../test/kept-reads';
import { session } from '../../../test/people';
import { twoInstances } from '../../../test/two-instances';
import type { AdminDashboard } from '../../domain/dashboards';
import { mailMessages, undeliveredMessages } from '../db/schema/index';

/**
 * The managers' dashboard counts the open undelivered messages; each instance keeps the count
 * until a change to them is announced (migration 0038), and reads it only once it has heard every
 * notice committed before the request (tenant-reads.ts, `caughtUp`): a change anyone makes shows on
 * the very next read, on every instance.
 */

const { first, second } = twoInstances();
const db = () => first().runtime.database.db;

async function failedMail() {
  const [mail] = await db().insert(mailMessages).values({ toAddress: 'someone@example.test', subject: 'Your CareRelay sign-in code', textBody: 'x', status: 'failed' }).returning();
  return mail!.id;
}

describe("the managers' undelivered count", () => {
  it('is kept until a change is announced, then read anew at once on every instance, a Retry on the other one too', async () => {
    const person = await buildManager(db());
    const managers = [await session(first(), person), await session(second(), person)];
    const counts = () =>
      Promise.all(
        [first(), second()].map(async (app, index) =>
          (await ok<AdminDashboard>(await callApi(app.url, 'GET', '/api/admin/dashboard', { cookie: managers[index]!.cookie, ip: managers[index]!.ip }))).undeliveredMessages,
        ),
      );
    const [before] = await counts();
    expect(await counts()).toEqual([before, before]);

    // Nothing announced this record: both instances still serve the count they read.
    const hidden = await failedMail();
    await unannounced(db(), `insert into undelivered_messages (job, source_id, data, attempts) values ('send-mail', '${hidden}', '{}', 2)`);
    expect(await counts()).toEqual([before, before]);

    // Read at once after the commit: both count it, and the record the trigger did not announce.
    const mailId = await failedMail();
    const [record] = await db().insert(undeliveredMessages).values({ job: 'send-mail', sourceId: mailId, data: { mailId }, attempts: 2, lastError: 'refused' }).returning();
    expect(await counts()).toEqual([before! + 2, before! + 2]);

    // A manager retries it on the first instance; the second counts one fewer on its very next read.
    await ok(await callApi(first().url, 'POST', `/api/admin/undelivered/${record!.id}/retry`, { cookie: managers[0]!.cookie, ip: managers[0]!.ip }));
    expect(await counts()).toEqual([before! + 1, before! + 1]);
  });
});
