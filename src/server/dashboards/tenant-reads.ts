import type { FastifyBaseLogger, FastifyInstance, FastifyRequest, onSendHookHandler } from 'fastify';
import { signedInUserId } from '../auth/authenticate';
import type { Actor } from '../auth/session';
import type { Database } from '../db/client';
import { createCatchUp } from './catch-up';
import { createFigureCache } from './figure-cache';
import { createPageCache, type KeptPage, type PageCache } from './page-cache';
import { DASHBOARD_CHANNEL, startDashboardInvalidation } from './invalidation';

/** One tenant's read (figures), kept per tenant id. */
export interface TenantCache<T> {
  get(tenantId: string, load: () => Promise<T>): Promise<T>;
}

/**
 * Reads kept briefly per tenant (an agency's or a therapist's id) and dropped the moment what
 * they show changes: the dashboards' figures and list pages (the agency's lists, a therapist's
 * Referrals near me). Database triggers announce every change, whoever makes it, and this
 * instance's listener drops the tenant's reads (invalidation.ts); while the listener is down
 * nothing is kept and every read goes to the database. Callers authorize first: a cache only ever
 * answers for the tenant id it is asked about.
 */
export interface TenantReads {
  /**
   * Figures kept per tenant. Other instances' changes show once their notice arrives, a moment
   * after the commit; with `caughtUp`, a read first hears every notice committed before it
   * (catch-up.ts), as list pages do, for a figure that must drop the moment anyone changes it.
   */
  figures<T>(options: FigureOptions): TenantCache<T>;
  pages<T>(options: { ttlMs: number; maxTenants: number; maxPagesPerTenant: number }): PageCache<T>;
  /** Drops everything kept for the tenant (see forgetOnWrites). */
  forget(tenantId: string): void;
  stop(): Promise<void>;
}

/**
 * How list pages are kept: 10 seconds at most (a change drops them at once; this bounds what a
 * missed notice could cost), for the 500 tenants who read most recently, 8 pages each (a first page
 * under each filter and a few more): at most some 4,000 pages of up to 50 entries in memory.
 */
export const LIST_PAGES = { ttlMs: 10_000, maxTenants: 500, maxPagesPerTenant: 8 };

interface FigureOptions {
  ttlMs: number;
  maxTenants: number;
  caughtUp?: boolean;
}

interface Forgettable {
  forget(key: string): void;
  clear(): void;
}

/** What kept reads rely on: whether this instance hears the notices now, and its catch-up with them (catch-up.ts). */
export interface Notices {
  listening(): boolean;
  caughtUp(): Promise<boolean>;
}

/**
 * The kept reads over `notices`, apart from how the notices are heard (startTenantReads): nothing
 * is kept while they are not heard; a page, or a figure kept `caughtUp`, is served from memory
 * only once the catch-up answers true, and read from the database otherwise.
 */
export function keptReads(notices: Notices): Omit<TenantReads, 'stop'> & { forgetAll(): void } {
  const caches: Forgettable[] = [];
  const kept = <T>(options: { ttlMs: number; maxTenants: number }) => {
    const cache = createFigureCache<T>({ ttlMs: options.ttlMs, maxEntries: options.maxTenants });
    caches.push(cache);
    return cache;
  };
  return {
    figures<T>(options: FigureOptions) {
      const cache = kept<T>(options);
      return {
        get: async (tenantId: string, load: () => Promise<T>) =>
          notices.listening() && (!options.caughtUp || (await notices.caughtUp())) ? cache.get(tenantId, load) : load(),
      };
    },
    pages<T>(options: { ttlMs: number; maxTenants: number; maxPagesPerTenant: number }) {
      const pages = createPageCache(kept<Map<string, Promise<KeptPage<T>>>>(options), options);
      return {
        get: async (tenantId: string, key: string, load: () => Promise<KeptPage<T>>) =>
          notices.listening() && (await notices.caughtUp()) ? pages.get(tenantId, key, load) : (await load()).value,
      };
    },
    forget(tenantId) {
      for (const cache of caches) cache.forget(tenantId);
    },
    forgetAll() {
      for (const cache of caches) cache.clear();
    },
  };
}

export async function startTenantReads(deps: { database: Database; log: FastifyBaseLogger }): Promise<TenantReads> {
  const catchUp = createCatchUp((payload) => deps.database.pool.query('select pg_notify($1, $2)', [DASHBOARD_CHANNEL, payload]));
  const reads = keptReads({ listening: () => invalidation.listening, caughtUp: () => catchUp.wait() });
  const invalidation = await startDashboardInvalidation({
    connection: deps.database.pool.options,
    forget: (payload) => {
      if (!catchUp.heard(payload)) reads.forget(payload);
    },
    forgetAll: () => {
      catchUp.lost();
      reads.forgetAll();
    },
    onError: (error) => deps.log.error({ err: error }, 'dashboard invalidation listener error'),
  });
  return { figures: reads.figures, pages: reads.pages, forget: reads.forget, stop: () => invalidation.stop() };
}

/**
 * A page of the caller's own list (`key`: its filter, size and cursor), kept in `pages` for the
 * caller. A page read at aal2 names patients and each name shown is an audited read, so it is read
 * afresh every time.
 */
export async function keptPage<T>(pages: PageCache<T>, actor: Actor, key: Array<string | number | undefined>, read: () => Promise<KeptPage<T>>): Promise<T> {
  if (actor.aal === 'aal2') return (await read()).value;
  return pages.get(actor.userId, JSON.stringify(key), read);
}

/**
 * A signed-in user's write drops their kept reads on this instance before its answer leaves. The
 * trigger's notice reaches every instance a moment after the commit; the writer's next request
 * could otherwise come first and read figures from before their own change (a dashboard count
 * without the referral just posted); kept pages wait for the notices anyway (catch-up.ts). Other
 * instances hear the notice within that moment.
 */
export function forgetOnWrites(app: FastifyInstance, reads: Pick<TenantReads, 'forget'>, writerOf: (request: FastifyRequest) => string | undefined = signedInUserId) {
  const forgetWriter: onSendHookHandler = (request, _reply, payload, done) => {
    if (!isRead(request.method)) {
      const userId = writerOf(request);
      if (userId) reads.forget(userId);
    }
    done(null, payload);
  };
  // Only on routes that can write, first among their own hooks: a read pays nothing for it.
  app.addHook('onRoute', (route) => {
    if ([route.method].flat().every(isRead)) return;
    route.onSend = [forgetWriter, ...[route.onSend ?? []].flat()];
  });
}

const isRead = (method: string) => method === 'GET' || method === 'HEAD';
