/**
 * `npm run screens`: the README's pictures of each role's dashboard, at a desktop and a phone size,
 * taken from the real product as a newcomer starts it (its own embedded database and living demo,
 * in a temporary folder) and signed in through the demo's "Sign in as". Needs `npm run build` first
 * (the script runs it) and Debian's Chromium.
 */
import { spawn } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { launchBrowser } from '../test/browser';

const OUT = path.resolve('docs/screens');
const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;
/** One demo person per role, as "Sign in as" names them. */
const PEOPLE = [
  { role: 'agency', name: 'Hill Country Home Health' },
  { role: 'therapist', name: 'Maria Delgado' },
  { role: 'manager', name: 'Jordan Ellis' },
] as const;

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

async function waitForHealth(url: string) {
  for (let tries = 0; tries < 240; tries++) {
    const ok = await fetch(`${url}/api/health`).then((response) => response.ok, () => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the server did not become healthy in two minutes');
}

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'carerelay-screens-'));
  // PostgreSQL runs as its own system user when we are root; it must be able to reach its folder.
  await chmod(dataDir, 0o755);
  const [port, dbPort] = [await freePort(), await freePort()];
  const url = `http://localhost:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, NODE_ENV: 'development', PORT: String(port), EMBEDDED_DB_PORT: String(dbPort), DATA_DIR: dataDir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const browser = await launchBrowser();
  try {
    await waitForHealth(url);
    await mkdir(OUT, { recursive: true });
    for (const person of PEOPLE) {
      for (const size of SIZES) {
        const context = await browser.newContext({ viewport: size.viewport, baseURL: url });
        const page = await context.newPage();
        await page.goto('/contact');
        if (size.name === 'phone') await page.getByRole('banner').getByRole('button', { name: 'Open menu' }).click();
        await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
        await page.getByRole('dialog', { name: 'Log in to CareRelay' }).getByRole('button', { name: `Sign in as ${person.name}` }).click();
        await page.waitForURL((at) => at.pathname.startsWith('/dashboard/'));
        await page.waitForLoadState('networkidle');
        const file = path.join(OUT, `${person.role}-${size.name}.png`);
        // The screen as a user sees it (a full-page picture would put the phone's fixed tab bar mid-page).
        await page.screenshot({ path: file });
        console.log(`wrote ${path.relative(process.cwd(), file)}`);
        await context.close();
      }
    }
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
