import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({}, {
    // A route that fails the way a bug or a database error would, to see what a client is told.
    beforeListen: (server) =>
      server.get('/api/test/explode', async () => {
        throw new Error('relation "secret_table" does not exist at SELECT * FROM secret_table');
      }),
  });
});
afterAll(() => app.close());

async function call(path: string, init?: RequestInit) {
  const response = await fetch(`${app.url}${path}`, init);
  return { status: response.status, body: (await response.json()) as { error: Record<string, unknown> } };
}

describe('error format', () => {
  it('answers an unknown API route with NOT_FOUND in the error shape', async () => {
    const { status, body } = await call('/api/no-such-thing');
    expect(status).toBe(404);
    expect(body).toEqual({ error: { code: 'NOT_FOUND', message: 'No API route GET /api/no-such-thing' } });
  });

  it('names each invalid field, with the first message on top', async () => {
    const { status, body } = await call('/api/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Ada', email: 'not-an-email', userType: 'agency', subject: '', message: 'Hi' }),
    });
    expect(status).toBe(400);
    expect(body.error).toEqual({
      code: 'VALIDATION',
      message: 'Please enter a valid email address',
      fields: { email: 'Please enter a valid email address', subject: 'Subject is required' },
    });
  });

  it('describes malformed JSON without quoting the parser', async () => {
    const { status, body } = await call('/api/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name": ',
    });
    expect(status).toBe(400);
    expect(body.error.code).toBe('VALIDATION');
    expect(body.error.message).toBe('The request could not be read. Check that it is well-formed JSON.');
  });

  it('refuses a body that is not JSON with UNSUPPORTED_MEDIA_TYPE', async () => {
    const { status, body } = await call('/api/contact', { method: 'POST', headers: { 'content-type': 'text/xml' }, body: '<a/>' });
    expect(status).toBe(415);
    expect(body.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('never shows a stack trace or SQL to the client when the server fails', async () => {
    const response = await fetch(`${app.url}/api/test/explode`);
    const text = await response.text();
    expect(response.status).toBe(500);
    expect(JSON.parse(text)).toEqual({ error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' } });
    expect(text).not.toContain('secret_table');
    expect(text).not.toContain('at ');
  });

  it('publishes the OpenAPI document and the browsable docs', async () => {
    const spec = (await (await fetch(`${app.url}/api/docs/json`)).json()) as { openapi: string; paths: Record<string, unknown> };
    expect(spec.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/contact', '/api/leads']));
    const docs = await fetch(`${app.url}/api/docs`, { redirect: 'follow' });
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain('swagger');
  });
});
