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

  it('asks the Census Geocoder in production, the built-in stand-in elsewhere unless GEOCODER_URL names one', () => {
    expect(loadConfig(production).geocoderUrl).toBe('https://geocoding.geo.census.gov/geocoder/');
    expect(loadConfig({}).geocoderUrl).toBeUndefined();
    expect(loadConfig({ GEOCODER_URL: 'http://127.0.0.1:9/geocoder/' }).geocoderUrl).toBe('http://127.0.0.1:9/geocoder/');
    expect(problemsOf({ GEOCODER_URL: 'geocoding.geo.census.gov' })[0]).toMatch(/^Configuration error: GEOCODER_URL must be an http\(s\):\/\/ URL of the US Census Geocoder/);
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

  describe('attachment storage', () => {
    const s3 = { ATTACHMENT_STORAGE: 's3', S3_BUCKET: 'carerelay-files', S3_REGION: 'us-east-1' };

    it('keeps attachments in PostgreSQL unless told otherwise', () => {
      expect(loadConfig({}).attachmentStorage).toEqual({ kind: 'postgres' });
      expect(loadConfig({ ATTACHMENT_STORAGE: 'postgres' }).attachmentStorage).toEqual({ kind: 'postgres' });
    });

    it('takes an S3-compatible bucket with its endpoint, keys and path style', () => {
      const config = loadConfig({
        ...production,
        ...s3,
        S3_ENDPOINT: 'https://minio.internal:9000',
        S3_ACCESS_KEY_ID: 'AKID',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
      });
      expect(config.attachmentStorage).toEqual({
        kind: 's3',
        bucket: 'carerelay-files',
        region: 'us-east-1',
        endpoint: 'https://minio.internal:9000',
        credentials: { accessKeyId: 'AKID', secretAccessKey: 'secret' },
        forcePathStyle: true,
      });
      // No keys: the SDK's own chain (an instance or task role); AWS's endpoint and host-style names.
      expect(loadConfig(s3).attachmentStorage).toEqual({ kind: 's3', bucket: 'carerelay-files', region: 'us-east-1', endpoint: undefined, credentials: undefined, forcePathStyle: false });
    });

    it('names ATTACHMENT_STORAGE when it is neither postgres nor s3', () => {
      expect(problemsOf({ ATTACHMENT_STORAGE: 'disk' })).toEqual(['Configuration error: ATTACHMENT_STORAGE must be postgres or s3 (got "disk")']);
    });

    it('names what S3 storage still needs', () => {
      expect(problemsOf({ ATTACHMENT_STORAGE: 's3', S3_ACCESS_KEY_ID: 'AKID' })).toEqual([
        'Configuration error: S3_BUCKET is required when ATTACHMENT_STORAGE=s3 (the bucket attachments are kept in)',
        "Configuration error: S3_REGION is required when ATTACHMENT_STORAGE=s3 (the bucket's region, e.g. us-east-1)",
        "Configuration error: S3_SECRET_ACCESS_KEY is required with S3_ACCESS_KEY_ID (or leave both unset to use the instance's role)",
      ]);
    });

    it('refuses malformed S3 settings, never echoing the secret key', () => {
      expect(problemsOf({ ...s3, S3_BUCKET: 'Files_2026', S3_ENDPOINT: 'minio:9000', S3_FORCE_PATH_STYLE: 'yes' })).toEqual([
        'Configuration error: S3_BUCKET must be a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens (got "Files_2026")',
        'Configuration error: S3_ENDPOINT must be an http(s):// URL of the S3-compatible service (got "minio:9000")',
        'Configuration error: S3_FORCE_PATH_STYLE must be true or false (got "yes")',
      ]);
      const problems = problemsOf({ ...s3, S3_SECRET_ACCESS_KEY: 'hunter2-secret' });
      expect(problems).toEqual(["Configuration error: S3_ACCESS_KEY_ID is required with S3_SECRET_ACCESS_KEY (or leave both unset to use the instance's role)"]);
      expect(problems.join('\n')).not.toContain('hunter2');
    });

    it('refuses S3 settings while attachments stay in PostgreSQL, rather than ignore them', () => {
      expect(problemsOf({ S3_BUCKET: 'carerelay-files' })).toEqual([
        'Configuration error: S3_BUCKET is set but ATTACHMENT_STORAGE is not s3 (set ATTACHMENT_STORAGE=s3 to keep attachments in S3)',
      ]);
    });
  });
});
