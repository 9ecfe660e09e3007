import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app';
import { buildAgency, buildTherapist, signIn } from '../../../test/factories';
import { createReferral, respondTo } from '../../../test/referrals';
import { openSse, type SseConnection, type SseEvent } from '../../../test/sse-client';
import { twoInstances } from '../../../test/two-instances';
import type { NotificationView } from '../notifications/schemas';

/**
 * Real-time fan-out across API instances: the agency posts through instance A, therapists listen
 * on instance B (as behind a load balancer), and PostgreSQL LISTEN/NOTIFY carries the news between.
 */

const instances = twoInstances();
let first: TestApp;
let second: TestApp;
beforeAll(() => {
  first = instances.first();
  second = instances.second();
});
// Before the instances close (after-all hooks run last-registered first).
afterAll(() => {
  for (const connection of open) connection.close();
});

const db = () => first.runtime.database.db;
const open: SseConnection[] = [];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A person signed in on both instances (each instance signs its own sessions). */
async function person(built: { userId: string; email: string; password: string }) {
  return { userId: built.userId, cookieA: await signIn(first.url, built), cookieB: await signIn(second.url, built) };
}

async function stream(app: TestApp, cookie: string, lastEventId?: string) {
  const connection = await openSse(`${app.url}/api/notifications/stream`, { cookie, lastEventId });
  expect(connection.status).toBe(200);
  open.push(connection);
  return connection;
}

const payload = (event: SseEvent) => JSON.parse(event.data) as NotificationView;

describe('a referral posted through one instance reaches therapists connected to another', () => {
  it('every eligible therapist on instance B gets the referral.posted event within a second; nobody else does', async () => {
    const agency = await person(await buildAgency(db()));
    const eligible = await Promise.all([1, 2, 3, 4, 5].map(async () => person(await buildTherapist(db()))));
    const faraway = await person(await buildTherapist(db(), { zip: '75201' }));
    const streams = await Promise.all(eligible.map((therapist) => stream(second, therapist.cookieB)));
    const farawayStream = await stream(second, faraway.cookieB);
    const agencyStream = await stream(first, agency.cookieA);

    const referral = await createReferral(first.url, agency.cookieA);
    const committed = Date.now();
    expect(referral.notifiedCount).toBe(eligible.length);

    const arrivals = await Promise.all(
      streams.map(async (connection) => {
        const [event] = await connection.waitForEvents(1, 5000);
        return { event: event!, after: Date.now() - committed };
      }),
    );
    for (const { event, after } of arrivals) {
      expect(event.event).toBe('notification');
      expect(payload(event)).toMatchObject({
        id: Number(event.id),
        type: 'referral.posted',
        title: 'New PT referral near you',
        body: expect.stringMatching(new RegExp(`^R-${referral.referenceNumber} · Austin, TX, \\d+\\.\\d mi from you: Initial Evaluation \\$150, Treatment Session \\$100\\. `)),
        link: `/dashboard/therapist/referrals/${referral.id}`,
        readAt: null,
      });
      expect(after).toBeLessThan(1000);
    }
    await sleep(300);
    expect(farawayStream.events).toEqual([]);
    expect(agencyStream.events).toEqual([]);
    expect(streams.map((connection) => connection.events.length)).toEqual(eligible.map(() => 1));

    // And back the other way: a therapist answers through B, the agency's stream on A hears it.
    expect((await respondTo(second.url, eligible[0]!.cookieB, referral.id, { kind: 'accept' })).status).toBe(200);
    const [accepted] = await agencyStream.waitForEvents(1, 5000);
    expect(payload(accepted!)).toMatchObject({ type: 'referral.accepted', link: `/dashboard/agency/referrals/${referral.id}` });
  });

  it('a therapist who reconnects with Last-Event-ID gets exactly the referrals posted while they were away, then live ones', async () => {
    const agency = await person(await buildAgency(db()));
    // Away from the Austin therapists of the other test, so this one's events are only these referrals.
    const therapist = await person(await buildTherapist(db(), { zip: '77002' }));
    const before = await stream(second, therapist.cookieB);
    const seen = await createReferral(first.url, agency.cookieA, { patientZip: '77002' });
    const [last] = await before.waitForEvents(1, 5000);
    expect(payload(last!).link).toBe(`/dashboard/therapist/referrals/${seen.id}`);
    before.close();

    const missed = [
      await createReferral(first.url, agency.cookieA, { patientZip: '77002' }),
      await createReferral(first.url, agency.cookieA, { patientZip: '77004', discipline: 'PT' }),
    ];
    const again = await stream(second, therapist.cookieB, last!.id);
    const replayed = await again.waitForEvents(2, 5000);
    expect(replayed.map((event) => payload(event).link)).toEqual(missed.map((referral) => `/dashboard/therapist/referrals/${referral.id}`));
    expect(replayed.map((event) => payload(event).type)).toEqual(['referral.posted', 'referral.posted']);
    expect(Number(replayed[0]!.id)).toBeGreaterThan(Number(last!.id));

    const live = await createReferral(first.url, agency.cookieA, { patientZip: '77002' });
    const all = await again.waitForEvents(3, 5000);
    expect(payload(all[2]!).link).toBe(`/dashboard/therapist/referrals/${live.id}`);
    await sleep(300);
    expect(again.events).toHaveLength(3);
    const ids = again.events.map((event) => Number(event.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });
});
