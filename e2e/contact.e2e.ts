import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../src/server/db/schema/index';
import { seriousAxeViolations } from '../test/axe';
import { startE2e, type E2e } from '../test/e2e';

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(() => e2e.close());

const requiredMessages = [
  'Name is required',
  'Email is required',
  'Please tell us who you are',
  'Subject is required',
  'Message is required',
];

async function openContact(path = '/contact') {
  const page = await e2e.newPage();
  await page.goto(path);
  await page.getByRole('heading', { name: 'Contact us', level: 1 }).waitFor();
  return page;
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const submit = (page: Page) => page.getByRole('button', { name: 'Send message' });

describe('the contact page', () => {
  it('names every missing required field and sends nothing', async () => {
    const page = await openContact();
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/contact')) posts.push(request.method());
    });
    await submit(page).click();
    for (const message of requiredMessages) await page.getByText(message, { exact: true }).waitFor();
    expect(await field(page, 'Name').getAttribute('aria-invalid')).toBe('true');
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(posts).toEqual([]);
    expect(await e2e.app.runtime.database.db.$count(contactMessages)).toBe(0);
  });

  it('rejects an email address that is not one', async () => {
    const page = await openContact();
    await field(page, 'Email').fill('maria-at-sunrise');
    await submit(page).click();
    await page.getByText('Please enter a valid email address', { exact: true }).waitFor();
    expect(await page.getByText('Email is required').count()).toBe(0);
  });

  it('sends a message without company or phone: thank-you, stored, and mailed to the team with reply-to the sender', async () => {
    const page = await openContact();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await field(page, 'Name').fill('Dana Whitfield');
    await field(page, 'Email').fill('dana@whitfield-pt.test');
    await page.getByRole('radio', { name: 'Therapist' }).check();
    await field(page, 'Subject').fill('Weekend availability');
    await field(page, 'Message').fill('I can cover Saturday visits around Austin. How do I start?');

    // Hold the request to see the progress state, then let it through.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/contact', async (route) => {
      await held;
      await route.continue();
    });
    await submit(page).click();
    const sending = page.getByRole('button', { name: 'Sending…' });
    await sending.waitFor();
    expect(await sending.isDisabled()).toBe(true);
    release();

    await page.getByRole('heading', { name: 'Thank you' }).waitFor();
    expect(await page.getByText('within 24 hours', { exact: false }).first().isVisible()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);

    const rows = await e2e.app.runtime.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, 'dana@whitfield-pt.test'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: 'Dana Whitfield',
      company: null,
      phone: null,
      userType: 'therapist',
      subject: 'Weekend availability',
      message: 'I can cover Saturday visits around Austin. How do I start?',
    });

    const mail = await e2e.smtp.waitForMail((m) => m.subject === 'Contact: Weekend availability');
    expect(mail.replyTo).toBe('dana@whitfield-pt.test');
    expect(mail.text).toContain('I can cover Saturday visits around Austin.');

    await page.getByRole('button', { name: 'Send another message' }).click();
    expect(await field(page, 'Name').inputValue()).toBe('');
  });

  it('prefills the subject from the link, as the Book a Demo button does', async () => {
    const page = await openContact('/contact?subject=Book%20a%20demo');
    expect(await field(page, 'Subject').inputValue()).toBe('Book a demo');
  });

  it('keeps the message and explains when the server cannot be reached', async () => {
    const page = await openContact();
    await field(page, 'Name').fill('Lee');
    await field(page, 'Email').fill('lee@agency.test');
    await page.getByRole('radio', { name: 'Home health agency' }).check();
    await field(page, 'Subject').fill('Offline test');
    await field(page, 'Message').fill('Hello');
    await page.route('**/api/contact', (route) => route.abort('internetdisconnected'));
    await submit(page).click();
    await page.getByRole('alert').filter({ hasText: 'Could not reach CareRelay' }).waitFor();
    expect(await field(page, 'Message').inputValue()).toBe('Hello');
    expect(await submit(page).isEnabled()).toBe(true);
  });

  it('shows the support email, phone, hours and reply promise beside the form', async () => {
    const page = await openContact();
    const details = page.getByRole('complementary', { name: 'Other ways to reach us' });
    for (const text of ['support@carerelay.com', '(888) 555-0142', 'Mon-Fri 8am-6pm EST', 'within 24 hours']) {
      expect(await details.getByText(text, { exact: false }).count(), text).toBe(1);
    }
  });
});
