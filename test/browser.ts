import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium (installed by .ci/run); Playwright never downloads a browser here. */
const executablePath = process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));

/** The Chromium to drive (also for tools that launch it themselves, such as Lighthouse). */
export function chromiumPath(): string {
  if (!executablePath) throw new Error('Chromium not found: install Debian chromium or set CHROMIUM_PATH');
  return executablePath;
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      '--disable-dev-shm-usage',
    ],
  });
}
