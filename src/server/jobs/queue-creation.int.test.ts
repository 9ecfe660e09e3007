import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { startJobQueue, type JobQueue } from './queue';

/**
 * pg-boss makes each queue's partition by attaching a table to its shared job table, and two of
 * those at once can deadlock: a first start once failed with "deadlock detected" while the demo's
 * first jobs were being sent. So every queue is made when the queue starts, one after another, and
 * a deadlock with another instance's start is retried.
 */

const started: JobQueue[] = [];
let database: TestDatabase;
afterAll(async () => {
  await Promise.all(started.map((queue) => queue.stop()));
  await database?.drop();
});

describe('starting the job queue', () => {
  it('makes every queue before it returns, and two instances starting at once on a new database both start', async () => {
    database = await createTestDatabase();
    const start = () => startJobQueue({ databaseUrl: database.url, retryDelaySeconds: 1, retryLimit: 1, onError: () => {} });
    const [first, second] = await Promise.all([start(), start()]);
    started.push(first, second);
    // pg-boss keeps queues of its own (named __pgboss__…) beside ours.
    const names = (await first.boss.getQueues()).map((queue) => queue.name).filter((name) => !name.startsWith('__pgboss')).sort();
    expect(names).toEqual(
      [
        'care-clock-reminders', 'credential-expiry', 'delivery-sweep', 'documentation-sweep', 'expire-referral', 'leie-check', 'leie-import', 'locate-patient-home', 'nppes-check', 'payment-charge',
        'payment-payout', 'rating-prompts', 'referral-alert', 'referral-alerts', 'send-mail', 'send-sms', 'signup-webhook', 'visit-reminder',
      ].sort(),
    );
    // Sends to every queue at once from both: nothing is left to create, so nothing deadlocks.
    await Promise.all(names.flatMap((name) => [first, second].map((queue) => queue.boss.send(name, {}))));
  });
});
