import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

/** A complete production environment. */
const production = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://u:p@db:5432/carerelay',
  PUBLIC_URL: 'https://app.carerelay.com/',
  SMTP_URL: 'smtps://u:p@smtp.example.com:465',
  MAIL_FROM: 'CareRelay <no-reply@carerelay.com>',
  TEAM_EMAIL: 'team@carerelay.com',
  DEMO_SCHEDULING_URL: 'https://cal.example.com/carerelay',
  APP_SECRET: 'x'.repeat(40),
  PHI_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
};

describe('loadConfig', () => {
  it('runs on its defaults in development with an empty environment', () => {
    const config = loadConfig({});
    expect(config.env).toBe('development');
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.dataDir).toMatch(/data$/);
  });

  it('names the variable and the bad value when PORT is not a number', () => {
    expect(problemsOf({ PORT: 'eighty' })).toEqual([
      'Configuration error: PORT must be a whole number between 0 and 65535 (got "eighty")',
    ]);
  });

  it('refuses a DATABASE_URL that is not a postgres URL', () => {
    expect(problemsOf({ DATABASE_URL: 'mysql://localhost/db' })).toEqual([
      'Configuration error: DATABASE_URL must be a postgres:// connection string',
    ]);
  });

  it('refuses a malformed SMTP_URL and PUBLIC_URL, one line each', () => {
    const problems = problemsOf({ SMTP_URL: 'mail.example.com', PUBLIC_URL: 'example' });
    expect(problems).toHaveLength(2);
    expect(problems.some((p) => p.startsWith('Configuration error: SMTP_URL must be an smtp://'))).toBe(true);
    expect(problems.some((p) => p.startsWith('Configuration error: PUBLIC_URL must be an http(s)://'))).toBe(true);
  });

  it('lists every setting production needs and development fills in', () => {
    const problems = problemsOf({ NODE_ENV: 'production' });
    const names = problems.map((p) => p.split(' ')[2]);
    expect(names).toEqual(['DATABASE_URL', 'PUBLIC_URL', 'SMTP_URL', 'MAIL_FROM', 'TEAM_EMAIL', 'DEMO_SCHEDULING_URL', 'APP_SECRET', 'PHI_ENCRYPTION_KEY']);
    expect(problems[0]).toBe('Configuration error: DATABASE_URL is required in production (a postgres:// connection string)');
  });

  it('accepts a complete production environment', () => {
    const config = loadConfig(production);
    expect(config.publicUrl).toBe('https://app.carerelay.com');
    expect(config.demoSchedulingUrl).toBe('https://cal.example.com/carerelay');
  });

  it('sends demo requests to the contact page when no booking page is configured', () => {
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:4000' }).demoSchedulingUrl).toBe(
      'http://localhost:4000/contact?subject=Book%20a%20demo',
    );
  });

  it('listens on loopback only outside production unless HOST says otherwise', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'test' }).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ ...production, HOST: '10.0.0.5' }).host).toBe('10.0.0.5');
  });

  it('listens on every interface in production by default', () => {
    expect(loadConfig(production).host).toBe('0.0.0.0');
  });

  it('serves the API docs outside production, and in production only with API_DOCS=true', () => {
    expect(loadConfig({}).apiDocs).toBe(true);
    expect(loadConfig({ API_DOCS: 'false' }).apiDocs).toBe(false);
    expect(loadConfig(production).apiDocs).toBe(false);
    expect(loadConfig({ ...production, API_DOCS: '' }).apiDocs).toBe(false);
    expect(loadConfig({ ...production, API_DOCS: 'true' }).apiDocs).toBe(true);
  });

  it('names API_DOCS and its value when it is not true or false', () => {
    expect(problemsOf({ API_DOCS: 'yes' })).toEqual(['Configuration error: API_DOCS must be true or false (got "yes")']);
  });
});
