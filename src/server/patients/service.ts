import { patientResponseSchema, type Patient, type PatientResponse } from '../../domain/referrals';
import { writeAudit } from '../audit/write-audit';
import { requireAal2 } from '../auth/guards';
import type { Actor } from '../auth/session';
import type { PhiBox } from '../crypto/phi-box';
import { inTransaction, type Database, type Db } from '../db/client';
import { AppError } from '../http/errors';
import { createNotification } from '../notifications/service';
import { canReadPatient, canWritePatient, type PatientDenial } from './policy';
import { findReferralOfParty, findSealedPatient, insertPatient, isReferralId, updatePatient } from './queries';
import type { RequestClient } from '../http/request-client';

/**
 * Patient details (PHI) of a matched referral: sealed with AES-256-GCM bound to the referral id,
 * shown only to the referral's agency and matched therapist. Every read and write, allowed or not,
 * leaves an audit row naming who, which referral, from where and the outcome; audit details carry
 * ids, reasons and field names, never a value.
 */

export const PATIENT_NOT_FOUND = 'No patient details found.';
export const PATIENT_BEFORE_MATCH = 'Patient details can be added once a therapist is matched.';

export const PATIENT_READ = 'patient.read';
export const PATIENT_WRITE = 'patient.write';
export const PATIENT_ENTITY = 'patient';

export interface PatientDeps {
  database: Database;
  phiBox: PhiBox;
}

type StoredPatient = PatientResponse['patient'];
const storedPatientSchema = patientResponseSchema.shape.patient;
const patientFields = Object.keys(storedPatientSchema.shape) as (keyof StoredPatient)[];

/** Why a request got no patient: the policy's reasons, plus none saved yet. */
type Refusal = PatientDenial | 'no_patient';

/** Whitelists the fields sealed and sent: nothing else in the input reaches storage or a client. */
function presentPatient(patient: StoredPatient | Patient): StoredPatient {
  return {
    firstName: patient.firstName,
    lastName: patient.lastName,
    dateOfBirth: patient.dateOfBirth,
    addressLine: patient.addressLine,
    city: patient.city,
    state: patient.state,
    zip: patient.zip,
    phone: patient.phone,
    emergencyContactName: patient.emergencyContactName,
    emergencyContactPhone: patient.emergencyContactPhone,
    diagnosisCode: patient.diagnosisCode,
    diagnosisDescription: patient.diagnosisDescription,
    referringPhysician: patient.referringPhysician,
    payer: patient.payer,
    careNotes: patient.careNotes,
  };
}

/** The details sealed for this referral, or null when they cannot be opened or read (tampered, moved, corrupt). */
function openPatient(phiBox: PhiBox, sealed: string, referralId: string): StoredPatient | null {
  try {
    const parsed = storedPatientSchema.safeParse(JSON.parse(phiBox.open(sealed, referralId)));
    return parsed.success ? presentPatient(parsed.data) : null;
  } catch {
    // JSON.parse quotes its input in its message: no error from here may carry on.
    return null;
  }
}

async function auditPatient(
  db: Db,
  entry: { action: string; actorUserId: string | null; referralId: string; client: RequestClient; outcome: 'success' | 'failure'; details: Record<string, unknown> },
) {
  await writeAudit(db, {
    actorUserId: entry.actorUserId,
    action: entry.action,
    entityType: PATIENT_ENTITY,
    // A path segment that is no referral id is not recorded: it is not an id, and could hold anything.
    entityId: isReferralId(entry.referralId) ? entry.referralId : undefined,
    outcome: entry.outcome,
    ipAddress: entry.client.ipAddress,
    userAgent: entry.client.userAgent,
    details: entry.details,
  });
}

/** The answer to a refused request: 404 whenever the caller may not know more than that. */
function refuse(reason: Refusal, actor: Actor): never {
  if (reason === 'mfa_required') requireAal2(actor);
  if (reason === 'before_match') throw new AppError('CONFLICT', PATIENT_BEFORE_MATCH);
  throw new AppError('NOT_FOUND', PATIENT_NOT_FOUND);
}

function unreadable(referralId: string): Error {
  // A 500 for the client and the log; the message names the referral, never a value.
  return new Error(`patient details of referral ${referralId} could not be opened (tampered, moved or wrong key)`);
}

/** GET: the patient of a referral, for its agency or matched therapist at aal2. */
export async function viewPatient(
  deps: PatientDeps,
  options: { actor: Actor; referralId: string; client: RequestClient },
): Promise<PatientResponse> {
  const { actor, referralId, client } = options;
  const result = await inTransaction(deps.database, async ({ tx }): Promise<{ view: PatientResponse } | { refused: Refusal } | { unreadable: true }> => {
    const audit = (outcome: 'success' | 'failure', details: Record<string, unknown>) =>
      auditPatient(tx, { action: PATIENT_READ, actorUserId: actor.userId, referralId, client, outcome, details });

    const access = canReadPatient(actor, await findReferralOfParty(tx, referralId, actor.userId));
    if (!access.allowed) {
      await audit('failure', { reason: access.reason });
      return { refused: access.reason };
    }
    const row = await findSealedPatient(tx, referralId);
    if (!row) {
      await audit('failure', { reason: 'no_patient', as: access.as });
      return { refused: 'no_patient' };
    }
    const patient = openPatient(deps.phiBox, row.sealed, referralId);
    if (!patient) {
      await audit('failure', { reason: 'unreadable', as: access.as });
      return { unreadable: true };
    }
    await audit('success', { as: access.as });
    return { view: { referralId, patient, updatedAt: row.updatedAt.toISOString() } };
  });
  // The refusal's audit row is committed above; only now does the request fail.
  if ('refused' in result) refuse(result.refused, actor);
  if ('unreadable' in result) throw unreadable(referralId);
  return result.view;
}

/**
 * PUT: creates or replaces the patient of a matched or in-progress referral (its agency, at aal2).
 * The sealed details, the audit row and, the first time, the matched therapist's notification (no
 * PHI in it) commit together.
 */
export async function savePatient(
  deps: PatientDeps,
  options: { actor: Actor; referralId: string; input: Patient; client: RequestClient },
): Promise<PatientResponse> {
  const { actor, referralId, client } = options;
  const result = await inTransaction(deps.database, async (t): Promise<{ view: PatientResponse } | { refused: Refusal }> => {
    const audit = (outcome: 'success' | 'failure', details: Record<string, unknown>) =>
      auditPatient(t.tx, { action: PATIENT_WRITE, actorUserId: actor.userId, referralId, client, outcome, details });

    // Locked, so the referral cannot close under this save and two saves cannot both be "first".
    const referral = await findReferralOfParty(t.tx, referralId, actor.userId, { lock: true });
    const access = canWritePatient(actor, referral);
    if (!access.allowed) {
      await audit('failure', { reason: access.reason });
      return { refused: access.reason };
    }

    const patient = presentPatient(options.input);
    const sealed = deps.phiBox.seal(JSON.stringify(patient), referralId);
    const existing = await findSealedPatient(t.tx, referralId);
    const values = { referralId, sealed, userId: actor.userId };
    const updatedAt = existing ? await updatePatient(t.tx, values) : await insertPatient(t.tx, values);

    const previous = existing ? openPatient(deps.phiBox, existing.sealed, referralId) : null;
    const changedFields = previous ? patientFields.filter((field) => previous[field] !== patient[field]) : patientFields;
    await audit('success', {
      created: !existing,
      changedFields,
      ...(existing && !previous ? { previousUnreadable: true } : {}),
    });

    const therapistId = referral?.matchedTherapistId;
    if (!existing && therapistId) {
      await createNotification(t, {
        userId: therapistId,
        type: 'referral.patient_added',
        title: 'Patient details added',
        body: 'The agency added the patient details for your referral.',
        link: `/dashboard/therapist/referrals/${referralId}`,
      });
    }
    return { view: { referralId, patient, updatedAt: updatedAt.toISOString() } };
  });
  if ('refused' in result) refuse(result.refused, actor);
  return result.view;
}
