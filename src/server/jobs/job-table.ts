import { sql, type SQL } from 'drizzle-orm';
import type { JobName } from './queue';

/**
 * The app's only reads of pg-boss's own job table (`pgboss.job`, pg-boss's default schema), for the
 * delivery sweep, which must know whether work still has a job. pg-boss orders its states created <
 * retry < active < completed < cancelled < failed, so "before completed" is a job that will still run.
 */

/** SQL true while a job of `name` whose data meets `about(data)` is waiting, waiting to retry, or running. */
export function liveJobExists(name: JobName, about: (data: SQL) => SQL): SQL {
  return sql`exists (select 1 from pgboss.job j where j.name = ${name} and j.state < 'completed' and ${about(sql`j.data`)})`;
}

/**
 * The jobs of `names` that failed for good: their id, name, data, runs and the error they failed
 * with (the worker's message, or pg-boss's own when a last run outlived its expiry). pg-boss keeps
 * a failed job in this table for 12 hours before archiving it.
 */
export function failedJobs(names: readonly JobName[]): SQL {
  return sql`
    select j.id, j.name, j.data, j.retry_count + 1 as attempts,
           left(coalesce(j.output->>'message', j.output->'value'->>'message'), 500) as last_error,
           coalesce(j.completed_on, now()) as failed_at
    from pgboss.job j
    where j.name in ${names} and j.state = 'failed'`;
}
