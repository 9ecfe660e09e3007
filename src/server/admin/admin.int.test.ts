import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { WebhookDouble } from '../../../test/webhook-double';
import { buildAgency, buildManager, buildTherapist, signIn } from '../../../test/factories';
import { sessionCookie } from '../../../test/people';
import { adminMessages, type SignupItem, type SignupPage } from '../../domain/admin';
import { signupMessages } from '../../domain/signup';
import {
  account,
  agencyProfiles,
  auditLog,
  mailMessages,
  managerProfiles,
  therapistProfiles,
  user,
  useraccounts,
  verification,
} from '../db/schema/index';

let app: TestApp;
let webhook: WebhookDouble;
const cookies: Record<'manager' | 'managerAal1' | 'agency' | 'therapist' | 'pending', string> = {
  manager: '',
  managerAal1: '',
  agency: '',
  therapist: '',
  pending: '',
};
let reviewer: Awaited<ReturnType<typeof buildManager>>;
let otherManager: Awaited<ReturnType<typeof buildManager>>;
let approvedTherapist: Awaited<ReturnType<typeof buildTherapist>>;

const db = () => app.runtime.database.db;

/** Puts an account's sign-up at a known moment, so "newest first" can be checked exactly. */
async function signedUpAt(userId: string, minutesAgo: number) {
  await db()
    .update(useraccounts)
    .set({ createdAt: new Date(Date.now() - minutesAgo * 60_000) })
    .where(eq(useraccounts.userId, userId));
}

beforeAll(async () => {
  webhook = new WebhookDouble();
  await webhook.start();
  app = await startTestApp({ AGENCY_WEBHOOK_URL: webhook.url('/agencies') });

  // Seven accounts, oldest first; the list shows them newest first.
  reviewer = await buildManager(db(), { firstName: 'Morgan', lastName: 'Reviewer' });
  otherManager = await buildManager(db(), { firstName: 'Riley', lastName: 'Second' });
  const agency = await buildAgency(db(), { companyName: 'Sunrise Home Health' });
  approvedTherapist = await buildTherapist(db(), { firstName: 'Casey', lastName: 'Approved' });
  const pendingAgency = await buildAgency(db(), { companyName: 'Bluebird Home Care', status: 'pending' });
  const jordan = await buildTherapist(db(), { firstName: 'Jordan', lastName: 'Reyes', email: 'jordan.reyes@example.test', status: 'pending' });
  const rejected = await buildTherapist(db(), { firstName: 'Pat', lastName: 'Declined', status: 'rejected' });
  const ordered = [reviewer, otherManager, agency, approvedTherapist, pendingAgency, jordan, rejected];
  for (const [index, person] of ordered.entries()) await signedUpAt(person.userId, 100 - index);

  cookies.manager = await sessionCookie(app, reviewer);
  cookies.managerAal1 = await signIn(app.url, otherManager);
  cookies.agency = await signIn(app.url, agency);
  cookies.therapist = await signIn(app.url, approvedTherapist);
  cookies.pending = await signIn(app.url, pendingAgency);
});
afterAll(async () => {
  await app?.close();
  await webhook?.stop();
});

function call(method: 'GET' | 'POST', path: string, options: { cookie?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = { origin: app.url };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  return fetch(`${app.url}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
}

async function list(query = ''): Promise<SignupPage> {
  const response = await call('GET', `/api/admin/signups${query}`, { cookie: cookies.manager });
  expect(response.status).toBe(200);
  return (await response.json()) as SignupPage;
}

const names = (page: SignupPage) => page.items.map((item) => item.name);

describe('who may use the admin area', () => {
  const endpoints = [
    { name: 'the signups list', method: 'GET' as const, path: () => '/api/admin/signups' },
    { name: 'approve', method: 'POST' as const, path: () => `/api/admin/signups/${approvedTherapist.userId}/approve`, body: {} },
    { name: 'reject', method: 'POST' as const, path: () => `/api/admin/signups/${approvedTherapist.userId}/reject`, body: { reason: 'x' } },
    { name: 'invite manager', method: 'POST' as const, path: () => '/api/admin/managers', body: {} },
  ];
  const refused = [
    { who: 'an agency', cookie: 'agency' as const, code: 'FORBIDDEN' },
    { who: 'a therapist', cookie: 'therapist' as const, code: 'FORBIDDEN' },
    { who: 'an account still pending review', cookie: 'pending' as const, code: 'FORBIDDEN' },
    { who: 'a manager without a second factor in this session', cookie: 'managerAal1' as const, code: 'MFA_REQUIRED' },
  ];

  for (const endpoint of endpoints) {
    it(`${endpoint.name}: refuses a request without a session (401), before looking at its input`, async () => {
      const response = await call(endpoint.method, endpoint.path(), { body: endpoint.body });
      expect(response.status).toBe(401);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('UNAUTHENTICATED');
    });
    for (const { who, cookie, code } of refused) {
      it(`${endpoint.name}: refuses ${who} (403 ${code})`, async () => {
        const response = await call(endpoint.method, endpoint.path(), { cookie: cookies[cookie], body: endpoint.body });
        expect(response.status).toBe(403);
        expect(((await response.json()) as { error: { code: string } }).error.code).toBe(code);
      });
    }
  }

  it('changed nothing for the refused requests', async () => {
    const [row] = await db().select().from(useraccounts).where(eq(useraccounts.userId, approvedTherapist.userId));
    expect(row).toMatchObject({ status: 'approved', reviewedAt: null });
    expect(await db().$count(auditLog, like(auditLog.action, 'account.%'))).toBe(0);
  });

  it('tells a manager at aal1 to verify a second factor', async () => {
    const response = await call('GET', '/api/admin/signups', { cookie: cookies.managerAal1 });
    expect(await response.json()).toMatchObject({ error: { code: 'MFA_REQUIRED', message: expect.stringContaining('second factor') as string } });
  });
});

describe('the signups list', () => {
  it('lists every account newest first with its name, email, type label, phone, date and status', async () => {
    const page = await list();
    expect(page).toMatchObject({ total: 7, page: 1, pageSize: 20 });
    expect(names(page)).toEqual([
      'Pat Declined',
      'Jordan Reyes',
      'Bluebird Home Care',
      'Casey Approved',
      'Sunrise Home Health',
      'Riley Second',
      'Morgan Reviewer',
    ]);
    const jordan = page.items[1]!;
    expect(jordan).toEqual({
      id: expect.any(String) as string,
      status: 'pending',
      name: 'Jordan Reyes',
      email: 'jordan.reyes@example.test',
      typeLabel: 'Healthcare Professional',
      userType: 'therapist',
      phone: '512-555-0101',
      signupDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as string,
      statusReason: null,
    } satisfies SignupItem);
    expect(page.items[2]).toMatchObject({ typeLabel: 'Healthcare Agency', phone: '512-555-0100', userType: 'agency' });
    expect(page.items[6]).toMatchObject({ typeLabel: 'CareRelay Manager', phone: '512-555-0102', userType: 'manager' });
    const dates = page.items.map((item) => Date.parse(item.signupDate));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
  });

  it('filters by status and by type, together', async () => {
    expect(names(await list('?status=pending'))).toEqual(['Jordan Reyes', 'Bluebird Home Care']);
    expect(names(await list('?status=rejected'))).toEqual(['Pat Declined']);
    expect(names(await list('?type=agency'))).toEqual(['Bluebird Home Care', 'Sunrise Home Health']);
    expect(names(await list('?type=manager'))).toEqual(['Riley Second', 'Morgan Reviewer']);
    expect(names(await list('?status=pending&type=therapist'))).toEqual(['Jordan Reyes']);
    expect((await list('?status=&type=')).total).toBe(7);
  });

  it('searches names and emails without regard to case, and takes % and _ literally', async () => {
    expect(names(await list('?q=BLUEBIRD'))).toEqual(['Bluebird Home Care']);
    expect(names(await list('?q=jordan.reyes%40example'))).toEqual(['Jordan Reyes']);
    expect(names(await list('?q=reyes&status=approved'))).toEqual([]);
    expect(names(await list('?q=home%20health'))).toEqual(['Sunrise Home Health']);
    expect((await list('?q=%25')).total).toBe(0);
    expect((await list('?q=_')).total).toBe(0);
  });

  it('pages through the list and reports the total', async () => {
    const first = await list('?pageSize=3');
    expect(first).toMatchObject({ total: 7, page: 1, pageSize: 3 });
    expect(names(first)).toEqual(['Pat Declined', 'Jordan Reyes', 'Bluebird Home Care']);
    expect(names(await list('?pageSize=3&page=3'))).toEqual(['Morgan Reviewer']);
    const past = await list('?pageSize=3&page=5');
    expect(past).toMatchObject({ items: [], total: 7, page: 5 });
    expect(await list('?q=nobody-here')).toMatchObject({ items: [], total: 0 });
  });

  it('refuses bad filters and page sizes over 100 with the field named', async () => {
    for (const query of ['?status=archived', '?type=patient', '?pageSize=101', '?page=0', '?page=two']) {
      const response = await call('GET', `/api/admin/signups${query}`, { cookie: cookies.manager });
      expect(response.status, query).toBe(400);
      const { error } = (await response.json()) as { error: { code: string; fields: Record<string, string> } };
      expect(error.code).toBe('VALIDATION');
      expect(Object.keys(error.fields)).toHaveLength(1);
    }
  });
});

describe('approving and rejecting', () => {
  it('approves a pending therapist: account and profile approved, the user mailed, an audit row written', async () => {
    const therapist = await buildTherapist(db(), { firstName: 'Alex', lastName: 'Approve', status: 'pending' });
    const response = await call('POST', `/api/admin/signups/${therapist.userId}/approve`, { cookie: cookies.manager, body: {} });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: therapist.userId, status: 'approved', name: 'Alex Approve' });

    const [row] = await db().select().from(useraccounts).where(eq(useraccounts.userId, therapist.userId));
    expect(row).toMatchObject({ status: 'approved', reviewedBy: reviewer.userId, statusReason: null });
    expect(row!.reviewedAt).toBeInstanceOf(Date);
    const [profile] = await db().select().from(therapistProfiles).where(eq(therapistProfiles.id, therapist.userId));
    expect(profile!.status).toBe('approved');

    const mails = await db().select().from(mailMessages).where(eq(mailMessages.toAddress, therapist.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Your CareRelay account is approved');
    expect(mails[0]!.textBody).toContain('You can now use CareRelay');
    expect(mails[0]!.textBody).toContain(`${app.url}/dashboard`);

    const audits = await db().select().from(auditLog).where(and(eq(auditLog.action, 'account.approved'), eq(auditLog.entityId, therapist.userId)));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actorUserId: reviewer.userId,
      entityType: 'user',
      outcome: 'success',
      details: { previousStatus: 'pending', reason: null },
    });

    // The approved therapist sees it at once.
    const me = await call('GET', '/api/me', { cookie: await signIn(app.url, therapist) });
    expect(await me.json()).toMatchObject({ account: { userType: 'therapist', status: 'approved' } });
  });

  it('rejects a pending agency with a reason: kept on the account, mailed with how to contact us, audited', async () => {
    const agency = await buildAgency(db(), { companyName: 'Shady Acres Care', status: 'pending' });
    const reason = 'We could not verify your state licence. Please send a copy.';
    const response = await call('POST', `/api/admin/signups/${agency.userId}/reject`, { cookie: cookies.manager, body: { reason: `  ${reason} ` } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'rejected', statusReason: reason, typeLabel: 'Healthcare Agency' });

    const [row] = await db().select().from(useraccounts).where(eq(useraccounts.userId, agency.userId));
    expect(row).toMatchObject({ status: 'rejected', statusReason: reason, reviewedBy: reviewer.userId });
    const [profile] = await db().select().from(agencyProfiles).where(eq(agencyProfiles.id, agency.userId));
    expect(profile!.status).toBe('rejected');

    const [mail] = await db().select().from(mailMessages).where(eq(mailMessages.toAddress, agency.email));
    expect(mail!.subject).toBe('About your CareRelay account');
    expect(mail!.textBody).toContain(`Reason: ${reason}`);
    expect(mail!.textBody).toContain(`${app.url}/contact`);

    const [audit] = await db().select().from(auditLog).where(and(eq(auditLog.action, 'account.rejected'), eq(auditLog.entityId, agency.userId)));
    expect(audit).toMatchObject({ actorUserId: reviewer.userId, details: { previousStatus: 'pending', reason } });
  });

  it('needs a reason to reject, of at most 1000 characters, and changes nothing without one', async () => {
    const therapist = await buildTherapist(db(), { status: 'pending' });
    for (const body of [{}, { reason: '   ' }]) {
      const response = await call('POST', `/api/admin/signups/${therapist.userId}/reject`, { cookie: cookies.manager, body });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        error: { code: 'VALIDATION', message: adminMessages.rejectReasonRequired, fields: { reason: adminMessages.rejectReasonRequired } },
      });
    }
    const long = await call('POST', `/api/admin/signups/${therapist.userId}/reject`, { cookie: cookies.manager, body: { reason: 'x'.repeat(1001) } });
    expect(long.status).toBe(400);
    expect(((await long.json()) as { error: { fields: Record<string, string> } }).error.fields.reason).toBe(adminMessages.rejectReasonTooLong);

    const [row] = await db().select().from(useraccounts).where(eq(useraccounts.userId, therapist.userId));
    expect(row!.status).toBe('pending');
    expect(await db().$count(mailMessages, eq(mailMessages.toAddress, therapist.email))).toBe(0);
  });

  it('answers 404 for an unknown user', async () => {
    const response = await call('POST', '/api/admin/signups/no-such-user/approve', { cookie: cookies.manager, body: {} });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: 'NOT_FOUND', message: adminMessages.accountNotFound } });
  });

  it('answers 409 for approving an approved account or rejecting a rejected one, and mails nobody', async () => {
    const approved = await call('POST', `/api/admin/signups/${approvedTherapist.userId}/approve`, { cookie: cookies.manager, body: {} });
    expect(approved.status).toBe(409);
    expect(await approved.json()).toEqual({ error: { code: 'CONFLICT', message: adminMessages.alreadyApproved } });

    const declined = await buildTherapist(db(), { status: 'rejected' });
    const again = await call('POST', `/api/admin/signups/${declined.userId}/reject`, { cookie: cookies.manager, body: { reason: 'Still no' } });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: { code: 'CONFLICT', message: adminMessages.alreadyRejected } });
    expect(await db().$count(mailMessages, eq(mailMessages.toAddress, approvedTherapist.email))).toBe(0);
  });

  it('lets a rejected account be approved after all, recording what it was', async () => {
    const therapist = await buildTherapist(db(), { status: 'rejected' });
    const response = await call('POST', `/api/admin/signups/${therapist.userId}/approve`, { cookie: cookies.manager, body: {} });
    expect(response.status).toBe(200);
    const [audit] = await db().select().from(auditLog).where(and(eq(auditLog.action, 'account.approved'), eq(auditLog.entityId, therapist.userId)));
    expect(audit!.details).toMatchObject({ previousStatus: 'rejected' });
  });

  it('does not let a manager review themselves or another manager', async () => {
    const self = await call('POST', `/api/admin/signups/${reviewer.userId}/reject`, { cookie: cookies.manager, body: { reason: 'test' } });
    expect(self.status).toBe(403);
    expect(await self.json()).toEqual({ error: { code: 'FORBIDDEN', message: adminMessages.cannotReviewSelf } });
    const other = await call('POST', `/api/admin/signups/${otherManager.userId}/reject`, { cookie: cookies.manager, body: { reason: 'test' } });
    expect(other.status).toBe(403);
    expect(await other.json()).toEqual({ error: { code: 'FORBIDDEN', message: adminMessages.cannotReviewManager } });
    const [row] = await db().select().from(useraccounts).where(eq(useraccounts.userId, otherManager.userId));
    expect(row!.status).toBe('approved');
  });

  it('lets exactly one of two simultaneous approvals through', async () => {
    const therapist = await buildTherapist(db(), { status: 'pending' });
    const responses = await Promise.all(
      [1, 2].map(() => call('POST', `/api/admin/signups/${therapist.userId}/approve`, { cookie: cookies.manager, body: {} })),
    );
    expect(responses.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await db().$count(mailMessages, eq(mailMessages.toAddress, therapist.email))).toBe(1);
    expect(await db().$count(auditLog, and(eq(auditLog.action, 'account.approved'), eq(auditLog.entityId, therapist.userId)))).toBe(1);
  });
});

describe('inviting a manager', () => {
  const invite = { email: 'Ada.Lovelace@CareRelay.test', firstName: 'Ada', lastName: 'Lovelace', phone: '(512) 555-0199' };

  it('creates an approved admin manager without a password, mails a set-password link, audits and tells the team', async () => {
    const response = await call('POST', '/api/admin/managers', { cookie: cookies.manager, body: invite });
    expect(response.status).toBe(201);
    const created = (await response.json()) as { id: string; email: string; name: string };
    expect(created).toMatchObject({ email: 'ada.lovelace@carerelay.test', name: 'Ada Lovelace' });

    const [identity] = await db().select().from(user).where(eq(user.id, created.id));
    expect(identity).toMatchObject({ email: 'ada.lovelace@carerelay.test', name: 'Ada Lovelace' });
    expect(await db().$count(account, eq(account.userId, created.id))).toBe(0);
    const [row] = await db().select().from(useraccounts).where(eq(useraccounts.userId, created.id));
    expect(row).toMatchObject({ userType: 'manager', status: 'approved', reviewedBy: reviewer.userId });
    const [profile] = await db().select().from(managerProfiles).where(eq(managerProfiles.id, created.id));
    expect(profile).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', role: 'admin', permissions: [], status: 'approved', phone: '(512) 555-0199' });
    expect(await db().$count(verification, and(like(verification.identifier, 'reset-password:%'), eq(verification.value, created.id)))).toBe(1);

    const [audit] = await db().select().from(auditLog).where(and(eq(auditLog.action, 'manager.invited'), eq(auditLog.entityId, created.id)));
    expect(audit).toMatchObject({ actorUserId: reviewer.userId, entityType: 'user', details: { via: 'invite' } });

    const [mail] = await db().select().from(mailMessages).where(eq(mailMessages.toAddress, 'ada.lovelace@carerelay.test'));
    expect(mail!.subject).toBe('You are invited to manage CareRelay');
    expect(mail!.textBody).toContain('Morgan Reviewer has added you');
    const link = new URL(/(http:\/\/\S+\/reset-password\?token=\S+)/.exec(mail!.textBody)![1]!);
    expect(link.origin).toBe(app.url);

    // The link sets a password, and the new manager can sign in with it.
    const set = await call('POST', '/api/auth/reset-password', { body: { token: link.searchParams.get('token'), newPassword: 'Analytical-Engine-1843' } });
    expect(set.status).toBe(200);
    const cookie = await signIn(app.url, { email: 'ada.lovelace@carerelay.test', password: 'Analytical-Engine-1843' });
    const me = await call('GET', '/api/me', { cookie });
    expect(await me.json()).toMatchObject({ account: { userType: 'manager', status: 'approved' } });

    await expect.poll(() => webhook.received.length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(webhook.received[0]!.path).toBe('/agencies');
    expect(webhook.received[0]!.body.content).toContain('Ada Lovelace');
    expect(webhook.received[0]!.body.content).toContain('ada.lovelace@carerelay.test');
  });

  it('refuses an email that already has an account, whatever its case, with the seed message', async () => {
    for (const email of ['ADA.LOVELACE@carerelay.test', approvedTherapist.email]) {
      const response = await call('POST', '/api/admin/managers', { cookie: cookies.manager, body: { ...invite, email } });
      expect(response.status).toBe(409);
      expect(await response.json()).toEqual({
        error: { code: 'CONFLICT', message: signupMessages.emailTaken, fields: { email: signupMessages.emailTaken } },
      });
    }
    expect(await db().$count(managerProfiles)).toBe(3);
  });

  it('names each missing field with the sign-up messages', async () => {
    const response = await call('POST', '/api/admin/managers', { cookie: cookies.manager, body: {} });
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { fields: Record<string, string> } };
    expect(error.fields).toEqual({
      email: 'Email is required',
      firstName: 'First name is required',
      lastName: 'Last name is required',
      phone: 'Phone is required',
    });
  });
});
