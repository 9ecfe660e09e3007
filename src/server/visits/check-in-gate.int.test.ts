import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { buildAgency, buildTherapist } from '../../../test/factories';
import { callApi, ok, refused } from '../../../test/http';
import { patientInput } from '../../../test/patients';
import { session, type SignedIn } from '../../../test/people';
import { buildReferral, insertResponse } from '../../../test/referral-fixtures';
import { todayIn } from '../../domain/business-date';
import type { VisitDetail } from '../../domain/visits';
import { auditLog, therapistCredentials, therapistProfiles } from '../db/schema/index';
import { locateZip } from '../geo/zip-centroids';

/**
 * Checking in to a visit is refused, to the therapist, naming the credential that is missing,
 * unverified or expired now (or the suspension), even though the match was confirmed when all was
 * in order. Check-out of a visit already started is not gated: the visit is finished and recorded.
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const db = () => app.runtime.database.db;
const PATIENT_ZIP = '78704';
const centroid = locateZip(PATIENT_ZIP)!;
const near = { latitude: centroid.latitude + 0.002, longitude: centroid.longitude, accuracyMeters: 12 };
const YESTERDAY = todayIn(undefined, new Date(Date.now() - 86_400_000));

const call = (method: string, path: string, who: { cookie?: string } = {}, body?: unknown) => callApi(app.url, method, `/api${path}`, { cookie: who.cookie, body });

/** A matched referral with its patient and one visit scheduled ten minutes from now. */
async function scheduledVisit(): Promise<{ therapist: SignedIn; visit: VisitDetail }> {
  const agencyPerson = await buildAgency(db());
  const therapistPerson = await buildTherapist(db());
  const referral = await buildReferral(db(), { agencyId: agencyPerson.userId, status: 'matched', matchedTherapistId: therapistPerson.userId, patientZip: PATIENT_ZIP });
  await insertResponse(db(), { referralId: referral.id, therapistId: therapistPerson.userId, status: 'confirmed' });
  const agency = await session(app, agencyPerson);
  const therapist = await session(app, therapistPerson);
  await ok(await call('PUT', `/referrals/${referral.id}/patient`, agency, patientInput({ zip: PATIENT_ZIP })));
  const scheduledStart = new Date(Date.now() + 10 * 60_000).toISOString();
  const visit = await ok<VisitDetail>(await call('POST', `/referrals/${referral.id}/visits`, therapist, { serviceId: 'evaluation', scheduledStart, durationMinutes: 60 }), 201);
  return { therapist, visit };
}

const setLicense = (therapistId: string, expiresOn: string) =>
  db()
    .update(therapistCredentials)
    .set({ expiresOn })
    .where(and(eq(therapistCredentials.therapistId, therapistId), eq(therapistCredentials.kind, 'state_license')));

describe('checking in', () => {
  it('a therapist whose license lapsed since the match cannot check in, told which credential; audited; renewed, they can', async () => {
    const { therapist, visit } = await scheduledVisit();
    await setLicense(therapist.userId, YESTERDAY);

    const error = await refused(await call('POST', `/visits/${visit.id}/check-in`, therapist, near), 409, 'CONFLICT');
    expect(error.message).toBe(`You can't check in: State license (TX): expired ${YESTERDAY}. Update it under Credentials.`);
    expect((await ok<VisitDetail>(await call('GET', `/visits/${visit.id}`, therapist))).status).toBe('scheduled');
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, visit.id), eq(auditLog.action, 'visit.check_in')))
      .orderBy(desc(auditLog.id));
    expect(audit).toMatchObject({ outcome: 'failure', actorUserId: therapist.userId, details: { reason: 'standing', problems: ['state_license'] } });

    await setLicense(therapist.userId, '2031-06-30');
    expect((await ok<VisitDetail>(await call('POST', `/visits/${visit.id}/check-in`, therapist, near))).status).toBe('in_progress');
  });

  it('several problems are all named', async () => {
    const { therapist, visit } = await scheduledVisit();
    await setLicense(therapist.userId, YESTERDAY);
    await db()
      .update(therapistCredentials)
      .set({ status: 'rejected' })
      .where(and(eq(therapistCredentials.therapistId, therapist.userId), eq(therapistCredentials.kind, 'npi')));
    const error = await refused(await call('POST', `/visits/${visit.id}/check-in`, therapist, near), 409, 'CONFLICT');
    expect(error.message).toBe(`You can't check in: State license (TX): expired ${YESTERDAY}; NPI: rejected. Update them under Credentials.`);
  });

  it('a suspended therapist cannot check in, told why', async () => {
    const { therapist, visit } = await scheduledVisit();
    await db().update(therapistProfiles).set({ suspendedAt: new Date(), suspensionReason: 'Listed on the OIG exclusion list (LEIE)' }).where(eq(therapistProfiles.id, therapist.userId));
    const error = await refused(await call('POST', `/visits/${visit.id}/check-in`, therapist, near), 409, 'CONFLICT');
    expect(error.message).toBe("You can't check in: Eligibility suspended: Listed on the OIG exclusion list (LEIE).");
  });

  it('a visit already checked in can still be checked out after the license lapses', async () => {
    const { therapist, visit } = await scheduledVisit();
    await ok(await call('POST', `/visits/${visit.id}/check-in`, therapist, near));
    await setLicense(therapist.userId, YESTERDAY);
    const done = await call('POST', `/visits/${visit.id}/check-out`, therapist, { ...near, reason: 'Short visit: patient tired' });
    expect((await ok<VisitDetail>(done)).status).toBe('completed');
  });
});
