import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { buildAgency, buildManager, buildTherapist } from '../../../test/factories';
import { callApi, ok, refused } from '../../../test/http';
import { buildPayableVisit } from '../../../test/payment-fixtures';
import { patientInput } from '../../../test/patients';
import { session, type SignedIn } from '../../../test/people';
import { buildReferral, insertResponse } from '../../../test/referral-fixtures';
import { createReferral } from '../../../test/referrals';
import { buildVisit } from '../../../test/visit-fixtures';
import { referenceSearchMessage } from '../../domain/referral-reference';
import type { PatientRecord } from '../../domain/dashboards';
import type { AgencyReferral, TherapistReferral } from '../../domain/referrals';
import type { AgencyReferralSummary, TherapistReferralSummary } from '../../domain/referral-summaries';
import type { VisitList } from '../../domain/visits';
import { auditLog, referralOffers, referrals, visits } from '../db/schema/index';
import type { InvoiceLineItem } from '../payments/schemas';

/**
 * Every referral carries a short reference (R-1042), labelled "R-1042 · D. Abernathy" for its
 * parties at aal2 once the patient is added and "R-1042 · Austin, TX" for everyone else; the
 * referral lists, the schedule and the payment lists find a record by it.
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const db = () => app.runtime.database.db;
const get = <T>(who: Pick<SignedIn, 'cookie' | 'ip'>, path: string) => callApi(app.url, 'GET', `/api${path}`, { cookie: who.cookie, ip: who.ip }).then((r) => ok<T>(r));
const PHI = ['Dolores', 'Abernathy'];

/** A matched, in-progress referral with its patient added by the agency at aal2. */
async function matchedWithPatient() {
  const agencyPerson = await buildAgency(db());
  const therapistPerson = await buildTherapist(db());
  const referral = await buildReferral(db(), { agencyId: agencyPerson.userId, status: 'in_progress', matchedTherapistId: therapistPerson.userId });
  await insertResponse(db(), { referralId: referral.id, therapistId: therapistPerson.userId, status: 'confirmed' });
  const agency = await session(app, agencyPerson);
  const therapist = await session(app, therapistPerson);
  await ok(await callApi(app.url, 'PUT', `/api/referrals/${referral.id}/patient`, { cookie: agency.cookie, body: patientInput() }));
  return { referral, agency, therapist, agencyPerson, therapistPerson, place: `R-${referral.referenceNumber} · Austin, TX`, named: `R-${referral.referenceNumber} · D. Abernathy` };
}

const shortNameReads = (referralId: string, userId: string) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, referralId), eq(auditLog.actorUserId, userId), eq(auditLog.action, 'patient.read')));

describe('each referral gets the next reference', () => {
  it('referrals created through the API are numbered from 1001 up, one apart', async () => {
    const agency = await session(app, await buildAgency(db()));
    const first = await createReferral(app.url, agency.cookie);
    const second = await createReferral(app.url, agency.cookie, {}, { post: false });
    expect(first.referenceNumber).toBeGreaterThanOrEqual(1001);
    expect(second.referenceNumber).toBe(first.referenceNumber + 1);
    expect(first.referenceLabel).toBe(`R-${first.referenceNumber} · Austin, TX`);
  });
});

describe('labels: the patient’s short name for the parties at aal2, the place for everyone else', () => {
  it('the agency’s list and page name the patient at aal2 (each an audited read) and show the place at aal1', async () => {
    const { referral, agency, agencyPerson, named, place } = await matchedWithPatient();
    const list = await get<{ items: AgencyReferralSummary[] }>(agency, '/referrals');
    expect(list.items.find((item) => item.id === referral.id)?.referenceLabel).toBe(named);
    expect((await get<AgencyReferral>(agency, `/referrals/${referral.id}`)).referenceLabel).toBe(named);
    const reads = await shortNameReads(referral.id, agency.userId);
    expect(reads.filter((row) => (row.details as { view?: string }).view === 'short_name')).toHaveLength(2);
    for (const row of reads) expect(JSON.stringify(row)).not.toContain('Abernathy');

    const weak = await session(app, agencyPerson, 'aal1');
    const weakList = await callApi(app.url, 'GET', '/api/referrals', { cookie: weak.cookie });
    const text = await weakList.clone().text();
    expect((await ok<{ items: AgencyReferralSummary[] }>(weakList)).items.find((item) => item.id === referral.id)?.referenceLabel).toBe(place);
    expect((await get<AgencyReferral>(weak, `/referrals/${referral.id}`)).referenceLabel).toBe(place);
    for (const value of PHI) expect(text).not.toContain(value);
  });

  it('the agency’s patient records name the patient at aal2 and show the place at aal1', async () => {
    const { referral, agency, agencyPerson, named, place } = await matchedWithPatient();
    const records = await get<{ items: PatientRecord[] }>(agency, '/agency/patients');
    expect(records.items.map((item) => [item.referralId, item.referenceNumber, item.referenceLabel])).toEqual([[referral.id, referral.referenceNumber, named]]);
    const weak = await session(app, agencyPerson, 'aal1');
    expect((await get<{ items: PatientRecord[] }>(weak, '/agency/patients')).items.map((item) => item.referenceLabel)).toEqual([place]);
  });

  it('the matched therapist sees the name at aal2 in “My referrals” and on the page; the place at aal1', async () => {
    const { referral, therapist, therapistPerson, named, place } = await matchedWithPatient();
    const mine = await get<{ items: TherapistReferralSummary[] }>(therapist, '/therapist/referrals?view=mine');
    expect(mine.items.map((item) => item.referenceLabel)).toEqual([named]);
    expect((await get<TherapistReferral>(therapist, `/therapist/referrals/${referral.id}`)).referenceLabel).toBe(named);
    const weak = await session(app, therapistPerson, 'aal1');
    expect((await get<{ items: TherapistReferralSummary[] }>(weak, '/therapist/referrals?view=mine')).items.map((item) => item.referenceLabel)).toEqual([place]);
  });

  it('before the match, and for anyone not a party (a therapist it was offered to, a manager), the label is the place', async () => {
    const { referral, place } = await matchedWithPatient();
    const offered = await buildTherapist(db());
    await db().insert(referralOffers).values({ referralId: referral.id, therapistId: offered.userId, distanceMiles: 3 });
    const outsider = await session(app, offered);
    const seen = await get<TherapistReferral>(outsider, `/therapist/referrals/${referral.id}`);
    expect(seen.referenceLabel).toBe(place);
    expect(await shortNameReads(referral.id, outsider.userId)).toEqual([]);

    const manager = await session(app, await buildManager(db()));
    const all = await get<{ items: AgencyReferralSummary[] }>(manager, '/admin/referrals');
    const text = JSON.stringify(all);
    expect(all.items.find((item) => item.id === referral.id)?.referenceLabel).toBe(place);
    for (const value of PHI) expect(text).not.toContain(value);

    const agency = await session(app, await buildAgency(db()));
    const posted = await createReferral(app.url, agency.cookie);
    expect((await get<AgencyReferral>(agency, `/referrals/${posted.id}`)).referenceLabel).toBe(`R-${posted.referenceNumber} · Austin, TX`);
  });
});

describe('searching by reference', () => {
  it('the agency finds its referral by R-#### or ####, whatever its status; never another agency’s', async () => {
    const { referral, agency, named } = await matchedWithPatient();
    for (const text of [`R-${referral.referenceNumber}`, `r${referral.referenceNumber}`, ` ${referral.referenceNumber} `]) {
      // The Open tab holds only posted referrals: a search looks past it.
      const found = await get<{ items: AgencyReferralSummary[] }>(agency, `/referrals?status=open&reference=${encodeURIComponent(text)}`);
      expect(found.items.map((item) => [item.id, item.referenceLabel])).toEqual([[referral.id, named]]);
    }
    const other = await matchedWithPatient();
    expect((await get<{ items: AgencyReferralSummary[] }>(agency, `/referrals?reference=${other.referral.referenceNumber}`)).items).toEqual([]);
  });

  it('bad input is refused with a message naming the field', async () => {
    const { agency, therapist } = await matchedWithPatient();
    for (const [who, path] of [
      [agency, '/referrals?reference='],
      [agency, '/referrals?reference=Smith'],
      [therapist, '/therapist/referrals?reference=R-12-3'],
      [therapist, `/visits?reference=${'9'.repeat(12)}`],
      [agency, '/agency/invoice?reference=R%201042'],
      [therapist, '/therapist/payouts?reference=abc'],
    ] as const) {
      const error = await refused(await callApi(app.url, 'GET', `/api${path}`, { cookie: who.cookie }), 400, 'VALIDATION');
      expect(error.fields).toEqual({ reference: referenceSearchMessage });
    }
  });

  it('the therapist finds a referral offered or matched to them, in any view; not one they cannot reach', async () => {
    const { referral, therapist, named } = await matchedWithPatient();
    const found = await get<{ items: TherapistReferralSummary[] }>(therapist, `/therapist/referrals?view=open&reference=R-${referral.referenceNumber}`);
    expect(found.items.map((item) => [item.id, item.referenceLabel])).toEqual([[referral.id, named]]);
    const stranger = await session(app, await buildTherapist(db()));
    expect((await get<{ items: TherapistReferralSummary[] }>(stranger, `/therapist/referrals?reference=${referral.referenceNumber}`)).items).toEqual([]);
  });

  it('the schedule finds a referral’s visits at any date, for its parties only', async () => {
    const { referral, agency, therapist, agencyPerson, therapistPerson, named } = await matchedWithPatient();
    const common = { agencyId: agencyPerson.userId, therapistId: therapistPerson.userId, referralId: referral.id };
    const past = await buildVisit(db(), { ...common, scheduledStart: new Date(Date.now() - 120 * 86_400_000) });
    const future = await buildVisit(db(), { ...common, status: 'scheduled', scheduledStart: new Date(Date.now() + 90 * 86_400_000), checkInAt: null, checkOutAt: null });
    // Another referral of the same two parties stays out of the answer.
    await buildVisit(db(), { agencyId: agencyPerson.userId, therapistId: therapistPerson.userId });
    for (const party of [therapist, agency]) {
      const list = await get<VisitList>(party, `/visits?reference=R-${referral.referenceNumber}`);
      expect(list.visits.map((visit) => visit.id)).toEqual([past.id, future.id]);
      expect(list.visits.map((visit) => visit.referenceLabel)).toEqual([named, named]);
    }
    const stranger = await session(app, await buildTherapist(db()));
    expect((await get<VisitList>(stranger, `/visits?reference=${referral.referenceNumber}`)).visits).toEqual([]);
    // Without a reference the calendar still needs its range.
    const error = await refused(await callApi(app.url, 'GET', '/api/visits', { cookie: therapist.cookie }), 400, 'VALIDATION');
    expect(error.fields).toHaveProperty('to');
  });

  it('invoice lines and payouts are labelled for their party and found by reference; the manager’s ledger too', async () => {
    const { referral, agency, therapist, agencyPerson, therapistPerson, named, place } = await matchedWithPatient();
    const runtime = app.runtime;
    const visit = await buildPayableVisit(runtime, { agencyId: agencyPerson.userId, therapistId: therapistPerson.userId });
    await db().update(visits).set({ referralId: referral.id }).where(eq(visits.id, visit.id));
    // Another of their lines, on another referral, which a search leaves out.
    await buildPayableVisit(runtime, { agencyId: agencyPerson.userId, therapistId: therapistPerson.userId });

    const invoice = await get<{ lines: InvoiceLineItem[] }>(agency, `/agency/invoice?reference=R-${referral.referenceNumber}`);
    expect(invoice.lines.map((line) => [line.visitId, line.referenceNumber, line.referenceLabel])).toEqual([[visit.id, referral.referenceNumber, named]]);
    expect((await get<{ lines: InvoiceLineItem[] }>(agency, '/agency/invoice')).lines).toHaveLength(2);

    const payouts = await get<{ payouts: InvoiceLineItem[] }>(therapist, `/therapist/payouts?reference=${referral.referenceNumber}`);
    expect(payouts.payouts.map((line) => [line.visitId, line.referenceLabel])).toEqual([[visit.id, named]]);

    // The referral completed: the therapist's access to the patient ended, so the label shows the place.
    await db().update(referrals).set({ status: 'completed' }).where(eq(referrals.id, referral.id));
    const later = await get<{ payouts: InvoiceLineItem[] }>(therapist, `/therapist/payouts?reference=${referral.referenceNumber}`);
    expect(later.payouts.map((line) => line.referenceLabel)).toEqual([place]);

    const manager = await session(app, await buildManager(db()));
    const ledger = await get<{ invoiceLines: InvoiceLineItem[]; payouts: InvoiceLineItem[] }>(manager, `/admin/payments?reference=R-${referral.referenceNumber}`);
    expect(ledger.invoiceLines.map((line) => [line.visitId, line.referenceLabel])).toEqual([[visit.id, place]]);
    expect(ledger.payouts.map((line) => line.visitId)).toEqual([visit.id]);

    const stranger = await session(app, await buildAgency(db()));
    expect((await get<{ lines: InvoiceLineItem[] }>(stranger, `/agency/invoice?reference=${referral.referenceNumber}`)).lines).toEqual([]);
  });
});
