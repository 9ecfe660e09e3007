import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startTestApp, type TestApp } from './app';
import { launchBrowser } from './browser';
import { TestSmtpServer } from './smtp';

export interface E2e {
  app: TestApp;
  smtp: TestSmtpServer;
  browser: Browser;
  /** A new browser context and page at the app's address. Contexts are closed by `close()`. */
  newPage(options?: { viewport?: { width: number; height: number }; reducedMotion?: 'reduce' | 'no-preference' }): Promise<Page>;
  close(): Promise<void>;
}

/**
 * One app (fresh database, mail to an in-process SMTP server) and one Chromium for a journey file.
 * The web app must be built first (`npm test` does that).
 */
export async function startE2e(env: Record<string, string> = {}): Promise<E2e> {
  const smtp = await TestSmtpServer.create();
  await smtp.start();
  const app = await startTestApp({ SMTP_URL: smtp.url, ...env });
  const browser = await launchBrowser();
  const contexts: BrowserContext[] = [];
  return {
    app,
    smtp,
    browser,
    async newPage(options = {}) {
      const context = await browser.newContext({
        baseURL: app.url,
        viewport: options.viewport ?? { width: 1280, height: 800 },
        reducedMotion: options.reducedMotion ?? 'no-preference',
      });
      context.setDefaultTimeout(10_000);
      contexts.push(context);
      return context.newPage();
    },
    async close() {
      for (const context of contexts) await context.close().catch(() => {});
      await browser.close();
      await app.close();
      await smtp.stop();
    },
  };
}
