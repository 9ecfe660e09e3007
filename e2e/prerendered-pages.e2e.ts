import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articles } from '../src/content/articles/index';
import { startE2e, type E2e } from '../test/e2e';

/**
 * The public pages are rendered to HTML by `npm run build`, so their content is there before any
 * script runs; in the browser React then hydrates them without a mismatch and they work as before.
 * Needs a build from `npm run build` (or `npm run build -- --outDir <folder>` with WEB_DIST_DIR).
 */

const DEMO_SCHEDULING_URL = 'https://demo.example.test/book';

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e({ DEMO_SCHEDULING_URL });
});
afterAll(() => e2e.close());

const article = articles[0]!;
/** The text of the article body's first paragraph, as a reader sees it. */
const firstParagraph = (/<p>([\s\S]*?)<\/p>/.exec(article.content)?.[1] ?? '')
  .replace(/<[^>]+>/g, '')
  .replace(/&amp;/g, '&');

/** A page with JavaScript off: what a crawler, a slow phone before its scripts arrive, or a reader without scripts sees. */
async function withoutScripts(browser: Browser) {
  const context = await browser.newContext({ baseURL: e2e.app.url, javaScriptEnabled: false });
  return { page: await context.newPage(), close: () => context.close() };
}

/** Every error the page reports: React reports a hydration mismatch as an uncaught error (#418, #423 in production). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
  });
  return errors;
}

describe('public pages before any script runs', () => {
  it('show the landing headline, an article with its body, and the sign-up form with its labels', async () => {
    const { page, close } = await withoutScripts(e2e.browser);
    try {
      await page.goto('/');
      await page.getByRole('heading', { level: 1, name: 'Home health therapy referrals, filled in minutes' }).waitFor();
      expect(await page.title()).toBe('On-demand home health therapy staffing | CareRelay');

      await page.goto(`/articles/${article.id}`);
      await page.getByRole('heading', { level: 1, name: article.title }).waitFor();
      await page.getByText(firstParagraph, { exact: true }).waitFor();
      expect(await page.title()).toBe(`${article.title} | CareRelay`);
      expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe(article.excerpt);

      await page.goto('/signup');
      await page.getByRole('heading', { level: 1, name: 'Create your CareRelay account' }).waitFor();
      const form = page.getByRole('form', { name: 'Sign up' });
      for (const label of ['Company name', 'Email', 'Phone', 'Address', 'City', 'State', 'ZIP code']) {
        expect(await form.getByLabel(label, { exact: true }).count(), label).toBe(1);
      }
      await form.getByRole('button', { name: 'Sign Up', exact: true }).waitFor();
      // The form's default account type is checked in the HTML, not only once its script runs.
      expect(await form.getByRole('radio', { name: /^Healthcare Agency/ }).isChecked()).toBe(true);

      // The signed-in area stays a client-rendered app: nothing there without scripts.
      await page.goto('/dashboard');
      expect(await page.locator('#root').innerHTML()).toBe('');
    } finally {
      await close();
    }
  });

  it('are sent at their own address only, under a policy with no nonce, and never as files', async () => {
    const response = await fetch(`${e2e.app.url}/articles/${article.id}?utm_source=newsletter`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await response.text();
    expect(html).toContain(`<h1 class="mt-2 text-3xl font-bold text-slate-900 sm:text-4xl">${article.title}</h1>`);
    // The same bytes in every response, so nothing in it or its policy is a per-response secret.
    expect(response.headers.get('content-security-policy')).not.toContain('nonce-');
    expect(response.headers.get('etag')).toMatch(/^"[\w-]+"$/);
    // No executable inline script, which the CSP would block: the data travels in a JSON data block.
    expect(html).not.toMatch(/<script(?![^>]*\b(?:src=|type="application\/json"))[^>]*>/);

    // A trailing slash is not the page's address: the app is sent, and renders it in the browser.
    expect(await (await fetch(`${e2e.app.url}/articles/${article.id}/`)).text()).not.toContain(article.title);
    expect((await fetch(`${e2e.app.url}/prerendered/signup.html`)).status).toBe(404);
  });
});

describe('public pages in the browser', () => {
  it('hydrate without a mismatch and stay interactive: the sign-up form validates and the header links route in the page', async () => {
    const page = await e2e.newPage();
    const errors = collectErrors(page);
    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(request.url());
    });

    await page.goto('/signup');
    const form = page.getByRole('form', { name: 'Sign up' });
    await form.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await form.getByText('Company name is required', { exact: true }).waitFor();

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Articles' }).click();
    await page.getByRole('heading', { level: 1, name: 'Insights for home health teams' }).waitFor();
    await page.getByRole('link', { name: article.title }).first().click();
    await page.getByText(firstParagraph, { exact: true }).waitFor();
    expect(documents).toHaveLength(1);

    await page.goto('/');
    // Settings the deployment chooses are asked for once the page runs: the demo link becomes the configured one.
    await expect
      .poll(() => page.getByRole('link', { name: /Book a Demo/ }).first().getAttribute('href'))
      .toBe(DEMO_SCHEDULING_URL);
    await page.goto(`/articles/${article.id}`);
    await page.getByRole('heading', { level: 1, name: article.title }).waitFor();
    expect(errors).toEqual([]);
  });

  it('render afresh where a query string changes what the page shows', async () => {
    const page = await e2e.newPage();
    const errors = collectErrors(page);
    await page.goto('/contact?subject=Book%20a%20demo');
    await expect.poll(() => page.getByLabel('Subject', { exact: true }).inputValue()).toBe('Book a demo');
    await page.goto('/?signedOut=idle');
    await page.getByText('You were signed out because you were inactive for a while.').waitFor();
    expect(errors).toEqual([]);
  });
});
