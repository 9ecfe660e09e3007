import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../../../test/app';
import { buildAgency, buildManager, buildTherapist, clientAddress } from '../../../test/factories';
import { callApi, ok, refused } from '../../../test/http';
import { session, type SignedIn } from '../../../test/people';
import { buildReferral, insertResponse } from '../../../test/referral-fixtures';
import { buildVisit } from '../../../test/visit-fixtures';
import type { AttentionList } from '../../domain/attention';
import { credentialChanges, invoiceLines, mailMessages, referralOffers, therapistProfiles, undeliveredMessages } from '../db/schema/index';

/**
 * "Needs your attention": each role's counts come from the database, each line leads to where the
 * work is done, and nobody is counted someone else's work.
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const db = () => app.runtime.database.db;
const HOUR = 3_600_000;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR);

const get = (who: SignedIn | undefined, path: string) => callApi(app.url, 'GET', path, { cookie: who?.cookie, ip: who?.ip ?? clientAddress() });
const attention = async (who: SignedIn, path: string) => (await ok<AttentionList>(await get(who, path))).items;

describe('the agency’s attention list', () => {
  it('counts responses to confirm, notes to review and failed payments of its own referrals only, each leading to its page', async () => {
    const agencyPerson = await buildAgency(db());
    const agency = await session(app, agencyPerson);
    const other = await session(app, await buildAgency(db()));
    expect(await attention(agency, '/api/dashboard/agency/attention')).toEqual([]);

    const therapistA = await buildTherapist(db());
    const therapistB = await buildTherapist(db());
    const first = await buildReferral(db(), { agencyId: agencyPerson.userId });
    await insertResponse(db(), { referralId: first.id, therapistId: therapistA.userId, status: 'accepted' });
    await insertResponse(db(), { referralId: first.id, therapistId: therapistB.userId, status: 'rate_requested' });
    // Not the agency's move: a counter waits on the therapist, a decline on nobody.
    const countered = await buildReferral(db(), { agencyId: agencyPerson.userId });
    await insertResponse(db(), { referralId: countered.id, therapistId: therapistA.userId, status: 'countered' });
    // Expired offers wait on nobody either.
    const expired = await buildReferral(db(), { agencyId: agencyPerson.userId, expiresAt: new Date(Date.now() - HOUR) });
    await insertResponse(db(), { referralId: expired.id, therapistId: therapistB.userId, status: 'accepted' });

    const signed = await buildVisit(db(), { agencyId: agencyPerson.userId, therapistId: therapistA.userId, status: 'documented' });
    await buildVisit(db(), { agencyId: agencyPerson.userId, therapistId: therapistA.userId, status: 'approved' });
    const paid = await buildVisit(db(), { agencyId: agencyPerson.userId, therapistId: therapistA.userId, status: 'approved' });
    await db().insert(invoiceLines).values({
      visitId: paid.id,
      agencyId: agencyPerson.userId,
      therapistId: therapistA.userId,
      serviceId: 'evaluation',
      amount: 150,
      status: 'failed',
      provider: 'stripe',
      idempotencyKey: `visit-${paid.id}-charge`,
      failureMessage: 'Your card was declined.',
    });

    expect(await attention(agency, '/api/dashboard/agency/attention')).toEqual([
      { kind: 'responses_to_confirm', count: 2, label: '2 responses to confirm', link: `/dashboard/agency/referrals/${first.id}` },
      { kind: 'notes_to_review', count: 1, label: '1 visit note to review', link: `/dashboard/agency/visits/${signed.id}` },
      { kind: 'failed_payments', count: 1, label: '1 failed payment', link: '/dashboard/agency/invoices' },
    ]);
    // Responses on two referrals lead to the list of open referrals rather than one of them.
    const second = await buildReferral(db(), { agencyId: agencyPerson.userId });
    await insertResponse(db(), { referralId: second.id, therapistId: therapistB.userId, status: 'accepted' });
    expect((await attention(agency, '/api/dashboard/agency/attention'))[0]).toMatchObject({ count: 3, link: '/dashboard/agency/referrals?status=open' });

    // Another agency's list stays empty: nothing of the first agency is counted for it.
    expect(await attention(other, '/api/dashboard/agency/attention')).toEqual([]);
  });

  it('is refused to someone signed out, a therapist and a manager', async () => {
    await refused(await get(undefined, '/api/dashboard/agency/attention'), 401, 'UNAUTHENTICATED');
    await refused(await get(await session(app, await buildTherapist(db())), '/api/dashboard/agency/attention'), 403, 'FORBIDDEN');
    await refused(await get(await session(app, await buildManager(db())), '/api/dashboard/agency/attention'), 403, 'FORBIDDEN');
  });
});

describe('the therapist’s attention list', () => {
  it('counts today’s visits to do, notes due and unanswered offers closing within 24 hours, their own only', async () => {
    const therapistPerson = await buildTherapist(db());
    const therapist = await session(app, therapistPerson);
    const other = await session(app, await buildTherapist(db()));
    expect(await attention(therapist, '/api/dashboard/therapist/attention')).toEqual([]);

    const agencyId = (await buildAgency(db())).userId;
    // Now is always today on the therapist's clock, whatever the hour the test runs.
    const today = await buildVisit(db(), { agencyId, therapistId: therapistPerson.userId, status: 'scheduled', scheduledStart: new Date(), checkInAt: null });
    const due = await buildVisit(db(), { agencyId, therapistId: therapistPerson.userId, status: 'completed' });
    await buildVisit(db(), { agencyId, therapistId: therapistPerson.userId, status: 'documented' });

    const closing = await buildReferral(db(), { agencyId, expiresAt: inHours(3) });
    const later = await buildReferral(db(), { agencyId, expiresAt: inHours(40) });
    const answered = await buildReferral(db(), { agencyId, expiresAt: inHours(2) });
    const hidden = await buildReferral(db(), { agencyId, expiresAt: inHours(2) });
    for (const referral of [closing, later, answered, hidden]) {
      await db().insert(referralOffers).values({ referralId: referral.id, therapistId: therapistPerson.userId, distanceMiles: 3, hiddenAt: referral === hidden ? new Date() : null });
    }
    await insertResponse(db(), { referralId: answered.id, therapistId: therapistPerson.userId, status: 'accepted' });

    expect(await attention(therapist, '/api/dashboard/therapist/attention')).toEqual([
      { kind: 'visits_today', count: 1, label: '1 visit today', link: `/dashboard/therapist/visits/${today.id}` },
      { kind: 'notes_due', count: 1, label: '1 visit note due', link: `/dashboard/therapist/visits/${due.id}` },
      { kind: 'offers_expiring', count: 1, label: '1 offer expiring within 24 hours', link: `/dashboard/therapist/referrals/${closing.id}` },
    ]);
    // The agency's counter waits on the therapist too; with two, the line leads to the list.
    const counter = await buildReferral(db(), { agencyId, expiresAt: inHours(5) });
    await db().insert(referralOffers).values({ referralId: counter.id, therapistId: therapistPerson.userId, distanceMiles: 4 });
    await insertResponse(db(), { referralId: counter.id, therapistId: therapistPerson.userId, status: 'countered' });
    expect((await attention(therapist, '/api/dashboard/therapist/attention'))[2]).toMatchObject({ count: 2, link: '/dashboard/therapist/referrals' });

    expect(await attention(other, '/api/dashboard/therapist/attention')).toEqual([]);
  });

  it('is refused to someone signed out, an agency and a manager', async () => {
    await refused(await get(undefined, '/api/dashboard/therapist/attention'), 401, 'UNAUTHENTICATED');
    await refused(await get(await session(app, await buildAgency(db())), '/api/dashboard/therapist/attention'), 403, 'FORBIDDEN');
    await refused(await get(await session(app, await buildManager(db())), '/api/dashboard/therapist/attention'), 403, 'FORBIDDEN');
  });
});

describe('the manager’s attention list', () => {
  it('counts sign-ups, credential changes and credentials to review, suspended therapists and undelivered messages, across the marketplace', async () => {
    const manager = await session(app, await buildManager(db()));
    const before = new Map((await attention(manager, '/api/admin/attention')).map((item) => [item.kind, item.count]));
    const countOf = async (kind: string) => (await attention(manager, '/api/admin/attention')).find((item) => item.kind === kind);

    await buildAgency(db(), { status: 'pending' });
    await buildTherapist(db(), { status: 'pending', credentials: 'submitted' });
    const approved = await buildTherapist(db());
    await db().update(therapistProfiles).set({ suspendedAt: new Date(), suspensionReason: 'Listed on the OIG exclusion list (LEIE)' }).where(eq(therapistProfiles.id, approved.userId));
    await db().insert(credentialChanges).values({ userId: approved.userId, npiNumber: '1234567893', licenseNumber: 'PT-2', licenseState: 'TX', licenseExpiry: '2031-01-01' });
    const [mail] = await db().insert(mailMessages).values({ toAddress: 'someone@example.test', subject: 'Visit reminder', textBody: 'x', status: 'failed' }).returning();
    await db().insert(undeliveredMessages).values({ job: 'send-mail', sourceId: mail!.id, data: { mailId: mail!.id }, attempts: 2, lastError: 'refused' });

    const signups = (before.get('signups_to_review') ?? 0) + 2;
    expect(await countOf('signups_to_review')).toEqual({ kind: 'signups_to_review', count: signups, label: `${signups} sign-ups to review`, link: '/dashboard/admin/signups?status=pending' });
    const changes = (before.get('credential_changes_to_review') ?? 0) + 1;
    expect(await countOf('credential_changes_to_review')).toMatchObject({ count: changes, link: '/dashboard/admin#credential-changes-title' });
    // The sign-up's license and NPI await verification.
    const toVerify = (before.get('credentials_to_verify') ?? 0) + 2;
    expect(await countOf('credentials_to_verify')).toEqual({ kind: 'credentials_to_verify', count: toVerify, label: `${toVerify} credentials to verify`, link: '/dashboard/admin/credentials' });
    const suspended = (before.get('therapists_suspended') ?? 0) + 1;
    expect(await countOf('therapists_suspended')).toMatchObject({ count: suspended, link: '/dashboard/admin/exclusions' });
    const undelivered = (before.get('undelivered_messages') ?? 0) + 1;
    expect(await countOf('undelivered_messages')).toMatchObject({ count: undelivered, link: '/dashboard/admin/undelivered' });
  });

  it('is refused to someone signed out, an agency, a therapist and a manager without a second factor', async () => {
    await refused(await get(undefined, '/api/admin/attention'), 401, 'UNAUTHENTICATED');
    await refused(await get(await session(app, await buildAgency(db())), '/api/admin/attention'), 403, 'FORBIDDEN');
    await refused(await get(await session(app, await buildTherapist(db())), '/api/admin/attention'), 403, 'FORBIDDEN');
    await refused(await get(await session(app, await buildManager(db()), 'aal1'), '/api/admin/attention'), 403, 'MFA_REQUIRED');
  });
});
