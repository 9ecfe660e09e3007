import { randomUUID } from 'node:crypto';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { HelmetOptions } from 'helmet';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type FastifyPluginAsyncZod,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { accountRoutes } from './accounts/routes';
import { adminRoutes } from './admin/routes';
import type { Auth } from './auth/auth';
import { registerAuthentication } from './auth/authenticate';
import type { BearerVerifier } from './auth/bearer';
import { authHandlerRoutes } from './auth/auth-handler-routes';
import { calendarFeedRoutes, publicCalendarFeedRoutes } from './calendar-feed/routes';
import { jwksRoutes } from './auth/jwks-routes';
import type { Config } from './config';
import { contactRoutes } from './contact/routes';
import { contentRoutes } from './content/routes';
import { credentialRoutes } from './credentials/routes';
import { expiringCredentialRoutes } from './credentials/expiring-routes';
import { primarySourceRoutes } from './credentials/primary-source-routes';
import type { Database } from './db/client';
import { healthRoutes } from './health/routes';
import { registerControlCharacterCheck } from './http/control-characters';
import { cors, registerPreflightRoute } from './http/cors';
import { AppError } from './errors';
import { handleError } from './http/errors';
import { logRedactPaths, logSerializers } from './http/log-safety';
import { requestDeadline } from './http/request-deadline';
import { registerRequestFrame, type FrameStep } from './http/request-frame';
import { registerRequestLog } from './http/request-log';
import { lazyRequestLogger } from './http/request-logger';
import { securityHeaders } from './http/security-headers';
import { originCheck } from './http/origin-check';
import type { ApiDeps } from './http/plugin';
import type { JobQueue } from './jobs/queue';
import { leadRoutes } from './leads/routes';
import { mfaRoutes } from './mfa/routes';
import type { NotificationBroker } from './notifications/broker';
import { notificationRoutes } from './notifications/routes';
import { accountTypeRoutes } from './onboarding/account-type-routes';
import { onboardingRoutes } from './onboarding/routes';
import { patientRoutes } from './patients/routes';
import type { AttachmentStore } from './documentation/attachment-store';
import { documentationRoutes } from './documentation/routes';
import { recordRoutes } from './records/routes';
import type { PaymentProvider } from './payments/provider';
import { paymentRoutes } from './payments/routes';
import { visitRoutes } from './visits/routes';
import { careClockRoutes } from './care-clocks/routes';
import { careOrderRoutes } from './care-orders/routes';
import { evvExportRoutes } from './evv-export/routes';
import { dashboardRoutes } from './dashboards/routes';
import { forgetOnWrites, startTenantReads } from './dashboards/tenant-reads';
import { preferencesRoutes } from './preferences/routes';
import { ratingRoutes } from './ratings/routes';
import { agencyReferralRoutes, managerReferralRoutes, mapTileRoutes, therapistReferralRoutes } from './referrals/routes';
import { devMailboxRoutes } from './mail/dev-mailbox-routes';
import { demoSignInRoutes } from './demo/demo-sign-in-routes';
import type { Secrets } from './secrets';
import { siteRoutes } from './site/routes';
import { therapistProfileRoutes } from './therapist-profile/routes';
import { webRoutes } from './web/routes';

export interface AppDeps {
  config: Config;
  secrets: Secrets;
  database: Database;
  jobs: JobQueue;
  auth: Auth;
  bearer: BearerVerifier;
  notifications: NotificationBroker;
  /** Where log lines go; standard output unless given (tests read the real log through it). */
  logStream?: { write(line: string): void };
  payments: PaymentProvider;
  /** Where attachments' sealed bytes are kept, shared by every instance. */
  attachmentStore: AttachmentStore;
}

export type App = FastifyInstance;

const REQUEST_ID = /^[\w.-]{1,64}$/;

/** Where the JSON API's routes are (apiRoutes), and the API docs' pages among them. */
const API_PREFIX = '/api';
const API_DOCS_PREFIX = '/api/docs';
const API_PATHS = `${API_PREFIX}/`;

/** An answer of the JSON API, found or not; the API docs' pages are documents (security-headers.ts). */
const isApiAnswer = (url: string) => url.startsWith(API_PATHS) && !url.startsWith(API_DOCS_PREFIX);

export async function buildApp(deps: AppDeps): Promise<App> {
  const { config } = deps;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // Cookies and tokens identify a session; bodies, query strings and the values a failed query
      // carried may hold personal data. None of them is logged.
      redact: logRedactPaths,
      serializers: logSerializers,
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    // One line per request, written by registerRequestLog instead (Fastify's own two are off; the
    // top-level disableRequestLogging option is deprecated in favour of this).
    logController: new LogController({ disableRequestLogging: true }),
    childLoggerFactory: lazyRequestLogger,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    // Behind a proxy, request.ip (used for rate limits and audit) is the real client's address.
    trustProxy: config.trustProxy ?? false,
    bodyLimit: 256 * 1024,
    // A client that sends its request a byte at a time holds a connection and its memory: its
    // headers must arrive within this (its body too: requestDeadline), and a connection
    // idle for two minutes is closed (an open notification stream writes a keep-alive every 25 s).
    requestTimeout: config.requestTimeoutSeconds * 1000,
    connectionTimeout: 120_000,
  }).withTypeProvider<ZodTypeProvider>();
  // JSON only: a text/plain body (JSON or not) is answered 415 like any other unsupported type,
  // instead of reaching a route as a string.
  app.removeContentTypeParser('text/plain');

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(handleError);
  registerControlCharacterCheck(app);
  registerRequestLog(app);
  // The body's deadline first, so a refused request's body is cut off too; then the headers, so a
  // refused request is answered with them. CORS is an allow-list; the origin check refuses
  // cross-site cookie-bearing writes (CSRF).
  registerRequestFrame(app, [
    requestDeadline(config.requestTimeoutSeconds),
    requestIdHeader,
    securityHeaders(helmetOptions(config), isApiAnswer),
    cors(config.allowedOrigins),
    originCheck(config.allowedOrigins),
  ]);
  registerPreflightRoute(app);
  await registerApiDocs(app, config);
  await app.register(apiRoutes(deps), { prefix: API_PREFIX });
  await app.register(jwksRoutes, deps);
  await app.register(webRoutes, deps);
  return app;
}

/** Each answer names its request's id, which its log line carries too. */
const requestIdHeader: FrameStep = (request, reply) => {
  reply.header('x-request-id', request.id);
  return undefined;
};

/** Helmet's security headers: a strict content security policy, and HSTS when served over https. */
function helmetOptions(config: Config): HelmetOptions {
  const https = config.publicUrl.startsWith('https:');
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // No inline style: the one stylesheet the web app makes at run time (Radix's scroll lock)
        // is a constructed one, which style-src does not govern (src/web/style-singleton.ts).
        styleSrc: ["'self'"],
        // Map tiles come from the configured tile server, if any (e.g. https://tile.openstreetmap.org).
        // blob: is a credential's document image, previewed from the bytes the manager's page fetched.
        imgSrc: ["'self'", 'data:', 'blob:', ...(config.mapTiles ? [tileOrigin(config.mapTiles.url)] : [])],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  };
}

/** The OpenAPI description of every route, and the Swagger UI pages that show it. */
async function registerApiDocs(app: App, config: Config) {
  const https = config.publicUrl.startsWith('https:');
  await app.register(swagger, {
    openapi: {
      info: { title: 'CareRelay API', version: '0.1.0', description: 'Home health staffing marketplace' },
      servers: [{ url: config.publicUrl }],
    },
    transform: jsonSchemaTransform,
  });
  // A map of every route is for developers: production shows it only when API_DOCS=true.
  if (config.apiDocs) {
    await app.register(swaggerUi, {
      routePrefix: API_DOCS_PREFIX,
      staticCSP: true,
      // Swagger UI injects its own style elements; allow inline styles on the docs pages only.
      transformStaticCSP: (header) =>
        (https ? header : header.replace('upgrade-insecure-requests;', '')).replace('style-src ', "style-src 'unsafe-inline' "),
    });
  }
}

/** Everything under /api: the one authentication hook, then each feature's routes. */
function apiRoutes(appDeps: AppDeps): FastifyPluginAsyncZod {
  return async (api) => {
    registerAuthentication(api, appDeps);
    const tenantReads = await startTenantReads({ database: appDeps.database, log: api.log });
    api.addHook('onClose', () => tenantReads.stop());
    forgetOnWrites(api, tenantReads);
    const deps: ApiDeps = { ...appDeps, tenantReads };
    await api.register(healthRoutes, deps);
    await api.register(authHandlerRoutes, deps);
    await api.register(accountRoutes, deps);
    await api.register(mfaRoutes, deps);
    await api.register(siteRoutes, deps);
    await api.register(leadRoutes, deps);
    await api.register(contactRoutes, deps);
    await api.register(contentRoutes, deps);
    await api.register(onboardingRoutes, deps);
    await api.register(accountTypeRoutes, deps);
    await api.register(adminRoutes, deps);
    await api.register(primarySourceRoutes, deps);
    await api.register(notificationRoutes, deps);
    await api.register(preferencesRoutes, deps);
    await api.register(agencyReferralRoutes, deps);
    await api.register(therapistReferralRoutes, deps);
    await api.register(managerReferralRoutes, deps);
    await api.register(mapTileRoutes, deps);
    await api.register(patientRoutes, deps);
    await api.register(paymentRoutes, deps);
    await api.register(documentationRoutes, deps);
    await api.register(recordRoutes, deps);
    await api.register(visitRoutes, deps);
    await api.register(careClockRoutes, deps);
    await api.register(careOrderRoutes, deps);
    await api.register(evvExportRoutes, deps);
    await api.register(dashboardRoutes, deps);
    await api.register(credentialRoutes, deps);
    await api.register(ratingRoutes, deps);
    await api.register(expiringCredentialRoutes, deps);
    await api.register(therapistProfileRoutes, deps);
    await api.register(calendarFeedRoutes, deps);
    await api.register(publicCalendarFeedRoutes, deps);
    if (deps.config.env !== 'production') {
      await api.register(devMailboxRoutes, deps);
      await api.register(demoSignInRoutes, deps);
    }
    api.setNotFoundHandler(async (request) => {
      throw new AppError('NOT_FOUND', `No API route ${request.method} ${request.url.split('?')[0]}`);
    });
  };
}

/** The scheme and host of a tile URL template such as https://{s}.tile.example.org/{z}/{x}/{y}.png. */
function tileOrigin(template: string): string {
  const match = /^(https?:\/\/[^/]+)/.exec(template);
  // {s} subdomains become a wildcard, which CSP allows at the start of a host.
  return match?.[1]?.replace('{s}.', '*.') ?? "'self'";
}
