import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { signatureAttestation, signatureStrokes } from '../../../test/attestation';
import { buildAgency, buildTherapist } from '../../../test/factories';
import { callApi, errorOf, ok, refused } from '../../../test/http';
import { captureLogs } from '../../../test/log-capture';
import { patientInput } from '../../../test/patients';
import { pdfText } from '../../../test/pdf-text';
import { session, type SignedIn } from '../../../test/people';
import { buildReferral, insertResponse } from '../../../test/referral-fixtures';
import type { VisitNotesView } from '../../domain/documentation';
import { attestationMessages } from '../../domain/visit-attestation';
import type { VisitDetail } from '../../domain/visits';
import { auditLog, notifications, visits } from '../db/schema/index';
import { locateZip } from '../geo/zip-centroids';

/**
 * The check-out attestation: a drawn signature (or why none could be obtained) is sealed with the
 * visit, shown to its two parties at aal2, named on the note's PDF, and refused with a message on the
 * field when it is malformed. A check-out without a signature is an EVV exception flagged to the
 * agency, its reason the one recorded with "could not be obtained" or the therapist's.
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const db = () => app.runtime.database.db;
const PATIENT_ZIP = '78704';
const centroid = locateZip(PATIENT_ZIP)!;
// Checked out straight after check-in, so the visit is short: that exception needs its reason.
const near = { latitude: centroid.latitude + 0.002, longitude: centroid.longitude, accuracyMeters: 12, reason: 'Test visit' };
const call = (method: string, path: string, who: { cookie?: string } = {}, body?: unknown) => callApi(app.url, method, `/api${path}`, { cookie: who.cookie, body });

const strokes = signatureStrokes;
const signature = signatureAttestation({ signer: 'caregiver', signerName: 'Marisol Quintero' });

/** A matched referral with its patient and one visit checked in by its therapist. */
async function checkedInVisit(): Promise<{ therapist: SignedIn; agency: SignedIn; visit: VisitDetail; agencyId: string }> {
  const agencyPerson = await buildAgency(db());
  const therapistPerson = await buildTherapist(db(), { firstName: 'Jamie', lastName: 'Rivera' });
  const referral = await buildReferral(db(), { agencyId: agencyPerson.userId, status: 'matched', matchedTherapistId: therapistPerson.userId, patientZip: PATIENT_ZIP });
  await insertResponse(db(), { referralId: referral.id, therapistId: therapistPerson.userId, status: 'confirmed' });
  const agency = await session(app, agencyPerson);
  const therapist = await session(app, therapistPerson);
  await ok(await call('PUT', `/referrals/${referral.id}/patient`, agency, patientInput({ zip: PATIENT_ZIP })));
  const scheduledStart = new Date(Date.now() + 10 * 60_000).toISOString();
  const visit = await ok<VisitDetail>(await call('POST', `/referrals/${referral.id}/visits`, therapist, { serviceId: 'evaluation', scheduledStart, durationMinutes: 60 }), 201);
  await ok(await call('POST', `/visits/${visit.id}/check-in`, therapist, near));
  return { therapist, agency, visit, agencyId: agencyPerson.userId };
}

/** As if the therapist had checked in an hour ago: a check-out now is of the planned length, no short-visit exception. */
const checkedInAnHourAgo = (visitId: string) => db().update(visits).set({ checkInAt: new Date(Date.now() - 3_600_000) }).where(eq(visits.id, visitId));
const flagsTo = (agencyId: string) => db().select().from(notifications).where(and(eq(notifications.userId, agencyId), eq(notifications.type, 'visit.exception')));
const onTime = { latitude: near.latitude, longitude: near.longitude, accuracyMeters: near.accuracyMeters };

describe('the check-out attestation', () => {
  it('a drawn signature is sealed with the visit, shown to both parties, never in the row, the audit or the logs; another agency gets 404', async () => {
    const { therapist, agency, visit } = await checkedInVisit();
    const logs = captureLogs(app.runtime.app.log);
    let done: VisitDetail;
    try {
      done = await ok<VisitDetail>(await call('POST', `/visits/${visit.id}/check-out`, therapist, { ...near, attestation: signature }));
    } finally {
      logs.stop();
    }
    expect(done.status).toBe('completed');
    expect(done.attestation).toMatchObject({ kind: 'signature', signer: 'caregiver', signerName: 'Marisol Quintero', strokes });

    const [row] = await db().select().from(visits).where(eq(visits.id, visit.id));
    expect(row!.attestationSealed).toBeTruthy();
    for (const plain of ['Marisol', 'caregiver', '[12,150]', '131']) expect(row!.attestationSealed).not.toContain(plain);
    expect(logs.text()).not.toContain('Marisol');

    const seen = await ok<VisitDetail>(await call('GET', `/visits/${visit.id}`, agency));
    expect(seen.attestation).toMatchObject({ kind: 'signature', signerName: 'Marisol Quintero', strokes });

    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, visit.id), eq(auditLog.action, 'visit.check_out')));
    expect(audit!.details).toMatchObject({ attestation: 'signature' });
    expect(JSON.stringify(audit!.details)).not.toContain('Marisol');

    const stranger = await session(app, await buildAgency(db()));
    await refused(await call('GET', `/visits/${visit.id}`, stranger), 404, 'NOT_FOUND');
  });

  it('the note’s PDF names who attested and when', async () => {
    const { therapist, agency, visit } = await checkedInVisit();
    await ok(await call('POST', `/visits/${visit.id}/check-out`, therapist, { ...near, attestation: signature }));
    const content = { serviceId: 'evaluation', history: 'Fell at home.', objectiveMeasures: 'TUG 18 s.', assessment: 'Fall risk.', goals: ['Walk 150 ft'], plan: 'Gait training.', frequency: '2w4' };
    await ok(await call('PUT', `/visits/${visit.id}/notes/draft`, therapist, { content }));
    const view = await ok<VisitNotesView>(await call('POST', `/visits/${visit.id}/notes/sign`, therapist, { signedName: 'Jamie Rivera' }));
    const response = await call('GET', `/visits/${visit.id}/notes/${view.notes[0]!.id}/pdf`, agency);
    expect(response.status).toBe(200);
    const { text } = await pdfText(new Uint8Array(await response.arrayBuffer()));
    expect(text).toMatch(/Attestation: Attested by the caregiver Marisol Quintero at \w{3} \d+, \d{4}/);
    expect(text).not.toContain('No patient attestation recorded');
  });

  it('when no signature could be obtained, the reason is kept and shown', async () => {
    const { therapist, agency, visit } = await checkedInVisit();
    const attestation = { kind: 'unable', unableReason: 'patient_unable_to_sign', reason: 'Right hand in a cast' };
    await ok(await call('POST', `/visits/${visit.id}/check-out`, therapist, { ...near, attestation }));
    const seen = await ok<VisitDetail>(await call('GET', `/visits/${visit.id}`, agency));
    expect(seen.attestation).toMatchObject({ kind: 'unable', unableReason: 'patient_unable_to_sign', reason: 'Right hand in a cast' });
    const [row] = await db().select().from(visits).where(eq(visits.id, visit.id));
    expect(row!.attestationSealed).not.toContain('cast');
  });

  it('a signature is no exception: the visit checks out clean and the agency is not flagged', async () => {
    const { therapist, visit, agencyId } = await checkedInVisit();
    await checkedInAnHourAgo(visit.id);
    const done = await ok<VisitDetail>(await call('POST', `/visits/${visit.id}/check-out`, therapist, { ...onTime, attestation: signatureAttestation() }));
    expect(done).toMatchObject({ status: 'completed', exceptions: [], exceptionReason: null });
    expect(await flagsTo(agencyId)).toHaveLength(0);
  });

  it('a signature that could not be obtained is a no_attestation exception whose reason is the one recorded with it, flagged to the agency', async () => {
    const { therapist, agency, visit, agencyId } = await checkedInVisit();
    await checkedInAnHourAgo(visit.id);
    const attestation = { kind: 'unable', unableReason: 'patient_declined', reason: 'Said she was too tired' };
    const done = await ok<VisitDetail>(await call('POST', `/visits/${visit.id}/check-out`, therapist, { ...onTime, attestation }));
    expect(done).toMatchObject({ status: 'completed', exceptions: ['no_attestation'], exceptionReason: 'Check-out: No signature: Patient declined to sign — Said she was too tired' });
    expect((await ok<VisitDetail>(await call('GET', `/visits/${visit.id}`, agency))).exceptions).toEqual(['no_attestation']);
    const [flag, ...more] = await flagsTo(agencyId);
    expect(more).toHaveLength(0);
    expect(flag!.body).toMatch(/check-out for the .+ was flagged: No patient or caregiver signature\. Open the visit for the therapist’s reason\.$/);
    expect(flag!.body).not.toContain('tired');
  });

  it('a check-out with neither a signature nor a reason is refused naming attestation, nothing written; with the therapist’s reason it is an exception', async () => {
    const { therapist, visit, agencyId } = await checkedInVisit();
    await checkedInAnHourAgo(visit.id);
    const error = await refused(await call('POST', `/visits/${visit.id}/check-out`, therapist, onTime), 400, 'VALIDATION');
    expect(error.fields).toEqual({ attestation: attestationMessages.kind });
    expect(error.message).toBe(attestationMessages.kind);
    const still = await ok<VisitDetail>(await call('GET', `/visits/${visit.id}`, therapist));
    expect(still).toMatchObject({ status: 'in_progress', exceptions: [], attestation: null });
    expect(await flagsTo(agencyId)).toHaveLength(0);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, visit.id), eq(auditLog.action, 'visit.check_out')));
    expect(audit).toMatchObject({ outcome: 'failure', details: { reason: 'reason_required', exceptions: ['no_attestation'] } });

    const done = await ok<VisitDetail>(await call('POST', `/visits/${visit.id}/check-out`, therapist, { ...onTime, reason: 'Patient asleep; daughter not home' }));
    expect(done).toMatchObject({ status: 'completed', exceptions: ['no_attestation'], exceptionReason: 'Check-out: Patient asleep; daughter not home', attestation: null });
    expect(await flagsTo(agencyId)).toHaveLength(1);
  });

  it('without a signature and with another exception, both are named: the attestation and the reason', async () => {
    const { therapist, visit } = await checkedInVisit();
    const error = await refused(await call('POST', `/visits/${visit.id}/check-out`, therapist, onTime), 400, 'VALIDATION');
    expect(error.fields).toEqual({ attestation: attestationMessages.kind, reason: 'Check-out needs a reason: shorter than 50% of the planned length.' });
    // "Could not be obtained" answers for the signature; the short visit still needs the therapist's reason.
    const unable = { kind: 'unable', unableReason: 'no_caregiver_present' };
    const still = await refused(await call('POST', `/visits/${visit.id}/check-out`, therapist, { ...onTime, attestation: unable }), 400, 'VALIDATION');
    expect(still.fields).toEqual({ reason: 'Check-out needs a reason: shorter than 50% of the planned length.' });
    const done = await ok<VisitDetail>(await call('POST', `/visits/${visit.id}/check-out`, therapist, { ...onTime, attestation: unable, reason: 'Patient tired' }));
    expect(done).toMatchObject({
      exceptions: ['short_visit', 'no_attestation'],
      exceptionReason: 'Check-out: Patient tired; No signature: No caregiver present to sign for the patient',
    });
  });

  it('malformed attestations are refused with a message on the field, and the visit stays checked in', async () => {
    const { therapist, visit } = await checkedInVisit();
    const bad = [
      [{ ...signature, strokes: [] }, attestationMessages.strokes],
      [{ ...signature, strokes: [[[1, 1]]] }, attestationMessages.strokes],
      [{ ...signature, strokes: [[[9999, 1], [2, 2]]] }, undefined],
      [{ ...signature, strokes: Array.from({ length: 41 }, () => [[1, 1], [2, 2]]) }, attestationMessages.strokes],
      [{ ...signature, signer: 'neighbour' }, attestationMessages.signer],
      [{ kind: 'unable', unableReason: 'busy' }, attestationMessages.unableReason],
      [{ strokes }, attestationMessages.kind],
    ] as const;
    for (const [attestation, message] of bad) {
      const response = await call('POST', `/visits/${visit.id}/check-out`, therapist, { ...near, attestation });
      expect(response.status).toBe(400);
      const error = await errorOf(response);
      const fieldMessages = Object.entries(error.fields ?? {}).filter(([field]) => field.startsWith('attestation'));
      expect(fieldMessages.length).toBeGreaterThan(0);
      if (message) expect(fieldMessages.map(([, text]) => text)).toContain(message);
    }
    const still = await ok<VisitDetail>(await call('GET', `/visits/${visit.id}`, therapist));
    expect(still.status).toBe('in_progress');
    expect(still.attestation).toBeNull();
  });

  it('an attestation sent at check-in is refused: it is taken at check-out', async () => {
    const agencyPerson = await buildAgency(db());
    const therapistPerson = await buildTherapist(db());
    const referral = await buildReferral(db(), { agencyId: agencyPerson.userId, status: 'matched', matchedTherapistId: therapistPerson.userId, patientZip: PATIENT_ZIP });
    await insertResponse(db(), { referralId: referral.id, therapistId: therapistPerson.userId, status: 'confirmed' });
    const agency = await session(app, agencyPerson);
    const therapist = await session(app, therapistPerson);
    await ok(await call('PUT', `/referrals/${referral.id}/patient`, agency, patientInput({ zip: PATIENT_ZIP })));
    const scheduledStart = new Date(Date.now() + 10 * 60_000).toISOString();
    const visit = await ok<VisitDetail>(await call('POST', `/referrals/${referral.id}/visits`, therapist, { serviceId: 'evaluation', scheduledStart, durationMinutes: 60 }), 201);
    const error = await refused(await call('POST', `/visits/${visit.id}/check-in`, therapist, { ...near, attestation: signature }), 400, 'VALIDATION');
    expect(error.fields?.attestation).toMatch(/taken at check-out/);
  });
});
