import { needsLocating, type HomeLocationView } from '../../domain/home-location';
import { storedPatientSchema, type Patient, type PatientResponse, type StoredPatient } from '../../domain/patients';
import { audited, auditedWithin, refused, type Outcome } from '../audit/audited-use-case';
import { mfaRequired } from '../auth/guards';
import type { PhiBox } from '../crypto/phi-box';
import type { Actor } from '../auth/session';
import type { Database, Db } from '../db/client';
import { AppError } from '../errors';
import type { JobQueue } from '../jobs/queue';
import { createNotification } from '../notifications/service';
import { findReferralSubject } from '../notifications/subjects';
import { canReadPatient, canWritePatient, type PatientDenial } from './policy';
import { findReferralOfParty } from '../referrals/parties';
import { homeLocationViewOf, queueLocatingHome } from './home-location';
import { findSealedPatient, insertPatient, updatePatient } from './queries';
import type { Caller } from '../use-case';

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
  /** Saving a new address queues locating it (home-location.ts). */
  jobs: JobQueue;
}

const patientFields = Object.keys(storedPatientSchema.shape) as (keyof StoredPatient)[];

/** Why a request got no patient: the policy's reasons, plus none saved yet or none readable. */
type Refusal = PatientDenial | 'no_patient' | 'unreadable';

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
export function openPatient(phiBox: PhiBox, sealed: string, referralId: string): StoredPatient | null {
  try {
    const parsed = storedPatientSchema.safeParse(JSON.parse(phiBox.open(sealed, referralId)));
    return parsed.success ? presentPatient(parsed.data) : null;
  } catch {
    // JSON.parse quotes its input in its message: no error from here may carry on.
    return null;
  }
}

/** The answer to a refused request: 404 whenever the caller may not know more than that. */
function refusalError(reason: Refusal): Error {
  if (reason === 'mfa_required') return mfaRequired();
  if (reason === 'before_match') return new AppError('CONFLICT', PATIENT_BEFORE_MATCH);
  if (reason === 'unreadable') return unreadable();
  return new AppError('NOT_FOUND', PATIENT_NOT_FOUND);
}

function unreadable(): Error {
  // A 500 for the client and the log; the message names no value (the audit row names the referral).
  return new Error('patient details could not be opened (tampered, moved or wrong key)');
}

const refuse = (reason: Refusal, details: Record<string, unknown> = {}) => refused(refusalError(reason), { reason, ...details });

/** Load → authorize → open: the patient of a referral, for its agency or matched therapist at aal2. */
async function loadPatient(tx: Db, phiBox: PhiBox, actor: Actor, referralId: string): Promise<Outcome<PatientResponse>> {
  const access = canReadPatient(actor, await findReferralOfParty(tx, referralId, actor.userId));
  if (!access.allowed) return refuse(access.reason);
  const row = await findSealedPatient(tx, referralId);
  if (!row) return refuse('no_patient', { as: access.as });
  const patient = openPatient(phiBox, row.sealed, referralId);
  if (!patient) return refuse('unreadable', { as: access.as });
  return { value: { referralId, patient, updatedAt: row.updatedAt.toISOString(), homeLocation: homeLocationViewOf(row) }, details: { as: access.as } };
}

const readMeta = ({ actor, client, referralId }: Caller & { referralId: string }) => ({
  actorUserId: actor.userId,
  action: PATIENT_READ,
  entityType: PATIENT_ENTITY,
  entityId: referralId,
  client,
});

/** GET: the patient of a referral, for its agency or matched therapist at aal2. */
export async function viewPatient(deps: PatientDeps, options: Caller & { referralId: string }): Promise<PatientResponse> {
  return audited(deps.database, readMeta(options), ({ tx }) => loadPatient(tx, deps.phiBox, options.actor, options.referralId));
}

/** Why a read inside another use case showed no patient; the caller words it for its page. */
export type PatientWithheld = Refusal;

/**
 * The same read inside another use case's transaction (the visit page shows its patient): the same
 * checks and the same audit row as viewPatient, with a refusal handed back as its reason instead of
 * thrown, so the other use case answers without the patient.
 */
export async function readPatientWithin(
  tx: Db,
  deps: Pick<PatientDeps, 'phiBox'>,
  options: Caller & { referralId: string },
): Promise<{ patient: StoredPatient; homeLocation: HomeLocationView } | { withheld: PatientWithheld }> {
  const outcome = await auditedWithin(tx, readMeta(options), () => loadPatient(tx, deps.phiBox, options.actor, options.referralId));
  if ('refused' in outcome) return { withheld: outcome.details.reason as PatientWithheld };
  return { patient: outcome.value.patient, homeLocation: outcome.value.homeLocation };
}

/**
 * PUT: creates or replaces the patient of a matched or in-progress referral (its agency, at aal2).
 * The sealed details, the audit row, locating a new or changed address (queued, the referral id its
 * only data) and, the first time, the matched therapist's notification (no PHI in it) commit together.
 */
export async function savePatient(deps: PatientDeps, options: Caller & { referralId: string; input: Patient }): Promise<PatientResponse> {
  const { actor, referralId, client } = options;
  const meta = { actorUserId: actor.userId, action: PATIENT_WRITE, entityType: PATIENT_ENTITY, entityId: referralId, client };
  return audited(deps.database, meta, async (t): Promise<Outcome<PatientResponse>> => {
    // Locked, so the referral cannot close under this save and two saves cannot both be "first".
    const referral = await findReferralOfParty(t.tx, referralId, actor.userId, { lock: true });
    const access = canWritePatient(actor, referral);
    if (!access.allowed) return refuse(access.reason);

    const patient = presentPatient(options.input);
    const sealed = deps.phiBox.seal(JSON.stringify(patient), referralId);
    const existing = await findSealedPatient(t.tx, referralId);
    const previous = existing ? openPatient(deps.phiBox, existing.sealed, referralId) : null;
    const locating = needsLocating(previous, patient, existing ? { status: existing.locationStatus, retrying: existing.locationRetrying } : null);
    const values = { referralId, sealed, userId: actor.userId };
    const saved = existing ? await updatePatient(t.tx, { ...values, relocate: locating }) : await insertPatient(t.tx, values);
    if (locating) await queueLocatingHome(deps.jobs, referralId, { sql: t.sql });

    const therapistId = referral?.matchedTherapistId;
    if (!existing && therapistId) {
      const subject = await findReferralSubject(t.tx, referralId);
      // The details themselves never travel in a notification: the referral page shows them at aal2.
      await createNotification(t, {
        userId: therapistId,
        type: 'referral.patient_added',
        title: `Patient details added to ${subject.tag}`,
        body: `${subject.agencyName} added the patient details for your referral. Open it to see them.`,
        link: `/dashboard/therapist/referrals/${referralId}`,
      });
    }
    const changedFields = previous ? patientFields.filter((field) => previous[field] !== patient[field]) : patientFields;
    return {
      value: { referralId, patient, updatedAt: saved.updatedAt.toISOString(), homeLocation: homeLocationViewOf(saved) },
      details: { created: !existing, changedFields, locating, ...(existing && !previous ? { previousUnreadable: true } : {}) },
    };
  });
}
