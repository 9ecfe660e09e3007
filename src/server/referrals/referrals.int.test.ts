import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { buildAgency, buildManager, buildTherapist } from '../../../test/factories';
import { callApi, errorOf, ok, refused } from '../../../test/http';
import { sessionCookie, type Aal } from '../../../test/people';
import { createReferral, daysFromNow, notificationsAbout, offeredTo, referralInput, respondTo } from '../../../test/referrals';
import {
  referralMessages,
  type AgencyReferral,
  type EligibilityView,
  type ReferralInput,
  type TherapistReferral,
} from '../../domain/referrals';
import type { AgencyReferralSummary, TherapistReferralSummary } from '../../domain/referral-summaries';
import { visitFrequencyMessage } from '../../domain/visit-frequency';
import { auditLog, referralOffers, referralResponses, referrals, referralServices } from '../db/schema/index';
import { expireReferral } from './service';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const db = () => app.runtime.database.db;

// Referrals in Austin are offered to every Austin therapist any test built; tests that count who was
// notified post in El Paso or Dallas instead, more than 25 miles (the default radius) from the rest.
const EL_PASO = '79901';
const EL_PASO_WEST = '79902';
const DALLAS = '75201';
const HOUSTON = '77002';

type AgencyOptions = NonNullable<Parameters<typeof buildAgency>[1]>;
type TherapistOptions = NonNullable<Parameters<typeof buildTherapist>[1]>;
type Person = { userId: string; email: string; cookie: string };

async function agency(options: AgencyOptions = {}): Promise<Person> {
  const person = await buildAgency(db(), options);
  return { ...person, cookie: await sessionCookie(app, person, 'aal1') };
}

async function therapist(options: TherapistOptions = {}): Promise<Person & { firstName: string; lastName: string }> {
  const person = await buildTherapist(db(), options);
  return { ...person, cookie: await sessionCookie(app, person, 'aal1') };
}

async function manager(aal: Aal = 'aal2'): Promise<Person> {
  const person = await buildManager(db());
  return { ...person, cookie: await sessionCookie(app, person, aal) };
}

const api = (cookie: string | undefined, method: string, path: string, body?: unknown) => callApi(app.url, method, path, { cookie, body });

const agencyView = async (cookie: string, id: string) => ok<AgencyReferral>(await api(cookie, 'GET', `/api/referrals/${id}`));
const therapistView = async (cookie: string, id: string) => ok<TherapistReferral>(await api(cookie, 'GET', `/api/therapist/referrals/${id}`));
const therapistList = async (cookie: string, view: 'open' | 'mine' | 'hidden' = 'open') =>
  (await ok<{ items: TherapistReferralSummary[] }>(await api(cookie, 'GET', `/api/therapist/referrals?view=${view}`))).items.map((item) => item.id);
const responseOf = (referral: AgencyReferral, therapistId: string) => {
  const found = referral.responses.find((response) => response.therapist.therapistId === therapistId);
  if (!found) throw new Error(`no response from ${therapistId}`);
  return found;
};
const notifiedUsers = async (referralId: string, type: string) => (await notificationsAbout(db(), referralId, type)).map((n) => n.userId).sort();
const referralCount = () => db().$count(referrals);

/** Everything the API can change about a referral, to show that a refused call changed nothing. */
async function snapshot(referralId: string) {
  const [row] = await db().select().from(referrals).where(eq(referrals.id, referralId));
  return {
    row,
    services: await db().select().from(referralServices).where(eq(referralServices.referralId, referralId)).orderBy(asc(referralServices.serviceId)),
    responses: await db().select().from(referralResponses).where(eq(referralResponses.referralId, referralId)).orderBy(asc(referralResponses.id)),
    // alerted_at is left out: the alert jobs set it in the background.
    offers: await db()
      .select({ therapistId: referralOffers.therapistId, hiddenAt: referralOffers.hiddenAt })
      .from(referralOffers)
      .where(eq(referralOffers.referralId, referralId))
      .orderBy(asc(referralOffers.therapistId)),
    audits: await db().$count(auditLog, eq(auditLog.entityId, referralId)),
    notifications: (await notificationsAbout(db(), referralId)).length,
    referralCount: await referralCount(),
  };
}

interface Route {
  name: string;
  method: string;
  path: string;
  body?: unknown;
}

const agencyRoutes = (id: string, responseId: string): Route[] => [
  { name: 'list referrals', method: 'GET', path: '/api/referrals' },
  { name: 'create a referral', method: 'POST', path: '/api/referrals', body: { referral: referralInput(), post: true } },
  { name: 'read a referral', method: 'GET', path: `/api/referrals/${id}` },
  { name: 'edit a referral', method: 'PUT', path: `/api/referrals/${id}`, body: referralInput({ clinicalSummary: 'Edited summary: hip fracture rehab.' }) },
  { name: 'post a draft', method: 'POST', path: `/api/referrals/${id}/post` },
  { name: 'cancel', method: 'POST', path: `/api/referrals/${id}/cancel`, body: { reason: 'Patient chose another agency' } },
  { name: 'confirm a response', method: 'POST', path: `/api/referrals/${id}/responses/${responseId}/confirm` },
  { name: 'counter a response', method: 'POST', path: `/api/referrals/${id}/responses/${responseId}/counter`, body: { rates: { treatment: 110 } } },
];

const therapistRoutes = (id: string): Route[] => [
  { name: 'list my referrals', method: 'GET', path: '/api/therapist/referrals' },
  { name: 'read a referral', method: 'GET', path: `/api/therapist/referrals/${id}` },
  { name: 'respond', method: 'POST', path: `/api/therapist/referrals/${id}/response`, body: { kind: 'accept' } },
  { name: 'withdraw', method: 'DELETE', path: `/api/therapist/referrals/${id}/response` },
  { name: 'answer a counter', method: 'POST', path: `/api/therapist/referrals/${id}/counter`, body: { accept: true } },
  { name: 'hide', method: 'POST', path: `/api/therapist/referrals/${id}/hide` },
  { name: 'unhide', method: 'POST', path: `/api/therapist/referrals/${id}/unhide` },
];

const managerRoutes = (id: string, therapistId: string): Route[] => [
  { name: 'list every referral', method: 'GET', path: '/api/admin/referrals' },
  { name: 'search eligibility', method: 'GET', path: `/api/admin/referrals/${id}/eligibility?q=Casey` },
  { name: 'explain eligibility', method: 'GET', path: `/api/admin/referrals/${id}/eligibility/${therapistId}` },
];

const perRecord = (routes: Route[]) => routes.filter((route) => route.path.includes('/referrals/'));

async function callAll(routes: Route[], cookie: string | undefined, status: number, code: string, message?: string | RegExp) {
  for (const route of routes) {
    const response = await api(cookie, route.method, route.path, route.body);
    const error = await errorOf(response);
    expect({ route: route.name, status: response.status, code: error.code }).toEqual({ route: route.name, status, code });
    if (message !== undefined) expect(error.message).toMatch(message);
  }
}

describe('access: every endpoint, every role, another tenant’s record', () => {
  let owner: Person;
  let responder: Person;
  let referral: AgencyReferral;
  let responseId: string;
  let all: () => Route[];

  beforeAll(async () => {
    owner = await agency();
    responder = await therapist();
    referral = await createReferral(app.url, owner.cookie);
    // A live rate request: the agency could confirm or counter it, so a missing check would show.
    await ok(await respondTo(app.url, responder.cookie, referral.id, { kind: 'rate_request', rates: { treatment: 120 }, reason: 'complex_case' }));
    responseId = responseOf(await agencyView(owner.cookie, referral.id), responder.userId).id;
    all = () => [...agencyRoutes(referral.id, responseId), ...therapistRoutes(referral.id), ...managerRoutes(referral.id, responder.userId)];
  });

  it('a signed-out caller gets 401 from every endpoint, and nothing changes', async () => {
    const before = await snapshot(referral.id);
    await callAll(all(), undefined, 401, 'UNAUTHENTICATED');
    expect(await snapshot(referral.id)).toEqual(before);
  });

  it('a therapist and a manager get 403 from every agency endpoint, and nothing changes', async () => {
    const before = await snapshot(referral.id);
    for (const cookie of [responder.cookie, (await manager()).cookie]) {
      await callAll(agencyRoutes(referral.id, responseId), cookie, 403, 'FORBIDDEN', 'You do not have access to this.');
    }
    expect(await snapshot(referral.id)).toEqual(before);
  });

  it('an agency and a manager get 403 from every therapist endpoint, and nothing changes', async () => {
    const before = await snapshot(referral.id);
    for (const cookie of [owner.cookie, (await manager()).cookie]) {
      await callAll(therapistRoutes(referral.id), cookie, 403, 'FORBIDDEN', 'You do not have access to this.');
    }
    expect(await snapshot(referral.id)).toEqual(before);
  });

  it('an agency and a therapist get 403 from every manager endpoint', async () => {
    for (const cookie of [owner.cookie, responder.cookie]) {
      await callAll(managerRoutes(referral.id, responder.userId), cookie, 403, 'FORBIDDEN', 'You do not have access to this.');
    }
  });

  it('a pending agency and a pending therapist get 403 until a manager approves them', async () => {
    const before = await snapshot(referral.id);
    const pendingAgency = await agency({ status: 'pending' });
    await callAll(agencyRoutes(referral.id, responseId), pendingAgency.cookie, 403, 'FORBIDDEN', 'Your account is pending. This is available once it is approved.');
    const pendingTherapist = await therapist({ status: 'pending' });
    await callAll(therapistRoutes(referral.id), pendingTherapist.cookie, 403, 'FORBIDDEN', 'Your account is pending. This is available once it is approved.');
    expect(await snapshot(referral.id)).toEqual(before);
  });

  it('a manager without a verified second factor gets 403 MFA_REQUIRED; at aal2 they are answered', async () => {
    const unverified = await manager('aal1');
    await callAll(managerRoutes(referral.id, responder.userId), unverified.cookie, 403, 'MFA_REQUIRED', /second factor/);
    const verified = await manager('aal2');
    for (const route of managerRoutes(referral.id, responder.userId)) {
      expect({ route: route.name, status: (await api(verified.cookie, route.method, route.path)).status }).toEqual({ route: route.name, status: 200 });
    }
  });

  it('another agency gets 404 for this referral from every endpoint that names it, nothing changes, and its list does not show it', async () => {
    const before = await snapshot(referral.id);
    const other = await agency();
    await callAll(perRecord(agencyRoutes(referral.id, responseId)), other.cookie, 404, 'NOT_FOUND', 'No such referral.');
    expect(await snapshot(referral.id)).toEqual(before);
    const list = await ok<{ items: AgencyReferralSummary[] }>(await api(other.cookie, 'GET', '/api/referrals'));
    expect(list.items).toEqual([]);
    // Its own referral does not reach this one's responses either.
    const own = await createReferral(app.url, other.cookie, {}, { post: false });
    for (const action of ['confirm', 'counter']) {
      const response = await api(other.cookie, 'POST', `/api/referrals/${own.id}/responses/${responseId}/${action}`, action === 'counter' ? { rates: { treatment: 110 } } : undefined);
      expect(await refused(response, 404, 'NOT_FOUND')).toMatchObject({ message: 'No such response.' });
    }
    expect(await snapshot(referral.id)).toEqual({ ...before, referralCount: before.referralCount + 1 });
  });

  it('a therapist the referral was not offered to gets 404 from every endpoint that names it, and nothing changes', async () => {
    const before = await snapshot(referral.id);
    // One outside their radius, and one who joined after it was posted: neither was offered it.
    for (const stranger of [await therapist({ zip: DALLAS }), await therapist()]) {
      await callAll(perRecord(therapistRoutes(referral.id)), stranger.cookie, 404, 'NOT_FOUND', 'No such referral.');
      for (const view of ['open', 'mine', 'hidden'] as const) expect(await therapistList(stranger.cookie, view)).toEqual([]);
    }
    expect(await snapshot(referral.id)).toEqual(before);
  });

  it('an unknown id is 404 and a malformed one 400, never a 500', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    await refused(await api(owner.cookie, 'GET', `/api/referrals/${missing}`), 404, 'NOT_FOUND');
    await refused(await api(responder.cookie, 'GET', `/api/therapist/referrals/${missing}`), 404, 'NOT_FOUND');
    const verified = await manager();
    await refused(await api(verified.cookie, 'GET', `/api/admin/referrals/${missing}/eligibility/${responder.userId}`), 404, 'NOT_FOUND');
    expect(await refused(await api(verified.cookie, 'GET', `/api/admin/referrals/${referral.id}/eligibility/nobody`), 404, 'NOT_FOUND')).toMatchObject({
      message: 'No such therapist.',
    });
    expect((await api(owner.cookie, 'GET', '/api/referrals/not-a-uuid')).status).toBe(400);
  });
});

describe('an agency drafts, posts and edits a referral', () => {
  it('answers a referral created posted (or as a draft) exactly as reading it back shows it', async () => {
    const owner = await agency();
    await therapist();
    for (const post of [true, false]) {
      const created = await ok<AgencyReferral>(await api(owner.cookie, 'POST', '/api/referrals', { referral: referralInput({ visitFrequency: '1W1,2w4' }), post }), 201);
      // Other tests' therapists share this database, so a post notifies at least the one made here.
      if (post) expect(created.notifiedCount).toBeGreaterThanOrEqual(1);
      else expect(created.notifiedCount).toBe(0);
      expect(await ok<AgencyReferral>(await api(owner.cookie, 'GET', `/api/referrals/${created.id}`))).toEqual(created);
    }
  });

  it('saves a draft that nobody is offered, then posts it to the therapists nearby', async () => {
    const owner = await agency();
    const nearby = await therapist();
    const draft = await ok<AgencyReferral>(await api(owner.cookie, 'POST', '/api/referrals', { referral: referralInput({ visitFrequency: '1W1,2w4' }), post: false }), 201);
    expect(draft).toMatchObject({
      status: 'draft',
      discipline: 'PT',
      place: { zip: '78704', city: 'Austin', state: 'TX' },
      visitFrequency: '1w1, 2w4',
      visitFrequencyText: 'once a week for 1 week, then twice a week for 4 weeks',
      totalVisits: 9,
      postedAt: null,
      expiresAt: null,
      notifiedCount: 0,
      responses: [],
      matchedTherapist: null,
      agreedRates: null,
      fillMinutes: null,
      hasPatient: false,
    });
    expect(draft.services).toEqual([
      { serviceId: 'evaluation', name: 'Initial Evaluation', visitCount: 1, offeredRate: 150 },
      { serviceId: 'treatment', name: 'Treatment Session', visitCount: 8, offeredRate: 100 },
    ]);
    expect(await offeredTo(db(), draft.id)).toEqual([]);
    await refused(await api(nearby.cookie, 'GET', `/api/therapist/referrals/${draft.id}`), 404, 'NOT_FOUND');

    const drafts = await ok<{ items: AgencyReferralSummary[] }>(await api(owner.cookie, 'GET', '/api/referrals?status=draft'));
    expect(drafts.items.map((item) => item.id)).toEqual([draft.id]);

    const posted = await ok<AgencyReferral>(await api(owner.cookie, 'POST', `/api/referrals/${draft.id}/post`));
    expect(posted.status).toBe('posted');
    expect(new Date(posted.expiresAt!).getTime() - new Date(posted.postedAt!).getTime()).toBe(24 * 3_600_000);
    const offered = await offeredTo(db(), draft.id);
    expect(offered).toContain(nearby.userId);
    expect(posted.notifiedCount).toBe(offered.length);
    expect(await notifiedUsers(draft.id, 'referral.posted')).toEqual(offered);
    expect(await therapistList(nearby.cookie)).toContain(draft.id);
    const seen = await therapistView(nearby.cookie, draft.id);
    expect(seen).toMatchObject({ status: 'posted', agencyName: expect.any(String), matchedToMe: false, hidden: false, myResponse: null });
    expect(seen.distanceMiles).toBeGreaterThan(1);
    expect(seen.distanceMiles).toBeLessThan(4);
    expect(seen.myRates).toEqual({ evaluation: 150, treatment: 100, progress_report: 75, discharge: 100 });
    expect((await ok<{ items: AgencyReferralSummary[] }>(await api(owner.cookie, 'GET', '/api/referrals?status=open'))).items.map((i) => i.id)).toEqual([draft.id]);

    const again = await refused(await api(owner.cookie, 'POST', `/api/referrals/${draft.id}/post`), 409, 'CONFLICT');
    expect(again.message).toBe('Only a draft can be posted; this referral is already posted.');
    expect(await db().$count(auditLog, and(eq(auditLog.entityId, draft.id), eq(auditLog.action, 'referral.posted')))).toBe(1);
  });

  const invalid: Array<[string, (input: ReferralInput) => ReferralInput, string, string]> = [
    ['a visit frequency not in home-health notation', (i) => ({ ...i, visitFrequency: 'twice weekly' }), 'visitFrequency', visitFrequencyMessage],
    ['a ZIP code that does not exist', (i) => ({ ...i, patientZip: '00000' }), 'patientZip', referralMessages.zipUnknown],
    ['a ZIP code that is not 5 digits', (i) => ({ ...i, patientZip: '7870' }), 'patientZip', referralMessages.zip],
    [
      'a clinical summary that identifies the patient',
      (i) => ({ ...i, clinicalSummary: 'Mrs. Johnson, DOB 3/14/1948, needs gait training after a knee replacement.' }),
      'clinicalSummary',
      referralMessages.summaryIdentifiers,
    ],
    [
      'the same service twice',
      (i) => ({ ...i, services: [...i.services, { serviceId: 'treatment', visitCount: 2, offeredRate: 90 }] }),
      'services.2.serviceId',
      'Each service appears once',
    ],
    ['no services', (i) => ({ ...i, services: [] }), 'services', referralMessages.servicesRequired],
    ['a start-by date in the past', (i) => ({ ...i, startBy: daysFromNow(-3) }), 'startBy', referralMessages.startByPast],
    ['an offer window not on the form', (i) => ({ ...i, offerOpenHours: 5 }), 'offerOpenHours', referralMessages.offerWindow],
  ];

  it.each(invalid)('refuses %s, naming the field with its message, on create and on edit, writing nothing', async (_name, change, field, message) => {
    const owner = await agency();
    const before = await referralCount();
    const create = await api(owner.cookie, 'POST', '/api/referrals', { referral: change(referralInput()), post: true });
    expect(create.status).toBe(400);
    const createError = await errorOf(create);
    expect(createError.code).toBe('VALIDATION');
    expect(createError.fields).toEqual({ [field]: message });
    expect(await referralCount()).toBe(before);
    expect(await db().$count(auditLog, and(eq(auditLog.actorUserId, owner.userId), eq(auditLog.entityType, 'referral')))).toBe(0);

    const draft = await createReferral(app.url, owner.cookie, {}, { post: false });
    const stored = await snapshot(draft.id);
    const edit = await api(owner.cookie, 'PUT', `/api/referrals/${draft.id}`, change(referralInput()));
    expect(edit.status).toBe(400);
    expect((await errorOf(edit)).fields).toEqual({ [field]: message });
    expect(await snapshot(draft.id)).toEqual(stored);
  });

  it('stores and shows nothing that identifies the patient: only the ZIP code, its city and state', async () => {
    const owner = await agency();
    const nearby = await therapist();
    const referral = await createReferral(app.url, owner.cookie);
    const columns = await app.runtime.database.pool.query<{ column_name: string }>(
      "select column_name from information_schema.columns where table_name = 'referrals' and table_schema = current_schema() order by ordinal_position",
    );
    const names = columns.rows.map((row) => row.column_name);
    expect(names.filter((name) => name.startsWith('patient_')).sort()).toEqual(['patient_city', 'patient_state', 'patient_zip']);
    for (const identifying of ['name', 'birth', 'dob', 'address', 'phone', 'diagnosis', 'physician', 'payer', 'mrn', 'ssn', 'email']) {
      expect(names.filter((name) => name.includes(identifying))).toEqual([]);
    }
    for (const view of [referral, await therapistView(nearby.cookie, referral.id)]) {
      expect(view.place).toEqual({ zip: '78704', city: 'Austin', state: 'TX', latitude: expect.any(Number), longitude: expect.any(Number) });
      expect(view.hasPatient).toBe(false);
      expect(Object.keys(view)).not.toEqual(expect.arrayContaining(['patient']));
      expect(JSON.stringify(view)).not.toMatch(/dateOfBirth|addressLine|firstName":"(?!Casey)|diagnosis/);
    }
    for (const notification of await notificationsAbout(db(), referral.id)) {
      expect(`${notification.title} ${notification.body}`).not.toMatch(/78704|knee/i);
    }
  });

  it('edits a posted referral before the match: responders are told, and therapists newly in range are offered it', async () => {
    const owner = await agency();
    const inHouston = await therapist({ zip: HOUSTON });
    const inAustin = await therapist();
    const referral = await createReferral(app.url, owner.cookie, { patientZip: HOUSTON });
    expect(referral.place).toMatchObject({ city: 'Houston', state: 'TX' });
    expect(await offeredTo(db(), referral.id)).toEqual([inHouston.userId]);
    expect(referral.notifiedCount).toBe(1);
    await ok(await respondTo(app.url, inHouston.cookie, referral.id, { kind: 'accept' }));

    const edited = await ok<AgencyReferral>(await api(owner.cookie, 'PUT', `/api/referrals/${referral.id}`, referralInput({ patientZip: '78704', offerOpenHours: 48 })));
    expect(edited).toMatchObject({ status: 'posted', place: { zip: '78704', city: 'Austin', state: 'TX' }, offerOpenHours: 48 });
    expect(new Date(edited.expiresAt!).getTime() - new Date(edited.postedAt!).getTime()).toBe(48 * 3_600_000);
    const offered = await offeredTo(db(), referral.id);
    expect(offered).toEqual(expect.arrayContaining([inHouston.userId, inAustin.userId]));
    expect(edited.notifiedCount).toBe(offered.length);
    expect(await notifiedUsers(referral.id, 'referral.posted')).toEqual(offered);
    expect(await notifiedUsers(referral.id, 'referral.updated')).toEqual([inHouston.userId]);
    expect((await therapistView(inAustin.cookie, referral.id)).place.city).toBe('Austin');
  });

  it('edits a posted referral in place: a therapist still in range keeps their one offer and is not told again', async () => {
    const owner = await agency();
    const inAustin = await therapist();
    const referral = await createReferral(app.url, owner.cookie);
    const offered = await offeredTo(db(), referral.id);
    expect(offered).toContain(inAustin.userId);

    const edited = await ok<AgencyReferral>(await api(owner.cookie, 'PUT', `/api/referrals/${referral.id}`, referralInput({ clinicalSummary: 'Edited summary: hip fracture rehab.' })));
    expect(edited).toMatchObject({ status: 'posted', notifiedCount: offered.length });
    expect(await offeredTo(db(), referral.id)).toEqual(offered);
    expect(await notifiedUsers(referral.id, 'referral.posted')).toEqual(offered);
  });

  it('refuses to edit or cancel a referral once matched (409), changing nothing', async () => {
    const owner = await agency();
    const taker = await therapist();
    const referral = await createReferral(app.url, owner.cookie, { instantConfirm: true });
    await ok(await respondTo(app.url, taker.cookie, referral.id, { kind: 'accept' }));
    const before = await snapshot(referral.id);
    expect(before.row?.status).toBe('matched');
    const edit = await refused(await api(owner.cookie, 'PUT', `/api/referrals/${referral.id}`, referralInput({ urgency: 'urgent' })), 409, 'CONFLICT');
    expect(edit.message).toBe('This referral can no longer be edited: it has been matched or closed.');
    await refused(await api(owner.cookie, 'POST', `/api/referrals/${referral.id}/cancel`, { reason: 'Changed our mind' }), 409, 'CONFLICT');
    expect(await snapshot(referral.id)).toEqual(before);
  });

  it('cancels with a reason, telling those with a live response; without a reason it names the field', async () => {
    const owner = await agency();
    const [accepter, asker, decliner] = [await therapist(), await therapist(), await therapist()];
    const referral = await createReferral(app.url, owner.cookie);
    await ok(await respondTo(app.url, accepter.cookie, referral.id, { kind: 'accept' }));
    await ok(await respondTo(app.url, asker.cookie, referral.id, { kind: 'rate_request', rates: { evaluation: 175 }, reason: 'long_distance' }));
    await ok(await respondTo(app.url, decliner.cookie, referral.id, { kind: 'decline' }));

    const before = await snapshot(referral.id);
    for (const body of [{}, { reason: '   ' }]) {
      const error = await refused(await api(owner.cookie, 'POST', `/api/referrals/${referral.id}/cancel`, body), 400, 'VALIDATION');
      expect(error.fields).toEqual({ reason: referralMessages.cancelReason });
    }
    expect(await snapshot(referral.id)).toEqual(before);

    const cancelled = await ok<AgencyReferral>(await api(owner.cookie, 'POST', `/api/referrals/${referral.id}/cancel`, { reason: 'Patient readmitted to hospital' }));
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelReason: 'Patient readmitted to hospital', cancelledAt: expect.any(String) });
    expect(await notifiedUsers(referral.id, 'referral.cancelled')).toEqual([accepter.userId, asker.userId].sort());
    expect(await therapistList(accepter.cookie)).not.toContain(referral.id);
    await refused(await respondTo(app.url, decliner.cookie, referral.id, { kind: 'accept' }), 409, 'CONFLICT');
    await refused(await api(owner.cookie, 'POST', `/api/referrals/${referral.id}/cancel`, { reason: 'Again' }), 409, 'CONFLICT');
    const [audit] = await db().select().from(auditLog).where(and(eq(auditLog.entityId, referral.id), eq(auditLog.action, 'referral.cancelled')));
    expect(audit).toMatchObject({ actorUserId: owner.userId, outcome: 'success', details: { reason: 'Patient readmitted to hospital' } });
  });
});

describe('matching: who is notified, and why not', () => {
  let owner: Person;
  let verified: Person;
  const people: Record<string, Person & { lastName: string }> = {};

  beforeAll(async () => {
    owner = await agency();
    verified = await manager();
    const specs: Record<string, TherapistOptions> = {
      pt: { zip: EL_PASO_WEST },
      ptSameZip: { zip: EL_PASO },
      outsideRadius: { zip: '78701' },
      otherState: { zip: EL_PASO, licenseState: 'NM' },
      expired: { zip: EL_PASO, licenseExpiry: '2020-01-31' },
      unavailable: { zip: EL_PASO, availableForReferrals: false },
      pending: { zip: EL_PASO, status: 'pending' },
      ot: { zip: EL_PASO, discipline: 'OT' },
      pta: { zip: EL_PASO, discipline: 'PTA' },
      cota: { zip: EL_PASO, discipline: 'COTA' },
      st: { zip: EL_PASO, discipline: 'ST' },
    };
    for (const [key, options] of Object.entries(specs)) people[key] = await therapist({ ...options, lastName: `Elpaso${key}` });
  });

  const ids = (...keys: string[]) => keys.map((key) => people[key]!.userId).sort();
  const explain = async (referralId: string, key: string) =>
    ok<EligibilityView>(await api(verified.cookie, 'GET', `/api/admin/referrals/${referralId}/eligibility/${people[key]!.userId}`));

  it('a PT referral with an evaluation is offered to exactly the eligible PTs, and the notified count says so', async () => {
    const referral = await createReferral(app.url, owner.cookie, { patientZip: EL_PASO });
    expect(await offeredTo(db(), referral.id)).toEqual(ids('pt', 'ptSameZip'));
    expect(referral.notifiedCount).toBe(2);
    expect(await notifiedUsers(referral.id, 'referral.posted')).toEqual(ids('pt', 'ptSameZip'));
    const summary = await ok<{ items: AgencyReferralSummary[] }>(await api(owner.cookie, 'GET', '/api/referrals'));
    expect(summary.items.find((item) => item.id === referral.id)).toMatchObject({ notifiedCount: 2, responseCount: 0 });
    for (const key of Object.keys(people).filter((k) => !['pt', 'ptSameZip'].includes(k))) {
      await refused(await api(people[key]!.cookie ?? '', 'GET', `/api/therapist/referrals/${referral.id}`), key === 'pending' ? 403 : 404, key === 'pending' ? 'FORBIDDEN' : 'NOT_FOUND');
    }
  });

  it('the manager sees, rule by rule, why each therapist was or was not eligible', async () => {
    const referral = await createReferral(app.url, owner.cookie, { patientZip: EL_PASO });
    const eligible = await explain(referral.id, 'pt');
    expect(eligible).toMatchObject({ referralId: referral.id, therapistId: people.pt!.userId, eligible: true, notified: true, therapistName: 'Casey Elpasopt' });
    expect(eligible.checks.map((check) => check.rule)).toEqual(['approved', 'available', 'discipline', 'credentials', 'documentation', 'radius']);
    expect(eligible.checks.every((check) => check.passed)).toBe(true);
    expect(eligible.distanceMiles).toBeGreaterThan(0);
    expect(eligible.distanceMiles).toBeLessThan(5);

    const expected: Record<string, { rule: string; detail: string | RegExp }> = {
      outsideRadius: { rule: 'radius', detail: /miles away, outside the 25-mile radius$/ },
      otherState: { rule: 'credentials', detail: 'State license (TX): none on file' },
      expired: { rule: 'credentials', detail: 'State license (TX): expired 2020-01-31' },
      unavailable: { rule: 'available', detail: 'Not taking new referrals' },
      pending: { rule: 'approved', detail: 'Awaiting approval' },
      ot: { rule: 'discipline', detail: 'OT cannot take Initial Evaluation and Treatment Session on a PT referral' },
      pta: { rule: 'discipline', detail: 'PTA cannot take Initial Evaluation on a PT referral' },
      cota: { rule: 'discipline', detail: 'COTA cannot take Initial Evaluation and Treatment Session on a PT referral' },
    };
    for (const [key, { rule, detail }] of Object.entries(expected)) {
      const view = await explain(referral.id, key);
      const failing = view.checks.filter((check) => !check.passed);
      expect({ key, eligible: view.eligible, notified: view.notified, failing: failing.map((check) => check.rule) }).toEqual({
        key,
        eligible: false,
        notified: false,
        failing: [rule],
      });
      expect(failing[0]!.detail).toMatch(detail);
    }

    const search = await ok<{ items: EligibilityView[] }>(await api(verified.cookie, 'GET', `/api/admin/referrals/${referral.id}/eligibility?q=Elpaso`));
    expect(search.items).toHaveLength(Object.keys(people).length);
    expect(search.items.filter((item) => item.notified).map((item) => item.therapistId).sort()).toEqual(ids('pt', 'ptSameZip'));
    const list = await ok<{ items: Array<AgencyReferralSummary & { agencyName: string }> }>(await api(verified.cookie, 'GET', '/api/admin/referrals'));
    expect(list.items.find((item) => item.id === referral.id)).toMatchObject({ agencyName: expect.stringContaining('Home Health'), notifiedCount: 2 });
  });

  it('a PTA is offered a PT referral of treatment sessions only; a COTA an OT one; an OT never a PT one', async () => {
    const treatmentOnly = [{ serviceId: 'treatment' as const, visitCount: 8, offeredRate: 100 }];
    const pt = await createReferral(app.url, owner.cookie, { patientZip: EL_PASO, services: treatmentOnly });
    expect(await offeredTo(db(), pt.id)).toEqual(ids('pt', 'ptSameZip', 'pta'));
    expect(pt.notifiedCount).toBe(3);
    expect((await explain(pt.id, 'pta')).checks.find((check) => check.rule === 'discipline')).toEqual({
      rule: 'discipline',
      passed: true,
      detail: 'PTA can take Treatment Session on a PT referral',
    });

    const ot = await createReferral(app.url, owner.cookie, { discipline: 'OT', patientZip: EL_PASO, services: treatmentOnly });
    expect(await offeredTo(db(), ot.id)).toEqual(ids('ot', 'cota'));
    const otWithEvaluation = await createReferral(app.url, owner.cookie, { discipline: 'OT', patientZip: EL_PASO });
    expect(await offeredTo(db(), otWithEvaluation.id)).toEqual(ids('ot'));
    const st = await createReferral(app.url, owner.cookie, { discipline: 'ST', patientZip: EL_PASO, services: treatmentOnly });
    expect(await offeredTo(db(), st.id)).toEqual(ids('st'));
  });
});

describe('a therapist answers a referral', () => {
  let owner: Person;
  beforeAll(async () => {
    owner = await agency();
  });

  it('accepts at the offered rates: the agency is told and sees the therapist’s profile; the first response time is kept', async () => {
    const taker = await therapist({ yearsExperience: 9 });
    const referral = await createReferral(app.url, owner.cookie);
    const answered = await ok<TherapistReferral>(await respondTo(app.url, taker.cookie, referral.id, { kind: 'accept' }));
    expect(answered.myResponse).toMatchObject({ status: 'accepted', requestedRates: { evaluation: 150, treatment: 100 }, counterRates: null });
    const seen = await agencyView(owner.cookie, referral.id);
    expect(seen.firstResponseAt).not.toBeNull();
    expect(responseOf(seen, taker.userId).therapist).toEqual({
      therapistId: taker.userId,
      firstName: 'Casey',
      lastName: taker.lastName,
      disciplines: ['PT'],
      licenseState: 'TX',
      licenseExpiry: '2030-12-31',
      verificationStatus: 'approved',
      badge: expect.stringMatching(/^License TX verified [A-Z][a-z]{2} \d{4} · NPI · Background check$/),
      yearsExperience: 9,
      distanceMiles: expect.any(Number),
    });
    expect(JSON.stringify(seen.responses)).not.toContain(taker.email);
    expect(await notifiedUsers(referral.id, 'referral.accepted')).toEqual([owner.userId]);
  });

  it('asks for a higher rate with a reason, refusing one below the offer, one no higher, and “other” without a note', async () => {
    const asker = await therapist();
    const referral = await createReferral(app.url, owner.cookie);
    const before = await snapshot(referral.id);
    const cases: Array<[unknown, Record<string, string>]> = [
      [{ kind: 'rate_request', rates: { treatment: 90, evaluation: 180 }, reason: 'complex_case' }, { 'rates.treatment': 'Ask for at least the offered $100' }],
      [{ kind: 'rate_request', rates: { treatment: 100 }, reason: 'complex_case' }, { rates: referralMessages.rateRequestHigher }],
      [{ kind: 'rate_request', rates: { treatment: 120 }, reason: 'other', note: '  ' }, { note: referralMessages.rateRequestNote }],
      [{ kind: 'rate_request', rates: { discharge: 120 }, reason: 'complex_case' }, { 'rates.discharge': 'This service is not on the referral' }],
      [{ kind: 'rate_request', rates: { treatment: 120 } }, { reason: referralMessages.rateRequestReason }],
      [{ kind: 'rate_request', rates: { treatment: 120.005 }, reason: 'complex_case' }, { 'rates.treatment': referralMessages.rateCents }],
    ];
    for (const [body, fields] of cases) {
      const error = await refused(await api(asker.cookie, 'POST', `/api/therapist/referrals/${referral.id}/response`, body), 400, 'VALIDATION');
      expect(error.fields).toEqual(fields);
    }
    expect(await snapshot(referral.id)).toEqual(before);

    const asked = await ok<TherapistReferral>(
      await respondTo(app.url, asker.cookie, referral.id, { kind: 'rate_request', rates: { treatment: 125 }, reason: 'other', note: 'Third-floor walk-up, two transfers' }),
    );
    expect(asked.myResponse).toMatchObject({
      status: 'rate_requested',
      requestedRates: { evaluation: 150, treatment: 125 },
      reason: 'other',
      note: 'Third-floor walk-up, two transfers',
    });
    expect(await notifiedUsers(referral.id, 'referral.rate_requested')).toEqual([owner.userId]);
  });

  it('declines, withdraws, and hides and shows a referral again', async () => {
    const person = await therapist();
    const referral = await createReferral(app.url, owner.cookie);
    const declined = await ok<TherapistReferral>(await respondTo(app.url, person.cookie, referral.id, { kind: 'decline', note: 'Too far this week' }));
    expect(declined.myResponse).toMatchObject({ status: 'declined', note: 'Too far this week' });
    expect((await agencyView(owner.cookie, referral.id)).firstResponseAt).toBeNull();
    expect(await notificationsAbout(db(), referral.id, 'referral.declined')).toEqual([]);

    await ok(await respondTo(app.url, person.cookie, referral.id, { kind: 'accept' }));
    const withdrawn = await ok<TherapistReferral>(await api(person.cookie, 'DELETE', `/api/therapist/referrals/${referral.id}/response`));
    expect(withdrawn.myResponse?.status).toBe('withdrawn');
    expect(await notifiedUsers(referral.id, 'referral.withdrawn')).toEqual([owner.userId]);
    expect(await refused(await api(person.cookie, 'DELETE', `/api/therapist/referrals/${referral.id}/response`), 404, 'NOT_FOUND')).toMatchObject({
      message: 'You have no response to withdraw.',
    });

    expect(await therapistList(person.cookie)).toContain(referral.id);
    const hidden = await ok<TherapistReferral>(await api(person.cookie, 'POST', `/api/therapist/referrals/${referral.id}/hide`));
    expect(hidden.hidden).toBe(true);
    expect(await therapistList(person.cookie)).not.toContain(referral.id);
    expect(await therapistList(person.cookie, 'hidden')).toEqual([referral.id]);
    const shown = await ok<TherapistReferral>(await api(person.cookie, 'POST', `/api/therapist/referrals/${referral.id}/unhide`));
    expect(shown.hidden).toBe(false);
    expect(await therapistList(person.cookie)).toContain(referral.id);
    expect(await therapistList(person.cookie, 'hidden')).toEqual([]);
  });

  it('the agency counters a rate request; the therapist accepts (at the counter rates) or declines it', async () => {
    const [taker, refuser] = [await therapist(), await therapist()];
    const referral = await createReferral(app.url, owner.cookie);
    for (const person of [taker, refuser]) {
      await ok(await respondTo(app.url, person.cookie, referral.id, { kind: 'rate_request', rates: { treatment: 140 }, reason: 'long_distance' }));
    }
    await refused(await api(taker.cookie, 'POST', `/api/therapist/referrals/${referral.id}/counter`, { accept: true }), 409, 'CONFLICT');
    let seen = await agencyView(owner.cookie, referral.id);
    const counterPath = (therapistId: string) => `/api/referrals/${referral.id}/responses/${responseOf(seen, therapistId).id}/counter`;

    const same = await refused(await api(owner.cookie, 'POST', counterPath(taker.userId), { rates: { treatment: 140 } }), 400, 'VALIDATION');
    expect(same.fields).toEqual({ rates: referralMessages.counterHigher });
    for (const person of [taker, refuser]) {
      await ok(await api(owner.cookie, 'POST', counterPath(person.userId), { rates: { treatment: 120 }, note: 'Our ceiling for this payer' }));
    }
    expect(await notifiedUsers(referral.id, 'referral.countered')).toEqual([taker.userId, refuser.userId].sort());
    const offered = await therapistView(taker.cookie, referral.id);
    expect(offered.myResponse).toMatchObject({ status: 'countered', counterRates: { evaluation: 150, treatment: 120 }, counterNote: 'Our ceiling for this payer' });

    const took = await ok<TherapistReferral>(await api(taker.cookie, 'POST', `/api/therapist/referrals/${referral.id}/counter`, { accept: true }));
    expect(took.myResponse).toMatchObject({ status: 'accepted', requestedRates: { evaluation: 150, treatment: 120 }, counterRates: { evaluation: 150, treatment: 120 } });
    const turned = await ok<TherapistReferral>(await api(refuser.cookie, 'POST', `/api/therapist/referrals/${referral.id}/counter`, { accept: false }));
    expect(turned.myResponse?.status).toBe('declined');
    expect(await notifiedUsers(referral.id, 'referral.counter_accepted')).toEqual([owner.userId]);
    expect(await notifiedUsers(referral.id, 'referral.counter_declined')).toEqual([owner.userId]);
    // Only a rate request can be countered; an acceptance cannot.
    seen = await agencyView(owner.cookie, referral.id);
    await refused(await api(owner.cookie, 'POST', counterPath(taker.userId), { rates: { treatment: 115 } }), 409, 'CONFLICT');

    // Confirming the accepted counter agrees the counter's rates.
    const matched = await ok<AgencyReferral>(await api(owner.cookie, 'POST', `/api/referrals/${referral.id}/responses/${responseOf(seen, taker.userId).id}/confirm`));
    expect(matched.agreedRates).toEqual({ evaluation: 150, treatment: 120 });
    expect(matched.matchedTherapist?.therapistId).toBe(taker.userId);
  });
});

describe('the agency confirms the match', () => {
  it('matches exactly one therapist at the rates asked; the others are told it was filled; fill time is computed', async () => {
    const owner = await agency();
    const [chosen, other, decliner, bystander] = [await therapist(), await therapist(), await therapist(), await therapist()];
    const referral = await createReferral(app.url, owner.cookie);
    await ok(await respondTo(app.url, chosen.cookie, referral.id, { kind: 'rate_request', rates: { treatment: 115, evaluation: 160 }, reason: 'complex_case' }));
    await ok(await respondTo(app.url, other.cookie, referral.id, { kind: 'accept' }));
    await ok(await respondTo(app.url, decliner.cookie, referral.id, { kind: 'decline' }));
    // As if posted an hour and a half ago, so the fill time is something to compute.
    await db()
      .update(referrals)
      .set({ postedAt: sql`posted_at - interval '90 minutes'`, firstResponseAt: sql`first_response_at - interval '60 minutes'` })
      .where(eq(referrals.id, referral.id));
    const seen = await agencyView(owner.cookie, referral.id);
    expect(seen.responses.map((r) => r.status)).toEqual(['rate_requested', 'accepted', 'declined']);
    const confirmPath = (therapistId: string) => `/api/referrals/${referral.id}/responses/${responseOf(seen, therapistId).id}/confirm`;

    // A declined response cannot be confirmed.
    await refused(await api(owner.cookie, 'POST', confirmPath(decliner.userId)), 409, 'CONFLICT');

    const matched = await ok<AgencyReferral>(await api(owner.cookie, 'POST', confirmPath(chosen.userId)));
    expect(matched).toMatchObject({ status: 'matched', agreedRates: { evaluation: 160, treatment: 115 }, matchedTherapist: { therapistId: chosen.userId } });
    const posted = new Date(matched.postedAt!).getTime();
    const first = new Date(matched.firstResponseAt!).getTime();
    const at = new Date(matched.matchedAt!).getTime();
    expect(posted).toBeLessThan(first);
    expect(first).toBeLessThan(at);
    expect(matched.fillMinutes).toBe(Math.round(((at - posted) / 60_000) * 10) / 10);
    expect(matched.fillMinutes).toBeGreaterThanOrEqual(90);
    expect(matched.fillMinutes).toBeLessThan(91);
    expect(Object.fromEntries(matched.responses.map((r) => [r.therapist.therapistId, r.status]))).toEqual({
      [chosen.userId]: 'confirmed',
      [other.userId]: 'not_selected',
      [decliner.userId]: 'declined',
    });
    expect(await notifiedUsers(referral.id, 'referral.matched')).toEqual([chosen.userId]);
    expect(await notifiedUsers(referral.id, 'referral.filled')).toEqual([other.userId]);
    expect(await db().$count(auditLog, and(eq(auditLog.entityId, referral.id), eq(auditLog.action, 'referral.matched')))).toBe(1);

    // The agency's list shows the match: its services, the one live response, the therapist's name.
    const listed = (await ok<{ items: AgencyReferralSummary[] }>(await api(owner.cookie, 'GET', '/api/referrals'))).items.find((item) => item.id === referral.id);
    expect(listed).toMatchObject({
      status: 'matched',
      services: [
        { serviceId: 'evaluation', name: 'Initial Evaluation', visitCount: 1, offeredRate: 150 },
        { serviceId: 'treatment', name: 'Treatment Session', visitCount: 8, offeredRate: 100 },
      ],
      responseCount: 1,
      matchedTherapistName: `${chosen.firstName} ${chosen.lastName}`,
    });
    expect(listed?.notifiedCount).toBeGreaterThanOrEqual(4);

    // The matched therapist finds it under "mine"; for everyone else it has left the open list.
    expect(await therapistList(chosen.cookie, 'mine')).toEqual([referral.id]);
    expect(await therapistView(chosen.cookie, referral.id)).toMatchObject({ matchedToMe: true, status: 'matched' });
    expect(await therapistList(other.cookie)).not.toContain(referral.id);

    // A second confirm is a clear conflict, and changes nothing.
    const before = await snapshot(referral.id);
    expect(await refused(await api(owner.cookie, 'POST', confirmPath(other.userId)), 409, 'CONFLICT')).toEqual({
      code: 'CONFLICT',
      message: 'This referral has already been filled or closed.',
    });
    // Answering after the match is refused too.
    for (const [person, method, path, body] of [
      [bystander, 'POST', 'response', { kind: 'accept' }],
      [other, 'POST', 'response', { kind: 'rate_request', rates: { treatment: 130 }, reason: 'complex_case' }],
      [other, 'DELETE', 'response', undefined],
      [decliner, 'POST', 'counter', { accept: true }],
    ] as const) {
      const error = await refused(await api(person.cookie, method, `/api/therapist/referrals/${referral.id}/${path}`, body), 409, 'CONFLICT');
      expect(error.message).toBe('This referral has already been filled.');
    }
    await refused(await api(owner.cookie, 'POST', `/api/referrals/${referral.id}/responses/${responseOf(seen, other.userId).id}/counter`, { rates: { treatment: 140 } }), 409, 'CONFLICT');
    expect(await snapshot(referral.id)).toEqual(before);
  });

  it('instant confirm: the first acceptance is matched automatically and the agency is told', async () => {
    const owner = await agency();
    const [asker, first, late] = [await therapist(), await therapist(), await therapist()];
    const referral = await createReferral(app.url, owner.cookie, { instantConfirm: true });
    expect(referral.instantConfirm).toBe(true);
    // A rate request is not within the offered rates: it waits for the agency.
    const asked = await ok<TherapistReferral>(await respondTo(app.url, asker.cookie, referral.id, { kind: 'rate_request', rates: { treatment: 130 }, reason: 'complex_case' }));
    expect(asked).toMatchObject({ status: 'posted', myResponse: { status: 'rate_requested' } });

    const accepted = await ok<TherapistReferral>(await respondTo(app.url, first.cookie, referral.id, { kind: 'accept' }));
    expect(accepted).toMatchObject({ status: 'matched', matchedToMe: true, myResponse: { status: 'confirmed' } });
    const seen = await agencyView(owner.cookie, referral.id);
    expect(seen).toMatchObject({ status: 'matched', matchedTherapist: { therapistId: first.userId }, agreedRates: { evaluation: 150, treatment: 100 } });
    expect(seen.fillMinutes).not.toBeNull();
    expect(await notifiedUsers(referral.id, 'referral.matched')).toEqual([first.userId, owner.userId].sort());
    expect(await notifiedUsers(referral.id, 'referral.filled')).toEqual([asker.userId]);
    expect(await notificationsAbout(db(), referral.id, 'referral.accepted')).toEqual([]);
    expect(await db().$count(auditLog, and(eq(auditLog.entityId, referral.id), eq(auditLog.action, 'referral.matched_instantly')))).toBe(1);

    const error = await refused(await respondTo(app.url, late.cookie, referral.id, { kind: 'accept' }), 409, 'CONFLICT');
    expect(error.message).toBe('This referral has already been filled.');
  });
});

describe('expiry', () => {
  it('the expire job closes a referral whose offer window has passed; therapists no longer see it open', async () => {
    const owner = await agency();
    const nearby = await therapist();
    const referral = await createReferral(app.url, owner.cookie, { offerOpenHours: 4 });
    // The job was queued for the end of the offer window.
    const jobs = await app.runtime.database.pool.query<{ start_after: Date }>(
      "select start_after from pgboss.job where name = 'expire-referral' and data->>'referralId' = $1",
      [referral.id],
    );
    expect(jobs.rows.map((row) => row.start_after.toISOString())).toEqual([referral.expiresAt]);

    expect(await expireReferral(app.runtime.database, referral.id)).toBe(false);
    expect(await therapistList(nearby.cookie)).toContain(referral.id);

    await db().update(referrals).set({ expiresAt: sql`now() - interval '1 minute'` }).where(eq(referrals.id, referral.id));
    // Past its window but not yet expired by the job: it is already out of the open list, and answers are refused.
    expect(await therapistList(nearby.cookie)).not.toContain(referral.id);
    expect(await refused(await respondTo(app.url, nearby.cookie, referral.id, { kind: 'accept' }), 409, 'CONFLICT')).toMatchObject({
      message: 'This referral’s offer has expired.',
    });

    expect(await expireReferral(app.runtime.database, referral.id)).toBe(true);
    expect(await expireReferral(app.runtime.database, referral.id)).toBe(false);
    expect((await agencyView(owner.cookie, referral.id)).status).toBe('expired');
    expect(await therapistList(nearby.cookie)).not.toContain(referral.id);
    expect((await therapistView(nearby.cookie, referral.id)).status).toBe('expired');
    expect(await notifiedUsers(referral.id, 'referral.expired')).toEqual([owner.userId]);
    const closed = await ok<{ items: AgencyReferralSummary[] }>(await api(owner.cookie, 'GET', '/api/referrals?status=closed'));
    expect(closed.items.map((item) => item.id)).toEqual([referral.id]);
    await refused(await respondTo(app.url, nearby.cookie, referral.id, { kind: 'accept' }), 409, 'CONFLICT');
  });
});
