import type { Config } from '../config';
import type { Database, SqlRunner } from '../db/client';
import type { JobQueue } from '../jobs/queue';
import { createLeieCheckJob } from './leie-check';
import { createLeieImportJob } from './leie-import';
import { leieSourceOf } from './leie-source';
import { createNppesCheckJob, queueNppesCheck } from './nppes-check-job';
import { createNppesRegistry } from './nppes-registry';

/**
 * The LEIE is republished monthly (early in the month); importing on the 10th at 06:00 UTC picks up
 * each month's list with days to spare.
 */
const LEIE_IMPORT_CRON = '0 6 10 * *';

/** Registers the primary-source jobs (NPPES checks, the LEIE import and checks) and the monthly import (one line in runtime.ts). */
export async function registerPrimarySourceJobs(deps: { config: Config; database: Database; jobs: JobQueue }): Promise<void> {
  const { config, database, jobs } = deps;
  await jobs.work('nppes-check', createNppesCheckJob({ database, registry: createNppesRegistry(config) }));
  await jobs.work('leie-import', createLeieImportJob({ database, jobs, source: leieSourceOf(config.trust.leieCsvSource) }));
  await jobs.work('leie-check', createLeieCheckJob({ database, jobs, publicUrl: config.publicUrl }));
  await jobs.schedule('leie-import', LEIE_IMPORT_CRON, { trigger: 'schedule' });
}

/**
 * Queues a therapist's primary-source checks (NPPES and the LEIE list) in the caller's transaction:
 * at approval, so the account is checked against both sources as it is let in.
 */
export async function queuePrimarySourceChecks(jobs: JobQueue, therapistId: string, options: { sql?: SqlRunner } = {}): Promise<void> {
  await queueNppesCheck(jobs, therapistId, options);
  await jobs.send('leie-check', { therapistId }, options);
}
