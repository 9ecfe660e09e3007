import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app';
import { startAppWithSmtp } from '../../../test/app-with-smtp';
import { buildAgency, buildManager, buildTherapist, clientAddress } from '../../../test/factories';
import { callApi, ok, refused } from '../../../test/http';
import { session, type SignedIn } from '../../../test/people';
import type { TestSmtpServer } from '../../../test/smtp';
import { TwilioDouble } from '../../../test/twilio-double';
import { WebhookDouble } from '../../../test/webhook-double';
import type { AdminDashboard } from '../../domain/dashboards';
import { undeliveredMessages as messages, type UndeliveredItem, type UndeliveredList } from '../../domain/undelivered';
import { inTransaction } from '../db/client';
import { auditLog, mailMessages, smsMessages, undeliveredMessages } from '../db/schema/index';
import { queueSms } from '../sms/queue-sms';

/**
 * Messages whose retries run out are not dropped: the SMTP server refuses every attempt (it is not
 * listening) and the team's chat webhook refuses every post, each job retried once (JOB_RETRY_LIMIT
 * 1). The mail ends 'failed' and both are listed for managers and counted on their dashboard; a
 * manager's Retry, once the server is back, delivers each once.
 */

let smtp: TestSmtpServer;
let webhook: WebhookDouble;
let twilio: TwilioDouble;
let app: TestApp;
let closeAppAndSmtp: (() => Promise<void>) | undefined;
let manager: SignedIn;
const db = () => app.runtime.database.db;

beforeAll(async () => {
  // Two runs of the sign-up chat job (the first and its one retry) are refused; a manager's retry gets through.
  webhook = new WebhookDouble(2);
  await webhook.start();
  // Likewise the text-message provider refuses both runs of a text's job.
  twilio = new TwilioDouble({ failures: 2 });
  await twilio.start();
  ({ app, smtp, close: closeAppAndSmtp } = await startAppWithSmtp(
    { JOB_RETRY_LIMIT: '1', AGENCY_WEBHOOK_URL: webhook.url('/agencies'), ...twilio.env },
    { smtpListening: false },
  ));
  manager = await session(app, await buildManager(db()));
});
afterAll(async () => {
  await closeAppAndSmtp?.();
  await webhook?.stop();
  await twilio?.stop();
});

const listAs = (who: SignedIn) => callApi(app.url, 'GET', '/api/admin/undelivered', { cookie: who.cookie, ip: who.ip });
const retryAs = (who: SignedIn, id: string) => callApi(app.url, 'POST', `/api/admin/undelivered/${id}/retry`, { cookie: who.cookie, ip: who.ip });
const dashboardCount = async () =>
  (await ok<AdminDashboard>(await callApi(app.url, 'GET', '/api/admin/dashboard', { cookie: manager.cookie, ip: manager.ip }))).undeliveredMessages;

async function listed(match: (item: UndeliveredItem) => boolean): Promise<UndeliveredItem> {
  await expect.poll(async () => (await ok<UndeliveredList>(await listAs(manager))).items.some(match), { timeout: 20_000 }).toBe(true);
  return (await ok<UndeliveredList>(await listAs(manager))).items.find(match)!;
}

async function mailWithSubject(subject: string) {
  return (await db().select().from(mailMessages).where(eq(mailMessages.subject, subject)))[0];
}

/** The send-mail jobs that deliver the mail `id` (each names its mails in a list). */
async function mailJobsFor(id: string) {
  const { rows } = await app.runtime.database.pool.query<{ count: string }>(
    "select count(*) from pgboss.job where name = 'send-mail' and data->'mailIds' @> jsonb_build_array($1::text)",
    [id],
  );
  return Number(rows[0]?.count);
}

describe('a mail whose every attempt is refused', () => {
  const subject = 'Contact: About Jane Roe, my patient';
  let item: UndeliveredItem;

  it('ends failed, and managers see it listed (recipient masked, no content) and counted on their dashboard', async () => {
    await ok(
      await callApi(app.url, 'POST', '/api/contact', {
        ip: clientAddress(),
        body: { name: 'Grace', email: 'grace@agency.test', userType: 'agency', subject: 'About Jane Roe, my patient', message: 'Hello there' },
      }),
      201,
    );
    await expect.poll(async () => (await mailWithSubject(subject))?.status, { timeout: 20_000 }).toBe('failed');
    const mail = await mailWithSubject(subject);
    expect(mail).toMatchObject({ attempts: 2, deliveredAt: null });

    item = await listed((candidate) => candidate.kind === 'email');
    expect(item).toMatchObject({ recipient: 't•••@carerelay.local', summary: 'Contact: …', attempts: 2 });
    expect(item.lastError).toMatch(/ECONNREFUSED/);
    // What a visitor typed into the subject, and the addresses, never reach the list.
    const text = await (await listAs(manager)).text();
    expect(text).not.toMatch(/Jane Roe|grace@agency\.test|team@carerelay\.local/);
    expect(await dashboardCount()).toBe(1);
  });

  it('a manager retries it with the SMTP server back: two retries at once queue it once, it is delivered once and the count drops', async () => {
    const before = await dashboardCount();
    await smtp.start();
    const [first, second] = await Promise.all([retryAs(manager, item.id), retryAs(manager, item.id)]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const conflict = await refused(first.status === 409 ? first : second, 409, 'CONFLICT');
    expect(conflict.message).toBe(messages.alreadyRetried);

    await smtp.waitForMail((received) => received.subject === subject, 20_000);
    await expect.poll(async () => (await mailWithSubject(subject))?.status, { timeout: 20_000 }).toBe('sent');
    const mail = await mailWithSubject(subject);
    // The first job (failed) and the one retry: never a second retry job.
    expect(await mailJobsFor(mail!.id)).toBe(2);
    expect(smtp.received.filter((received) => received.subject === subject)).toHaveLength(1);
    expect(await dashboardCount()).toBe(before - 1);
    expect((await ok<UndeliveredList>(await listAs(manager))).items.map((listedItem) => listedItem.id)).not.toContain(item.id);

    const audits = await db()
      .select({ outcome: auditLog.outcome, actorUserId: auditLog.actorUserId })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'delivery.retried'), eq(auditLog.entityId, item.id)));
    expect(audits.map((row) => row.outcome).sort()).toEqual(['failure', 'success']);
    expect(audits.every((row) => row.actorUserId === manager.userId)).toBe(true);
  });
});

describe('a sign-up chat message whose webhook refuses every post', () => {
  it('is listed for managers by its channel, and their retry posts it once', async () => {
    await ok(
      await callApi(app.url, 'POST', '/api/admin/managers', {
        cookie: manager.cookie,
        ip: manager.ip,
        body: { email: 'new.manager@carerelay.test', firstName: 'Noor', lastName: 'Newman', phone: '512-555-0144' },
      }),
      201,
    );
    const item = await listed((candidate) => candidate.kind === 'signup-chat');
    expect(item).toMatchObject({ recipient: 'Agency sign-ups chat', summary: 'New manager', attempts: 2, lastError: 'webhook answered 503' });
    expect(JSON.stringify(item)).not.toMatch(/Noor|new\.manager/);
    expect(webhook.received).toHaveLength(0);

    await ok(await retryAs(manager, item.id));
    await expect.poll(() => webhook.received.length, { timeout: 20_000 }).toBe(1);
    expect(webhook.received[0]?.body.content).toContain('**New manager**');
  });
});

describe('a text message the provider refuses every time', () => {
  it('ends failed, is listed by its masked number, and a retry sends it once', async () => {
    const smsId = await inTransaction(app.runtime.database, (t) => queueSms(t, app.runtime.jobs, { to: '+15125550177', body: 'CareRelay: your code is 123456' }));
    await expect.poll(async () => (await db().select().from(smsMessages).where(eq(smsMessages.id, smsId)))[0]?.status, { timeout: 20_000 }).toBe('failed');
    const item = await listed((candidate) => candidate.kind === 'sms');
    expect(item).toMatchObject({ recipient: '••• ••• 0177', summary: 'Text message', attempts: 2 });
    expect(JSON.stringify(item)).not.toMatch(/123456|5550177/);

    await ok(await retryAs(manager, item.id));
    await expect.poll(async () => (await db().select().from(smsMessages).where(eq(smsMessages.id, smsId)))[0]?.status, { timeout: 20_000 }).toBe('sent');
    expect(twilio.messages.filter((message) => message.to === '+15125550177')).toHaveLength(1);
  });
});

describe('who may see and retry undelivered messages', () => {
  let record: string;
  beforeAll(async () => {
    const [row] = await db().insert(mailMessages).values({ toAddress: 'someone@example.test', subject: 'Reset your CareRelay password', textBody: 'x', status: 'failed' }).returning();
    const [open] = await db()
      .insert(undeliveredMessages)
      .values({ job: 'send-mail', sourceId: row!.id, data: { mailId: row!.id }, attempts: 2, lastError: 'refused' })
      .returning();
    record = open!.id;
  });

  const routes = [
    { name: 'the list', call: (who?: SignedIn) => callApi(app.url, 'GET', '/api/admin/undelivered', { cookie: who?.cookie, ip: who?.ip ?? clientAddress() }) },
    { name: 'Retry', call: (who?: SignedIn) => callApi(app.url, 'POST', `/api/admin/undelivered/${record}/retry`, { cookie: who?.cookie, ip: who?.ip ?? clientAddress() }) },
    { name: 'the dashboard', call: (who?: SignedIn) => callApi(app.url, 'GET', '/api/admin/dashboard', { cookie: who?.cookie, ip: who?.ip ?? clientAddress() }) },
  ];

  for (const route of routes) {
    it(`${route.name}: refused to someone not signed in, an agency, a therapist and a manager without a second factor`, async () => {
      await refused(await route.call(), 401, 'UNAUTHENTICATED');
      await refused(await route.call(await session(app, await buildAgency(db()))), 403, 'FORBIDDEN');
      await refused(await route.call(await session(app, await buildTherapist(db()))), 403, 'FORBIDDEN');
      await refused(await route.call(await session(app, await buildManager(db()), 'aal1')), 403, 'MFA_REQUIRED');
    });
  }

  it('the refused retries left the message undelivered; a bad id is named, an unknown one is not found', async () => {
    expect((await ok<UndeliveredList>(await listAs(manager))).items.map((item) => item.id)).toContain(record);
    const bad = await refused(await retryAs(manager, 'not-an-id'), 400, 'VALIDATION');
    expect(bad.fields).toHaveProperty('messageId');
    const unknown = await refused(await retryAs(manager, '00000000-0000-4000-8000-000000000000'), 404, 'NOT_FOUND');
    expect(unknown.message).toBe(messages.notFound);
  });
});
