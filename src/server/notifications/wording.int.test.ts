import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { buildAgency, buildTherapist, clientAddress } from '../../../test/factories';
import { callApi, ok } from '../../../test/http';
import { patientInput } from '../../../test/patients';
import { session, type SignedIn } from '../../../test/people';
import { buildReferral, insertResponse } from '../../../test/referral-fixtures';
import { createReferral, notificationsAbout } from '../../../test/referrals';
import type { AgencyReferral } from '../../domain/referrals';
import type { VisitDetail } from '../../domain/visits';
import { notifications, referralAgreedRates } from '../db/schema/index';

/**
 * What notifications say: who (the therapist's or agency's name), what (the rates, the visit's
 * service and time on the reader's clock) and which referral (its reference and coarse place),
 * and never who the patient is. Told through the API, as the people who cause them act.
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const db = () => app.runtime.database.db;
// El Paso is far from every other test's therapists, so only the ones built here are offered the referral.
const EL_PASO = '79901';
const TAG = /^R-\d{4,} · El Paso, TX$/;
const patient = patientInput({ firstName: 'Dolores', lastName: 'Abernathy', addressLine: '1200 Sweetwater Lane', zip: '79901', city: 'El Paso', phone: '(915) 555-0142' });
const PHI = ['Dolores', 'Abernathy', 'Sweetwater', '555-0142', 'M17.11', 'osteoarthritis', 'Robert Ford', '79901', 'knee'];

const call = (who: SignedIn, method: string, path: string, body?: unknown) =>
  callApi(app.url, method, `/api${path}`, { cookie: who.cookie, ip: clientAddress(), body });

async function received(userId: string) {
  return db()
    .select({ type: notifications.type, title: notifications.title, body: notifications.body, link: notifications.link })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(asc(notifications.id));
}

async function only(userId: string, type: string) {
  const found = (await received(userId)).filter((n) => n.type === type);
  expect(found, type).toHaveLength(1);
  return found[0]!;
}

function expectNoPhi(items: { title: string; body: string }[]) {
  for (const item of items) for (const word of PHI) expect(`${item.title} ${item.body}`.toLowerCase()).not.toContain(word.toLowerCase());
}

describe('referral notifications name the therapist, the agency, the rates and the referral', () => {
  it('from the posting through answers, a counter offer and the match to the patient details', async () => {
    const agency = await session(app, await buildAgency(db(), { companyName: 'Bluebird Home Care' }));
    const robin = await session(app, await buildTherapist(db(), { firstName: 'Robin', lastName: 'Okafor', zip: EL_PASO }));
    const sam = await session(app, await buildTherapist(db(), { firstName: 'Sam', lastName: 'Lee', zip: EL_PASO }));
    const referral = await createReferral(app.url, agency.cookie, { patientZip: EL_PASO });
    const tag = `R-${referral.referenceNumber} · El Paso, TX`;
    expect(tag).toMatch(TAG);

    const alert = await only(robin.userId, 'referral.posted');
    expect(alert.title).toBe('New PT referral near you');
    expect(alert.body).toMatch(new RegExp(`^${tag}, \\d+\\.\\d mi from you: Initial Evaluation \\$150, Treatment Session \\$100\\. Start by [A-Z][a-z]{2} \\d{1,2}, \\d{4}\\.$`));

    await ok(await call(robin, 'POST', `/therapist/referrals/${referral.id}/response`, { kind: 'accept' }));
    const accepted = await only(agency.userId, 'referral.accepted');
    expect(accepted.title).toBe(`Robin Okafor accepted ${tag}`);
    expect(accepted.body).toBe('At your offered rates: Initial Evaluation $150, Treatment Session $100. Review them and confirm the match.');

    await ok(await call(sam, 'POST', `/therapist/referrals/${referral.id}/response`, { kind: 'rate_request', rates: { evaluation: 180 }, reason: 'complex_case', note: 'Stairs at 1200 Sweetwater' }));
    const asked = await only(agency.userId, 'referral.rate_requested');
    expect(asked.title).toBe(`Sam Lee asked for a higher rate on ${tag}`);
    expect(asked.body).toBe('Initial Evaluation $180 (you offered $150), Treatment Session $100. Reason: Complex case. Confirm it, or make a counter offer.');

    const withResponses = await ok<AgencyReferral>(await call(agency, 'GET', `/referrals/${referral.id}`));
    const responseOf = (therapistId: string) => withResponses.responses.find((r) => r.therapist.therapistId === therapistId)!.id;
    await ok(await call(agency, 'POST', `/referrals/${referral.id}/responses/${responseOf(sam.userId)}/counter`, { rates: { evaluation: 165 }, note: '' }));
    const counter = await only(sam.userId, 'referral.countered');
    expect(counter.title).toBe(`Bluebird Home Care made a counter offer on ${tag}`);
    expect(counter.body).toBe('They offer Initial Evaluation $165 (you asked $180), Treatment Session $100. Accept or decline it.');

    await ok(await call(sam, 'POST', `/therapist/referrals/${referral.id}/counter`, { accept: true }));
    const took = await only(agency.userId, 'referral.counter_accepted');
    expect(took.title).toBe(`Sam Lee accepted your counter offer on ${tag}`);
    expect(took.body).toBe('Agreed: Initial Evaluation $165, Treatment Session $100. Confirm the match to assign the referral.');

    await ok(await call(agency, 'POST', `/referrals/${referral.id}/responses/${responseOf(robin.userId)}/confirm`));
    const matched = await only(robin.userId, 'referral.matched');
    expect(matched.title).toBe(`You were matched to ${tag}`);
    expect(matched.body).toBe('Bluebird Home Care confirmed you at Initial Evaluation $150, Treatment Session $100. Patient details will follow in the app.');
    expect((await only(sam.userId, 'referral.filled')).title).toBe(`${tag} was filled`);

    await ok(await call(agency, 'PUT', `/referrals/${referral.id}/patient`, patient));
    const added = await only(robin.userId, 'referral.patient_added');
    expect(added.title).toBe(`Patient details added to ${tag}`);
    expect(added.body).toBe('Bluebird Home Care added the patient details for your referral. Open it to see them.');

    // Nothing anyone was told identifies the patient, nor repeats what a therapist typed.
    const told = await notificationsAbout(db(), referral.id);
    expect(told.length).toBeGreaterThanOrEqual(8);
    expectNoPhi(told);
    for (const item of told) expect(item.body).not.toContain('Sweetwater');
  });
});

describe('visit notifications name the visit, its time on the reader’s clock and who acted', () => {
  async function matchedReferral() {
    const agencyPerson = await buildAgency(db(), { companyName: 'Bluebird Home Care' });
    const therapistPerson = await buildTherapist(db(), { firstName: 'Robin', lastName: 'Okafor' });
    const referral = await buildReferral(db(), { agencyId: agencyPerson.userId, status: 'matched', matchedTherapistId: therapistPerson.userId, patientZip: EL_PASO, patientCity: 'El Paso' });
    await db().insert(referralAgreedRates).values({ referralId: referral.id, serviceId: 'evaluation', rate: 160 });
    await insertResponse(db(), { referralId: referral.id, therapistId: therapistPerson.userId, status: 'confirmed' });
    const agency = await session(app, agencyPerson);
    const therapist = await session(app, therapistPerson);
    await ok(await call(agency, 'PUT', `/referrals/${referral.id}/patient`, patient));
    return { referral, agency, therapist };
  }

  it('a rescheduled and a cancelled visit tell the other party when, in their own time zone', async () => {
    const { referral, agency, therapist } = await matchedReferral();
    await ok(await call(agency, 'PUT', '/me/time-zone', { timeZone: 'America/New_York' }));
    await ok(await call(therapist, 'PUT', '/me/time-zone', { timeZone: 'America/Los_Angeles' }));
    // Noon UTC on a day three days out: 8 AM in New York (EDT) or 7 AM (EST), 5 or 4 AM in Los Angeles.
    const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const start = `${day}T12:00:00.000Z`;
    const visit = await ok<VisitDetail>(await call(therapist, 'POST', `/referrals/${referral.id}/visits`, { serviceId: 'evaluation', scheduledStart: `${day}T10:00:00.000Z`, durationMinutes: 60 }), 201);
    await ok(await call(therapist, 'PUT', `/visits/${visit.id}/schedule`, { scheduledStart: start, reason: 'Patient asked for later' }));

    const eastern = new Date(start).toLocaleString('en-US', { timeZone: 'America/New_York', hour: 'numeric', minute: '2-digit', hour12: true });
    const moved = await only(agency.userId, 'visit.visit_rescheduled');
    expect(moved.title).toMatch(/^Visit rescheduled: R-\d+ · El Paso, TX$/);
    expect(moved.body).toMatch(new RegExp(`^Robin Okafor moved the visit to the Initial Evaluation on [A-Z][a-z]{2}, [A-Z][a-z]{2} \\d{1,2} at ${eastern} E[SD]T\\. Open it to see the reason\\.$`));
    expect(moved.link).toBe(`/dashboard/agency/visits/${visit.id}`);

    await ok(await call(agency, 'POST', `/visits/${visit.id}/cancel`, { reason: 'Patient admitted to hospital' }));
    const pacific = new Date(start).toLocaleString('en-US', { timeZone: 'America/Los_Angeles', hour: 'numeric', minute: '2-digit', hour12: true });
    const cancelled = await only(therapist.userId, 'visit.visit_cancelled');
    expect(cancelled.title).toMatch(/^Visit cancelled: R-\d+ · El Paso, TX$/);
    expect(cancelled.body).toMatch(new RegExp(`^Bluebird Home Care cancelled the Initial Evaluation on .* at ${pacific} P[SD]T\\. Open it to see the reason\\.$`));

    // The reasons stay on the visit page.
    for (const item of [...(await received(agency.userId)), ...(await received(therapist.userId))]) {
      expect(`${item.title} ${item.body}`).not.toMatch(/hospital|asked for later/i);
    }
    expectNoPhi([moved, cancelled]);
  });
});
