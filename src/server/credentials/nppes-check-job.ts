import { writeAudit } from '../audit/write-audit';
import { inTransaction, type Database, type SqlRunner } from '../db/client';
import { isLastRun, type JobHandler, type JobQueue } from '../jobs/queue';
import { judgeNppesAnswer } from './nppes-judgement';
import { NppesUnreachableError, type NppesRegistry } from './nppes-registry';
import { STAND_IN_REGISTRY_NOTE } from './nppes-stand-in';
import { findNpiCheckSubject, insertCheck, lockCredential, markNpiVerifiedByNppes } from './primary-source-queries';

/**
 * Queues the NPPES check of a therapist's NPI: when it is submitted or changed, at approval, and
 * when a manager asks to check again. Pass the transaction's `sql` so the check is queued only if
 * what prompted it commits.
 */
export async function queueNppesCheck(jobs: JobQueue, therapistId: string, options: { sql?: SqlRunner } = {}) {
  await jobs.send('nppes-check', { therapistId }, options);
}

/**
 * The `nppes-check` job: asks the registry about the therapist's NPI and records the answer in
 * primary_source_checks. A clear answer verifies an NPI credential still awaiting verification
 * (method 'nppes', verified by 'nppes', the query as its source); a mismatch leaves it for a manager
 * with the mismatch named. When the registry cannot be reached, an 'unreachable' check is recorded
 * and the job fails, so the queue retries it with backoff; nothing is ever verified without an
 * answer. A credential changed while the registry was asked is left alone (its own check follows).
 */
export function createNppesCheckJob(deps: { database: Database; registry: NppesRegistry }): JobHandler<'nppes-check'> {
  const { database, registry } = deps;
  const note = registry.kind === 'stand-in' ? `${STAND_IN_REGISTRY_NOTE} ` : '';
  return async ({ therapistId }, run) => {
    const subject = await findNpiCheckSubject(database.db, therapistId);
    if (!subject?.npi) return;
    const npi = subject.npi;

    let answer;
    try {
      answer = await registry.lookup(npi);
    } catch (error) {
      if (!(error instanceof NppesUnreachableError)) throw error;
      const next = isLastRun(run) ? 'No more tries are left; a manager can check again.' : 'It is tried again shortly.';
      await insertCheck(database.db, {
        therapistId,
        source: 'nppes',
        outcome: 'unreachable',
        detail: `${note}NPPES could not be reached to check NPI ${npi} (${error.message}). ${next} The NPI stays awaiting verification.`,
      });
      throw error;
    }

    const verdict = judgeNppesAnswer(answer, { npi, firstName: subject.firstName, lastName: subject.lastName, disciplines: subject.disciplines });
    await inTransaction(database, async ({ tx }) => {
      const credential = subject.credential ? await lockCredential(tx, subject.credential.id) : null;
      if (subject.credential && credential?.number !== npi) return;
      const verifies = verdict.outcome === 'clear' && credential?.status === 'submitted';
      await insertCheck(tx, {
        therapistId,
        source: 'nppes',
        outcome: verdict.outcome,
        detail: `${note}${verdict.detail}${verifies ? ' The NPI is marked verified by NPPES.' : ''}`,
      });
      if (!verifies || !subject.credential) return;
      await markNpiVerifiedByNppes(tx, subject.credential.id, registry.queryUrl(npi));
      await writeAudit(tx, {
        actorUserId: null,
        action: 'credential.verified',
        entityType: 'therapist_credential',
        entityId: subject.credential.id,
        outcome: 'success',
        details: { therapistId, kind: 'npi', method: 'nppes', registry: registry.kind },
      });
    });
  };
}
