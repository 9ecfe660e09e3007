import { format } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { buildAgency, clientAddress } from '../../../test/factories';
import { errorOf } from '../../../test/http';
import { contactMessages } from '../db/schema/index';

// A patient's name, planted where a careless log would carry it: the body, the query string and
// the parameters of the query that fails.
const PATIENT = 'Quigglesworth';
const lines: string[] = [];
const log = () => lines.join('');

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ LOG_LEVEL: 'info' }, { logStream: { write: (line) => lines.push(line) } });
  // Valid input that PostgreSQL refuses: its error then quotes the failing row in `detail`, and
  // drizzle's quotes the query's parameters in its message.
  await app.runtime.database.db.execute(
    sql.raw(`ALTER TABLE contact_messages ADD CONSTRAINT planted_name_check CHECK (position('${PATIENT}' in message) = 0)`),
  );
  await app.runtime.database.db.execute(
    sql.raw(`ALTER TABLE session ADD CONSTRAINT planted_agent_check CHECK (position('${PATIENT}' in coalesce(user_agent, '')) = 0)`),
  );
});
afterAll(() => app.close());

const message = {
  name: `Eleanor ${PATIENT}`,
  email: `eleanor.${PATIENT.toLowerCase()}@example.test`,
  userType: 'other' as const,
  subject: 'Care for my mother',
  message: `My mother Eleanor ${PATIENT} needs physical therapy at home.`,
};

describe('the log of a request that fails in SQL', () => {
  it('records the failure by code and constraint, and never the values, body or query string', async () => {
    const response = await fetch(`${app.url}/api/contact?about=${PATIENT}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app.url, 'x-forwarded-for': clientAddress() },
      body: JSON.stringify(message),
    });
    expect(response.status).toBe(500);
    expect((await errorOf(response)).code).toBe('INTERNAL');

    expect(log()).toContain('/api/contact');
    expect(log().toLowerCase()).not.toContain(PATIENT.toLowerCase());
    const entries = lines.map((line) => JSON.parse(line) as { msg?: string; err?: Record<string, unknown> });
    const failure = entries.find((entry) => entry.msg === 'request failed');
    expect(failure?.err).toMatchObject({ type: 'DrizzleQueryError', cause: { code: '23514', constraint: 'planted_name_check' } });
  });

  it('redacts the values of a database error logged under another key than err', async () => {
    const failure = await app.runtime.database.db
      .insert(contactMessages)
      .values(message)
      .then(() => undefined, (error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);

    app.runtime.app.log.error({ failure }, 'logged by hand');
    const entry = lines.at(-1) ?? '';
    expect(entry).toContain('logged by hand');
    expect(entry).not.toContain(PATIENT);
  });
});

describe("the log of a request that fails in SQL inside better-auth", () => {
  it('goes through the app log like any other failure, and nothing reaches the console', async () => {
    const agency = await buildAgency(app.runtime.database.db);
    const printed: string[] = [];
    const capture = (...args: unknown[]) => void printed.push(format(...args));
    const spies = (['error', 'warn', 'log'] as const).map((method) => vi.spyOn(console, method).mockImplementation(capture));
    let response: Response;
    try {
      response = await fetch(`${app.url}/api/auth/sign-in/email`, {
        method: 'POST',
        // better-auth writes the user agent into the new session row, which the planted check refuses.
        headers: { 'content-type': 'application/json', origin: app.url, 'x-forwarded-for': clientAddress(), 'user-agent': `Browser of ${PATIENT}` },
        body: JSON.stringify({ email: agency.email, password: agency.password }),
      });
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    expect(`${printed.join('')}${log()}`).not.toContain(PATIENT);
    expect(response.status).toBe(500);
    expect((await errorOf(response)).code).toBe('INTERNAL');
    const failure = lines.map((line) => JSON.parse(line) as { msg?: string; err?: { cause?: Record<string, unknown> } }).findLast((entry) => entry.msg === 'request failed');
    expect(failure?.err?.cause).toMatchObject({ code: '23514', constraint: 'planted_agent_check' });
  });
});

describe('the log of a request', () => {
  it('is one line, when it is answered: method, path without its query, status, time taken', async () => {
    const requestId = 'one-line-per-request';
    await fetch(`${app.url}/api/articles?about=${PATIENT}`, { headers: { 'x-request-id': requestId } });
    await vi.waitFor(() => expect(log()).toContain(requestId));
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.reqId === requestId);
    expect(entries).toEqual([
      expect.objectContaining({
        msg: 'request completed',
        req: expect.objectContaining({ method: 'GET', url: '/api/articles' }) as unknown,
        res: { statusCode: 200 },
        responseTime: expect.any(Number) as unknown,
      }),
    ]);
    expect(log().toLowerCase()).not.toContain(PATIENT.toLowerCase());
  });
});
