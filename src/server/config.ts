import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_AUTO_APPROVE_DAYS, DEFAULT_NOTE_DUE_HOURS } from '../domain/visits';
import { credentialKinds, defaultRequiredCredentialKinds, type CredentialKind } from '../domain/credentials';
import { parseOidcProviders, type OidcProvider } from './auth/social-providers';
import { parseAttachmentStorage, type AttachmentStorageSettings } from './documentation/storage-settings';

/**
 * The environment, parsed once at start-up. A missing or malformed value stops the server with one
 * line per variable naming it, so an operator never has to read a stack trace to fix a deployment.
 */

const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value === '' ? undefined : value));

const url = (protocols: string[], hint: string) =>
  optionalString.refine(
    (value) => {
      if (value === undefined) return true;
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { message: `must be ${hint}` },
  );

const port = (fallback: number) =>
  optionalString
    .transform((value) => (value === undefined ? fallback : Number(value)))
    .refine((value) => Number.isInteger(value) && value >= 0 && value <= 65535, {
      message: 'must be a whole number between 0 and 65535',
    });

const positiveInt = (fallback: number) =>
  optionalString
    .transform((value) => (value === undefined ? fallback : Number(value)))
    .refine((value) => Number.isInteger(value) && value > 0, { message: 'must be a whole number above 0' });

const email = optionalString.refine(
  (value) => value === undefined || /^[^\s@<>]+@[^\s@<>]+$/.test(value.replace(/^.*<(.+)>$/, '$1')),
  { message: 'must be an email address, optionally as "Name <address>"' },
);

const envSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'test', 'production'], { message: 'must be development, test or production' })
    .default('development'),
  HOST: optionalString,
  PORT: port(3000),
  DATA_DIR: optionalString.default('./data'),
  DATABASE_URL: url(['postgres:', 'postgresql:'], 'a postgres:// connection string'),
  EMBEDDED_DB_PORT: port(54329),
  PUBLIC_URL: url(['http:', 'https:'], 'an http(s):// URL, the address users reach the app at'),
  SMTP_URL: url(['smtp:', 'smtps:'], 'an smtp:// or smtps:// URL'),
  MAIL_FROM: email,
  TEAM_EMAIL: email,
  DEMO_SCHEDULING_URL: url(['http:', 'https:'], 'an http(s):// URL of the demo booking page'),
  AGENCY_WEBHOOK_URL: url(['http:', 'https:'], 'an http(s):// URL of the team chat webhook for agencies and managers'),
  THERAPIST_WEBHOOK_URL: url(['http:', 'https:'], 'an http(s):// URL of the team chat webhook for therapists'),
  TRUST_PROXY: optionalString,
  CORS_ORIGINS: optionalString,
  TWILIO_ACCOUNT_SID: optionalString,
  TWILIO_AUTH_TOKEN: optionalString,
  TWILIO_FROM_NUMBER: optionalString,
  TWILIO_API_URL: url(['http:', 'https:'], 'an http(s):// URL of the Twilio API').default('https://api.twilio.com'),
  OIDC_PROVIDERS: optionalString,
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_URL: url(['http:', 'https:'], 'an http(s):// URL of the Stripe API'),
  APP_SECRET: optionalString.refine((value) => value === undefined || value.length >= 32, {
    message: 'must be at least 32 characters',
  }),
  // Never echoed in a message: the value is the key to every patient record.
  PHI_ENCRYPTION_KEY: optionalString.refine((value) => value === undefined || Buffer.from(value, 'base64').length === 32, {
    message: 'must be 32 random bytes in base64 (openssl rand -base64 32)',
  }),
  ATTACHMENT_STORAGE: optionalString
    .refine((value) => value === undefined || value === 'postgres' || value === 's3', { message: 'must be postgres or s3' })
    .transform((value) => (value ?? 'postgres') as 'postgres' | 's3'),
  S3_BUCKET: optionalString.refine((value) => value === undefined || /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(value), {
    message: 'must be a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens',
  }),
  S3_REGION: optionalString.refine((value) => value === undefined || /^[a-z0-9-]+$/.test(value), { message: 'must be a region name such as us-east-1' }),
  S3_ENDPOINT: url(['http:', 'https:'], 'an http(s):// URL of the S3-compatible service'),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: optionalString.refine((value) => value === undefined || value === 'true' || value === 'false', {
    message: 'must be true or false',
  }),
  REQUIRED_CREDENTIALS: optionalString.refine(
    (value) => value === undefined || value.split(',').every((kind) => (credentialKinds as readonly string[]).includes(kind.trim())),
    { message: `must be a comma-separated list of ${credentialKinds.join(', ')}` },
  ),
  NPPES_API_URL: url(['http:', 'https:'], 'an http(s):// URL of the NPPES NPI Registry API'),
  GEOCODER_URL: url(['http:', 'https:'], 'an http(s):// URL of the US Census Geocoder (its /geocoder/ base)'),
  // A URL of the published CSV, or a path to a downloaded copy.
  LEIE_CSV_URL: optionalString,
  LATE_NOTES_LIMIT: positiveInt(3),
  LATE_NOTES_DAYS: positiveInt(7),
  LEAFLET_TILE_URL: optionalString,
  LEAFLET_TILE_ATTRIBUTION: optionalString,
  WEB_DIST_DIR: optionalString.default('./dist/web'),
  API_DOCS: optionalString.refine((value) => value === undefined || value === 'true' || value === 'false', {
    message: 'must be true or false',
  }),
  SESSION_IDLE_SECONDS: positiveInt(30 * 60),
  REQUEST_TIMEOUT_SECONDS: positiveInt(90),
  JOB_RETRY_DELAY_SECONDS: positiveInt(30),
  JOB_RETRY_LIMIT: positiveInt(8),
  NOTE_DUE_HOURS: positiveInt(DEFAULT_NOTE_DUE_HOURS),
  AUTO_APPROVE_DAYS: positiveInt(DEFAULT_AUTO_APPROVE_DAYS),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      message: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
});

/** What production cannot run without; development fills these in itself. */
const requiredInProduction = {
  DATABASE_URL: 'a postgres:// connection string',
  PUBLIC_URL: 'the http(s):// address users reach the app at',
  SMTP_URL: 'an smtp:// URL of the mail server',
  MAIL_FROM: 'the sender address of outgoing mail',
  TEAM_EMAIL: 'the address that receives leads and contact messages',
  DEMO_SCHEDULING_URL: 'the demo booking page',
  APP_SECRET: 'a random secret of at least 32 characters',
  PHI_ENCRYPTION_KEY: '32 random bytes in base64 that encrypt patient details',
} as const;

export interface Config {
  env: 'development' | 'test' | 'production';
  /** The address to listen on: loopback outside production, so a development server is not on the network. */
  host: string;
  port: number;
  dataDir: string;
  /** Unset: the server runs an embedded PostgreSQL under `dataDir`. */
  databaseUrl: string | undefined;
  embeddedDbPort: number;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  teamEmail: string;
  demoSchedulingUrl: string;
  agencyWebhookUrl: string | undefined;
  therapistWebhookUrl: string | undefined;
  /** Fastify's trustProxy: unset = the socket address is the client; `true`, or the proxies' addresses (comma-separated). */
  trustProxy: boolean | string | undefined;
  /** Origins allowed to call the API from a browser: PUBLIC_URL plus CORS_ORIGINS (comma-separated); in development also localhost and 127.0.0.1 on PORT. */
  allowedOrigins: string[];
  /** Unset: SMS are kept and shown in the development mailbox. */
  twilio: { accountSid: string; authToken: string; from: string; apiBaseUrl: string } | undefined;
  /** Unset outside production: generated once and kept in `dataDir`. */
  appSecret: string | undefined;
  /** AES-256-GCM key for patient details (base64). Unset outside production: generated once and kept in `dataDir`. */
  phiEncryptionKey: string | undefined;
  /** Map tiles for the therapist's referral map; unset: the map draws without a base layer. */
  mapTiles: { url: string; attribution: string } | undefined;
  /** The built web app (`npm run build` output, with its prerendered public pages) the server serves. */
  webDistDir: string;
  /** Swagger UI and its spec at /api/docs: on outside production, in production only with API_DOCS=true. */
  apiDocs: boolean;
  /** Idle sign-out (default 30 minutes); shortened in browser tests. */
  sessionIdleSeconds: number;
  /** The longest a client may take to send a whole request (headers and body): a trickle is cut off. */
  requestTimeoutSeconds: number;
  jobRetryDelaySeconds: number;
  jobRetryLimit: number;
  /** Visit notes are overdue this long after check-out; signed notes are approved automatically after autoApproveDays. */
  noteDueHours: number;
  autoApproveDays: number;
  logLevel: string;
  /** Social sign-in providers (OpenID Connect), from OIDC_PROVIDERS; empty when unset. */
  oidcProviders: OidcProvider[];
  /** Stripe Connect payments when STRIPE_SECRET_KEY is set; unset: the built-in ledger. `apiUrl` points tests at a double. */
  stripe: { secretKey: string; webhookSecret: string | undefined; apiUrl: string | undefined } | undefined;
  /** Where attachments are kept: PostgreSQL (the default) or an S3-compatible bucket (ATTACHMENT_STORAGE=s3). */
  attachmentStorage: AttachmentStorageSettings;
  trust: TrustSettings;
  /**
   * The US Census Geocoder's base (…/geocoder/), which locates patients' addresses for visit
   * verification. Unset outside production: the built-in stand-in places each address at its ZIP's center.
   */
  geocoderUrl: string | undefined;
}

/** Issue 13's settings: what a therapist needs to take referrals, the primary sources, late-notes gating. */
export interface TrustSettings {
  /** REQUIRED_CREDENTIALS; default: a state license (in the patient's state), NPI, CPR/BLS, liability insurance, background check. */
  requiredCredentials: CredentialKind[];
  /** The NPPES NPI Registry API. Unset outside production: the built-in stand-in registry answers instead. */
  nppesApiUrl: string | undefined;
  /** Where the monthly LEIE import reads the CSV (a URL or a file path). Unset outside production: the built-in stand-in list. */
  leieCsvSource: string | undefined;
  /**
   * A therapist with `maxOverdue` or more overdue notes (the issue's "default 3 overdue": 3 is the
   * threshold, not the last number allowed), or any overdue more than `maxDaysOverdue` days, is
   * offered no new referrals (domain/work-standing.ts).
   */
  lateNotes: { maxOverdue: number; maxDaysOverdue: number };
}

const PUBLIC_NPPES_API_URL = 'https://npiregistry.cms.hhs.gov/api/';
const PUBLIC_GEOCODER_URL = 'https://geocoding.geo.census.gov/geocoder/';
const PUBLIC_LEIE_CSV_URL = 'https://oig.hhs.gov/exclusions/downloadables/UPDATED.csv';

/** Variables whose values never appear in an error message or log. */
const secretNames = new Set(['APP_SECRET', 'PHI_ENCRYPTION_KEY', 'TWILIO_AUTH_TOKEN', 'DATABASE_URL', 'SMTP_URL', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'S3_SECRET_ACCESS_KEY']);

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      const raw = env[name];
      const shown = raw && !secretNames.has(name) ? ` (got "${raw}")` : '';
      return `Configuration error: ${name} ${issue.message}${shown}`;
    });
    throw new ConfigError(problems);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production') {
    const missing = Object.entries(requiredInProduction)
      .filter(([name]) => e[name as keyof typeof requiredInProduction] === undefined)
      .map(([name, what]) => `Configuration error: ${name} is required in production (${what})`);
    if (missing.length > 0) throw new ConfigError(missing);
  }
  // Parsed apart from the schema above so a problem never echoes the value (it holds client secrets).
  const oidc = parseOidcProviders(e.OIDC_PROVIDERS);
  if ('problems' in oidc) throw new ConfigError(oidc.problems);
  const storage = parseAttachmentStorage(e);
  if ('problems' in storage) throw new ConfigError(storage.problems);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    env: e.NODE_ENV,
    host: e.HOST ?? (e.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
    port: e.PORT,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    embeddedDbPort: e.EMBEDDED_DB_PORT,
    publicUrl,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? 'CareRelay <no-reply@carerelay.local>',
    teamEmail: e.TEAM_EMAIL ?? 'team@carerelay.local',
    // Without a booking service of our own, development sends demo requests to the contact form.
    demoSchedulingUrl: e.DEMO_SCHEDULING_URL ?? `${publicUrl}/contact?subject=Book%20a%20demo`,
    appSecret: e.APP_SECRET,
    phiEncryptionKey: e.PHI_ENCRYPTION_KEY,
    mapTiles: e.LEAFLET_TILE_URL ? { url: e.LEAFLET_TILE_URL, attribution: e.LEAFLET_TILE_ATTRIBUTION ?? '' } : undefined,
    agencyWebhookUrl: e.AGENCY_WEBHOOK_URL,
    therapistWebhookUrl: e.THERAPIST_WEBHOOK_URL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    allowedOrigins: [
      ...new Set([
        new URL(publicUrl).origin,
        // A developer opens either address of this machine; both must be able to sign in.
        ...(e.NODE_ENV === 'development' ? [`http://localhost:${e.PORT}`, `http://127.0.0.1:${e.PORT}`] : []),
        ...(e.CORS_ORIGINS ?? '').split(',').map((o) => o.trim().replace(/\/+$/, '')).filter(Boolean),
      ]),
    ],
    twilio:
      e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.TWILIO_FROM_NUMBER
        ? { accountSid: e.TWILIO_ACCOUNT_SID, authToken: e.TWILIO_AUTH_TOKEN, from: e.TWILIO_FROM_NUMBER, apiBaseUrl: e.TWILIO_API_URL ?? 'https://api.twilio.com' }
        : undefined,
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    apiDocs: e.API_DOCS === undefined ? e.NODE_ENV !== 'production' : e.API_DOCS === 'true',
    sessionIdleSeconds: e.SESSION_IDLE_SECONDS,
    requestTimeoutSeconds: e.REQUEST_TIMEOUT_SECONDS,
    jobRetryDelaySeconds: e.JOB_RETRY_DELAY_SECONDS,
    jobRetryLimit: e.JOB_RETRY_LIMIT,
    noteDueHours: e.NOTE_DUE_HOURS,
    autoApproveDays: e.AUTO_APPROVE_DAYS,
    logLevel: e.LOG_LEVEL,
    oidcProviders: oidc.providers,
    stripe: e.STRIPE_SECRET_KEY ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiUrl: e.STRIPE_API_URL } : undefined,
    attachmentStorage: storage.storage,
    trust: {
      requiredCredentials: e.REQUIRED_CREDENTIALS
        ? [...new Set(e.REQUIRED_CREDENTIALS.split(',').map((kind) => kind.trim() as CredentialKind))]
        : [...defaultRequiredCredentialKinds],
      nppesApiUrl: e.NPPES_API_URL ?? (e.NODE_ENV === 'production' ? PUBLIC_NPPES_API_URL : undefined),
      leieCsvSource: e.LEIE_CSV_URL ?? (e.NODE_ENV === 'production' ? PUBLIC_LEIE_CSV_URL : undefined),
      lateNotes: { maxOverdue: e.LATE_NOTES_LIMIT, maxDaysOverdue: e.LATE_NOTES_DAYS },
    },
    geocoderUrl: e.GEOCODER_URL ?? (e.NODE_ENV === 'production' ? PUBLIC_GEOCODER_URL : undefined),
  };
}

function parseTrustProxy(value: string | undefined): boolean | string | undefined {
  if (value === undefined) return undefined;
  if (value === 'true') return true;
  if (value === 'false') return false;
  return value;
}

/** For entry points (server, commands): the config, or its problems printed one per line and exit 1. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    for (const line of error.problems) console.error(line);
    process.exit(1);
  }
}
