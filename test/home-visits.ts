import type { PatientInput, PatientResponse } from '../src/domain/patients';
import type { HomeLocationStatus } from '../src/domain/home-location';
import type { VisitDetail } from '../src/domain/visits';
import type { TestApp } from './app';
import { buildAgency, buildTherapist } from './factories';
import { callApi, ok } from './http';
import { waitFor } from './payment-fixtures';
import { patientInput } from './patients';
import { session, type SignedIn } from './people';
import { buildReferral, insertResponse } from './referral-fixtures';

/**
 * A matched referral whose agency saved the patient's details over the API (so the address is
 * queued for locating as in production), for tests of locating the home and judging check-ins by it.
 */
export async function matchedWithPatient(app: TestApp, patient: Partial<PatientInput> = {}) {
  const db = app.runtime.database.db;
  const agencyPerson = await buildAgency(db);
  const therapistPerson = await buildTherapist(db);
  const details = patientInput(patient);
  const referral = await buildReferral(db, { agencyId: agencyPerson.userId, status: 'matched', matchedTherapistId: therapistPerson.userId, patientZip: details.zip });
  await insertResponse(db, { referralId: referral.id, therapistId: therapistPerson.userId, status: 'confirmed' });
  const agency = await session(app, agencyPerson);
  const therapist = await session(app, therapistPerson);
  const saved = await ok<PatientResponse>(await callApi(app.url, 'PUT', `/api/referrals/${referral.id}/patient`, { cookie: agency.cookie, ip: agency.ip, body: details }));
  return { referralId: referral.id, agency, therapist, details, saved };
}

/** The patient as a party reads it (an audited read, like the page's). */
export async function readPatient(app: TestApp, referralId: string, who: SignedIn): Promise<PatientResponse> {
  return ok<PatientResponse>(await callApi(app.url, 'GET', `/api/referrals/${referralId}/patient`, { cookie: who.cookie, ip: who.ip }));
}

/** Waits until locating the patient's address reached `status` (and, for unreachable, whether it is still retrying). */
export async function locationReaches(app: TestApp, referralId: string, who: SignedIn, status: HomeLocationStatus, retrying?: boolean) {
  return waitFor(
    async () => {
      const { homeLocation } = await readPatient(app, referralId, who);
      return homeLocation.status === status && (retrying === undefined || homeLocation.retrying === retrying) ? homeLocation : undefined;
    },
    20_000,
    `the patient's address ${status}${retrying === undefined ? '' : retrying ? ' (retrying)' : ' (no retry left)'}`,
  );
}

/** A visit of the referral scheduled ten minutes from now, by its therapist. */
export async function visitSoon(app: TestApp, referralId: string, therapist: SignedIn): Promise<VisitDetail> {
  const scheduledStart = new Date(Date.now() + 10 * 60_000).toISOString();
  return ok<VisitDetail>(
    await callApi(app.url, 'POST', `/api/referrals/${referralId}/visits`, {
      cookie: therapist.cookie,
      ip: therapist.ip,
      body: { serviceId: 'evaluation', scheduledStart, durationMinutes: 60 },
    }),
    201,
  );
}
