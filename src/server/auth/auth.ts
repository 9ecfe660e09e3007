import { betterAuth, type BetterAuthOptions } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { genericOAuth, jwt } from 'better-auth/plugins';
import type { Config } from '../config';
import { inTransaction, type Database } from '../db/client';
import * as schema from '../db/schema/index';
import type { JobQueue } from '../jobs/queue';
import { queueMail } from '../mail/queue-mail';
import type { Secrets } from '../secrets';
import { writeAudit } from '../audit/write-audit';
import { logAuthLine } from '../http/log-safety';
import { demoSessionPlugin } from '../demo/demo-session-plugin';
import { bearerTokenPayload } from './bearer';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from './common-passwords';
import { passwordResetMail } from './mails';
import { hashPassword, verifyPassword } from './password-hash';
import { socialSignInRules } from './social-plugin';
import { genericOAuthConfig } from './social-providers';

/** The header the API sets from Fastify's view of the client address (which honours TRUST_PROXY). */
export const CLIENT_IP_HEADER = 'x-carerelay-client-ip';

export const SESSION_ABSOLUTE_SECONDS = 12 * 60 * 60;
export const RESET_TOKEN_SECONDS = 30 * 60;

interface AuthDeps {
  config: Config;
  secrets: Secrets;
  database: Database;
  jobs: JobQueue;
}

export function createAuth(deps: AuthDeps) {
  const { config, database } = deps;
  return betterAuth({
    appName: 'CareRelay',
    // From configuration, never from the request's Host header.
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: deps.secrets.appSecret,
    trustedOrigins: config.allowedOrigins,
    telemetry: { enabled: false },
    // Quiet when the app's own log is (tests); otherwise better-auth reports its warnings itself.
    logger: { disabled: config.logLevel === 'silent', level: 'warn', log: logAuthLine },
    // An unexpected error (a failed query) goes up to our route, answered and logged like any
    // other; left to better-auth, its message with the query's parameters went to the console.
    onAPIError: { throw: true },
    database: drizzleAdapter(database.db, {
      provider: 'pg',
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        rateLimit: schema.rateLimit,
        jwks: schema.jwks,
      },
    }),
    emailAndPassword: emailAndPasswordOptions(deps),
    account: {
      // A social sign-in whose email already has an account never joins it: better-auth refuses it
      // (error=account_not_linked) instead of signing into the existing user.
      accountLinking: { enabled: false },
    },
    session: {
      // Sliding idle timeout: each refresh pushes expiry 30 minutes out. The 12-hour absolute
      // lifetime is enforced by the session guard from `createdAt`.
      expiresIn: config.sessionIdleSeconds,
      updateAge: Math.min(60, Math.floor(config.sessionIdleSeconds / 4)),
      // Off: a revoked session must stop working at once, not when a signed cookie cache expires.
      cookieCache: { enabled: false },
      additionalFields: { aal: { type: 'string', defaultValue: 'aal1', input: false } },
    },
    rateLimit: rateLimitOptions,
    plugins: [
      // Signed tokens for API clients: GET /api/auth/token (with a session) → RS256 JWT, verifiable
      // by any JOSE client from /.well-known/jwks.json.
      jwt({
        jwks: { keyPairConfig: { alg: 'RS256', modulusLength: 2048 } },
        jwt: {
          issuer: config.publicUrl,
          audience: config.publicUrl,
          expirationTime: '15m',
          definePayload: bearerTokenPayload,
        },
        disableSettingJwtHeader: true,
      }),
      // Social sign-in (OpenID Connect with PKCE) with the providers from OIDC_PROVIDERS:
      // POST /api/auth/sign-in/social, then the provider returns to GET /api/auth/callback/<id>.
      genericOAuth({ config: genericOAuthConfig(config.oidcProviders) }),
      socialSignInRules({ database, clientIpHeader: CLIENT_IP_HEADER }),
      // "Sign in as" a demo person: server-only, and refused outright in production.
      demoSessionPlugin({ enabled: config.env !== 'production' }),
    ],
    hooks: authHooks(database),
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: config.publicUrl.startsWith('https:'),
      cookiePrefix: 'carerelay',
    },
  });
}

/** Passwords: accounts are created without one, so this is signing in and resetting it by mail. */
function emailAndPasswordOptions({ config, database, jobs }: AuthDeps) {
  return {
    enabled: true,
    // Accounts are created by our own sign-up (one transaction with the profile), without a password.
    disableSignUp: true,
    minPasswordLength: 6,
    maxPasswordLength: 128,
    resetPasswordTokenExpiresIn: RESET_TOKEN_SECONDS,
    revokeSessionsOnPasswordReset: true,
    password: { hash: hashPassword, verify: verifyPassword },
    sendResetPassword: async ({ user, token }) => {
      await inTransaction(database, (t) => queueMail(t, jobs, passwordResetMail({ publicUrl: config.publicUrl, to: user.email, token })));
    },
  } satisfies BetterAuthOptions['emailAndPassword'];
}

/** Kept in the database, so every instance counts together; tighter where a credential is checked or mail is sent. */
const rateLimitOptions = {
  enabled: true,
  storage: 'database',
  window: 60,
  max: 100,
  customRules: {
    '/sign-in/email': { window: 60, max: 5 },
    // Starting a provider's redirect checks no credential; the provider does that.
    '/sign-in/social': { window: 60, max: 20 },
    '/request-password-reset': { window: 300, max: 5 },
    '/reset-password': { window: 300, max: 10 },
  },
} satisfies BetterAuthOptions['rateLimit'];

/** A reset never sets a common password; every email sign-in, allowed or refused, is audited. */
function authHooks(database: Database) {
  return {
    before: createAuthMiddleware(async (ctx) => {
      const newPassword = (ctx.body as { newPassword?: unknown } | undefined)?.newPassword;
      if (ctx.path === '/reset-password' && typeof newPassword === 'string' && isCommonPassword(newPassword)) {
        throw new APIError('BAD_REQUEST', { code: 'PASSWORD_TOO_COMMON', message: COMMON_PASSWORD_MESSAGE });
      }
    }),
    after: createAuthMiddleware(async (ctx) => {
      if (ctx.path !== '/sign-in/email') return;
      const signedIn = ctx.context.newSession;
      await writeAudit(database.db, {
        actorUserId: signedIn?.user.id ?? null,
        action: 'auth.sign_in',
        entityType: 'user',
        entityId: signedIn?.user.id,
        outcome: signedIn ? 'success' : 'failure',
        ipAddress: ctx.request?.headers.get(CLIENT_IP_HEADER),
        userAgent: ctx.request?.headers.get('user-agent'),
        details: signedIn ? { method: 'email-password' } : { method: 'email-password', email: (ctx.body as { email?: string }).email },
      });
    }),
  } satisfies BetterAuthOptions['hooks'];
}

export type Auth = ReturnType<typeof createAuth>;
