import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { GeocoderDouble } from '../../../test/geocoder-double';
import { locationReaches, matchedWithPatient, readPatient } from '../../../test/home-visits';
import { callApi, ok } from '../../../test/http';
import { captureLogs } from '../../../test/log-capture';
import { waitFor } from '../../../test/payment-fixtures';
import type { PatientResponse } from '../../domain/patients';
import { createPhiBox } from '../crypto/phi-box';
import { auditLog, patients } from '../db/schema/index';
import { createCensusGeocoder, GeocoderUnreachableError, type Geocoder } from '../geo/geocoder';
import { createGeocoderStandIn } from '../geo/geocoder-stand-in';
import { locateZip } from '../geo/zip-centroids';
import { loadSecrets } from '../secrets';
import { openHomePoint } from './home-location';
import { createLocateHomeJob, PATIENT_LOCATE, queueUnlocatedPatients } from './locate-home-job';

/**
 * Locating the patient's address with the US Census Geocoder, against a local double of its
 * "locations/address" service: a match is stored sealed and shown as located, no match is final,
 * and a geocoder that cannot be reached is recorded, retried (JOB_RETRY_*) and shown as such until
 * it answers. The job carries the referral id alone; neither the address nor the point reaches the
 * audit log, the job queue or the log.
 */

const geocoder = new GeocoderDouble();
let app: TestApp;
const db = () => app.runtime.database.db;

beforeAll(async () => {
  await geocoder.start();
  // Two retries, a second apart: enough to see an outage ridden out, and one outlasting them.
  app = await startTestApp({ ...geocoder.env, JOB_RETRY_LIMIT: '2' });
});
afterAll(async () => {
  await app?.close();
  await geocoder.stop();
});

const centroid = locateZip('78704')!;
// About two miles north-west of the ZIP's centroid: never mistaken for it.
const HOME = { latitude: 30.2671, longitude: -97.7893 };

let streetNumber = 100;
/** An address of its own for each test, so answers and queries are told apart. */
const street = () => `${streetNumber++} Sweetwater Lane`;

/** The PHI key the app runs with (generated into its DATA_DIR in tests). */
const phiKey = async () => (await loadSecrets(app.config)).phiKey;

async function rowOf(referralId: string) {
  const [row] = await db().select().from(patients).where(eq(patients.referralId, referralId));
  return row!;
}

describe('the Census Geocoder adapter', () => {
  const census = () => createCensusGeocoder(geocoder.url, { timeoutMs: 500 });
  const address = (addressLine: string) => ({ addressLine, city: 'Austin', state: 'TX', zip: '78704' });

  it('asks locations/address with the parsed address, the current benchmark and JSON, and reads the match’s x/y as longitude/latitude', async () => {
    const line = street();
    geocoder.add(line, '78704', HOME);
    expect(await census().locate(address(line))).toEqual({ found: true, point: HOME });
    expect(geocoder.queries.at(-1)).toEqual({ street: line, city: 'Austin', state: 'TX', zip: '78704', benchmark: 'Public_AR_Current', format: 'json' });
  });

  it('answers not found when the service has no match', async () => {
    expect(await census().locate(address(street()))).toEqual({ found: false });
  });

  it('counts a 500, an answer that is not the service’s JSON, and no answer in time as unreachable, never as a verdict', async () => {
    geocoder.failures = 1;
    await expect(census().locate(address(street()))).rejects.toThrow(new GeocoderUnreachableError('it answered HTTP 500'));
    geocoder.malformed = true;
    try {
      await expect(census().locate(address(street()))).rejects.toThrow(GeocoderUnreachableError);
    } finally {
      geocoder.malformed = false;
    }
    geocoder.hang = true;
    try {
      await expect(census().locate(address(street()))).rejects.toThrow('no answer within the time limit');
    } finally {
      geocoder.hang = false;
    }
  });

  it('never quotes the address in what it throws', async () => {
    const line = street();
    geocoder.failures = 1;
    const error = (await census()
      .locate(address(line))
      .catch((caught: unknown) => caught)) as Error;
    expect(error).toBeInstanceOf(GeocoderUnreachableError);
    expect(JSON.stringify({ message: error.message, stack: error.stack })).not.toContain(line);
    const refused = await createCensusGeocoder('http://127.0.0.1:9/geocoder/', { timeoutMs: 500 })
      .locate(address(line))
      .catch((caught: unknown) => caught as Error);
    expect(refused).toMatchObject({ name: 'GeocoderUnreachableError', message: 'the connection failed' });
  });

  it('the built-in stand-in places an address at its ZIP’s center and knows no unknown ZIP', async () => {
    const standIn = createGeocoderStandIn();
    expect(standIn.kind).toBe('stand-in');
    expect(await standIn.locate(address('1 Any Street'))).toEqual({ found: true, point: { latitude: centroid.latitude, longitude: centroid.longitude } });
    expect(await standIn.locate({ ...address('1 Any Street'), zip: '00000' })).toEqual({ found: false });
  });
});

describe('locating the patient’s address when the agency saves it', () => {
  it('a match is stored sealed with the patient and shown as located; the job carries the referral id alone', async () => {
    const line = street();
    geocoder.add(line, '78704', HOME);
    const { referralId, agency, therapist, saved } = await matchedWithPatient(app, { addressLine: line });
    expect(saved.homeLocation).toEqual({ status: 'pending', at: expect.any(String), retrying: false, standIn: false });

    const located = await locationReaches(app, referralId, agency, 'located');
    expect(located).toEqual({ status: 'located', at: expect.any(String), retrying: false, standIn: false });
    expect((await readPatient(app, referralId, therapist)).homeLocation.status).toBe('located');

    const row = await rowOf(referralId);
    expect(row).toMatchObject({ locationStatus: 'located', locationSource: 'census', locationRetrying: false });
    // Sealed like the details, bound to this patient: the coordinates are nowhere in the row in plain.
    const raw = JSON.stringify((await app.runtime.database.pool.query('select * from patients where referral_id = $1', [referralId])).rows);
    for (const plain of [String(HOME.latitude), String(HOME.longitude), '30.267', '97.789']) expect(raw).not.toContain(plain);
    const phiBox = createPhiBox(await phiKey());
    expect(openHomePoint(phiBox, referralId, row.locationSealed)).toEqual(HOME);
    expect(openHomePoint(phiBox, '00000000-0000-4000-8000-000000000000', row.locationSealed)).toBeNull();

    const jobs = await app.runtime.database.pool.query<{ data: unknown }>("select data from pgboss.job where name = 'locate-patient-home' and data->>'referralId' = $1", [
      referralId,
    ]);
    expect(jobs.rows.map((job) => job.data)).toEqual([{ referralId }]);
  });

  it('no match is final: shown as not found, nothing stored, not asked again', async () => {
    const line = street();
    const { referralId, agency } = await matchedWithPatient(app, { addressLine: line });
    expect((await locationReaches(app, referralId, agency, 'not_found')).retrying).toBe(false);
    expect(await rowOf(referralId)).toMatchObject({ locationSealed: null, locationSource: 'census' });
    expect(geocoder.queries.filter((query) => query.street === line)).toHaveLength(1);
  });

  it('an unreachable geocoder is recorded and shown as retrying, retried, then located once it answers', async () => {
    const line = street();
    geocoder.add(line, '78704', HOME);
    geocoder.failures = 1;
    const { referralId, agency } = await matchedWithPatient(app, { addressLine: line });
    // The failed first try is visible while the retry waits (a second, JOB_RETRY_DELAY_SECONDS in tests)…
    const failed = await waitFor(
      async () => (await db().select().from(auditLog).where(and(eq(auditLog.entityId, referralId), eq(auditLog.action, PATIENT_LOCATE))))[0],
      20_000,
      'the failed try',
    );
    expect(failed).toMatchObject({ outcome: 'failure', actorUserId: null, details: { status: 'unreachable', geocoder: 'census' } });
    // …and then the retry locates it.
    await locationReaches(app, referralId, agency, 'located');
    expect(geocoder.queries.filter((query) => query.street === line)).toHaveLength(2);
    const audits = await db().select().from(auditLog).where(and(eq(auditLog.entityId, referralId), eq(auditLog.action, PATIENT_LOCATE)));
    expect(audits.map((row) => [row.outcome, (row.details as { status: string }).status])).toEqual([
      ['failure', 'unreachable'],
      ['success', 'located'],
    ]);
  });

  it('shows "retrying" while tries are left, and once they are spent says so; saving again tries once more', async () => {
    const line = street();
    geocoder.add(line, '78704', HOME);
    // JOB_RETRY_LIMIT 2: three runs, all failing.
    geocoder.failures = 3;
    const { referralId, agency, details } = await matchedWithPatient(app, { addressLine: line });
    await locationReaches(app, referralId, agency, 'unreachable', true);
    const spent = await locationReaches(app, referralId, agency, 'unreachable', false);
    expect(spent.retrying).toBe(false);
    expect(geocoder.queries.filter((query) => query.street === line)).toHaveLength(3);

    const again = await ok<PatientResponse>(await callApi(app.url, 'PUT', `/api/referrals/${referralId}/patient`, { cookie: agency.cookie, ip: agency.ip, body: details }));
    expect(again.homeLocation.status).toBe('pending');
    await locationReaches(app, referralId, agency, 'located');
  });

  it('a changed address is located again and its old point dropped; a change of phone alone asks nothing', async () => {
    const first = street();
    const moved = street();
    geocoder.add(first, '78704', HOME);
    const { referralId, agency, details } = await matchedWithPatient(app, { addressLine: first });
    await locationReaches(app, referralId, agency, 'located');

    const put = (body: unknown) => callApi(app.url, 'PUT', `/api/referrals/${referralId}/patient`, { cookie: agency.cookie, ip: agency.ip, body });
    const phoneOnly = await ok<PatientResponse>(await put({ ...details, phone: '512-555-0111' }));
    expect(phoneOnly.homeLocation.status).toBe('located');

    const changed = await ok<PatientResponse>(await put({ ...details, addressLine: moved }));
    expect(changed.homeLocation.status).toBe('pending');
    expect((await rowOf(referralId)).locationSealed).toBeNull();
    await locationReaches(app, referralId, agency, 'not_found');
    expect(geocoder.queries.filter((query) => query.street === first)).toHaveLength(1);
  });

  it('an answer about an address changed meanwhile is not recorded against the new one', async () => {
    const old = street();
    const moved = street();
    geocoder.add(old, '78704', HOME);
    const { referralId, agency, details } = await matchedWithPatient(app, { addressLine: old });
    await locationReaches(app, referralId, agency, 'located');
    // A run about the old address whose answer comes back after the agency saved a new one.
    const census = createCensusGeocoder(geocoder.url);
    const meanwhile: Geocoder = {
      kind: 'census',
      async locate(address) {
        const answer = await census.locate(address);
        await ok(await callApi(app.url, 'PUT', `/api/referrals/${referralId}/patient`, { cookie: agency.cookie, ip: agency.ip, body: { ...details, addressLine: moved } }));
        return answer;
      },
    };
    await createLocateHomeJob({ database: app.runtime.database, phiBox: createPhiBox(await phiKey()), geocoder: meanwhile })({ referralId });
    const [late] = await db().select().from(auditLog).where(and(eq(auditLog.entityId, referralId), eq(auditLog.action, PATIENT_LOCATE))).orderBy(desc(auditLog.id));
    expect(late?.details).toEqual({ status: 'located', geocoder: 'census', superseded: true });
    // The new address is located on its own (the service knows no such street) and the old point is gone.
    await locationReaches(app, referralId, agency, 'not_found');
    expect(await rowOf(referralId)).toMatchObject({ locationStatus: 'not_found', locationSealed: null });
  });

  it('the audit, the job queue and the log carry no address and no coordinates', async () => {
    const logs = captureLogs(app.runtime.app.log, 'debug');
    try {
      const line = street();
      geocoder.add(line, '78704', HOME);
      geocoder.failures = 1;
      const { referralId, agency } = await matchedWithPatient(app, { addressLine: line });
      await locationReaches(app, referralId, agency, 'located');
      const audits = JSON.stringify(await db().select().from(auditLog).where(eq(auditLog.entityId, referralId)));
      const jobs = JSON.stringify(
        (await app.runtime.database.pool.query("select data, output from pgboss.job where name = 'locate-patient-home' and data->>'referralId' = $1", [referralId])).rows,
      );
      // The failed try was logged, as what kind of failure (the logger withholds every error's message).
      expect(logs.text()).toContain('"type":"GeocoderUnreachableError"');
      for (const text of [audits, jobs, logs.text()]) {
        for (const plain of [line, 'Sweetwater', '30.267', '97.789', String(HOME.latitude), String(HOME.longitude)]) expect(text).not.toContain(plain);
      }
    } finally {
      logs.stop();
    }
  });
});

describe('patients saved before addresses were located', () => {
  it('are queued once at start-up and located; a second start queues none', async () => {
    const line = street();
    geocoder.add(line, '78704', HOME);
    const { referralId, agency } = await matchedWithPatient(app, { addressLine: line });
    await locationReaches(app, referralId, agency, 'located');
    // As the migration left a patient saved before it: pending, never queued.
    await db()
      .update(patients)
      .set({ locationStatus: 'pending', locationStatusAt: null, locationSealed: null, locationSource: null })
      .where(eq(patients.referralId, referralId));
    expect((await readPatient(app, referralId, agency)).homeLocation).toEqual({ status: 'pending', at: null, retrying: false, standIn: false });

    expect(await queueUnlocatedPatients(app.runtime.database, app.runtime.jobs)).toBe(1);
    expect(await queueUnlocatedPatients(app.runtime.database, app.runtime.jobs)).toBe(0);
    await locationReaches(app, referralId, agency, 'located');
    const unqueued = await db().$count(patients, sql`${patients.locationStatusAt} is null`);
    expect(unqueued).toBe(0);
  });
});
