import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { buildAgency, buildTherapist, signIn } from '../../../test/factories';
import { openSse, type SseConnection } from '../../../test/sse-client';
import { twoInstances } from '../../../test/two-instances';
import { inTransaction } from '../db/client';
import { notifications, session } from '../db/schema/index';
import { LISTENER_APPLICATION_NAME } from './broker';
import { createNotification, createNotifications, NOTIFICATION_CHANNEL } from './service';

const instances = twoInstances();
let first: TestApp;
let second: TestApp;
beforeAll(() => {
  first = instances.first();
  second = instances.second();
});

const open: SseConnection[] = [];
// Before the instances close (after-all hooks run last-registered first).
afterAll(() => {
  for (const connection of open) connection.close();
});

/** A signed-in user, with a session on each instance (each instance has its own signing secret). */
async function person(kind: 'therapist' | 'agency' = 'therapist') {
  const built = kind === 'therapist' ? await buildTherapist(first.runtime.database.db) : await buildAgency(first.runtime.database.db);
  return { userId: built.userId, cookie: await signIn(first.url, built), cookieB: await signIn(second.url, built) };
}

/** Creates a notification through the second instance's database connection. */
function notify(userId: string, title = 'New referral near you') {
  return inTransaction(second.runtime.database, (t) =>
    createNotification(t, { userId, type: 'referral.posted', title, body: 'A PT referral 4 miles away.', link: '/referrals/1' }),
  );
}

async function stream(app: TestApp, cookie: string, lastEventId?: string) {
  const connection = await openSse(`${app.url}/api/notifications/stream`, { cookie, lastEventId });
  open.push(connection);
  return connection;
}

const ids = (connection: SseConnection) => connection.events.map((event) => Number(event.id));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once the stream's replay is done, by sending a marker notification and waiting for it. */
async function settled(connection: SseConnection, userId: string) {
  const marker = await notify(userId, 'marker');
  await expect.poll(() => ids(connection).includes(marker.id), { timeout: 5000 }).toBe(true);
  return marker;
}

describe('notifications: signed out', () => {
  it('refuses the stream and the list with 401', async () => {
    const connection = await openSse(`${first.url}/api/notifications/stream`);
    expect(connection.status).toBe(401);
    const list = await fetch(`${first.url}/api/notifications`);
    expect(list.status).toBe(401);
    expect(await list.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
  });
});

describe('GET /api/notifications/stream', () => {
  it('does not keep an idle session alive by being open', async () => {
    const therapist = await person();
    const token = decodeURIComponent(/carerelay\.session_token=([^;]+)/.exec(therapist.cookie)![1]!).split('.')[0]!;
    const soon = new Date(Date.now() + 20 * 60 * 1000);
    await first.runtime.database.db.update(session).set({ expiresAt: soon }).where(eq(session.token, token));
    const connection = await stream(first, therapist.cookie);
    await settled(connection, therapist.userId);
    const [row] = await first.runtime.database.db.select().from(session).where(eq(session.token, token));
    expect(row?.expiresAt.getTime()).toBe(soon.getTime());
  });

  it('stops delivering, and closes, as soon as the session is signed out elsewhere', async () => {
    const therapist = await person();
    const connection = await stream(first, therapist.cookie);
    await settled(connection, therapist.userId);
    const before = connection.events.length;
    const out = await fetch(`${first.url}/api/auth/sign-out`, {
      method: 'POST',
      headers: { cookie: therapist.cookie, origin: first.url, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(out.status).toBe(200);
    await notify(therapist.userId, 'after sign-out');
    await expect.poll(() => connection.ended, { timeout: 5000 }).toBe(true);
    expect(connection.events.length).toBe(before);
  });

  it('delivers a notification created through another instance to that user only', async () => {
    const therapist = await person();
    const other = await person('agency');
    const mine = await stream(first, therapist.cookie);
    const theirsOnA = await stream(first, other.cookie);
    const theirsOnB = await stream(second, other.cookieB);
    expect(theirsOnB.status).toBe(200);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(mine.headers.get('x-content-type-options')).toBe('nosniff');
    expect(mine.headers.get('x-request-id')).toBeTruthy();
    await sleep(200);

    const created = await notify(therapist.userId);
    const [event] = await mine.waitForEvents(1, 5000);
    expect(mine.retry).toBe(3000);
    expect(event).toMatchObject({ id: String(created.id), event: 'notification' });
    expect(JSON.parse(event!.data)).toEqual({
      id: created.id,
      type: 'referral.posted',
      title: 'New referral near you',
      body: 'A PT referral 4 miles away.',
      link: '/referrals/1',
      count: 1,
      createdAt: created.createdAt.toISOString(),
      readAt: null,
    });
    await sleep(300);
    expect(theirsOnA.events).toEqual([]);
    expect(theirsOnB.events).toEqual([]);
  });

  it('delivers a fan-out to many users at once: each stream gets its own notifications, once each, in order', async () => {
    const people = await Promise.all(Array.from({ length: 8 }, () => person()));
    // Two streams for the first person (two tabs), on different instances.
    const streams = await Promise.all(people.map((p) => stream(first, p.cookie)));
    const secondTab = await stream(second, people[0]!.cookieB);
    await Promise.all(people.map((p, index) => settled(streams[index]!, p.userId)));
    await expect.poll(() => secondTab.events.length, { timeout: 5000 }).toBe(1);
    const before = streams.map((connection) => connection.events.length);

    const fanOut = (title: string) =>
      inTransaction(second.runtime.database, (t) =>
        createNotifications(
          t,
          people.map((p) => ({ userId: p.userId, type: 'referral.posted', title, body: 'A referral near you.', link: '/referrals/1' })),
        ),
      );
    expect(await fanOut('first')).toBe(people.length);
    expect(await fanOut('second')).toBe(people.length);

    const { db } = first.runtime.database;
    for (const [index, p] of people.entries()) {
      const connection = streams[index]!;
      await connection.waitForEvents(before[index]! + 2, 5000);
      const rows = await db.select().from(notifications).where(eq(notifications.userId, p.userId));
      const mine = rows.map((row) => row.id).sort((a, b) => a - b).slice(-2);
      expect(ids(connection).slice(-2)).toEqual(mine);
      expect(connection.events.slice(-2).map((event) => (JSON.parse(event.data) as { title: string }).title)).toEqual(['first', 'second']);
    }
    await secondTab.waitForEvents(3, 5000);
    await sleep(200);
    for (const [index, connection] of streams.entries()) expect(connection.events.length).toBe(before[index]! + 2);
    expect(secondTab.events.map((event) => event.id)).toEqual(streams[0]!.events.map((event) => event.id));
  });

  it('announces a large fan-out in several NOTIFY payloads, each under the limit, and every stream gets its own, once', async () => {
    const people = await Promise.all(Array.from({ length: 3 }, () => person()));
    const streams = await Promise.all(people.map((p) => stream(first, p.cookie)));
    await Promise.all(people.map((p, index) => settled(streams[index]!, p.userId)));
    const before = streams.map((connection) => connection.events.length);

    // 150 other users sorted right after each person, so each person's notification lands in a
    // payload of its own: 450 of ~150 bytes need ten or more under the 8000-byte limit.
    const others = people.flatMap((p) => Array.from({ length: 150 }, (_, n) => `${p.userId}-other-${String(n).padStart(3, '0')}`));
    const admin = new pg.Client({ connectionString: first.runtime.databaseUrl });
    await admin.connect();
    const payloads: string[] = [];
    try {
      await admin.query(
        `insert into "user" (id, name, email, email_verified) select id, 'Other', id || '@others.test', true from unnest($1::text[]) as t(id)`,
        [others],
      );
      admin.on('notification', (message) => payloads.push(message.payload ?? ''));
      await admin.query(`listen ${NOTIFICATION_CHANNEL}`);
      const everyone = [...people.map((p) => p.userId), ...others];
      const created = await inTransaction(second.runtime.database, (t) =>
        createNotifications(
          t,
          everyone.map((userId) => ({ userId, type: 'referral.posted', title: 'Fan-out', body: `A referral near ${userId}.`, link: '/referrals/2' })),
        ),
      );
      expect(created).toBe(everyone.length);
      await expect.poll(() => payloads.flatMap((payload) => JSON.parse(payload) as unknown[]).length, { timeout: 5000 }).toBe(everyone.length);
    } finally {
      await admin.end();
    }
    expect(payloads.length).toBeGreaterThanOrEqual(4);
    for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThan(8000);
    const announced = payloads.flatMap((payload) => JSON.parse(payload) as Array<[string, number]>);
    // In id order across payloads: a stream sends what it is announced whole and skips any id below its last.
    expect(announced.map(([, id]) => id)).toEqual(announced.map(([, id]) => id).sort((a, b) => a - b));
    const carrying = people.map((p) => payloads.findIndex((payload) => (JSON.parse(payload) as Array<[string, number]>).some(([userId]) => userId === p.userId)));
    expect(new Set(carrying).size).toBe(people.length);

    for (const [index, p] of people.entries()) {
      await streams[index]!.waitForEvents(before[index]! + 1, 5000);
      const [mine] = announced.filter(([userId]) => userId === p.userId);
      expect(ids(streams[index]!).at(-1)).toBe(mine?.[1]);
    }
    // Each stream sent its own notification, as stored.
    for (const [index, p] of people.entries()) {
      const [row] = await first.runtime.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, p.userId), eq(notifications.title, 'Fan-out')));
      expect(JSON.parse(streams[index]!.events.at(-1)!.data)).toMatchObject({
        id: row!.id,
        type: 'referral.posted',
        title: 'Fan-out',
        body: `A referral near ${p.userId}.`,
        link: '/referrals/2',
        createdAt: row!.createdAt.toISOString(),
      });
    }
    await sleep(200);
    for (const [index, connection] of streams.entries()) expect(connection.events.length).toBe(before[index]! + 1);
  });

  it('follows the session that signed the stream in, not whichever session cookie comes first in the header', async () => {
    const therapist = await person();
    // The app (over http) reads the plain cookie; a stray secure-prefixed one comes first.
    const cookie = `__Secure-carerelay.session_token=${encodeURIComponent(`not-a-session.${'A'.repeat(43)}=`)}; ${therapist.cookie}`;
    const connection = await stream(first, cookie);
    expect(connection.status).toBe(200);
    await settled(connection, therapist.userId);
    const before = connection.events.length;
    const out = await fetch(`${first.url}/api/auth/sign-out`, {
      method: 'POST',
      headers: { cookie: therapist.cookie, origin: first.url, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(out.status).toBe(200);
    await notify(therapist.userId, 'after sign-out');
    await expect.poll(() => connection.ended, { timeout: 5000 }).toBe(true);
    expect(connection.events.length).toBe(before);
  });

  it('replays exactly the events missed while disconnected, in order, when reconnecting with Last-Event-ID', async () => {
    const therapist = await person();
    const before = await stream(first, therapist.cookie);
    const marker = await settled(before, therapist.userId);
    before.close();

    const missed = [await notify(therapist.userId), await notify(therapist.userId), await notify(therapist.userId)];
    const again = await stream(second, therapist.cookieB, String(marker.id));
    expect(again.status).toBe(200);
    await again.waitForEvents(3);
    const live = await notify(therapist.userId);
    await again.waitForEvents(4);
    await sleep(200);
    expect(ids(again)).toEqual([...missed.map((row) => row.id), live.id]);
  });

  it('on a first connection replays only unread notifications from the last seven days', async () => {
    const therapist = await person();
    const read = await notify(therapist.userId);
    const old = await notify(therapist.userId);
    const fresh = await notify(therapist.userId);
    const { db } = first.runtime.database;
    await db.update(notifications).set({ readAt: new Date() }).where(eq(notifications.id, read.id));
    await db
      .update(notifications)
      .set({ createdAt: new Date(Date.now() - 8 * 24 * 60 * 60 * 1000) })
      .where(eq(notifications.id, old.id));

    const connection = await stream(first, therapist.cookie);
    const marker = await settled(connection, therapist.userId);
    expect(ids(connection)).toEqual([fresh.id, marker.id]);
  });

  it('never delivers a notification whose transaction rolled back', async () => {
    const therapist = await person();
    const connection = await stream(first, therapist.cookie);
    await sleep(200);
    await expect(
      inTransaction(second.runtime.database, async (t) => {
        await createNotification(t, { userId: therapist.userId, type: 'test', title: 'Rolled back', body: '', link: '/' });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const marker = await settled(connection, therapist.userId);
    await sleep(200);
    expect(ids(connection)).toEqual([marker.id]);
  });

  it('keeps delivering after the LISTEN connection is terminated', async () => {
    const therapist = await person();
    const connection = await stream(first, therapist.cookie);
    await settled(connection, therapist.userId);

    const admin = new pg.Client({ connectionString: first.runtime.databaseUrl });
    await admin.connect();
    const listeners = 'from pg_stat_activity where application_name = $1 and datname = current_database()';
    try {
      const result = await admin.query(`select pg_terminate_backend(pid) ${listeners}`, [LISTENER_APPLICATION_NAME]);
      // One listener per instance.
      expect(result.rowCount).toBe(2);
      // Created while the listeners are down: found by the catch-up after they reconnect.
      const created = await notify(therapist.userId);
      await expect.poll(() => ids(connection).includes(created.id), { timeout: 10_000 }).toBe(true);
      const back = async () => (await admin.query(`select pid ${listeners}`, [LISTENER_APPLICATION_NAME])).rowCount;
      await expect.poll(back, { timeout: 10_000 }).toBe(2);
    } finally {
      await admin.end();
    }
    const later = await notify(therapist.userId);
    await expect.poll(() => ids(connection).includes(later.id), { timeout: 10_000 }).toBe(true);
    expect(new Set(ids(connection)).size).toBe(connection.events.length);
  });
});

describe('notification centre', () => {
  const post = (path: string, cookie: string) =>
    fetch(`${first.url}/api/notifications${path}`, { method: 'POST', headers: { cookie, origin: first.url } });
  const list = async (cookie: string, query = '') => {
    const response = await fetch(`${first.url}/api/notifications${query}`, { headers: { cookie } });
    expect(response.status).toBe(200);
    return (await response.json()) as { items: Array<{ id: number; readAt: string | null }>; unreadCount: number };
  };

  it('lists only the actor’s own notifications, newest first, with paging and the unread count', async () => {
    const therapist = await person();
    const other = await person('agency');
    // Three different alerts, so none is grouped with another (grouping has its own test below).
    const rows = [await notify(therapist.userId, 'one'), await notify(therapist.userId, 'two'), await notify(therapist.userId, 'three')];
    await notify(other.userId, 'one');

    const all = await list(therapist.cookie);
    expect(all.items.map((item) => item.id)).toEqual(rows.map((row) => row.id).reverse());
    expect(all.unreadCount).toBe(3);
    const page = await list(therapist.cookie, `?limit=1&before=${rows[2]!.id}`);
    expect(page.items.map((item) => item.id)).toEqual([rows[1]!.id]);
    const invalid = await fetch(`${first.url}/api/notifications?limit=500`, { headers: { cookie: therapist.cookie } });
    expect(invalid.status).toBe(400);
  });

  it('marks one read, refuses another user’s notification with 404, and marks all read', async () => {
    const therapist = await person();
    const other = await person('agency');
    const [a, b] = [await notify(therapist.userId, 'a'), await notify(therapist.userId, 'b')];
    const theirs = await notify(other.userId);

    const read = await post(`/${a.id}/read`, therapist.cookie);
    expect(read.status).toBe(200);
    expect((await read.json()) as { readAt: string | null }).toMatchObject({ id: a.id, readAt: expect.any(String) });
    expect((await list(therapist.cookie)).unreadCount).toBe(1);
    expect((await list(therapist.cookie, '?unreadOnly=true')).items.map((item) => item.id)).toEqual([b.id]);

    const foreign = await post(`/${theirs.id}/read`, therapist.cookie);
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    expect((await post('/999999999/read', therapist.cookie)).status).toBe(404);

    const all = await post('/read-all', therapist.cookie);
    expect(await all.json()).toEqual({ updated: 1 });
    expect((await list(therapist.cookie)).unreadCount).toBe(0);
    expect((await list(other.cookie)).unreadCount).toBe(1);
  });

  it('shows unread notifications of one type and link, and new-referral alerts of one discipline, as one item with a count', async () => {
    const therapist = await person();
    const other = await person();
    const alert = (userId: string, discipline: string, referral: number) =>
      inTransaction(second.runtime.database, (t) =>
        createNotification(t, {
          userId,
          type: 'referral.posted',
          title: `New ${discipline} referral near you`,
          body: `R-${referral} · Austin, TX, 2.0 mi from you.`,
          link: `/dashboard/therapist/referrals/r${referral}`,
        }),
      );
    const updated = (userId: string) =>
      inTransaction(second.runtime.database, (t) =>
        createNotification(t, { userId, type: 'referral.updated', title: 'R-1001 · Austin, TX was updated', body: 'Changed.', link: '/dashboard/therapist/referrals/r1001' }),
      );
    const earlierRead = await alert(therapist.userId, 'PT', 1000);
    await post(`/${earlierRead.id}/read`, therapist.cookie);
    const pt = [await alert(therapist.userId, 'PT', 1001), await alert(therapist.userId, 'PT', 1002)];
    const ot = await alert(therapist.userId, 'OT', 1003);
    const changes = [await updated(therapist.userId), await updated(therapist.userId)];
    pt.push(await alert(therapist.userId, 'PT', 1004));
    // Someone else's alert of the same discipline is never counted in.
    await alert(other.userId, 'PT', 1004);

    const listed = (await list(therapist.cookie)) as unknown as {
      items: Array<{ id: number; title: string; body: string; link: string; count: number; readAt: string | null }>;
      unreadCount: number;
    };
    expect(listed.unreadCount).toBe(6);
    expect(listed.items.map(({ id, title, link, count }) => ({ id, title, link, count }))).toEqual([
      { id: pt[2]!.id, title: '3 new PT referrals near you', link: '/dashboard/therapist/referrals', count: 3 },
      { id: changes[1]!.id, title: 'R-1001 · Austin, TX was updated', link: '/dashboard/therapist/referrals/r1001', count: 2 },
      { id: ot.id, title: 'New OT referral near you', link: '/dashboard/therapist/referrals/r1003', count: 1 },
      // Read ones are history, listed one by one.
      { id: earlierRead.id, title: 'New PT referral near you', link: '/dashboard/therapist/referrals/r1000', count: 1 },
    ]);
    expect(listed.items[0]!.body).toBe('The newest: R-1004 · Austin, TX, 2.0 mi from you.');
    // Paging never lists a group's older members on their own.
    const secondPage = await list(therapist.cookie, `?limit=2&before=${changes[1]!.id}`);
    expect(secondPage.items.map((item) => item.id)).toEqual([ot.id, earlierRead.id]);

    // Opening the group marks every alert it stood for read, and no other.
    await post(`/${pt[2]!.id}/read`, therapist.cookie);
    const after = await list(therapist.cookie, '?unreadOnly=true');
    expect(after.unreadCount).toBe(3);
    expect(after.items.map((item) => item.id)).toEqual([changes[1]!.id, ot.id]);
    expect((await list(other.cookie)).unreadCount).toBe(1);
  });

  it('refuses read and read-all when signed out', async () => {
    expect((await fetch(`${first.url}/api/notifications/read-all`, { method: 'POST' })).status).toBe(401);
    expect((await fetch(`${first.url}/api/notifications/1/read`, { method: 'POST' })).status).toBe(401);
  });
});

describe('shutdown', () => {
  it('ends open streams so the app closes promptly', async () => {
    const app = await startTestApp();
    const therapist = await buildTherapist(app.runtime.database.db);
    const connection = await openSse(`${app.url}/api/notifications/stream`, { cookie: await signIn(app.url, therapist) });
    expect(connection.status).toBe(200);
    const started = Date.now();
    await app.close();
    expect(Date.now() - started).toBeLessThan(5000);
    connection.close();
  });
});
