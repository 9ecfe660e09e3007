import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { buildAgency, buildManager, buildTherapist, signIn } from '../../../test/factories';
import { callApi, errorOf } from '../../../test/http';
import { sessionCookie } from '../../../test/people';
import { createReferral, offeredTo } from '../../../test/referrals';
import { credentialChangeMessages, type CredentialChangeItem, type CredentialChangeList } from '../../domain/credential-changes';
import { npiWithCheckDigit } from '../../domain/npi';
import type { OnboardingState } from '../../domain/onboarding';
import { auditLog, credentialChanges, userProfiles } from '../db/schema/index';

let app: TestApp;
const db = () => app.runtime.database.db;

// Texarkana straddles the state line: 75501 is in Texas, 71854 in Arkansas, 17 miles apart, so a
// therapist in 75501 is within reach of patients in both states and only the license decides.
const TEXAS_ZIP = '75501';
const ARKANSAS_ZIP = '71854';

const cookies = { manager: '', managerAal1: '', agency: '' };
let reviewer: Awaited<ReturnType<typeof buildManager>>;

beforeAll(async () => {
  app = await startTestApp();
  reviewer = await buildManager(db());
  cookies.manager = await sessionCookie(app, reviewer);
  cookies.managerAal1 = await signIn(app.url, await buildManager(db()));
  cookies.agency = await signIn(app.url, await buildAgency(db(), { state: 'TX', zip: TEXAS_ZIP }));
});
afterAll(() => app.close());

async function texarkanaTherapist() {
  const therapist = await buildTherapist(db(), { zip: TEXAS_ZIP, licenseState: 'TX', serviceRadiusMiles: 25 });
  return { ...therapist, cookie: await signIn(app.url, therapist) };
}

/** The therapist's onboarding form as saved, with `credential` replacing the license fields. */
function onboardingBody(therapist: { firstName: string; lastName: string }, credential: { licenseState: string; licenseNumber: string }) {
  return {
    userType: 'therapist',
    firstName: therapist.firstName,
    lastName: therapist.lastName,
    npiNumber: npiWithCheckDigit('123456789'),
    licenseExpiry: '2031-06-30',
    rates: { evaluation: 150, treatment: 100, progress_report: 75, discharge: 100 },
    serviceRadiusMiles: 25,
    ...credential,
  };
}

async function moveToArkansas(therapist: { firstName: string; lastName: string; cookie: string }) {
  const response = await callApi(app.url, 'PUT', '/api/onboarding', {
    cookie: therapist.cookie,
    body: onboardingBody(therapist, { licenseState: 'AR', licenseNumber: 'AR-PT-5521' }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as OnboardingState;
}

/** Whether a referral posted now for a patient at `zip` is offered to the therapist. */
async function offeredAt(zip: string, therapistId: string): Promise<boolean> {
  const referral = await createReferral(app.url, cookies.agency, { patientZip: zip });
  return (await offeredTo(db(), referral.id)).includes(therapistId);
}

async function pendingChangeOf(userId: string): Promise<CredentialChangeItem> {
  const response = await callApi(app.url, 'GET', '/api/admin/credential-changes', { cookie: cookies.manager });
  expect(response.status).toBe(200);
  const change = ((await response.json()) as CredentialChangeList).items.find((item) => item.userId === userId);
  if (!change) throw new Error(`no pending credential change for ${userId}`);
  return change;
}

const review = (changeId: string, decision: 'approve' | 'reject', cookie: string, body?: unknown) =>
  callApi(app.url, 'POST', `/api/admin/credential-changes/${changeId}/${decision}`, { cookie, body });

async function auditRows(action: string, changeId: string) {
  return db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, changeId)));
}

describe('a credential changed after approval goes back to review', () => {
  it('an approved therapist who changes license state is told it awaits review and stays matched on the approved license only', async () => {
    const therapist = await texarkanaTherapist();
    const state = await moveToArkansas(therapist);
    expect(state.status).toBe('approved');
    expect(state.credentialReview).toMatchObject({ status: 'pending', submitted: { licenseState: 'AR', licenseNumber: 'AR-PT-5521' }, reason: null });
    // The form shows what they submitted, while the approved license stays on record.
    expect(state.profile).toMatchObject({ licenseState: 'AR', licenseNumber: 'AR-PT-5521' });
    const [recorded] = await db().select().from(userProfiles).where(eq(userProfiles.id, therapist.userId));
    expect(recorded).toMatchObject({ licenseState: 'TX', licenseExpiry: '2030-12-31' });

    expect(await offeredAt(ARKANSAS_ZIP, therapist.userId)).toBe(false);
    expect(await offeredAt(TEXAS_ZIP, therapist.userId)).toBe(true);

    const change = await pendingChangeOf(therapist.userId);
    expect(change).toMatchObject({
      userType: 'therapist',
      name: `${therapist.firstName} ${therapist.lastName}`,
      approved: { licenseState: 'TX', licenseExpiry: '2030-12-31' },
      submitted: { licenseState: 'AR', licenseNumber: 'AR-PT-5521', licenseExpiry: '2031-06-30' },
    });
    expect(change.changedFields).toEqual(['licenseNumber', 'licenseState', 'licenseExpiry']);
    const [saved] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'onboarding.saved'), eq(auditLog.actorUserId, therapist.userId)));
    expect(saved?.details).toEqual({ userType: 'therapist', credentialChange: 'submitted' });
  });

  it('once a manager approves the change the therapist is matched on the new license, and the approval is audited', async () => {
    const therapist = await texarkanaTherapist();
    await moveToArkansas(therapist);
    const change = await pendingChangeOf(therapist.userId);

    const response = await review(change.id, 'approve', cookies.manager);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: change.id, status: 'approved' });

    expect(await offeredAt(ARKANSAS_ZIP, therapist.userId)).toBe(true);
    expect(await offeredAt(TEXAS_ZIP, therapist.userId)).toBe(false);
    const state = (await (await callApi(app.url, 'GET', '/api/onboarding', { cookie: therapist.cookie })).json()) as OnboardingState;
    expect(state.credentialReview).toBeNull();
    expect(state.profile).toMatchObject({ licenseState: 'AR', licenseNumber: 'AR-PT-5521' });

    const [audit] = await auditRows('credential_change.approved', change.id);
    expect(audit).toMatchObject({ actorUserId: reviewer.userId, outcome: 'success', entityType: 'credential_change' });
    expect(audit?.details).toMatchObject({ userId: therapist.userId, changedFields: expect.arrayContaining(['licenseState']) as unknown });

    // Reviewed once: a second decision is refused.
    const again = await review(change.id, 'reject', cookies.manager, { reason: 'Too late' });
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toMatchObject({ code: 'CONFLICT', message: credentialChangeMessages.alreadyReviewed });
  });

  it('a rejected change leaves the approved license in force, and the therapist sees why', async () => {
    const therapist = await texarkanaTherapist();
    await moveToArkansas(therapist);
    const change = await pendingChangeOf(therapist.userId);

    const noReason = await review(change.id, 'reject', cookies.manager, { reason: ' ' });
    expect(noReason.status).toBe(400);
    expect((await errorOf(noReason)).fields).toEqual({ reason: credentialChangeMessages.rejectReasonRequired });

    const response = await review(change.id, 'reject', cookies.manager, { reason: 'The Arkansas license number is not on the state register.' });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'rejected' });

    expect(await offeredAt(ARKANSAS_ZIP, therapist.userId)).toBe(false);
    expect(await offeredAt(TEXAS_ZIP, therapist.userId)).toBe(true);
    const state = (await (await callApi(app.url, 'GET', '/api/onboarding', { cookie: therapist.cookie })).json()) as OnboardingState;
    expect(state.profile.licenseState).toBe('TX');
    expect(state.credentialReview).toMatchObject({ status: 'rejected', reason: 'The Arkansas license number is not on the state register.' });
    expect(await auditRows('credential_change.rejected', change.id)).toHaveLength(1);
  });

  it('only a manager at aal2 reviews a change, never the therapist who made it, another therapist or an agency', async () => {
    const therapist = await texarkanaTherapist();
    await moveToArkansas(therapist);
    const change = await pendingChangeOf(therapist.userId);
    const other = await texarkanaTherapist();

    expect((await review(change.id, 'approve', '')).status).toBe(401);
    expect((await callApi(app.url, 'GET', '/api/admin/credential-changes', { cookie: therapist.cookie })).status).toBe(403);
    for (const cookie of [therapist.cookie, other.cookie, cookies.agency, cookies.managerAal1]) {
      expect((await review(change.id, 'approve', cookie)).status).toBe(403);
    }
    expect(await offeredAt(ARKANSAS_ZIP, therapist.userId)).toBe(false);
    expect(await auditRows('credential_change.approved', change.id)).toHaveLength(0);
    expect((await pendingChangeOf(therapist.userId)).id).toBe(change.id);
  });

  it('a manager cannot approve a change to their own credential', async () => {
    // Managers do not onboard, so such a row can only come from the database itself.
    const [own] = await db()
      .insert(credentialChanges)
      .values({ userId: reviewer.userId, npiNumber: '1234567893', licenseNumber: 'X-1', licenseState: 'TX', licenseExpiry: '2031-01-01' })
      .returning({ id: credentialChanges.id });
    const response = await review(own!.id, 'approve', cookies.manager);
    expect(response.status).toBe(403);
    expect(await errorOf(response)).toMatchObject({ code: 'FORBIDDEN', message: credentialChangeMessages.cannotReviewSelf });
    expect((await review('00000000-0000-4000-8000-000000000000', 'approve', cookies.manager)).status).toBe(404);
  });

  it('submitting the approved license again withdraws the pending change', async () => {
    const therapist = await texarkanaTherapist();
    await moveToArkansas(therapist);
    const change = await pendingChangeOf(therapist.userId);
    const [recorded] = await db().select().from(userProfiles).where(eq(userProfiles.id, therapist.userId));
    const back = await callApi(app.url, 'PUT', '/api/onboarding', {
      cookie: therapist.cookie,
      body: { ...onboardingBody(therapist, { licenseState: 'TX', licenseNumber: recorded!.licenseNumber! }), npiNumber: recorded!.npiNumber, licenseExpiry: recorded!.licenseExpiry },
    });
    expect(back.status).toBe(200);
    expect(((await back.json()) as OnboardingState).credentialReview).toBeNull();
    expect((await review(change.id, 'approve', cookies.manager)).status).toBe(409);
  });

  it('an approved agency that never gave a license gets its first one reviewed too, with nothing approved meanwhile', async () => {
    const agency = await buildAgency(db(), { companyName: 'Late Paperwork Home Care' });
    const cookie = await signIn(app.url, agency);
    const body = { userType: 'agency', firstName: 'Maria', lastName: 'Santos', npiNumber: npiWithCheckDigit('192837465'), licenseNumber: 'HCSSA-1', licenseState: 'TX', licenseExpiry: '2031-01-31' };
    const response = await callApi(app.url, 'PUT', '/api/onboarding', { cookie, body });
    expect(response.status).toBe(200);
    const state = (await response.json()) as OnboardingState;
    expect(state.credentialReview).toMatchObject({ status: 'pending', submitted: { licenseNumber: 'HCSSA-1' } });
    const [recorded] = await db().select().from(userProfiles).where(eq(userProfiles.id, agency.userId));
    // The name is saved at once; the credential only once it is approved.
    expect(recorded).toMatchObject({ firstName: 'Maria', licenseNumber: null, licenseState: null });
    expect(await pendingChangeOf(agency.userId)).toMatchObject({ userType: 'agency', name: 'Late Paperwork Home Care', approved: null });
  });
});
