import { UNDELIVERED_LIST_LIMIT, undeliveredMessages as messages, type RetriedUndelivered, type UndeliveredList } from '../../domain/undelivered';
import { audited, refused } from '../audit/audited-use-case';
import type { Database, Transaction } from '../db/client';
import type { undeliveredMessages } from '../db/schema/index';
import { AppError } from '../errors';
import type { JobData, JobQueue } from '../jobs/queue';
import type { Caller } from '../use-case';
import { isMessageRowJob, messageRows } from './message-rows';
import { presentUndelivered } from './presenters';
import { closeOpenUndelivered, countOpenUndelivered, listOpenUndelivered, undeliveredExists } from './queries';

interface Deps {
  database: Database;
  jobs: JobQueue;
}

/** ALL TENANTS — managers only: the open undelivered messages, newest first, and how many there are. */
export async function listUndeliveredMessages(deps: Pick<Deps, 'database'>): Promise<UndeliveredList> {
  const [rows, total] = await Promise.all([
    listOpenUndelivered(deps.database.db, UNDELIVERED_LIST_LIMIT),
    countOpenUndelivered(deps.database.pool),
  ]);
  return { items: rows.map(presentUndelivered), total };
}

/** The managers' dashboard figure: messages given up on and not retried yet. */
export function countUndeliveredMessages(database: Database): Promise<number> {
  return countOpenUndelivered(database.pool);
}

/**
 * ALL TENANTS — managers only. "Retry": queues an undelivered message again (a mail or text goes
 * back to queued under its own id, so it is sent once), and closes its record. The record is closed
 * by a conditional update with the job queued in the same transaction, so two retries at once queue
 * one job: the second finds it closed and gets 409. Audited, refusals too.
 */
export async function retryUndeliveredMessage(deps: Deps, options: Caller & { messageId: string }): Promise<RetriedUndelivered> {
  const { actor, client, messageId } = options;
  return audited(
    deps.database,
    { actorUserId: actor.userId, action: 'delivery.retried', entityType: 'undelivered_message', entityId: messageId, client },
    async (t) => {
      const record = await closeOpenUndelivered(t.tx, messageId, actor.userId);
      if (!record) {
        return (await undeliveredExists(t.tx, messageId))
          ? refused(new AppError('CONFLICT', messages.alreadyRetried), { reason: 'already_retried' })
          : refused(new AppError('NOT_FOUND', messages.notFound), { reason: 'not_found' });
      }
      await queueAgain(deps.jobs, t, record);
      return { value: { id: record.id, retriedAt: (record.retriedAt ?? new Date()).toISOString() }, details: { job: record.job } };
    },
  );
}

async function queueAgain(jobs: JobQueue, t: Transaction, record: typeof undeliveredMessages.$inferSelect) {
  if (isMessageRowJob(record.job)) {
    const rows = messageRows[record.job];
    // A message that is not failed any more (delivered by an earlier job after all) needs no job: the record just closes.
    if (await rows.requeueFailed(t.tx, record.sourceId)) await rows.send(jobs, record.sourceId, t.sql);
    return;
  }
  // The job's own data, as it was queued the first time.
  await jobs.send(record.job, record.data as JobData[typeof record.job], { sql: t.sql });
}
