import { patientShortName } from '../../domain/referral-reference';
import { writeAudits, type AuditEntry } from '../audit/write-audit';
import type { PhiBox } from '../crypto/phi-box';
import type { Db } from '../db/client';
import { findReferralsOfParty } from '../referrals/parties';
import type { Caller } from '../use-case';
import { canReadPatient } from './policy';
import { findSealedPatients } from './queries';
import { openPatient, PATIENT_ENTITY, PATIENT_READ } from './service';

/**
 * The patients' short names ("J. Smith") that label referrals in lists and on pages, by referral id.
 *
 * A name is given only where the patient's details could be read (canReadPatient: the referral's
 * agency, or its matched therapist while it is active, at aal2) and have been saved. Each name given
 * is a read of the patient's record and is audited as one, like a read of the details (one row per
 * patient, `view: 'short_name'`, in one insert with the caller's connection). Referrals the caller may
 * not read are skipped without a row: a list does not ask for them, so nothing was refused; their
 * label shows the place instead.
 */
export async function readPatientShortNames(db: Db, deps: { phiBox: PhiBox }, options: Caller & { referralIds: string[] }): Promise<Map<string, string>> {
  const { actor, client } = options;
  const names = new Map<string, string>();
  // Nobody below aal2 reads a name: no query at all, so the answer cannot depend on one.
  if (actor.aal !== 'aal2' || options.referralIds.length === 0) return names;
  const readable = new Map<string, 'agency' | 'therapist'>();
  for (const referral of await findReferralsOfParty(db, options.referralIds, actor.userId)) {
    const access = canReadPatient(actor, referral);
    if (access.allowed) readable.set(referral.id, access.as);
  }
  const audits: AuditEntry[] = [];
  for (const { referralId, sealed } of await findSealedPatients(db, [...readable.keys()])) {
    const patient = openPatient(deps.phiBox, sealed, referralId);
    const as = readable.get(referralId);
    if (patient) names.set(referralId, patientShortName(patient.firstName, patient.lastName));
    audits.push({
      actorUserId: actor.userId,
      action: PATIENT_READ,
      entityType: PATIENT_ENTITY,
      entityId: referralId,
      outcome: patient ? 'success' : 'failure',
      ipAddress: client.ipAddress,
      userAgent: client.userAgent,
      details: patient ? { as, view: 'short_name' } : { as, view: 'short_name', reason: 'unreadable' },
    });
  }
  // Written before any name leaves: a name whose read could not be recorded is not shown.
  await writeAudits(db, audits);
  return names;
}
