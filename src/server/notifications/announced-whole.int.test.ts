import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { buildTherapist, signIn } from '../../../test/factories';
import { openSse, type SseConnection } from '../../../test/sse-client';
import { inTransaction } from '../db/client';
import { createNotification, createNotifications, type NewNotification } from './service';

/**
 * Notifications created in bulk (a referral's fan-out) are announced whole and sent by the streams
 * as they come, without reading them back; the end of a session is announced on the same channel
 * (migration 0041), so a stream ends before anything committed after its session ended reaches it.
 */

let app: TestApp;
const open: SseConnection[] = [];
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  for (const connection of open) connection.close();
  await app.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ids = (connection: SseConnection) => connection.events.map((event) => Number(event.id));

async function signedInStream() {
  const therapist = await buildTherapist(app.runtime.database.db);
  const cookie = await signIn(app.url, therapist);
  const token = decodeURIComponent(/carerelay\.session_token=([^;]+)/.exec(cookie)![1]!).split('.')[0]!;
  const connection = await openSse(`${app.url}/api/notifications/stream`, { cookie });
  open.push(connection);
  // Settled once a first notification has come through: the stream has read, and knows its session.
  const marker = await inTransaction(app.runtime.database, (t) =>
    createNotification(t, { userId: therapist.userId, type: 'test.marker', title: 'Marker', body: 'Marker.', link: '/marker' }),
  );
  await expect.poll(() => ids(connection).includes(marker.id), { timeout: 5000 }).toBe(true);
  return { userId: therapist.userId, cookie, token, connection };
}

const inBulk = (inputs: NewNotification[]) => inTransaction(app.runtime.database, (t) => createNotifications(t, inputs));
const referralFor = (userId: string, link: string, body = 'A PT referral 4.2 miles from you.'): NewNotification => ({
  userId,
  type: 'referral.posted',
  title: 'New PT referral near you',
  body,
  link,
});

describe('notifications announced whole', () => {
  it('are sent exactly as the notification centre lists them', async () => {
    const { userId, cookie, connection } = await signedInStream();
    const before = connection.events.length;
    await inBulk([referralFor(userId, '/therapist/referrals/whole-1')]);
    const [event] = (await connection.waitForEvents(before + 1)).slice(before);

    const listed = (await (await fetch(`${app.url}/api/notifications`, { headers: { cookie } })).json()) as { items: unknown[] };
    expect(event?.event).toBe('notification');
    expect(JSON.parse(event!.data)).toEqual(listed.items[0]);
    expect(JSON.parse(event!.data)).toMatchObject({ link: '/therapist/referrals/whole-1', body: 'A PT referral 4.2 miles from you.', readAt: null });
  });

  it('reach a user in id order when one statement announces theirs in several payloads, long ones read back', async () => {
    const { userId, connection } = await signedInStream();
    const before = connection.events.length;
    // About 40 × 330 bytes: six or more payloads of at most 7,000 bytes. Every fifth body is too long
    // to be announced whole (over 900 bytes), so the stream reads those.
    const inputs = Array.from({ length: 40 }, (_, n) => referralFor(userId, `/therapist/referrals/order-${n}`, `${n} `.padEnd(n % 5 === 4 ? 1200 : 200, '.')));
    expect(await inBulk(inputs)).toBe(40);
    const events = (await connection.waitForEvents(before + 40)).slice(before);
    expect(events.map((event) => (JSON.parse(event.data) as { link: string }).link)).toEqual(inputs.map((input) => input.link));
    expect(ids(connection).slice(before)).toEqual([...ids(connection).slice(before)].sort((a, b) => a - b));
  });

  // Each time right after, a fan-out: the stream knew its session stood for hours, and would send
  // what it is announced without asking, but for the announced end.
  it.each([
    ['signed out (the row deleted)', 'delete from session where token = $1'],
    ['cut short', `update session set expires_at = now() - interval '1 second' where token = $1`],
  ])('never reach a stream whose session was %s, which ends at once', async (_, change) => {
    const { userId, token, connection } = await signedInStream();
    const before = connection.events.length;
    await app.runtime.database.pool.query(change, [token]);
    await inBulk([referralFor(userId, '/therapist/referrals/after-the-session')]);
    await expect.poll(() => connection.ended, { timeout: 5000 }).toBe(true);
    await sleep(200);
    expect(connection.events.length).toBe(before);
  });

  it('keep reaching a stream whose session was used meanwhile (its expiry moved later)', async () => {
    const { userId, token, connection } = await signedInStream();
    const before = connection.events.length;
    await app.runtime.database.pool.query(`update session set expires_at = expires_at + interval '1 hour' where token = $1`, [token]);
    await inBulk([referralFor(userId, '/therapist/referrals/after-use')]);
    await connection.waitForEvents(before + 1);
    expect(connection.ended).toBe(false);
  });
});
