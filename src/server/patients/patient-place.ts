import { measuresFromAddress } from '../../domain/home-location';
import type { GeoPoint } from '../../domain/geo';
import type { PhiBox } from '../crypto/phi-box';
import type { Db } from '../db/client';
import { homeLocationViewOf, openHomePoint } from './home-location';
import { findSealedPatient } from './queries';
import { openPatient } from './service';

/**
 * For visit verification: where a referral's patient lives, as far as it is known — the ZIP, and
 * the geocoded point of their address when the Census Geocoder located it (null while it is being
 * located, was not found or could not be reached, and for the stand-in's point, which is only the
 * ZIP's center). null: no details saved yet; 'unreadable': they do not open. The caller has already
 * checked that its actor may use the referral's visits; nothing else of the patient leaves this feature.
 */
export async function readPatientPlace(db: Db, phiBox: PhiBox, referralId: string): Promise<{ zip: string; home: GeoPoint | null } | null | 'unreadable'> {
  const row = await findSealedPatient(db, referralId);
  if (!row) return null;
  const patient = openPatient(phiBox, row.sealed, referralId);
  if (!patient) return 'unreadable';
  const home = measuresFromAddress(homeLocationViewOf(row)) ? openHomePoint(phiBox, referralId, row.locationSealed) : null;
  return { zip: patient.zip, home };
}
