import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileDetailsMessages, type ProfileDetailsInput, type ProfileDetailsState } from '../../domain/therapist-profile';
import { startTestApp, type TestApp } from '../../../test/app';
import { buildAgency, buildManager, buildTherapist, clientAddress } from '../../../test/factories';
import { callApi, errorOf, ok, refused } from '../../../test/http';
import { sessionCookie } from '../../../test/people';
import { auditLog, therapistProfiles } from '../db/schema/index';

/** PUT/GET /api/therapist/profile-details: the "About you" step of onboarding and the settings page. */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const db = () => app.runtime.database.db;
const call = (method: string, cookie: string | null, body?: unknown) =>
  callApi(app.url, method, '/api/therapist/profile-details', { cookie: cookie ?? undefined, ip: clientAddress(), body });

const valid: ProfileDetailsInput = {
  yearsExperience: 9,
  careSettings: ['Home health', 'Outpatient'],
  specialties: ['Orthopedics', 'Vestibular'],
  languages: ['English', 'Spanish'],
  bio: 'Orthopedic and vestibular PT; I see patients in their homes across Travis County.',
  dateOfBirth: '1986-04-12',
};

const detailsOf = async (therapistId: string) => {
  const [row] = await db().select().from(therapistProfiles).where(eq(therapistProfiles.id, therapistId));
  return row;
};

describe('profile details', () => {
  it('a therapist still awaiting review saves them, reads them back, and the save is audited without the bio or date of birth', async () => {
    const therapist = await buildTherapist(db(), { status: 'pending', credentials: 'submitted' });
    const cookie = await sessionCookie(app, therapist, 'aal1');
    const saved = await ok<ProfileDetailsState>(await call('PUT', cookie, { ...valid, specialties: ['Vestibular', 'Orthopedics', 'Vestibular'] }));
    expect(saved).toEqual({ ...valid, specialties: ['Vestibular', 'Orthopedics'] });
    expect(await ok<ProfileDetailsState>(await call('GET', cookie))).toEqual(saved);
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.action, 'therapist.profile_details_updated'));
    expect(entry?.actorUserId).toBe(therapist.userId);
    expect(JSON.stringify(entry?.details)).not.toMatch(/1986|Travis/);
  });

  it.each([
    ['yearsExperience', { yearsExperience: -1 }],
    ['yearsExperience', { yearsExperience: 2.5 }],
    ['yearsExperience', { yearsExperience: 61 }],
    ['careSettings', { careSettings: [] }],
    ['careSettings', { careSettings: ['Space station'] }],
    ['specialties', { specialties: ['Astrology'] }],
    ['languages', { languages: [] }],
    ['bio', { bio: 'x'.repeat(601) }],
    ['dateOfBirth', { dateOfBirth: '1986-02-30' }],
    ['dateOfBirth', { dateOfBirth: '2015-01-01' }],
    ['dateOfBirth', { dateOfBirth: '' }],
  ] as const)('refuses a bad %s with a message naming it, and changes nothing', async (field, change) => {
    const therapist = await buildTherapist(db());
    const cookie = await sessionCookie(app, therapist, 'aal1');
    const before = await detailsOf(therapist.userId);
    const response = await call('PUT', cookie, { ...valid, ...change });
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error.code).toBe('VALIDATION');
    expect(Object.keys(error.fields ?? {})).toEqual([field]);
    expect(Object.values(error.fields ?? {})[0]).toBe(profileDetailsMessages[field]);
    expect(await detailsOf(therapist.userId)).toEqual(before);
  });

  it('names a missing date of birth', async () => {
    const therapist = await buildTherapist(db());
    const cookie = await sessionCookie(app, therapist, 'aal1');
    const { dateOfBirth: _omitted, ...rest } = valid;
    const error = await refused(await call('PUT', cookie, rest), 400, 'VALIDATION');
    expect(error.fields).toEqual({ dateOfBirth: profileDetailsMessages.dateOfBirth });
  });

  it('is refused signed out, and to agencies and managers', async () => {
    await refused(await call('GET', null), 401, 'UNAUTHENTICATED');
    await refused(await call('PUT', null, valid), 401, 'UNAUTHENTICATED');
    const agency = await sessionCookie(app, await buildAgency(db()));
    const manager = await sessionCookie(app, await buildManager(db()));
    for (const cookie of [agency, manager]) {
      await refused(await call('GET', cookie), 403, 'FORBIDDEN');
      await refused(await call('PUT', cookie, valid), 403, 'FORBIDDEN');
    }
  });
});
