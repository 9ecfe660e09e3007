import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app';
import { buildTherapist } from '../../../test/factories';
import { twoInstances } from '../../../test/two-instances';

// A second API instance on the same database, as behind a load balancer.
const { first, second } = twoInstances();

function attempt(app: TestApp, clientIp: string, email: string) {
  return fetch(`${app.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: app.url, 'x-forwarded-for': clientIp },
    body: JSON.stringify({ email, password: 'wrong-password' }),
  });
}

describe('sign-in rate limit', () => {
  it('allows 5 attempts a minute per client address, counted across instances, then answers 429', async () => {
    // A different account each time: the per-account limit (sign-in-backoff) is not what is tested here.
    const accounts = await Promise.all(Array.from({ length: 8 }, () => buildTherapist(first().runtime.database.db)));
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await attempt(i % 2 === 0 ? first() : second(), '198.51.100.7', accounts[i]!.email)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const t = accounts[7]!;
    const limited = await attempt(first(), '198.51.100.7', t.email);
    expect(await limited.json()).toEqual({
      error: { code: 'RATE_LIMITED', message: 'Too many attempts. Please wait a minute and try again.' },
    });
    // Another client is not affected.
    expect((await attempt(second(), '198.51.100.8', t.email)).status).toBe(401);
  });
});
