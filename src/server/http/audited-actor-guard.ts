import type { FastifyReply, FastifyRequest } from 'fastify';
import { writeAudit } from '../audit/write-audit';
import { requireActor, type Actor } from '../auth/session';
import { AppError } from './errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type GuardDeps = Parameters<typeof requireActor>[1];

export interface AuditedRouteTarget {
  /** The audit action of the route, e.g. 'patient.read'. */
  action: string;
  /** What the route's `:id` names, e.g. 'referral', 'visit', 'visit_note'. */
  entityType: string;
}

/**
 * The first step of every route on patient information (patient details, visits, documentation),
 * which also marks every answer of the route `cache-control: no-store`:
 * the caller is authenticated in preValidation, before the input is validated, so a signed-out
 * caller always gets 401 and learns nothing about the schema; and a request refused here (signed
 * out, a second factor owed) is audited like any other refused attempt on PHI: actor unknown, the
 * route's action, the `:id` when it is a uuid (a path segment that is not an id could hold
 * anything), and the error code as the reason. The use case audits everything after this step.
 *
 * `actorOf` hands the handler the actor found for its request.
 */
export function auditedActorGuard(deps: GuardDeps, feature: string) {
  const actors = new WeakMap<FastifyRequest, Actor>();

  const authenticate = (target: AuditedRouteTarget) => async (request: FastifyRequest, reply: FastifyReply) => {
    // Patient information must not stay in a browser's or proxy's cache, nor may a refusal.
    reply.header('cache-control', 'no-store');
    try {
      actors.set(request, await requireActor(request, deps));
    } catch (error) {
      if (error instanceof AppError) {
        const { id } = (request.params ?? {}) as { id?: unknown };
        await writeAudit(deps.database.db, {
          actorUserId: null,
          action: target.action,
          entityType: target.entityType,
          entityId: typeof id === 'string' && UUID.test(id) ? id : undefined,
          outcome: 'failure',
          ipAddress: request.ip,
          userAgent: request.headers['user-agent'] ?? null,
          details: { reason: error.code.toLowerCase() },
        });
      }
      throw error;
    }
  };

  const actorOf = (request: FastifyRequest): Actor => {
    const actor = actors.get(request);
    if (!actor) throw new Error(`${feature} route ran without its preValidation hook`);
    return actor;
  };

  return { authenticate, actorOf };
}
