import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import zipcodes from 'zipcodes';
import type { Discipline, ServiceTypeId } from '../../domain/accounts';
import { todayIn } from '../../domain/business-date';
import { defaultRequiredCredentialKinds, type CredentialStatus } from '../../domain/credentials';
import { EARTH_RADIUS_MILES, greatCircleMiles, type GeoPoint } from '../../domain/geo';
import { startTestApp, type TestApp } from '../../../test/app';
import { buildAgency } from '../../../test/factories';
import { buildReferral } from '../../../test/referral-fixtures';
import { insertTherapistPopulation, seededRandom, type PopulationTherapist } from '../../../test/therapist-population';
import { buildVisit } from '../../../test/visit-fixtures';
import type { StandingConfig } from '../credentials/standing';
import { therapistProfiles } from '../db/schema/index';
import { locateUnlocatedTherapists } from '../geo/therapist-locations';
import { locateZip } from '../geo/zip-centroids';
import { findEligibleTherapists, judgeTherapists, type ReferralToMatch } from './eligibility';
import { eligibleNearSql, searchTherapistsForManagers, unlocatedCandidateQuery } from './therapist-queries';

/**
 * Matching decides in SQL, through a spatial index, with the rule's SQL form (therapist-queries.ts,
 * eligibleNearSql); therapists not located yet are judged by the domain rule itself. On a generated
 * population (every status, discipline, credential state, suspension, late notes, radius and ZIP,
 * unknown ZIPs and therapists not located yet, and a ring of therapists placed a hair inside and
 * outside their radius as the rule rounds it) it must pick exactly the therapists the domain rule
 * (domain/matching.ts) accepts when it judges every therapist, at the same distances.
 */

let app: TestApp;
const db = () => app.runtime.database.db;

const random = seededRandom(14);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const chance = (p: number) => random() < p;

const point = (zip: string): GeoPoint => {
  const place = locateZip(zip);
  if (!place) throw new Error(`no centroid for ${zip}`);
  return { latitude: place.latitude, longitude: place.longitude };
};
const AUSTIN = point('78701');
const DALLAS = point('75201');

/** The point `miles` from `from` on `bearing` (radians), on the domain's sphere. */
function destination(from: GeoPoint, bearing: number, miles: number): GeoPoint {
  const toRadians = (d: number) => (d * Math.PI) / 180;
  const angle = miles / EARTH_RADIUS_MILES;
  const lat1 = toRadians(from.latitude);
  const lon1 = toRadians(from.longitude);
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(angle) + Math.cos(lat1) * Math.sin(angle) * Math.cos(bearing));
  const lon2 = lon1 + Math.atan2(Math.sin(bearing) * Math.sin(angle) * Math.cos(lat1), Math.cos(angle) - Math.sin(lat1) * Math.sin(lat2));
  return { latitude: (lat2 * 180) / Math.PI, longitude: (lon2 * 180) / Math.PI };
}

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

function credentialsFor(today: string): PopulationTherapist['credentials'] {
  const credentials: PopulationTherapist['credentials'] = [];
  for (const kind of defaultRequiredCredentialKinds) {
    const issuer = kind === 'state_license' ? pick(['TX', 'TX', 'TX', 'TX', 'TX', 'TX', ' tx ', 'OK', 'NM']) : 'Issuer';
    const outcome = chance(0.78) ? 'current' : pick(['missing', 'rejected', 'submitted', 'expired', 'past', 'today', 'no-expiry']);
    if (outcome === 'missing') continue;
    const status: CredentialStatus = outcome === 'rejected' ? 'rejected' : outcome === 'submitted' ? 'submitted' : outcome === 'expired' ? 'expired' : 'verified';
    const expiresOn = outcome === 'past' ? addDays(today, -1) : outcome === 'today' ? today : outcome === 'no-expiry' ? null : addDays(today, 400);
    credentials.push({ kind, status, issuer, expiresOn });
  }
  // A license held elsewhere as well, now and then, and a credential no rule asks for.
  if (chance(0.1)) credentials.push({ kind: 'state_license', status: 'verified', issuer: pick(['TX', 'OK']), expiresOn: addDays(today, 30) });
  if (chance(0.1)) credentials.push({ kind: 'tb_test', status: 'verified', issuer: 'Clinic', expiresOn: null });
  return credentials;
}

const disciplineSets: Discipline[][] = [['PT'], ['PT'], ['PTA'], ['OT'], ['COTA'], ['ST'], ['PT', 'OT'], ['PTA', 'COTA'], []];
const radii = [0, 5, 10, 15, 25, 25, 40, 60, 100];

function therapist(today: string, place: { zipCode: string; location: GeoPoint | null }, radius?: number): PopulationTherapist {
  return {
    id: randomUUID(),
    status: pick(['approved', 'approved', 'approved', 'approved', 'approved', 'approved', 'pending', 'rejected'] as const),
    suspensionReason: chance(0.05) ? pick(['Listed on the OIG exclusion list (LEIE)', 'Suspended by a manager']) : null,
    availableForReferrals: chance(0.88),
    disciplines: pick(disciplineSets),
    zipCode: place.zipCode,
    latitude: place.location?.latitude ?? null,
    longitude: place.location?.longitude ?? null,
    serviceRadiusMiles: radius ?? pick(radii),
    credentials: credentialsFor(today),
  };
}

/** Around Austin and Dallas mostly, from real ZIPs; some ZIPs unknown, some not located yet. */
function population(today: string): PopulationTherapist[] {
  const nearAustin = zipcodes.radius('78701', 80).map(String);
  const nearDallas = zipcodes.radius('75201', 40).map(String);
  const people: PopulationTherapist[] = [];
  for (let n = 0; n < 2400; n++) {
    const zipCode = chance(0.75) ? pick(nearAustin) : pick(nearDallas);
    const roll = random();
    if (roll < 0.02) people.push(therapist(today, { zipCode: '00000', location: null }));
    else if (roll < 0.05) people.push(therapist(today, { zipCode, location: null }));
    else people.push(therapist(today, { zipCode, location: point(zipCode) }));
  }
  // The ring: placed at radius + offset from the Austin patient, where the rule's rounding to a tenth
  // of a mile decides (up to radius + 0.05 is within it).
  for (const offset of [-1, -0.2, -0.04, 0, 0.02, 0.03, 0.045, 0.049, 0.0499, 0.051, 0.06, 0.2, 1]) {
    for (const radius of [5, 25, 60]) {
      for (let k = 0; k < 8; k++) {
        const placed = destination(AUSTIN, random() * 2 * Math.PI, radius + offset);
        const ringer = therapist(today, { zipCode: '78701', location: placed }, radius);
        // Mostly good standing, so the radius is what decides.
        people.push({ ...ringer, status: 'approved', suspensionReason: null, availableForReferrals: true, disciplines: ['PT'], credentials: chance(0.9) ? credentialsForCurrent(today) : ringer.credentials });
      }
    }
  }
  return people;
}

function credentialsForCurrent(today: string): PopulationTherapist['credentials'] {
  return defaultRequiredCredentialKinds.map((kind) => ({ kind, status: 'verified' as const, issuer: kind === 'state_license' ? 'TX' : 'Issuer', expiresOn: addDays(today, 400) }));
}

const referrals: Array<{ label: string; referral: ReferralToMatch }> = [
  { label: 'PT evaluation and treatment in Austin', referral: { discipline: 'PT', services: ['evaluation', 'treatment'], patientState: 'TX', ...AUSTIN } },
  { label: 'PT treatment (an assistant may take it) in Austin', referral: { discipline: 'PT', services: ['treatment'], patientState: 'TX', ...AUSTIN } },
  { label: 'OT treatment in Round Rock', referral: { discipline: 'OT', services: ['treatment'], patientState: 'TX', ...point('78664') } },
  { label: 'ST evaluation in south Austin', referral: { discipline: 'ST', services: ['evaluation'], patientState: 'TX', ...point('78745') } },
  { label: 'PT treatment in Dallas', referral: { discipline: 'PT', services: ['treatment'], patientState: 'TX', ...DALLAS } },
  { label: 'PT treatment in San Marcos', referral: { discipline: 'PT', services: ['treatment'], patientState: 'TX', ...point('78666') } },
  { label: 'OK patient placed in Austin (licenses in OK only)', referral: { discipline: 'PT', services: ['treatment'], patientState: 'OK', ...AUSTIN } },
  { label: 'a referral listing no services', referral: { discipline: 'PT', services: [] as ServiceTypeId[], patientState: 'TX', ...AUSTIN } },
];

let everyone: Awaited<ReturnType<typeof searchTherapistsForManagers>>;
let ringIds: { inside: Set<string>; outside: Set<string> };

beforeAll(async () => {
  app = await startTestApp();
  const today = todayIn();
  const people = population(today);
  await insertTherapistPopulation(app.runtime.database.pool, people);
  // Late notes for some who would otherwise be offered referrals near Austin: three overdue, one
  // overdue too long, and one overdue within the limits (still offered).
  const late = people.filter((p) => p.status === 'approved' && p.latitude !== null && p.disciplines.includes('PT')).slice(0, 30);
  const agencyId = (await buildAgency(db())).userId;
  // The visits' one referral (the late notes count visits, whichever referral they are on).
  const referralId = (await buildReferral(db(), { agencyId, status: 'in_progress', matchedTherapistId: late[0]!.id })).id;
  const dueHours = app.config.noteDueHours;
  const ago = (days: number) => new Date(Date.now() - (dueHours + days * 24 + 1) * 3_600_000);
  for (const [index, person] of late.entries()) {
    const overdue = index % 3 === 0 ? [1, 2, 3] : index % 3 === 1 ? [10] : [1];
    for (const days of overdue) await buildVisit(db(), { agencyId, referralId, therapistId: person.id, checkOutAt: ago(days), checkInAt: ago(days) });
  }
  await app.runtime.database.pool.query('analyze');
  everyone = await searchTherapistsForManagers(db(), '', 100_000);
  const ring = people.filter((p) => p.zipCode === '78701' && p.latitude !== null && p.disciplines.length === 1);
  const distanceOf = (p: PopulationTherapist) => greatCircleMiles({ latitude: p.latitude!, longitude: p.longitude! }, AUSTIN) - p.serviceRadiusMiles;
  ringIds = {
    inside: new Set(ring.filter((p) => distanceOf(p) > 0.001 && distanceOf(p) < 0.0499).map((p) => p.id)),
    outside: new Set(ring.filter((p) => distanceOf(p) > 0.0501 && distanceOf(p) < 0.07).map((p) => p.id)),
  };
}, 180_000);
afterAll(() => app.close());

/** The old path: every therapist on file judged by the rule. */
async function judgedOneByOne(config: StandingConfig, referral: ReferralToMatch) {
  const judged = await judgeTherapists(db(), config, everyone, referral);
  return judged.filter(({ verdict }) => verdict.eligible).map(({ therapist, verdict }) => ({ id: therapist.id, distanceMiles: verdict.distanceMiles }));
}

async function matched(config: StandingConfig, referral: ReferralToMatch) {
  const eligible = await findEligibleTherapists(app.runtime.database.pool, config, referral);
  return eligible.map(({ therapistId, distanceMiles }) => ({ id: therapistId, distanceMiles }));
}

const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);

describe('matching in SQL agrees with the rule judging every therapist', () => {
  it.each(referrals)('$label: the same therapists at the same distances', async ({ referral }) => {
    for (const config of [app.config, { ...app.config, trust: { ...app.config.trust, requiredCredentials: [] } }]) {
      const expected = (await judgedOneByOne(config, referral)).sort(byId);
      const actual = (await matched(config, referral)).sort(byId);
      expect(actual).toEqual(expected);
      // Not agreement on nobody: each referral that lists services finds someone.
      if (referral.services.length > 0) expect(expected.length).toBeGreaterThan(0);
    }
  });

  it('the population decides at every rule: many eligible, many not, and the radius decided at its rounding', async () => {
    const [first] = referrals;
    const eligible = await matched(app.config, first!.referral);
    expect(eligible.length).toBeGreaterThan(100);
    expect(eligible.length).toBeLessThan(everyone.length / 2);
    const ids = new Set(eligible.map((e) => e.id));
    // A hair beyond the radius but within it once rounded: taken; past the rounding: not.
    expect([...ringIds.inside].filter((id) => ids.has(id)).length).toBeGreaterThan(10);
    expect([...ringIds.outside].filter((id) => ids.has(id))).toEqual([]);
  });

  it('the candidates are found through the spatial index, not by reading the state', async () => {
    const located = new PgDialect({ casing: 'snake_case' }).sqlToQuery(
      eligibleNearSql({
        qualifying: ['PT'],
        patient: AUSTIN,
        patientState: 'TX',
        required: defaultRequiredCredentialKinds,
        today: todayIn(),
        noteDueHours: app.config.noteDueHours,
        now: new Date(),
        lateNotes: app.config.trust.lateNotes,
      }),
    );
    const unlocated = unlocatedCandidateQuery(db(), ['PT', 'PTA']).toSQL();
    const client = await app.runtime.database.pool.connect();
    try {
      await client.query('begin');
      // A small table may be cheaper to scan; the plan must be able to use the index when it is not.
      await client.query('set local enable_seqscan = off');
      const planOf = async (query: { sql: string; params: unknown[] }) =>
        (await client.query<{ 'QUERY PLAN': string }>(`explain ${query.sql}`, query.params)).rows.map((row) => row['QUERY PLAN']).join('\n');
      expect(await planOf(located)).toContain('therapist_profiles_coverage');
      expect(await planOf(unlocated)).toContain('therapist_profiles_unlocated');
      // The offer statement is planned once per connection, for any patient (offers.ts, genericPlan):
      // its plan without the values, the patient's point a parameter, must still take the index.
      // Prepared and forced to its generic plan, as offers.ts runs it (EXPLAIN (GENERIC_PLAN) is
      // PostgreSQL 16's; CI runs these tests on Debian's 15 too).
      await client.query('set local plan_cache_mode = force_generic_plan');
      await client.query(`prepare carerelay_offer_candidates as ${located.sql}`);
      // A generic plan is the same whatever the values, so none are given.
      const nulls = located.params.map(() => 'null').join(', ');
      const genericPlan = (await client.query<{ 'QUERY PLAN': string }>(`explain execute carerelay_offer_candidates(${nulls})`))
        .rows.map((row) => row['QUERY PLAN'])
        .join('\n');
      expect(genericPlan).toMatch(/Index Scan using therapist_profiles_coverage[^\n]*\n\s*Index Cond: .*@> \(?ll_to_earth\(\$\d+, \$\d+\)/);
    } finally {
      await client.query('rollback');
      // A prepared statement outlives the transaction: this pooled connection must not keep it.
      await client.query('deallocate carerelay_offer_candidates').catch(() => undefined);
      client.release();
    }
  });

  it('therapists written with a ZIP only are located at startup, as the ZIP centroid', async () => {
    const [someone] = everyone.filter((t) => t.latitude === null && locateZip(t.zipCode));
    expect(someone).toBeDefined();
    await locateUnlocatedTherapists(db());
    const [row] = await db().select({ latitude: therapistProfiles.latitude, longitude: therapistProfiles.longitude }).from(therapistProfiles).where(eq(therapistProfiles.id, someone!.id));
    expect(row).toEqual(point(someone!.zipCode));
    const { rows } = await app.runtime.database.pool.query<{ count: number }>(`select count(*)::int as count from therapist_profiles where latitude is null`);
    // Only the unknown ZIPs are left.
    expect(rows[0]!.count).toBe(everyone.filter((t) => t.zipCode === '00000').length);
  });
});
