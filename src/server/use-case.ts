import type { Actor } from './auth/session';
import type { RequestClient } from './http/request-client';

/**
 * Who a use case acts for and where the request came from. Every use case takes its dependencies
 * and one options object that starts with these: `verbNoun(deps, { actor, client, ...input })`.
 */
export interface Caller {
  actor: Actor;
  client: RequestClient;
}
