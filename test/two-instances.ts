import { afterAll, beforeAll } from 'vitest';
import { startTestApp, type TestApp } from './app';

/**
 * Two API instances on one database, as behind a load balancer: started before a file's tests and
 * closed after them (the second first). Call at a file's top level.
 */
export function twoInstances(): { first: () => TestApp; second: () => TestApp } {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    first = await startTestApp();
    second = await startTestApp({ DATABASE_URL: first.runtime.databaseUrl });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });
  return { first: () => first, second: () => second };
}
