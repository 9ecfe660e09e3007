import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { buildAgency, buildManager, buildTherapist } from '../../../test/factories';
import { callApi, ok, refused } from '../../../test/http';
import { sessionCookie } from '../../../test/people';
import { createReferral, offeredTo, respondTo } from '../../../test/referrals';
import { buildVisit } from '../../../test/visit-fixtures';
import type { AttentionList } from '../../domain/attention';
import { todayIn } from '../../domain/business-date';
import type { CredentialKind } from '../../domain/credentials';
import type { AgencyReferral, EligibilityView, TherapistReferral } from '../../domain/referrals';
import type { ReferralStanding } from '../../domain/work-standing';
import { referralResponses, therapistCredentials, therapistProfiles, visits } from '../db/schema/index';

/**
 * The gates of issue 13 from outside: a therapist missing a required, verified, unexpired credential
 * (or suspended) is not offered referrals, cannot be confirmed, and is told why; late visit notes
 * stop new offers until caught up. Each test posts in its own Texas city, far from the others, so
 * who is offered a referral is exactly who that test built there.
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const db = () => app.runtime.database.db;
const api = (cookie: string | undefined, method: string, path: string, body?: unknown) => callApi(app.url, method, path, { cookie, body });

/** Yesterday where the business runs: the last valid day of a license that has just lapsed. */
const YESTERDAY = todayIn(undefined, new Date(Date.now() - 86_400_000));
const SUSPENSION = 'Listed on the OIG exclusion list (LEIE), matched by NPI';
const CREDENTIALS_PAGE = '/dashboard/therapist/credentials';

type Person = { userId: string; email: string; cookie: string; firstName: string; lastName: string };

async function agency(): Promise<{ userId: string; cookie: string }> {
  const person = await buildAgency(db());
  return { ...person, cookie: await sessionCookie(app, person, 'aal1') };
}

async function therapist(zip: string, options: Parameters<typeof buildTherapist>[1] = {}): Promise<Person> {
  const person = await buildTherapist(db(), { zip, ...options });
  return { ...person, cookie: await sessionCookie(app, person, 'aal1') };
}

async function setCredential(therapistId: string, kind: CredentialKind, values: Partial<typeof therapistCredentials.$inferInsert>) {
  await db()
    .update(therapistCredentials)
    .set(values)
    .where(and(eq(therapistCredentials.therapistId, therapistId), eq(therapistCredentials.kind, kind)));
}

async function suspend(therapistId: string) {
  await db().update(therapistProfiles).set({ suspendedAt: new Date(), suspensionReason: SUSPENSION }).where(eq(therapistProfiles.id, therapistId));
}

let managerCookie: string;
beforeAll(async () => {
  managerCookie = await sessionCookie(app, await buildManager(db()), 'aal2');
});

const explain = (referralId: string, therapistId: string) =>
  api(managerCookie, 'GET', `/api/admin/referrals/${referralId}/eligibility/${therapistId}`).then((r) => ok<EligibilityView>(r));
const failing = (view: EligibilityView) => view.checks.filter((check) => !check.passed).map(({ rule, detail }) => ({ rule, detail }));
const standingOf = (person: Person) => api(person.cookie, 'GET', '/api/therapist/referral-standing').then((r) => ok<ReferralStanding>(r));
const attentionOf = (person: Person) => api(person.cookie, 'GET', '/api/dashboard/therapist/attention').then((r) => ok<AttentionList>(r));

/** The agency's view of its referral and the id of `therapistId`'s response. */
async function responseId(owner: { cookie: string }, referralId: string, therapistId: string): Promise<string> {
  const view = await ok<AgencyReferral>(await api(owner.cookie, 'GET', `/api/referrals/${referralId}`));
  const found = view.responses.find((response) => response.therapist.therapistId === therapistId);
  if (!found) throw new Error(`no response from ${therapistId}`);
  return found.id;
}

describe('offers', () => {
  it('an expired license, an unverified or a missing required credential removes the therapist from the offers; the manager sees which', async () => {
    const owner = await agency();
    const current = await therapist('79401');
    const lapsed = await therapist('79401', { licenseExpiry: YESTERDAY });
    const awaiting = await therapist('79401');
    await setCredential(awaiting.userId, 'background_check', { status: 'submitted', verifiedAt: null });
    const missing = await therapist('79401');
    await db().delete(therapistCredentials).where(and(eq(therapistCredentials.therapistId, missing.userId), eq(therapistCredentials.kind, 'cpr_bls')));

    const referral = await createReferral(app.url, owner.cookie, { patientZip: '79401' });
    expect(await offeredTo(db(), referral.id)).toEqual([current.userId]);
    expect(referral.notifiedCount).toBe(1);

    const passed = await explain(referral.id, current.userId);
    expect(passed.eligible).toBe(true);
    expect(passed.checks.find((check) => check.rule === 'credentials')).toEqual({
      rule: 'credentials',
      passed: true,
      detail: 'State license TX verified, valid until 2030-12-31; NPI, CPR/BLS certification, Professional liability insurance, Background check verified',
    });
    expect(failing(await explain(referral.id, lapsed.userId))).toEqual([{ rule: 'credentials', detail: `State license (TX): expired ${YESTERDAY}` }]);
    expect(failing(await explain(referral.id, awaiting.userId))).toEqual([{ rule: 'credentials', detail: 'Background check: awaiting verification' }]);
    expect(failing(await explain(referral.id, missing.userId))).toEqual([{ rule: 'credentials', detail: 'CPR/BLS certification: none on file' }]);
    for (const person of [lapsed, awaiting, missing]) {
      await refused(await api(person.cookie, 'GET', `/api/therapist/referrals/${referral.id}`), 404, 'NOT_FOUND');
    }
  });

  it('a license valid through today (the business date) still counts', async () => {
    const owner = await agency();
    const lastDay = await therapist('79101', { licenseExpiry: todayIn() });
    const referral = await createReferral(app.url, owner.cookie, { patientZip: '79101' });
    expect(await offeredTo(db(), referral.id)).toEqual([lastDay.userId]);
  });
});

describe('confirming a match', () => {
  it('the agency cannot confirm a therapist whose license lapsed after they accepted: 409 naming the credential, nothing changes; renewed, they can', async () => {
    const owner = await agency();
    const taker = await therapist('79701');
    const referral = await createReferral(app.url, owner.cookie, { patientZip: '79701' });
    await ok(await respondTo(app.url, taker.cookie, referral.id, { kind: 'accept' }));
    await setCredential(taker.userId, 'state_license', { expiresOn: YESTERDAY });

    const id = await responseId(owner, referral.id, taker.userId);
    const error = await refused(await api(owner.cookie, 'POST', `/api/referrals/${referral.id}/responses/${id}/confirm`), 409, 'CONFLICT');
    expect(error.message).toBe(`${taker.firstName} ${taker.lastName} can't be confirmed: State license (TX): expired ${YESTERDAY}`);
    const after = await ok<AgencyReferral>(await api(owner.cookie, 'GET', `/api/referrals/${referral.id}`));
    expect(after.status).toBe('posted');
    expect(after.responses.map((response) => response.status)).toEqual(['accepted']);

    await setCredential(taker.userId, 'state_license', { expiresOn: '2031-06-30' });
    const matched = await ok<AgencyReferral>(await api(owner.cookie, 'POST', `/api/referrals/${referral.id}/responses/${id}/confirm`));
    expect(matched.status).toBe('matched');
  });

  it('two confirmations at once, one of a therapist whose credential lapsed: only the other is matched', async () => {
    const owner = await agency();
    const [lapsing, valid] = [await therapist('78401'), await therapist('78401')];
    const referral = await createReferral(app.url, owner.cookie, { patientZip: '78401' });
    for (const person of [lapsing, valid]) await ok(await respondTo(app.url, person.cookie, referral.id, { kind: 'accept' }));
    await setCredential(lapsing.userId, 'liability_insurance', { status: 'expired', expiresOn: YESTERDAY });
    const ids = [await responseId(owner, referral.id, lapsing.userId), await responseId(owner, referral.id, valid.userId)];
    const [refusedAnswer, acceptedAnswer] = await Promise.all(ids.map((id) => api(owner.cookie, 'POST', `/api/referrals/${referral.id}/responses/${id}/confirm`)));
    // Whichever locks the referral first, the lapsed therapist is never matched: refused by name, or too late.
    expect([
      `${lapsing.firstName} ${lapsing.lastName} can't be confirmed: Professional liability insurance: expired ${YESTERDAY}`,
      'This referral has already been filled or closed.',
    ]).toContain((await refused(refusedAnswer!, 409, 'CONFLICT')).message);
    expect((await ok<AgencyReferral>(acceptedAnswer!)).status).toBe('matched');
    const rows = await db().select({ therapistId: referralResponses.therapistId, status: referralResponses.status }).from(referralResponses).where(eq(referralResponses.referralId, referral.id));
    expect(rows.find((row) => row.therapistId === valid.userId)?.status).toBe('confirmed');
    expect(rows.find((row) => row.therapistId === lapsing.userId)?.status).toBe('not_selected');
  });

  it('on instant confirm, a therapist whose credential is no longer verified is refused and told which; nothing is saved', async () => {
    const owner = await agency();
    const taker = await therapist('78040');
    const referral = await createReferral(app.url, owner.cookie, { patientZip: '78040', instantConfirm: true });
    await setCredential(taker.userId, 'background_check', { status: 'submitted', verifiedAt: null });
    const error = await refused(await respondTo(app.url, taker.cookie, referral.id, { kind: 'accept' }), 409, 'CONFLICT');
    expect(error.message).toBe("You can't be matched: Background check: awaiting verification. Update it under Credentials.");
    const view = await ok<TherapistReferral>(await api(taker.cookie, 'GET', `/api/therapist/referrals/${referral.id}`));
    expect(view).toMatchObject({ status: 'posted', myResponse: null });
  });
});

describe('suspension', () => {
  it('a suspended therapist is offered nothing, cannot be confirmed, and is told why with a link', async () => {
    const owner = await agency();
    const person = await therapist('76701');
    const first = await createReferral(app.url, owner.cookie, { patientZip: '76701' });
    await ok(await respondTo(app.url, person.cookie, first.id, { kind: 'accept' }));
    await suspend(person.userId);

    const id = await responseId(owner, first.id, person.userId);
    const error = await refused(await api(owner.cookie, 'POST', `/api/referrals/${first.id}/responses/${id}/confirm`), 409, 'CONFLICT');
    expect(error.message).toBe(`${person.firstName} ${person.lastName} can't be confirmed: Eligibility suspended: ${SUSPENSION}`);

    const second = await createReferral(app.url, owner.cookie, { patientZip: '76701' });
    expect(await offeredTo(db(), second.id)).toEqual([]);
    expect(failing(await explain(second.id, person.userId))).toEqual([{ rule: 'approved', detail: `Eligibility suspended: ${SUSPENSION}` }]);
    expect(await standingOf(person)).toEqual({ reasons: [{ kind: 'suspension', message: `Eligibility suspended: ${SUSPENSION}`, link: CREDENTIALS_PAGE }] });
  });
});

describe('the therapist is told why referrals stopped', () => {
  it('names the expired credential on the Referrals page’s standing and in Needs your attention, linking to Credentials', async () => {
    const lapsed = await therapist('78701', { licenseExpiry: YESTERDAY });
    const message = `State license (TX): expired ${YESTERDAY}`;
    expect(await standingOf(lapsed)).toEqual({ reasons: [{ kind: 'state_license', message, link: CREDENTIALS_PAGE }] });
    expect((await attentionOf(lapsed)).items[0]).toEqual({ kind: 'offers_paused_credentials', count: 1, label: `No new referrals: ${message}`, link: CREDENTIALS_PAGE });

    const fine = await therapist('78701');
    expect(await standingOf(fine)).toEqual({ reasons: [] });
    expect((await attentionOf(fine)).items.map((item) => item.kind)).not.toContain('offers_paused_credentials');
  });

  it('only the therapist asks: signed out 401, an agency or a manager 403', async () => {
    await refused(await api(undefined, 'GET', '/api/therapist/referral-standing'), 401, 'UNAUTHENTICATED');
    await refused(await api((await agency()).cookie, 'GET', '/api/therapist/referral-standing'), 403, 'FORBIDDEN');
    await refused(await api(managerCookie, 'GET', '/api/therapist/referral-standing'), 403, 'FORBIDDEN');
  });
});

describe('late visit notes', () => {
  /** A checked-out visit of `therapistId` whose note was due `hoursOverdue` hours ago and never signed. */
  async function overdueVisit(therapistId: string, hoursOverdue: number) {
    const checkOutAt = new Date(Date.now() - (app.config.noteDueHours + hoursOverdue) * 3_600_000);
    return buildVisit(db(), { therapistId, status: 'completed', scheduledStart: new Date(checkOutAt.getTime() - 3_600_000), checkInAt: new Date(checkOutAt.getTime() - 3_600_000), checkOutAt });
  }

  it('three overdue notes stop new offers and the therapist is told why; caught up, they are offered again', async () => {
    const owner = await agency();
    const person = await therapist('79601');
    const late = [await overdueVisit(person.userId, 23), await overdueVisit(person.userId, 20), await overdueVisit(person.userId, 2)];
    const message = '3 visit notes overdue; the oldest 1 day: catch up to get new referrals';

    const paused = await createReferral(app.url, owner.cookie, { patientZip: '79601' });
    expect(await offeredTo(db(), paused.id)).toEqual([]);
    expect(failing(await explain(paused.id, person.userId))).toEqual([{ rule: 'documentation', detail: message }]);
    expect(await standingOf(person)).toEqual({ reasons: [{ kind: 'late_notes', message, link: '/dashboard/therapist/schedule?filter=needs-notes' }] });
    expect((await attentionOf(person)).items[0]).toMatchObject({ kind: 'offers_paused_notes', label: `No new referrals: ${message}` });

    // One note signed (the visit documented): two overdue, under the limit.
    await db().update(visits).set({ status: 'documented' }).where(eq(visits.id, late[0]!.id));
    const resumed = await createReferral(app.url, owner.cookie, { patientZip: '79601' });
    expect(await offeredTo(db(), resumed.id)).toEqual([person.userId]);
    expect(await standingOf(person)).toEqual({ reasons: [] });
    expect((await explain(resumed.id, person.userId)).checks.find((check) => check.rule === 'documentation')).toEqual({
      rule: 'documentation',
      passed: true,
      detail: '2 visit notes overdue; the oldest 1 day, within the limit',
    });
  });

  it('one note overdue more than 7 days stops new offers; a note not yet due does not count', async () => {
    const owner = await agency();
    const person = await therapist('77701');
    await overdueVisit(person.userId, 7 * 24 + 23);
    await overdueVisit(person.userId, -5);
    const referral = await createReferral(app.url, owner.cookie, { patientZip: '77701' });
    expect(await offeredTo(db(), referral.id)).toEqual([]);
    expect(failing(await explain(referral.id, person.userId))).toEqual([
      { rule: 'documentation', detail: '1 visit note overdue 8 days: catch up to get new referrals' },
    ]);
  });
});
