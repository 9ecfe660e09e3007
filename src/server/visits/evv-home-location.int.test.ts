import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { GeocoderDouble } from '../../../test/geocoder-double';
import { locationReaches, matchedWithPatient, visitSoon } from '../../../test/home-visits';
import { callApi, errorOf, ok } from '../../../test/http';
import type { SignedIn } from '../../../test/people';
import { zipAreaAllowedMiles } from '../../domain/evv-distance';
import { readingPlaceText, type VisitDetail } from '../../domain/visits';
import { auditLog } from '../db/schema/index';
import { locateZip, nearestOtherZipMiles } from '../geo/zip-centroids';

/**
 * Check-in and check-out judged against the patient's geocoded address (EVV_MAX_DISTANCE_MILES),
 * and against the ZIP area's center with its wider allowance only when the address has no point;
 * each reading says which it was measured from. The geocoder is a local double of the Census API.
 */

const geocoder = new GeocoderDouble();
let app: TestApp;
const db = () => app.runtime.database.db;

beforeAll(async () => {
  await geocoder.start();
  app = await startTestApp({ ...geocoder.env, JOB_RETRY_LIMIT: '1' });
});
afterAll(async () => {
  await app?.close();
  await geocoder.stop();
});

const ZIP = '78704';
const centroid = locateZip(ZIP)!;
const MILES_PER_DEGREE = 69.09;
/** A point `miles` north of `from`. */
const north = (from: { latitude: number; longitude: number }, miles: number) => ({ latitude: from.latitude + miles / MILES_PER_DEGREE, longitude: from.longitude });
// The home the geocoder finds: four miles north of the ZIP's centroid, beyond the ZIP area's allowance there.
const HOME = north(centroid, 4);
const allowedAroundCentroid = zipAreaAllowedMiles(nearestOtherZipMiles(ZIP));

let streetNumber = 500;
const street = () => `${streetNumber++} Bouldin Avenue`;

const call = (path: string, who: SignedIn, body: unknown) => callApi(app.url, 'POST', `/api${path}`, { cookie: who.cookie, ip: who.ip, body });

/** A matched referral whose patient's address the geocoder located at HOME, with a visit about to start. */
async function locatedVisit() {
  const line = street();
  geocoder.add(line, ZIP, HOME);
  const matched = await matchedWithPatient(app, { addressLine: line, zip: ZIP });
  await locationReaches(app, matched.referralId, matched.agency, 'located');
  return { ...matched, visit: await visitSoon(app, matched.referralId, matched.therapist) };
}

/** A matched referral whose address the geocoder does not know, with a visit about to start. */
async function notFoundVisit() {
  const matched = await matchedWithPatient(app, { addressLine: street(), zip: ZIP });
  await locationReaches(app, matched.referralId, matched.agency, 'not_found');
  return { ...matched, visit: await visitSoon(app, matched.referralId, matched.therapist) };
}

const reading = (point: { latitude: number; longitude: number }) => ({ ...point, accuracyMeters: 10 });

describe('judged against the geocoded address', () => {
  it('a reading beside the ZIP’s center but four miles from the home is far from the patient’s address', async () => {
    const { visit, therapist, agency } = await locatedVisit();
    const refusal = await call(`/visits/${visit.id}/check-in`, therapist, reading(centroid));
    expect(refusal.status).toBe(400);
    expect((await errorOf(refusal)).fields?.reason).toBe('Check-in needs a reason: location far from the patient’s address.');

    const checkedIn = await ok<VisitDetail>(await call(`/visits/${visit.id}/check-in`, therapist, { ...reading(centroid), reason: 'Parked at the clinic' }));
    expect(checkedIn.exceptions).toEqual(['far_from_patient']);
    expect(checkedIn.checkIn).toMatchObject({ measuredFrom: 'address', allowedMiles: 1 });
    expect(checkedIn.checkIn?.milesFromPatient).toBeCloseTo(4, 1);
    expect(readingPlaceText(checkedIn.checkIn!)).toMatch(/^4\.0 mi from the patient’s address$/);
    expect(checkedIn.homeLocation).toEqual({ status: 'located', at: expect.any(String), retrying: false, standIn: false });

    // The agency is told which check it was, in words.
    const seen = await ok<VisitDetail>(await callApi(app.url, 'GET', `/api/visits/${visit.id}`, { cookie: agency.cookie, ip: agency.ip }));
    expect(seen.exceptions).toEqual(['far_from_patient']);
    expect(seen.checkIn).toMatchObject({ measuredFrom: 'address' });
  });

  it('a reading at the home, four miles from the ZIP’s center, passes: near the patient’s home', async () => {
    const { visit, therapist } = await locatedVisit();
    const checkedIn = await ok<VisitDetail>(await call(`/visits/${visit.id}/check-in`, therapist, reading(north(HOME, 0.1))));
    expect(checkedIn.exceptions).toEqual([]);
    expect(checkedIn.checkIn).toMatchObject({ measuredFrom: 'address', allowedMiles: 1 });
    // Against the ZIP area (4.1 mi from its center, 3 allowed) it would have been an exception: the address decided.
    expect(readingPlaceText(checkedIn.checkIn!)).toBe('Near the patient’s home (0.1 mi from the patient’s address)');
  });

  it('a reading 1.5 miles from the home is an exception even though the ZIP area would allow it', async () => {
    const { visit, therapist } = await locatedVisit();
    const checkedIn = await ok<VisitDetail>(await call(`/visits/${visit.id}/check-in`, therapist, { ...reading(north(HOME, -1.5)), reason: 'Across the creek' }));
    expect(checkedIn.exceptions).toEqual(['far_from_patient']);
    expect(checkedIn.checkIn?.milesFromPatient).toBeCloseTo(1.5, 1);
  });
});

describe('without a point for the address: the ZIP area, with its wider allowance', () => {
  it('the allowance around 78704 is the spacing of its neighbours plus a mile, at least 3 miles', () => {
    expect(allowedAroundCentroid).toBe(3);
  });

  it('an address the geocoder does not know: a reading two miles from the ZIP’s center passes, said as a ZIP-area check', async () => {
    const { visit, therapist } = await notFoundVisit();
    const checkedIn = await ok<VisitDetail>(await call(`/visits/${visit.id}/check-in`, therapist, reading(north(centroid, 2))));
    expect(checkedIn.exceptions).toEqual([]);
    expect(checkedIn.checkIn).toMatchObject({ measuredFrom: 'zip_area', allowedMiles: allowedAroundCentroid });
    expect(readingPlaceText(checkedIn.checkIn!)).toBe('Within the patient’s ZIP area (2.0 mi from its center; up to 3 mi allowed)');
    expect(checkedIn.homeLocation?.status).toBe('not_found');
  });

  it('beyond the allowance it is far from the ZIP area, never called far from the address', async () => {
    const { visit, therapist } = await notFoundVisit();
    const refusal = await call(`/visits/${visit.id}/check-in`, therapist, reading(north(centroid, 4)));
    expect((await errorOf(refusal)).fields?.reason).toBe('Check-in needs a reason: location far from the patient’s ZIP area.');
    const checkedIn = await ok<VisitDetail>(await call(`/visits/${visit.id}/check-in`, therapist, { ...reading(north(centroid, 4)), reason: 'Rural route' }));
    expect(checkedIn.exceptions).toEqual(['far_from_zip_area']);
    expect(readingPlaceText(checkedIn.checkIn!)).toBe('4.0 mi from the center of the patient’s ZIP area (more than the 3 mi allowed)');
  });

  it('while the geocoder cannot be reached, check-ins are compared with the ZIP area and the page says so', async () => {
    geocoder.failures = 10;
    try {
      const matched = await matchedWithPatient(app, { addressLine: street(), zip: ZIP });
      await locationReaches(app, matched.referralId, matched.agency, 'unreachable');
      const visit = await visitSoon(app, matched.referralId, matched.therapist);
      const checkedIn = await ok<VisitDetail>(await call(`/visits/${visit.id}/check-in`, matched.therapist, reading(north(centroid, 0.5))));
      expect(checkedIn.exceptions).toEqual([]);
      expect(checkedIn.checkIn?.measuredFrom).toBe('zip_area');
      expect(checkedIn.homeLocation?.status).toBe('unreachable');
    } finally {
      geocoder.failures = 0;
    }
  });

  it('a check-in while the address is still being located is judged against the ZIP area, and said so', async () => {
    const line = street();
    geocoder.add(line, ZIP, HOME);
    geocoder.hang = true;
    try {
      const matched = await matchedWithPatient(app, { addressLine: line, zip: ZIP });
      const visit = await visitSoon(app, matched.referralId, matched.therapist);
      // At the home, which is 4 miles from the ZIP's center: only the ZIP area is known yet.
      const checkedIn = await ok<VisitDetail>(await call(`/visits/${visit.id}/check-in`, matched.therapist, { ...reading(north(HOME, 0.05)), reason: 'At the door' }));
      expect(checkedIn.homeLocation?.status).toBe('pending');
      expect(checkedIn.checkIn?.measuredFrom).toBe('zip_area');
      expect(checkedIn.exceptions).toEqual(['far_from_zip_area']);
      geocoder.release();
      await locationReaches(app, matched.referralId, matched.agency, 'located');
      // The reading keeps what it was judged by when it was taken.
      const later = await ok<VisitDetail>(await callApi(app.url, 'GET', `/api/visits/${visit.id}`, { cookie: matched.agency.cookie, ip: matched.agency.ip }));
      expect(later.checkIn?.measuredFrom).toBe('zip_area');
      expect(later.homeLocation?.status).toBe('located');
    } finally {
      geocoder.release();
    }
  });
});

describe('what the check-in records', () => {
  it('its audit row says what the reading was measured from, never the reading, the distance or the address', async () => {
    const { visit, therapist, details } = await locatedVisit();
    await ok(await call(`/visits/${visit.id}/check-in`, therapist, reading(north(HOME, 0.2))));
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, visit.id), eq(auditLog.action, 'visit.check_in')))
      .orderBy(desc(auditLog.id));
    expect(audit?.details).toEqual({ exceptions: [], locationReading: true, measuredFrom: 'address' });
    const text = JSON.stringify(audit);
    for (const plain of [details.addressLine, String(HOME.latitude).slice(0, 6), String(centroid.latitude).slice(0, 6), '0.2']) expect(text).not.toContain(plain);
  });
});
