import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailMessages } from '../src/server/db/schema/index';
import { seriousAxeViolations } from '../test/axe';
import { startE2e, type E2e } from '../test/e2e';
import { buildManager, clientAddress } from '../test/factories';
import { callApi, ok } from '../test/http';

/**
 * The mail server is down for every attempt at a contact message (one retry): on a phone, the
 * manager sees "Undelivered messages 1" on their dashboard, follows it to the list, and once the
 * server is back retries it from the keyboard; it is delivered once and the count goes back to 0.
 */

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e({ JOB_RETRY_LIMIT: '1' });
});
afterAll(() => e2e.close());

const db = () => e2e.app.runtime.database.db;
const SUBJECT = 'Contact: Staffing question';
const statusOf = async () => (await db().select().from(mailMessages).where(eq(mailMessages.subject, SUBJECT)))[0]?.status;

describe('undelivered messages', () => {
  it('a manager sees the count on their dashboard and retries the message from the list', async () => {
    await e2e.smtp.stop();
    await ok(
      await callApi(e2e.app.url, 'POST', '/api/contact', {
        ip: clientAddress(),
        body: { name: 'Grace', email: 'grace@agency.test', userType: 'agency', subject: 'Staffing question', message: 'Hello there' },
      }),
      201,
    );
    await expect.poll(statusOf, { timeout: 20_000 }).toBe('failed');

    const page = await e2e.signedInPage(await buildManager(db()), { aal: 'aal2', viewport: { width: 390, height: 844 } });
    await page.goto('/dashboard/admin');
    const summary = page.getByRole('link', { name: /^Undelivered messages 1 / });
    await summary.waitFor();
    expect((await summary.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await summary.focus();
    await page.keyboard.press('Enter');

    await page.getByRole('heading', { name: 'Undelivered messages', level: 1 }).waitFor();
    const card = page.getByRole('listitem', { name: 'Email to t•••@carerelay.local' });
    await card.getByText('Contact: …', { exact: true }).waitFor();
    expect(await card.textContent()).toMatch(/Attempts\s*2/);
    expect(await page.getByText('Staffing question').count()).toBe(0);
    const retry = card.getByRole('button', { name: 'Retry email to t•••@carerelay.local' });
    const box = (await retry.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await e2e.smtp.start();
    await retry.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Queued again: the email to t•••@carerelay.local.' }).waitFor();
    await page.getByText('Every message has been delivered or retried.').waitFor();

    await e2e.smtp.waitForMail((mail) => mail.subject === SUBJECT);
    await expect.poll(statusOf, { timeout: 20_000 }).toBe('sent');
    expect(e2e.smtp.received.filter((mail) => mail.subject === SUBJECT)).toHaveLength(1);

    await page.getByRole('link', { name: 'Admin dashboard' }).click();
    await page.getByRole('link', { name: /^Undelivered messages 0 / }).waitFor();
  });
});
