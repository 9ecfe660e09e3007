import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { leads, mailMessages } from '../db/schema/index';

let app: TestApp;
beforeAll(async () => {
  // No SMTP_URL: mail is kept for the development mailbox instead.
  app = await startTestApp({ TEAM_EMAIL: 'sales@carerelay.test' });
});
afterAll(() => app.close());

const post = (body: unknown) =>
  fetch(`${app.url}/api/leads`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

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
      .toMatchObject({ status: 'stored', textBody: expect.stringContaining('Organisation: Bluebonnet Home Care') });
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
