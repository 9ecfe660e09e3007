import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2e, type E2e } from '../test/e2e';

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(() => e2e.close());

describe('the single-page app shell', () => {
  it('sends any unknown path back to the landing page', async () => {
    const page = await e2e.newPage();
    await page.goto('/no/such/page?x=1');
    await page.waitForURL((url) => url.pathname === '/');
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('loads a client route directly on refresh (history fallback)', async () => {
    const page = await e2e.newPage();
    const response = await page.goto('/contact');
    expect(response?.status()).toBe(200);
    await page.reload();
    expect(new URL(page.url()).pathname).toBe('/contact');
  });

  it('shows mail kept by the development mailbox, with its links clickable', async () => {
    // Send a contact message through the API; with SMTP configured it is delivered and listed too.
    await fetch(`${e2e.app.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Ana', email: 'ana@x.test', userType: 'other', subject: 'Mailbox check', message: `See ${e2e.app.url}/articles` }),
    });
    const page = await e2e.newPage();
    await page.goto('/dev/mailbox');
    await expect.poll(() => page.getByRole('heading', { name: 'Contact: Mailbox check' }).count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => page.getByRole('link', { name: `${e2e.app.url}/articles` }).count()).toBe(1);
  });
});
