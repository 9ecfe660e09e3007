import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../test/axe';
import { startE2e, type E2e } from '../test/e2e';

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(() => e2e.close());

interface PublicPage {
  path: string;
  /** Text a visitor must find on the page (spec quotes and figures). */
  shows: string[];
  marketing: boolean;
}

const pages: PublicPage[] = [
  {
    path: '/services/physical-therapy-staffing',
    shows: ['$75-$120 per visit', 'Pay only per completed visit, no upfront costs or monthly fees', '15 minutes', 'HIPAA'],
    marketing: true,
  },
  {
    path: '/careers/physical-therapist-jobs',
    shows: ['Choose your own schedule', 'Ask for a higher rate', '$75-$120', 'Paid per completed visit'],
    marketing: true,
  },
  {
    path: '/careers/nursing-opportunities',
    shows: ['$35-$65', 'growing', 'Join the List', 'physical therapists (PT)'],
    marketing: true,
  },
  {
    path: '/careers/home-health-careers',
    shows: [
      'Physical Therapists',
      'Occupational Therapists',
      'Speech Therapists',
      'Registered Nurses',
      'Medical Social Workers',
      'Registered Dietitians',
    ],
    marketing: true,
  },
  {
    path: '/careers/benefits-support',
    shows: ['within 24 hours', 'Mon-Fri 8am-6pm EST', 'Credential help', 'Documentation tools'],
    marketing: true,
  },
  { path: '/privacy-policy', shows: ['Effective date: April 23, 2024', 'Business Associate Agreement', 'audit log'], marketing: false },
  { path: '/terms-of-service', shows: ['Effective date: April 23, 2024', 'Payment per completed visit', 'Governing law'], marketing: false },
];

async function headOf(path: string) {
  const page = await e2e.newPage();
  const response = await page.goto(path);
  await page.locator('h1').waitFor();
  const title = await page.title();
  const description = await page.locator('meta[name="description"]').getAttribute('content');
  return { page, status: response?.status(), title, description };
}

describe('public marketing and legal pages', () => {
  for (const entry of pages) {
    it(`${entry.path} loads directly with one h1, its own meta, its key text and no serious axe violations`, async () => {
      const { page, status, title, description } = await headOf(entry.path);
      expect(status).toBe(200);
      expect(await page.locator('h1').count()).toBe(1);
      expect(title).toMatch(/\S+ \| CareRelay$/);
      expect(description?.trim().length).toBeGreaterThan(50);
      const main = page.locator('main');
      for (const text of entry.shows) {
        expect(await main.getByText(text, { exact: false }).count(), `"${text}" on ${entry.path}`).toBeGreaterThan(0);
      }
      if (entry.marketing) {
        expect(await main.locator('a[href="/signup"]').count()).toBeGreaterThan(0);
        expect(await main.locator('a[href^="/contact"]').count()).toBeGreaterThan(0);
      }
      expect(await seriousAxeViolations(page)).toEqual([]);
    });

    it(`${entry.path} fits a 375px-wide phone without horizontal scrolling`, async () => {
      const page = await e2e.newPage({ viewport: { width: 375, height: 740 } });
      await page.goto(entry.path);
      await page.locator('h1').waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBe(0);
    });
  }

  it('gives every page a different title and description', async () => {
    const heads = [];
    for (const entry of pages) heads.push(await headOf(entry.path));
    expect(new Set(heads.map((h) => h.title)).size).toBe(pages.length);
    expect(new Set(heads.map((h) => h.description)).size).toBe(pages.length);
  });

  it('links each legal table-of-contents entry to a section on the page', async () => {
    for (const path of ['/privacy-policy', '/terms-of-service']) {
      const page = await e2e.newPage();
      await page.goto(path);
      const links = page.getByRole('navigation', { name: 'Contents' }).getByRole('link');
      await links.first().waitFor();
      const hrefs = await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href') ?? ''));
      expect(hrefs.length).toBeGreaterThan(5);
      for (const href of hrefs) {
        expect(href).toMatch(/^#[a-z-]+$/);
        expect(await page.locator(href).count(), `${path} ${href}`).toBe(1);
      }
      await links.last().click();
      await expect.poll(() => new URL(page.url()).hash).toBe(hrefs.at(-1));
      await expect.poll(() => page.locator(hrefs.at(-1)!).isVisible()).toBe(true);
    }
  });

  it('reaches the "Skip to content" link first when tabbing from the top', async () => {
    const page = await e2e.newPage();
    await page.goto('/careers/benefits-support');
    await page.locator('h1').waitFor();
    await page.keyboard.press('Tab');
    const focused = page.locator(':focus');
    expect(await focused.textContent()).toBe('Skip to content');
    const box = await focused.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(10);
  });
});
