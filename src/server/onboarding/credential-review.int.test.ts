import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { buildAgency, buildManager, buildTherapist, signIn } from '../../../test/factories';
import { callApi, errorOf } from '../../../test/http';
import { sessionCookie } from '../../../test/people';
import { createReferral, offeredTo } from '../../../test/referrals';
import { credentialChangeMessages, type CredentialChangeItem, type CredentialChangeList } from '../../domain/credential-changes';
import { npiWithCheckDigit } from '../../domain/npi';
import type { MyCredentials } from '../../domain/credential-views';
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

/** The therapist's credentials as their Credentials page lists them. */
async function credentialsOf(therapist: { cookie: string }) {
  const response = await callApi(app.url, 'GET', '/api/credentials', { cookie: therapist.cookie });
  expect(response.status).toBe(200);
  return ((await response.json()) as MyCredentials).items;
}
const licenseIn = async (therapist: { cookie: string }, state: string) => (await credentialsOf(therapist)).find((item) => item.kind === 'state_license' && item.issuer === state);
const decide = (credentialId: string, decision: 'verify' | 'reject', body: unknown) =>
  callApi(app.url, 'POST', `/api/admin/credentials/${credentialId}/${decision}`, { cookie: cookies.manager, body });

/**
 * A therapist's NPI and license from onboarding are credentials (credentials/onboarding-bridge.ts):
 * a change goes back to review the one way every credential does, through the managers'
 * verification, and the gates read only verified credentials. `credential_changes` remains the
 * record of an approved agency's changed NPI or license.
 */
describe('a therapist’s license changed after approval goes back to review as a credential', () => {
  it('a license given in another state awaits verification, and the therapist stays matched on the verified one only', async () => {
    const therapist = await texarkanaTherapist();
    const state = await moveToArkansas(therapist);
    expect(state.status).toBe('approved');
    expect(state.credentialReview).toBeNull();
    expect(state.profile).toMatchObject({ licenseState: 'AR', licenseNumber: 'AR-PT-5521' });
    expect(await licenseIn(therapist, 'AR')).toMatchObject({ number: 'AR-PT-5521', expiresOn: '2031-06-30', status: 'submitted' });
    expect(await licenseIn(therapist, 'TX')).toMatchObject({ status: 'verified' });

    expect(await offeredAt(ARKANSAS_ZIP, therapist.userId)).toBe(false);
    expect(await offeredAt(TEXAS_ZIP, therapist.userId)).toBe(true);
    const [saved] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'onboarding.saved'), eq(auditLog.actorUserId, therapist.userId)));
    expect(saved?.details).toEqual({ userType: 'therapist', credentialsChanged: ['state_license'] });
    const pending = await callApi(app.url, 'GET', '/api/admin/credential-changes', { cookie: cookies.manager });
    expect(((await pending.json()) as CredentialChangeList).items.some((item) => item.userId === therapist.userId)).toBe(false);
  });

  it('once a manager verifies the new license the therapist is matched in that state too', async () => {
    const therapist = await texarkanaTherapist();
    await moveToArkansas(therapist);
    const arkansas = await licenseIn(therapist, 'AR');
    expect((await decide(arkansas!.id, 'verify', { method: 'document' })).status).toBe(200);
    expect(await offeredAt(ARKANSAS_ZIP, therapist.userId)).toBe(true);
    expect(await offeredAt(TEXAS_ZIP, therapist.userId)).toBe(true);
  });

  it('a rejected license leaves the verified one in force, and the therapist sees why', async () => {
    const therapist = await texarkanaTherapist();
    await moveToArkansas(therapist);
    const arkansas = await licenseIn(therapist, 'AR');
    const reason = 'The Arkansas license number is not on the state register.';
    expect((await decide(arkansas!.id, 'reject', { reason })).status).toBe(200);
    expect(await licenseIn(therapist, 'AR')).toMatchObject({ status: 'rejected', rejectionReason: reason });
    expect(await offeredAt(ARKANSAS_ZIP, therapist.userId)).toBe(false);
    expect(await offeredAt(TEXAS_ZIP, therapist.userId)).toBe(true);
  });

  it('a new expiry date on the verified license sends it back to review: no offers in that state until it is verified again', async () => {
    const therapist = await texarkanaTherapist();
    const texas = await licenseIn(therapist, 'TX');
    const response = await callApi(app.url, 'PUT', '/api/onboarding', {
      cookie: therapist.cookie,
      body: onboardingBody(therapist, { licenseState: 'TX', licenseNumber: texas!.number }),
    });
    expect(response.status).toBe(200);
    expect(await licenseIn(therapist, 'TX')).toMatchObject({ status: 'submitted', expiresOn: '2031-06-30', verifiedAt: null });
    expect(await offeredAt(TEXAS_ZIP, therapist.userId)).toBe(false);
    expect((await decide(texas!.id, 'verify', { method: 'document' })).status).toBe(200);
    expect(await offeredAt(TEXAS_ZIP, therapist.userId)).toBe(true);
  });
});

/** An approved agency whose NPI and license now await review as a pending change. */
async function agencyWithPendingChange() {
  const agency = await buildAgency(db(), { companyName: 'Late Paperwork Home Care' });
  const cookie = await signIn(app.url, agency);
  const body = { userType: 'agency', firstName: 'Maria', lastName: 'Santos', npiNumber: npiWithCheckDigit('192837465'), licenseNumber: 'HCSSA-1', licenseState: 'TX', licenseExpiry: '2031-01-31' };
  const response = await callApi(app.url, 'PUT', '/api/onboarding', { cookie, body });
  expect(response.status).toBe(200);
  return { ...agency, cookie, body, state: (await response.json()) as OnboardingState, change: await pendingChangeOf(agency.userId) };
}

describe('an agency’s credential changed after approval goes back to review', () => {
  it('once a manager approves the change it is the agency’s credential, and the approval is audited', async () => {
    const agency = await agencyWithPendingChange();
    const response = await review(agency.change.id, 'approve', cookies.manager);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: agency.change.id, status: 'approved' });
    const [recorded] = await db().select().from(userProfiles).where(eq(userProfiles.id, agency.userId));
    expect(recorded).toMatchObject({ licenseNumber: 'HCSSA-1', licenseState: 'TX' });

    const [audit] = await auditRows('credential_change.approved', agency.change.id);
    expect(audit).toMatchObject({ actorUserId: reviewer.userId, outcome: 'success', entityType: 'credential_change' });
    expect(audit?.details).toMatchObject({ userId: agency.userId, changedFields: expect.arrayContaining(['licenseState']) as unknown });

    // Reviewed once: a second decision is refused.
    const again = await review(agency.change.id, 'reject', cookies.manager, { reason: 'Too late' });
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toMatchObject({ code: 'CONFLICT', message: credentialChangeMessages.alreadyReviewed });
  });

  it('a rejected change leaves nothing approved, and the agency sees why', async () => {
    const agency = await agencyWithPendingChange();
    const noReason = await review(agency.change.id, 'reject', cookies.manager, { reason: ' ' });
    expect(noReason.status).toBe(400);
    expect((await errorOf(noReason)).fields).toEqual({ reason: credentialChangeMessages.rejectReasonRequired });

    const response = await review(agency.change.id, 'reject', cookies.manager, { reason: 'The license number is not on the state register.' });
    expect(response.status).toBe(200);
    const state = (await (await callApi(app.url, 'GET', '/api/onboarding', { cookie: agency.cookie })).json()) as OnboardingState;
    expect(state.credentialReview).toMatchObject({ status: 'rejected', reason: 'The license number is not on the state register.' });
    expect(await auditRows('credential_change.rejected', agency.change.id)).toHaveLength(1);
  });

  it('only a manager at aal2 reviews a change, never the account that made it, a therapist or another agency', async () => {
    const agency = await agencyWithPendingChange();
    const therapist = await texarkanaTherapist();
    expect((await review(agency.change.id, 'approve', '')).status).toBe(401);
    expect((await callApi(app.url, 'GET', '/api/admin/credential-changes', { cookie: agency.cookie })).status).toBe(403);
    for (const cookie of [agency.cookie, therapist.cookie, cookies.agency, cookies.managerAal1]) {
      expect((await review(agency.change.id, 'approve', cookie)).status).toBe(403);
    }
    expect(await auditRows('credential_change.approved', agency.change.id)).toHaveLength(0);
    expect((await pendingChangeOf(agency.userId)).id).toBe(agency.change.id);
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

  it('submitting the approved credential again withdraws the pending change', async () => {
    const agency = await agencyWithPendingChange();
    expect((await review(agency.change.id, 'approve', cookies.manager)).status).toBe(200);
    const changed = await callApi(app.url, 'PUT', '/api/onboarding', { cookie: agency.cookie, body: { ...agency.body, licenseNumber: 'HCSSA-2' } });
    expect(((await changed.json()) as OnboardingState).credentialReview).toMatchObject({ status: 'pending' });
    const second = await pendingChangeOf(agency.userId);
    const back = await callApi(app.url, 'PUT', '/api/onboarding', { cookie: agency.cookie, body: agency.body });
    expect(back.status).toBe(200);
    expect(((await back.json()) as OnboardingState).credentialReview).toBeNull();
    expect((await review(second.id, 'approve', cookies.manager)).status).toBe(409);
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
