import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { TestApp } from './app';
import { startAppWithSmtp } from './app-with-smtp';
import { launchBrowser } from './browser';
import { sessionCookie, type Aal } from './people';
import type { TestSmtpServer } from './smtp';

interface PageOptions {
  viewport?: { width: number; height: number };
  reducedMotion?: 'reduce' | 'no-preference';
  /** The browser's own time zone (an IANA name); the machine's when left out. */
  timezoneId?: string;
}

/** The two sizes a journey that must work on a phone runs at: a 390 px phone and a laptop. */
export const PHONE_AND_DESKTOP = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
] as const;

export interface E2e {
  app: TestApp;
  smtp: TestSmtpServer;
  browser: Browser;
  /** A new browser context and page at the app's address. Contexts are closed by `close()`. */
  newPage(options?: PageOptions): Promise<Page>;
  /** A new page whose browser holds the session behind `cookie` (a Cookie header from `signIn`). */
  pageWithCookie(cookie: string, options?: PageOptions): Promise<Page>;
  /**
   * Signs in over the API (for journeys not about signing in) and opens a page with that session:
   * password only unless `aal: 'aal2'` marks it as having passed a second factor.
   */
  signedInPage(person: { email: string; password: string }, options?: PageOptions & { aal?: Aal }): Promise<Page>;
  close(): Promise<void>;
}

/**
 * The page, whose goto and reload also wait until React runs the page. A public page rendered at
 * build time (its `#prerendered-state` data block) shows its buttons and forms before React handles
 * them, and a click or a checked box then would be lost; the app marks `<html data-started>` once
 * it runs (src/web/app-root.tsx). A client-rendered page shows nothing before, so needs no wait.
 */
function waitingForTheApp(page: Page): Page {
  const started = () => page.waitForFunction(() => !document.getElementById('prerendered-state') || 'started' in document.documentElement.dataset);
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await started();
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await started();
    return response;
  };
  return page;
}

/**
 * One app (fresh database, mail to an in-process SMTP server) and one Chromium for a journey file.
 * The web app must be built first (`npm test` does that).
 */
export async function startE2e(env: Record<string, string> = {}): Promise<E2e> {
  const { app, smtp, close: closeAppAndSmtp } = await startAppWithSmtp(env);
  const browser = await launchBrowser();
  const contexts: BrowserContext[] = [];
  const e2e: E2e = {
    app,
    smtp,
    browser,
    async newPage(options = {}) {
      const context = await browser.newContext({
        baseURL: app.url,
        viewport: options.viewport ?? { width: 1280, height: 800 },
        reducedMotion: options.reducedMotion ?? 'no-preference',
        timezoneId: options.timezoneId,
      });
      context.setDefaultTimeout(10_000);
      contexts.push(context);
      return waitingForTheApp(await context.newPage());
    },
    async pageWithCookie(cookie, options) {
      const page = await e2e.newPage(options);
      const cookies = cookie.split('; ').map((pair) => {
        const at = pair.indexOf('=');
        return { name: pair.slice(0, at), value: pair.slice(at + 1), url: app.url };
      });
      await page.context().addCookies(cookies);
      return page;
    },
    async signedInPage(person, options = {}) {
      return e2e.pageWithCookie(await sessionCookie(app, person, options.aal ?? 'aal1'), options);
    },
    async close() {
      for (const context of contexts) await context.close().catch(() => {});
      await browser.close();
      await closeAppAndSmtp();
    },
  };
  return e2e;
}
