import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

/**
 * The signed-in pages declared in src/web/router.tsx, as patterns such as
 * `/dashboard/agency/referrals/:id`. Read from the source, so a page added there without a way to
 * reach it fails the crawl instead of being forgotten by it.
 */
export function dashboardRoutes(): string[] {
  const source = readFileSync(new URL('../src/web/router.tsx', import.meta.url), 'utf8');
  const block = source.slice(source.indexOf("path: 'dashboard'"), source.indexOf("path: 'verify'"));
  return [...block.matchAll(/path: '([^']+)'/g)].map((match) => match[1]).filter((path) => path !== 'dashboard').map((path) => `/dashboard/${path}`);
}

const paramCount = (route: string) => route.split('/').filter((segment) => segment.startsWith(':')).length;

/** The route a pathname shows; a static segment wins over a parameter, as in React Router (`referrals/new`). */
export function routeOf(pathname: string, routes: readonly string[]): string | undefined {
  const matching = routes.filter((route) => {
    const pattern = route.split('/').map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    return new RegExp(`^${pattern.join('/')}/?$`).test(pathname);
  });
  return matching.sort((a, b) => paramCount(a) - paramCount(b))[0];
}

/** Waits until the page has its heading and nothing on it is still loading. */
export async function settled(page: Page): Promise<void> {
  await page.locator('main h1').first().waitFor();
  const loading = page.getByRole('status').filter({ hasText: /^Loading/ });
  while ((await loading.count()) > 0) await loading.first().waitFor({ state: 'detached' });
}

/** Where an app link leads, as a path with its query, or undefined for another site. */
function appPath(href: string, base: string): string | undefined {
  const url = new URL(href, base);
  return url.origin === new URL(base).origin ? `${url.pathname}${url.search}` : undefined;
}

/** A link followed: its path, and whether it was behind the tab bar's "More" rather than on the page. */
export interface Step {
  path: string;
  inMore: boolean;
}

/** The visible links of the page, and those behind the tab bar's "More" when it has one. */
async function visibleLinks(page: Page): Promise<{ href: string; inMore: boolean }[]> {
  const read = async (inMore: boolean) =>
    (await page.$$eval('a[href]', (links) => links.filter((link) => link.checkVisibility()).map((link) => (link as HTMLAnchorElement).href))).map((href) => ({ href, inMore }));
  const links = await read(false);
  const more = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'More' });
  if (await more.isVisible()) {
    await more.click();
    const sheet = page.getByRole('dialog', { name: 'More' });
    await sheet.waitFor();
    const seen = new Set(links.map((link) => link.href));
    links.push(...(await read(true)).filter((link) => !seen.has(link.href)));
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
  }
  return links;
}

/**
 * Clicks the visible link to the step's path where it was found (opening "More" for one behind it),
 * and waits for the page it opens. A link on the page is waited for, not looked up once: a section
 * may still be drawing it when the page has settled, and "More" never holds a record's link.
 */
export async function follow(page: Page, step: Step): Promise<void> {
  const selector = `a[href="${step.path.replaceAll('"', '\\"')}"]:visible`;
  let link = page.locator(selector).first();
  if (step.inMore) {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'More' }).click();
    link = page.getByRole('dialog', { name: 'More' }).locator(selector).first();
  }
  await link.click();
  const target = new URL(step.path, page.url());
  await page.waitForURL((url) => url.pathname === target.pathname && url.search === target.search);
  await settled(page);
}

export interface CrawledPage {
  route: string;
  /** The links followed from the start to reach it. */
  trail: Step[];
}

/**
 * Reaches every page it can from `start` by following the app's own links only (no typed address
 * but the start): a breadth-first search over routes, each page opened by replaying its trail of
 * clicks from the start. `onPage` runs once on each route's first page. Returns the routes reached.
 */
export async function crawl(page: Page, options: { start: string; routes: readonly string[]; onPage: (visited: CrawledPage) => Promise<void> }) {
  const startRoute = routeOf(options.start, options.routes);
  if (!startRoute) throw new Error(`${options.start} is not one of the routes`);
  const queue: CrawledPage[] = [{ route: startRoute, trail: [] }];
  const found = new Set([startRoute]);
  const reached: CrawledPage[] = [];
  for (let next = queue.shift(); next; next = queue.shift()) {
    await page.goto(options.start);
    await settled(page);
    for (const step of next.trail) await follow(page, step);
    await options.onPage(next);
    reached.push(next);
    for (const { href, inMore } of await visibleLinks(page)) {
      const path = appPath(href, page.url());
      const route = path && routeOf(new URL(path, page.url()).pathname, options.routes);
      if (path && route && !found.has(route)) {
        found.add(route);
        queue.push({ route, trail: [...next.trail, { path, inMore }] });
      }
    }
  }
  return reached;
}
