import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { UserType } from '../../domain/accounts';
import { isUuid } from '../../domain/uuid';
import { writeAudit } from '../audit/write-audit';
import { AppError } from '../errors';
import { clientOf, type RequestClient } from '../http/request-client';
import type { Caller } from '../use-case';
import { requireAal2, requireApproved, requireUserType } from './guards';
import { requireActor, type Actor } from './session';

type ActorDeps = Parameters<typeof requireActor>[1];

/** What a route requires of its caller, declared once per route (or per plugin with `requireAuth`). */
export interface AuthRequirement {
  /** The account types allowed; omitted, any signed-in user (even one without an account record yet). */
  roles?: readonly UserType[];
  /** The account must have been approved by a manager. */
  approved?: boolean;
  /** A second factor must have been verified in this session, even by a user who has none yet. */
  aal2?: boolean;
  /** Reachable before a user who has a factor has passed it (their own status, the factor challenge). */
  allowAal1?: boolean;
  /** Polling that must not keep an idle session alive. */
  background?: boolean;
  /** A feature's own pure check of the caller, after the others; throws the error to answer with. */
  check?: (actor: Actor) => unknown;
  /**
   * The route touches patient information: its answers are never cached, and a caller refused here
   * is audited as an attempt on it (the use case audits everything after this step).
   */
  audit?: { action: string; entityType: string };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthRequirement;
  }
  interface FastifyRequest {
    /** The signed-in caller; reading it on a route that declares no `auth` is a programming error. */
    readonly actor: Actor;
    /** Where the request came from, as the audit log records it. */
    readonly client: RequestClient;
  }
}

/** The approved agency, therapist or manager requirements most routes use. */
export const approvedAgency: AuthRequirement = { roles: ['agency'], approved: true };
export const approvedTherapist: AuthRequirement = { roles: ['therapist'], approved: true };
export const manager: AuthRequirement = { roles: ['manager'], approved: true, aal2: true };

/** The caller of each authenticated request, once found (a WeakMap: gone with the request). */
const actors = new WeakMap<FastifyRequest, Actor>();

/** The signed-in user of a request whose route authenticated them; undefined for any other request. */
export function signedInUserId(request: FastifyRequest): string | undefined {
  return actors.get(request)?.userId;
}

/**
 * The one way a route is authenticated: a route declares `config: { auth: requirement }` (or its
 * plugin calls `requireAuth`), and this hook finds the caller before the body is read or the input
 * validated — so a caller without access costs no upload and learns nothing about the route's
 * inputs — checks the requirement, and puts the caller on `request.actor`. Every request gets
 * `request.client`.
 */
export function registerAuthentication(app: FastifyInstance, deps: ActorDeps) {
  app.decorateRequest('actor', {
    getter(this: FastifyRequest) {
      const actor = actors.get(this);
      if (!actor) throw new Error(`${this.method} ${this.routeOptions.url ?? ''} reads request.actor but declares no auth requirement`);
      return actor;
    },
  });
  const clients = new WeakMap<FastifyRequest, RequestClient>();
  app.decorateRequest('client', {
    getter(this: FastifyRequest) {
      let client = clients.get(this);
      if (!client) clients.set(this, (client = clientOf(this)));
      return client;
    },
  });

  const authenticateRoute = async (request: FastifyRequest, requirement: AuthRequirement) => {
    try {
      actors.set(request, await authenticate(request, deps, requirement));
    } catch (error) {
      if (requirement.audit && error instanceof AppError) await auditRefusal(deps, request, requirement.audit, error);
      throw error;
    }
  };
  // onRequest, before the body is read: a caller without access never gets a 10 MB upload buffered.
  // Only on the routes with a requirement (their own or their plugin's, requireAuth), first among
  // their own hooks: a public route (the site's JSON, served to every visitor) pays nothing for it,
  // not even the copy of its route options that reading its requirement on each request made.
  // `this` is the instance the route is added to, where requireAuth left its plugin's requirement.
  app.addHook('onRoute', function (route) {
    const requirement = route.config?.auth ?? (this as Scoped)[SCOPE_REQUIREMENT];
    if (!requirement) return;
    const guard: onRequestHookHandler = (request, reply, done) => {
      if (requirement.audit) reply.header('cache-control', 'no-store');
      authenticateRoute(request, requirement).then(() => done(), done);
    };
    route.onRequest = [guard, ...[route.onRequest ?? []].flat()];
  });
}

async function authenticate(request: FastifyRequest, deps: ActorDeps, requirement: AuthRequirement): Promise<Actor> {
  const actor = await requireActor(request, deps, { allowAal1: requirement.allowAal1, background: requirement.background });
  if (requirement.roles) requireUserType(actor, ...requirement.roles);
  if (requirement.approved) requireApproved(actor);
  if (requirement.aal2) requireAal2(actor);
  requirement.check?.(actor);
  return actor;
}

/**
 * A refused attempt on patient information is audited like any other: actor unknown (or not
 * allowed), the route's action, the `:id` when it is a uuid (a path segment that is not an id
 * could hold anything), and the error code as the reason.
 */
async function auditRefusal(deps: ActorDeps, request: FastifyRequest, target: { action: string; entityType: string }, error: AppError) {
  const { id } = (request.params ?? {}) as { id?: unknown };
  await writeAudit(deps.database.db, {
    actorUserId: null,
    action: target.action,
    entityType: target.entityType,
    entityId: typeof id === 'string' && isUuid(id) ? id : undefined,
    outcome: 'failure',
    ipAddress: request.client.ipAddress,
    userAgent: request.client.userAgent,
    details: { reason: error.code.toLowerCase() },
  });
}

/** Where requireAuth leaves a plugin's requirement: on its instance, which its own plugins inherit. */
const SCOPE_REQUIREMENT = Symbol('authRequirement');
type Scoped = FastifyInstance & { [SCOPE_REQUIREMENT]?: AuthRequirement };

/**
 * Declares one requirement for every route of an (encapsulated) plugin that does not declare its
 * own, and of the plugins it registers. Call it before the plugin's routes.
 */
export function requireAuth(app: FastifyInstance, requirement: AuthRequirement) {
  (app as Scoped)[SCOPE_REQUIREMENT] = requirement;
}

/** The caller of an authenticated route, as every use case takes it. */
export function callerOf(request: FastifyRequest): Caller {
  return { actor: request.actor, client: request.client };
}

/** The route config of a route on patient information: any signed-in caller, refusals audited as `action`. */
export function phiRoute(action: string, entityType: string): { auth: AuthRequirement } {
  return { auth: { audit: { action, entityType } } };
}
