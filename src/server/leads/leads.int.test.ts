import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { clientAddress } from '../../../test/factories';
import { errorOf } from '../../../test/http';
import { leads, mailMessages } from '../db/schema/index';

let app: TestApp;
beforeAll(async () => {
  // No SMTP_URL: mail is kept for the development mailbox instead.
  app = await startTestApp({ TEAM_EMAIL: 'sales@carerelay.test' });
});
afterAll(() => app.close());

const post = (body: unknown, from?: string) =>
  fetch(`${app.url}/api/leads`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(from ? { 'x-forwarded-for': from } : {}) },
    body: JSON.stringify(body),
  });

describe('POST /api/leads', () => {
  it('stores the lead and keeps the team mail in the dev mailbox when no SMTP server is configured', async () => {
    const response = await post({ name: 'Dana Whit', email: 'dana@bluebonnet.test', organisation: 'Bluebonnet Home Care', role: 'agency', message: 'Call me' });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const [lead] = await app.runtime.database.db.select().from(leads).where(eq(leads.id, id));
    expect(lead).toMatchObject({ organisation: 'Bluebonnet Home Care', role: 'agency', message: 'Call me' });

    await expect
      .poll(async () => {
        const mailbox = (await (await fetch(`${app.url}/api/dev/mailbox?to=sales%40carerelay.test`)).json()) as {
          messages: Array<{ subject: string; status: string; textBody: string }>;
        };
        return mailbox.messages.find((m) => m.subject === 'New lead: Dana Whit (Bluebonnet Home Care)');
      }, { timeout: 10_000 })
      .toMatchObject({ status: 'stored', textBody: expect.stringContaining('Organization: Bluebonnet Home Care') });
  });

  it('requires name, email, organisation and role', async () => {
    const count = await app.runtime.database.db.$count(leads);
    const response = await post({ message: 'hi' });
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { fields: Record<string, string> } };
    expect(Object.keys(error.fields).sort()).toEqual(['email', 'name', 'organisation', 'role']);
    expect(await app.runtime.database.db.$count(leads)).toBe(count);
    expect(await app.runtime.database.db.$count(mailMessages)).toBeGreaterThan(0);
  });
});

describe('POST /api/leads from one address', () => {
  const lead = { name: 'Dana Whit', email: 'dana@bluebonnet.test', organisation: 'Bluebonnet Home Care', role: 'agency' };

  it('takes 5 leads in 10 minutes, then answers 429 with retry-after and mails no one', async () => {
    const address = clientAddress();
    for (let i = 0; i < 5; i++) expect((await post(lead, address)).status).toBe(201);
    const mails = await app.runtime.database.db.$count(mailMessages);
    const stored = await app.runtime.database.db.$count(leads);

    const refused = await post(lead, address);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(590);
    expect(await errorOf(refused)).toEqual({ code: 'RATE_LIMITED', message: 'Too many requests from your address. Please try again in 10 minutes.' });
    expect(await app.runtime.database.db.$count(mailMessages)).toBe(mails);
    expect(await app.runtime.database.db.$count(leads)).toBe(stored);

    expect((await post(lead, clientAddress())).status).toBe(201);
  });
});
