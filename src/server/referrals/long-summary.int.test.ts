import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { buildAgency, signIn } from '../../../test/factories';
import { callApi, errorOf } from '../../../test/http';
import { referralInput } from '../../../test/referrals';
import { referralMessages } from '../../domain/referrals';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe('a clinical summary far over the limit', () => {
  it('is refused, naming clinicalSummary, while the API keeps answering other requests', async () => {
    const agency = await buildAgency(app.runtime.database.db);
    const cookie = await signIn(app.url, agency);
    // A long run of word characters without "@" is what an e-mail pattern with overlapping
    // quantifiers takes quadratic time over; the request is under the body limit.
    const referral = referralInput({ clinicalSummary: 'a'.repeat(240_000) });

    const posting = callApi(app.url, 'POST', '/api/referrals', { cookie, body: { referral, post: true } });
    const health = await Promise.all([0, 1, 2].map(() => fetch(`${app.url}/api/health`)));
    const response = await posting;

    expect(health.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error.code).toBe('VALIDATION');
    expect(error.fields).toEqual({ clinicalSummary: referralMessages.summaryLength });
  });
});
