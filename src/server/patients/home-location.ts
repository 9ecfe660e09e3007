import type { HomeLocationView } from '../../domain/home-location';
import type { GeoPoint } from '../../domain/geo';
import type { PhiBox } from '../crypto/phi-box';
import type { SqlRunner } from '../db/client';
import type { JobQueue } from '../jobs/queue';
import type { LocationState } from './queries';

/**
 * The patient's home for visit verification: the point the geocoder found for the address the agency
 * saved (locate-home-job.ts), sealed with the PHI key and bound to the patient and to its kind, so it
 * opens nowhere else; beside it a status that is not PHI.
 */

const binding = (referralId: string) => `patient:${referralId}:home_location`;

export function sealHomePoint(phiBox: PhiBox, referralId: string, point: GeoPoint): string {
  return phiBox.seal(JSON.stringify({ latitude: point.latitude, longitude: point.longitude }), binding(referralId));
}

/** The home's point, or null when none is stored or it does not open (then check-ins fall back to the ZIP). */
export function openHomePoint(phiBox: PhiBox, referralId: string, sealed: string | null): GeoPoint | null {
  if (sealed === null) return null;
  try {
    const point = JSON.parse(phiBox.open(sealed, binding(referralId))) as Partial<GeoPoint>;
    return typeof point.latitude === 'number' && typeof point.longitude === 'number' ? { latitude: point.latitude, longitude: point.longitude } : null;
  } catch {
    return null;
  }
}

/** The status as shown, from the row's columns (no coordinates). */
export function homeLocationViewOf(state: LocationState): HomeLocationView {
  return {
    status: state.locationStatus,
    at: state.locationStatusAt?.toISOString() ?? null,
    retrying: state.locationStatus === 'unreachable' && state.locationRetrying,
    standIn: state.locationSource === 'stand-in',
  };
}

/** Queues locating a patient's address; pass the transaction's `sql` so it is queued only if the save commits. */
export async function queueLocatingHome(jobs: JobQueue, referralId: string, options: { sql?: SqlRunner } = {}): Promise<void> {
  await jobs.send('locate-patient-home', { referralId }, options);
}

