import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { clientAddress } from '../../../test/factories';
import { startTcpProxy, type TcpProxy } from '../../../test/tcp-proxy';
import { inTransaction } from '../db/client';
import { contactMessages, mailMessages } from '../db/schema/index';

/**
 * The database goes away under load — every connection of the app dropped mid-statement, new ones
 * refused, as in a restart or a failover — and comes back. The app must ride it out: nothing may
 * end the process (an unhandled rejection or an 'error' event nobody listens to would), health says
 * "degraded" meanwhile, and work resumes by itself.
 */

let proxy: TcpProxy;
let app: TestApp;
/** An SMTP server that takes connections and never answers: mail jobs are in flight when the database goes. */
let smtp: net.Server;
const smtpSockets = new Set<net.Socket>();
const escaped: unknown[] = [];
const collect = (reason: unknown) => void escaped.push(reason);

beforeAll(async () => {
  const server = new URL(inject('databaseAdminUrl'));
  proxy = await startTcpProxy({ host: server.hostname, port: Number(server.port) });
  smtp = net.createServer((socket) => void smtpSockets.add(socket.on('error', () => {})));
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.address() as net.AddressInfo).port;
  app = await startTestApp({ TEAM_EMAIL: 'team@carerelay.test', SMTP_URL: `smtp://127.0.0.1:${smtpPort}` }, {
    databaseUrl: (direct) => {
      const url = new URL(direct);
      url.hostname = '127.0.0.1';
      url.port = String(proxy.port);
      // Over TCP through the proxy, not the embedded cluster's socket.
      url.searchParams.delete('host');
      return url.toString();
    },
  });
  process.on('unhandledRejection', collect);
  process.on('uncaughtException', collect);
});
afterAll(async () => {
  process.off('unhandledRejection', collect);
  process.off('uncaughtException', collect);
  proxy.restore();
  await app?.close();
  await proxy?.close();
  for (const socket of smtpSockets) socket.destroy();
  await new Promise((resolve) => smtp?.close(resolve));
});

/** The SMTP server drops its connections: the mail jobs waiting on it fail now. */
function dropSmtp() {
  for (const socket of smtpSockets) socket.destroy();
  smtpSockets.clear();
}

const contact = (n: number) =>
  fetch(`${app.url}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': clientAddress() },
    body: JSON.stringify({
      name: `Visitor ${n}`,
      email: `visitor${n}@outage.test`,
      userType: 'agency',
      subject: 'Coverage',
      message: 'Do you cover Travis County?',
    }),
  }).catch(() => null);

const health = async () => {
  const response = await fetch(`${app.url}/api/health`);
  return { status: response.status, body: (await response.json()) as { status: string } };
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a database outage under load', () => {
  it('is ridden out: nothing escapes, health says degraded meanwhile, and work resumes by itself', async () => {
    // Load: requests that write in transactions (each queues a mail job) and jobs that read.
    let loading = true;
    let n = 0;
    const load = (async () => {
      while (loading) {
        await Promise.all([contact(n++), app.runtime.jobs.send('send-mail', { mailIds: [randomUUID()] }).catch(() => undefined)]);
        await sleep(10);
      }
    })();
    await sleep(1500);

    proxy.cut();
    await sleep(300);
    // The jobs waiting on SMTP fail while the database is away: marking them failed fails too.
    dropSmtp();
    await sleep(1200);
    const during = await health();
    expect(during.status).toBe(503);
    expect(during.body.status).toBe('degraded');
    await sleep(1500);
    proxy.restore();

    await expect.poll(async () => (await health()).status, { timeout: 20_000, interval: 250 }).toBe(200);
    loading = false;
    await load;

    // New work is done end to end: the message is stored and the job tries its mail.
    const after = await contact(100_000);
    expect(after?.status).toBe(201);
    const [message] = await app.runtime.database.db.select().from(contactMessages).where(eq(contactMessages.email, 'visitor100000@outage.test'));
    expect(message).toBeDefined();
    await expect
      .poll(
        async () => {
          dropSmtp();
          const rows = await app.runtime.database.db
            .select({ attempts: mailMessages.attempts })
            .from(mailMessages)
            .where(eq(mailMessages.replyTo, 'visitor100000@outage.test'));
          return rows[0]?.attempts ?? 0;
        },
        { timeout: 20_000, interval: 250 },
      )
      .toBeGreaterThan(0);
    expect(escaped).toEqual([]);
  }, 60_000);

  it('a transaction whose connection drops fails on its own, and its broken client is not reused', async () => {
    const { database } = app.runtime;
    const inFlight = inTransaction(database, async (t) => t.tx.execute(sql`select pg_sleep(3)`));
    await sleep(500);
    proxy.cut();
    await expect(inFlight).rejects.toThrow();
    proxy.restore();
    await sleep(200);
    // Every client the pool hands out afterwards works.
    const answers = await Promise.all(Array.from({ length: 12 }, () => inTransaction(database, async (t) => t.tx.execute(sql`select 1 as one`))));
    expect(answers.map((result) => result.rows[0])).toEqual(Array.from({ length: 12 }, () => ({ one: 1 })));
    expect(escaped).toEqual([]);
  });
});
