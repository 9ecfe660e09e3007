import { answersAddress, type PatientAddress } from '../../domain/home-location';
import type { GeoPoint } from '../../domain/geo';
import { writeAudit } from '../audit/write-audit';
import type { PhiBox } from '../crypto/phi-box';
import { inTransaction, type Database } from '../db/client';
import type { Config } from '../config';
import { createPhiBox } from '../crypto/phi-box';
import { createGeocoder, GeocoderUnreachableError, type GeocodeAnswer, type Geocoder } from '../geo/geocoder';
import { isLastRun, type JobHandler, type JobQueue } from '../jobs/queue';
import { sealHomePoint } from './home-location';
import { claimUnqueuedPatients, findSealedPatient, recordLocation } from './queries';
import { openPatient, PATIENT_ENTITY } from './service';

/**
 * Locating the patient's address: the `locate-patient-home` job, queued when the agency saves new
 * details or changes the address (service.ts) and at start-up for details saved before (below). It
 * carries the referral id only; the address is read from the sealed details when it runs, and
 * neither the address nor the point reaches a log, an error, the job's record or the audit log.
 */

export const PATIENT_LOCATE = 'patient.locate';

/**
 * Start-up: queues once the patients saved before addresses were located (migration 0033), so their
 * homes are known before their next visit rather than found at a check-in, which cannot wait for the
 * geocoder and would be judged against the ZIP anyway. One statement claims them and the jobs commit
 * with it; with none left it finds nothing through a partial index.
 */
export async function queueUnlocatedPatients(database: Database, jobs: JobQueue): Promise<number> {
  return inTransaction(database, async ({ tx, sql }) => {
    const referralIds = await claimUnqueuedPatients(tx);
    await jobs.sendMany(
      'locate-patient-home',
      referralIds.map((referralId) => ({ referralId })),
      { sql },
    );
    return referralIds.length;
  });
}

type Outcome = { status: 'located'; point: GeoPoint } | { status: 'not_found' } | { status: 'unreachable'; retrying: boolean };

/**
 * Records an answer about the address that was asked, under the patient's row lock, only while it
 * is still the address saved (a save that changed it queued its own job), and never lets a failed
 * try overwrite a final answer that another run for the same address recorded meanwhile.
 */
async function recordOutcome(deps: { database: Database; phiBox: PhiBox; geocoder: Geocoder }, referralId: string, asked: PatientAddress, outcome: Outcome) {
  const { database, phiBox, geocoder } = deps;
  await inTransaction(database, async ({ tx }) => {
    const row = await findSealedPatient(tx, referralId, { lock: true });
    const saved = row ? openPatient(phiBox, row.sealed, referralId) : null;
    const current = row !== null && saved !== null && answersAddress(asked, saved);
    const settled = row !== null && (row.locationStatus === 'located' || row.locationStatus === 'not_found');
    const recorded = current && !(outcome.status === 'unreachable' && settled);
    if (recorded) {
      await recordLocation(tx, referralId, {
        status: outcome.status,
        retrying: outcome.status === 'unreachable' && outcome.retrying,
        source: outcome.status === 'unreachable' ? row.locationSource : geocoder.kind,
        locationSealed: outcome.status === 'located' ? sealHomePoint(phiBox, referralId, outcome.point) : outcome.status === 'unreachable' ? row.locationSealed : null,
      });
    }
    // Which geocoder and what it said, never the address or the point.
    await writeAudit(tx, {
      actorUserId: null,
      action: PATIENT_LOCATE,
      entityType: PATIENT_ENTITY,
      entityId: referralId,
      outcome: outcome.status === 'unreachable' ? 'failure' : 'success',
      details: { status: outcome.status, geocoder: geocoder.kind, ...(recorded ? {} : { superseded: true }) },
    });
  });
}

/**
 * The `locate-patient-home` job: asks the geocoder about the patient's saved address. A point is
 * stored sealed (located); no match is final (not_found: check-ins are judged against the ZIP
 * area); a geocoder that cannot be reached is recorded as unreachable and the job fails, so the
 * queue retries it with backoff (JOB_RETRY_*), the last failure recorded as no longer retrying.
 */
export function createLocateHomeJob(deps: { database: Database; phiBox: PhiBox; geocoder: Geocoder }): JobHandler<'locate-patient-home'> {
  const { database, phiBox, geocoder } = deps;
  return async ({ referralId }, run) => {
    const row = await findSealedPatient(database.db, referralId);
    if (!row) return;
    const patient = openPatient(phiBox, row.sealed, referralId);
    if (!patient) throw new Error(`patient ${referralId}: the details could not be opened to locate the address (tampered, moved or wrong key)`);
    const asked: PatientAddress = { addressLine: patient.addressLine, city: patient.city, state: patient.state, zip: patient.zip };

    let answer: GeocodeAnswer;
    try {
      answer = await geocoder.locate(asked);
    } catch (error) {
      if (!(error instanceof GeocoderUnreachableError)) throw error;
      await recordOutcome(deps, referralId, asked, { status: 'unreachable', retrying: !isLastRun(run) });
      throw new GeocoderUnreachableError(`patient ${referralId}: the geocoder could not be reached (${error.message})`);
    }
    await recordOutcome(deps, referralId, asked, answer.found ? { status: 'located', point: answer.point } : { status: 'not_found' });
  };
}

/** Runs the job on this instance and queues the patients saved before addresses were located (one line in runtime.ts). */
export async function registerLocateHomeJob(deps: { config: Pick<Config, 'geocoderUrl'>; database: Database; jobs: JobQueue; phiKey: string }): Promise<void> {
  const { config, database, jobs } = deps;
  await jobs.work('locate-patient-home', createLocateHomeJob({ database, phiBox: createPhiBox(deps.phiKey), geocoder: createGeocoder(config) }));
  await queueUnlocatedPatients(database, jobs);
}
