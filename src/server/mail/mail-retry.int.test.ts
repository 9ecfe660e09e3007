import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app';
import { startAppWithSmtp } from '../../../test/app-with-smtp';
import type { TestSmtpServer } from '../../../test/smtp';
import { mailMessages } from '../db/schema/index';

let smtp: TestSmtpServer;
let app: TestApp;
let closeAppAndSmtp: () => Promise<void>;

beforeAll(async () => {
  // The SMTP server's address is configured, but nothing listens there yet.
  ({ app, smtp, close: closeAppAndSmtp } = await startAppWithSmtp({}, { smtpListening: false }));
});
afterAll(async () => {
  await closeAppAndSmtp();
});

describe('mail delivery', () => {
  it('keeps a mail queued while the SMTP server is down and delivers it once it is back', async () => {
    const response = await fetch(`${app.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Grace', email: 'grace@agency.test', userType: 'agency', subject: 'Outage test', message: 'Hello' }),
    });
    // The visitor's request succeeds although mail cannot go out.
    expect(response.status).toBe(201);

    const { db } = app.runtime.database;
    await expect
      .poll(async () => (await db.select().from(mailMessages).where(eq(mailMessages.subject, 'Contact: Outage test')))[0]?.attempts ?? 0, {
        timeout: 10_000,
      })
      .toBeGreaterThanOrEqual(1);
    const [failed] = await db.select().from(mailMessages).where(eq(mailMessages.subject, 'Contact: Outage test'));
    expect(failed?.status).toBe('queued');
    expect(failed?.lastError).toBeTruthy();

    await smtp.start();
    const mail = await smtp.waitForMail((m) => m.subject === 'Contact: Outage test', 30_000);
    expect(mail.to).toEqual([app.config.teamEmail]);
    await expect
      .poll(async () => (await db.select().from(mailMessages).where(eq(mailMessages.subject, 'Contact: Outage test')))[0]?.status)
      .toBe('sent');
    expect(smtp.received.filter((m) => m.subject === 'Contact: Outage test')).toHaveLength(1);
  });
});
