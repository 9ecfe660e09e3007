import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app';
import { startAppWithSmtp } from '../../../test/app-with-smtp';
import { clientAddress } from '../../../test/factories';
import { errorOf } from '../../../test/http';
import type { TestSmtpServer } from '../../../test/smtp';
import { contactMessages, mailMessages } from '../db/schema/index';

let smtp: TestSmtpServer;
let app: TestApp;
let closeAppAndSmtp: () => Promise<void>;

beforeAll(async () => {
  ({ app, smtp, close: closeAppAndSmtp } = await startAppWithSmtp({ TEAM_EMAIL: 'hello@carerelay.test' }));
});
afterAll(async () => {
  await closeAppAndSmtp();
});

const post = (body: unknown, from?: string) =>
  fetch(`${app.url}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(from ? { 'x-forwarded-for': from } : {}) },
    body: JSON.stringify(body),
  });

describe('POST /api/contact', () => {
  it('stores the message and mails it to the team, replying to the sender', async () => {
    const response = await post({
      name: 'Maria Lopez',
      email: 'maria@sunrisehh.test',
      company: 'Sunrise Home Health',
      phone: '(555) 010-2000',
      userType: 'agency',
      subject: 'Pricing for 40 referrals a month',
      message: 'We cover Travis County and need PT coverage.',
    });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };

    const [row] = await app.runtime.database.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(row).toMatchObject({ name: 'Maria Lopez', company: 'Sunrise Home Health', userType: 'agency' });

    const mail = await smtp.waitForMail((m) => m.subject === 'Contact: Pricing for 40 referrals a month');
    expect(mail.to).toEqual(['hello@carerelay.test']);
    expect(mail.replyTo).toBe('maria@sunrisehh.test');
    expect(mail.text).toContain('We cover Travis County and need PT coverage.');
    expect(mail.text).toContain('Company: Sunrise Home Health');
  });

  it('accepts a message without the optional company and phone', async () => {
    const response = await post({ name: 'Sam', email: 'sam@pt.test', userType: 'therapist', subject: 'Hours', message: 'Can I choose my hours?' });
    expect(response.status).toBe(201);
  });

  it('names every missing required field and stores nothing', async () => {
    const before = await app.runtime.database.db.$count(contactMessages);
    const mailsBefore = await app.runtime.database.db.$count(mailMessages);
    const response = await post({ company: 'Only optional fields' });
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { fields: Record<string, string> } };
    expect(error.fields).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      userType: 'Please tell us who you are',
      subject: 'Subject is required',
      message: 'Message is required',
    });
    expect(await app.runtime.database.db.$count(contactMessages)).toBe(before);
    expect(await app.runtime.database.db.$count(mailMessages)).toBe(mailsBefore);
  });

  it('refuses an unknown userType and a malformed phone', async () => {
    const response = await post({ name: 'X', email: 'x@y.test', userType: 'robot', subject: 'S', message: 'M', phone: 'call me' });
    const { error } = (await response.json()) as { error: { fields: Record<string, string> } };
    expect(error.fields).toEqual({ userType: 'Please tell us who you are', phone: 'Please enter a valid phone number' });
  });
});

describe('POST /api/contact from one address', () => {
  const message = { name: 'Sam', email: 'sam@pt.test', userType: 'therapist', subject: 'Hours', message: 'Can I choose my hours?' };

  it('takes 5 messages in 10 minutes, then answers 429 with retry-after and mails no one', async () => {
    const address = clientAddress();
    for (let i = 0; i < 5; i++) expect((await post(message, address)).status).toBe(201);
    const mails = await app.runtime.database.db.$count(mailMessages);
    const stored = await app.runtime.database.db.$count(contactMessages);

    const refused = await post(message, address);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(590);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(600);
    expect(await errorOf(refused)).toEqual({ code: 'RATE_LIMITED', message: 'Too many requests from your address. Please try again in 10 minutes.' });
    expect(await app.runtime.database.db.$count(mailMessages)).toBe(mails);
    expect(await app.runtime.database.db.$count(contactMessages)).toBe(stored);

    expect((await post(message, clientAddress())).status).toBe(201);
  });
});
