import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TherapistProfile } from '../../domain/therapist-profile';
import { startTestApp, type TestApp } from '../../../test/app';
import { buildAgency, buildManager, buildTherapist, clientAddress } from '../../../test/factories';
import { giveProfileDetails } from '../../../test/profile-details-fixtures';
import { callApi, ok, refused } from '../../../test/http';
import { sessionCookie } from '../../../test/people';
import { buildReferral, insertResponse } from '../../../test/referral-fixtures';
import { buildVisit } from '../../../test/visit-fixtures';
import { therapistCredentials, therapistProfiles, visitNotes } from '../db/schema/index';

/**
 * GET /api/therapists/:id/profile from the outside: who may read it (an agency the therapist
 * answered or worked with, a manager at aal2), what it shows (verified credentials with dates, the
 * profile, the record with its parts, the agency's own history) and what it never shows.
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const db = () => app.runtime.database.db;
const call = (method: string, path: string, cookie: string | null, body?: unknown) =>
  callApi(app.url, method, `/api${path}`, { cookie: cookie ?? undefined, ip: clientAddress(), body });
const profilePath = (id: string) => `/therapists/${id}/profile`;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('the therapist profile agencies read', () => {
  let agency: { userId: string; email: string; password: string };
  let therapistId: string;
  let responderId: string;
  let agencyCookie: string;

  beforeAll(async () => {
    agency = await buildAgency(db());
    const therapist = await buildTherapist(db(), { firstName: 'Dana', lastName: 'Whitfield', yearsExperience: 9 });
    therapistId = therapist.userId;
    await giveProfileDetails(db(), therapistId, { suspensionReason: 'Secret suspension note' });
    // Credentials an agency must not see: expired, awaiting review, rejected; and a document on a verified one.
    await db()
      .insert(therapistCredentials)
      .values([
        { therapistId, kind: 'state_license', issuer: 'LA', number: 'LA-OLD-1', status: 'verified', verifiedAt: new Date(), expiresOn: '2020-01-31' },
        { therapistId, kind: 'tb_test', issuer: 'Clinic', number: 'TB-SUBMITTED', status: 'submitted' },
        { therapistId, kind: 'drivers_license', issuer: 'TX', number: 'DL-REJECTED', status: 'rejected', rejectionReason: 'Blurry' },
      ]);
    await db().update(therapistCredentials).set({ documentStorageKey: 'secret-storage-key', number: 'CPR-SECRET-NUMBER' }).where(eq(therapistCredentials.kind, 'cpr_bls'));

    // An open referral the therapist answered, and a matched one with its visits.
    const open = await buildReferral(db(), { agencyId: agency.userId });
    await insertResponse(db(), { referralId: open.id, therapistId, status: 'accepted' });
    const matched = await buildReferral(db(), { agencyId: agency.userId, status: 'in_progress', matchedTherapistId: therapistId });
    await insertResponse(db(), { referralId: matched.id, therapistId, status: 'confirmed' });
    const on = { agencyId: agency.userId, therapistId, referralId: matched.id };
    const now = Date.now();
    // Four visits checked in 5 minutes after their start, notes signed an hour after check-out.
    for (let day = 8; day > 4; day -= 1) {
      const start = now - day * DAY;
      const visit = await buildVisit(db(), {
        ...on,
        status: 'documented',
        scheduledStart: new Date(start),
        checkInAt: new Date(start + 5 * 60_000),
        checkOutAt: new Date(start + HOUR),
      });
      await db().insert(visitNotes).values({ visitId: visit.id, version: 1, status: 'signed', sealed: 'x', signedAt: new Date(start + 2 * HOUR) });
    }
    // One checked in 30 minutes late, whose note is still unsigned three days after check-out.
    const lateStart = now - 3 * DAY;
    await buildVisit(db(), { ...on, status: 'completed', scheduledStart: new Date(lateStart), checkInAt: new Date(lateStart + 30 * 60_000), checkOutAt: new Date(lateStart + 90 * 60_000) });
    await buildVisit(db(), { ...on, status: 'missed', scheduledStart: new Date(now - 2 * DAY) });
    // One the therapist cancels, one the agency cancels (not the therapist's doing), one still ahead.
    const byTherapist = await buildVisit(db(), { ...on, status: 'scheduled', scheduledStart: new Date(now + 2 * DAY) });
    const byAgency = await buildVisit(db(), { ...on, status: 'scheduled', scheduledStart: new Date(now + 3 * DAY) });
    await buildVisit(db(), { ...on, status: 'scheduled', scheduledStart: new Date(now + 4 * DAY) });
    const therapistCookie = await sessionCookie(app, therapist);
    agencyCookie = await sessionCookie(app, agency, 'aal1');
    const agencyAal2 = await sessionCookie(app, agency);
    await ok(await call('POST', `/visits/${byTherapist.id}/cancel`, therapistCookie, { reason: 'Car broke down' }));
    await ok(await call('POST', `/visits/${byAgency.id}/cancel`, agencyAal2, { reason: 'Patient in hospital' }));

    const responder = await buildTherapist(db(), { yearsExperience: undefined });
    responderId = responder.userId;
    await db().update(therapistProfiles).set({ yearsExperience: null }).where(eq(therapistProfiles.id, responderId));
    await insertResponse(db(), { referralId: open.id, therapistId: responderId, status: 'rate_requested' });
  });

  it('shows the agency the verified credentials with their dates, the profile, the record with its parts and its own history', async () => {
    const profile = await ok<TherapistProfile>(await call('GET', profilePath(therapistId), agencyCookie));
    expect(profile).toMatchObject({
      firstName: 'Dana',
      lastName: 'Whitfield',
      disciplines: ['PT'],
      yearsExperience: 9,
      careSettings: ['Home health', 'Outpatient'],
      specialties: ['Orthopedics', 'Vestibular'],
      languages: ['English', 'Spanish'],
      bio: 'Vestibular and orthopedic home health PT.',
      rating: { average: null, count: 0 },
    });
    expect(profile.badge).toMatch(/^License TX verified [A-Z][a-z]{2} \d{4} · NPI · Background check$/);
    expect(profile.credentials.map((c) => `${c.name} ${c.issuer} ${c.number ?? '-'} ${c.expiresOn ?? 'no expiry'}`).sort()).toEqual(
      [
        'Background check Checkr - no expiry',
        'CPR/BLS certification American Heart Association - 2030-12-31',
        'NPI NPPES 1234567893 no expiry',
        'Professional liability insurance HPSO - 2030-12-31',
        expect.stringMatching(/^State license TX LIC-\d+ 2030-12-31$/),
      ].sort(),
    );
    expect(profile.credentials.every((c) => c.verifiedAt !== null)).toBe(true);

    expect(profile.reliability).toMatchObject({ score: 67, visitsDue: 7, asScheduled: 4, late: 1, missed: 1, cancelledAfterConfirm: 1, notesDue: 5, notesOnTime: 4 });
    expect(profile.reliability.summary).toBe('67% reliable: 4 of 7 visits as scheduled, 1 late, 1 missed; 4 of 5 notes signed on time; 1 cancellation after confirm');
    expect(profile.platform).toEqual({ visitsCompleted: 5, onTimeDocumentationRate: 80, cancellationRate: 14 });
    expect(profile.withYou?.referralsTogether).toBe(1);
    expect(profile.withYou?.visitsCompleted).toBe(5);
    expect(Date.now() - Date.parse(profile.withYou?.lastVisitAt ?? '')).toBeGreaterThan(2.9 * DAY);
  });

  it('never shows the date of birth, a suspension, documents, other credential numbers or unverified credentials', async () => {
    const text = await (await call('GET', profilePath(therapistId), agencyCookie)).text();
    for (const secret of ['1981-07-19', 'dateOfBirth', 'Secret suspension note', 'suspen', 'secret-storage-key', 'document', 'CPR-SECRET-NUMBER', 'LA-OLD-1', 'TB-SUBMITTED', 'DL-REJECTED', 'Blurry', '@therapists.test', '512-555']) {
      expect(text).not.toContain(secret);
    }
  });

  it('shows a therapist who only answered a referral, with too few visits to score and experience not given', async () => {
    const profile = await ok<TherapistProfile>(await call('GET', profilePath(responderId), agencyCookie));
    expect(profile.yearsExperience).toBeNull();
    expect(profile.reliability).toMatchObject({ score: null, summary: 'Too few visits to score yet (0)' });
    expect(profile.platform).toEqual({ visitsCompleted: 0, onTimeDocumentationRate: null, cancellationRate: null });
    expect(profile.withYou).toEqual({ referralsTogether: 0, visitsCompleted: 0, lastVisitAt: null });
  });

  it('answers another agency 404, as for an id that is no therapist', async () => {
    const other = await sessionCookie(app, await buildAgency(db()), 'aal1');
    await refused(await call('GET', profilePath(therapistId), other), 404, 'NOT_FOUND');
    await refused(await call('GET', profilePath('not-an-id'), agencyCookie), 404, 'NOT_FOUND');
    await refused(await call('GET', profilePath(agency.userId), agencyCookie), 404, 'NOT_FOUND');
  });

  it('refuses the signed out, therapists (even the therapist themself), pending agencies, and managers without a second factor', async () => {
    await refused(await call('GET', profilePath(therapistId), null), 401, 'UNAUTHENTICATED');
    const self = await buildTherapist(db());
    await refused(await call('GET', profilePath(self.userId), await sessionCookie(app, self)), 403, 'FORBIDDEN');
    await refused(await call('GET', profilePath(therapistId), await sessionCookie(app, await buildTherapist(db()))), 403, 'FORBIDDEN');
    await refused(await call('GET', profilePath(therapistId), await sessionCookie(app, await buildAgency(db(), { status: 'pending' }))), 403, 'FORBIDDEN');
    await refused(await call('GET', profilePath(therapistId), await sessionCookie(app, await buildManager(db()), 'aal1')), 403, 'MFA_REQUIRED');
  });

  it('shows a manager at aal2 any therapist, without an agency history', async () => {
    const profile = await ok<TherapistProfile>(await call('GET', profilePath(therapistId), await sessionCookie(app, await buildManager(db()))));
    expect(profile.reliability.score).toBe(67);
    expect(profile.withYou).toBeNull();
  });
});
