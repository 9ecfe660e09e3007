import http from 'node:http';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { buildTherapist, signIn } from '../../../test/factories';
import { parseSseBlock } from '../../../test/sse-client';
import { inTransaction } from '../db/client';
import { notifications } from '../db/schema/index';
import { createNotifications } from './service';

/**
 * A stream sends what a fan-out announces whole at once, with no read (stream.ts). A client that
 * reads slowly fills its socket: the stream then holds what comes next until the socket drains,
 * and reads it from the database, so every event still arrives once, in order.
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

/** A raw stream whose reading the test pauses and resumes; the ids of the events it has parsed. */
function rawStream(url: string, cookie: string) {
  const ids: number[] = [];
  let buffer = '';
  let response: http.IncomingMessage | undefined;
  const opened = new Promise<void>((resolve, reject) => {
    const request = http.get(url, { headers: { cookie, accept: 'text/event-stream' } }, (res) => {
      response = res;
      res.setEncoding('utf8');
      res.on('data', (text: string) => {
        buffer += text;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const id = parseSseBlock(buffer.slice(0, end)).event?.id;
          if (id) ids.push(Number(id));
          buffer = buffer.slice(end + 2);
        }
      });
      resolve();
    });
    request.on('error', reject);
  });
  return { opened, ids, pause: () => response?.pause(), resume: () => response?.resume(), close: () => response?.destroy() };
}

describe('a stream whose client reads slowly', () => {
  it('holds a fan-out while the socket is full and still delivers every event once, in order', async () => {
    const { db } = app.runtime.database;
    const therapist = await buildTherapist(db);
    const stream = rawStream(`${app.url}/api/notifications/stream`, await signIn(app.url, therapist));
    await stream.opened;
    const notify = (count: number, body: string) =>
      inTransaction(app.runtime.database, (t) =>
        createNotifications(
          t,
          Array.from({ length: count }, () => ({ userId: therapist.userId, type: 'referral.posted', title: 'New PT referral near you', body, link: '/referrals/1' })),
        ),
      );
    // Once one has arrived, the stream has read and knows its session stands: the next come whole.
    await notify(1, 'First.');
    await expect.poll(() => stream.ids.length, { timeout: 5000 }).toBe(1);

    // Count the writes the sockets refused to take at once, to know the burst filled this one.
    const write = http.ServerResponse.prototype.write;
    let refused = 0;
    http.ServerResponse.prototype.write = function (this: http.ServerResponse, ...args: Parameters<typeof write>) {
      const taken = write.apply(this, args);
      if (!taken) refused++;
      return taken;
    } as typeof write;
    try {
      stream.pause();
      // About 2.4 MB of events, each announced whole (under 900 bytes).
      await notify(3000, `A PT referral near you. ${'Details follow. '.repeat(40)}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
      stream.resume();
      await expect.poll(() => stream.ids.length, { timeout: 15_000, interval: 100 }).toBe(3001);
    } finally {
      http.ServerResponse.prototype.write = write;
      stream.close();
    }
    expect(refused).toBeGreaterThan(0);
    const stored = await db.select({ id: notifications.id }).from(notifications).where(eq(notifications.userId, therapist.userId)).orderBy(asc(notifications.id));
    expect(stream.ids).toEqual(stored.map((row) => row.id));
  });
});
