import { storedPatientSchema } from '../../domain/patients';
import type { PhiBox } from '../crypto/phi-box';
import type { Db } from '../db/client';
import { findSealedPatient } from './queries';

/**
 * For visit verification: the ZIP of a referral's patient (null: no details saved yet;
 * 'unreadable': they do not open). The caller has already checked that its actor may use the
 * referral's visits; nothing else of the patient leaves this feature.
 */
export async function readPatientZip(db: Db, phiBox: PhiBox, referralId: string): Promise<string | null | 'unreadable'> {
  const row = await findSealedPatient(db, referralId);
  if (!row) return null;
  try {
    const parsed = storedPatientSchema.safeParse(JSON.parse(phiBox.open(row.sealed, referralId)));
    return parsed.success ? parsed.data.zip : 'unreadable';
  } catch {
    // JSON.parse quotes its input in its message: no error from here may carry on.
    return 'unreadable';
  }
}
