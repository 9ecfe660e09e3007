import type { FastifyBaseLogger } from 'fastify';
import type { AdminDashboard, AgencyDashboard, TherapistDashboard } from '../../domain/dashboards';
import type { Database } from '../db/client';
import { countUndeliveredMessages } from '../delivery/service';
import { createFigureCache } from './figure-cache';
import { startDashboardInvalidation } from './invalidation';
import { getAdminDashboard, getAgencyDashboard, getTherapistDashboard, type MarketplaceFigures } from './service';

/**
 * How long an agency's or a therapist's figures are served again without a read. Any change to
 * their rows drops them at once (see invalidation.ts), so this bounds only what time alone moves:
 * the 30-day window, "this month", "today", a posted referral passing its expiry.
 */
export const TENANT_FIGURES_TTL_MS = 10_000;
/** Marketplace-wide figures scan every tenant and change with any write: read at most this often. */
export const ADMIN_FIGURES_TTL_MS = 10_000;
/** Bounds memory: the oldest figures go first. */
const MAX_CACHED = 20_000;

export interface DashboardFigures {
  agency(agencyId: string): Promise<AgencyDashboard>;
  therapist(therapistId: string): Promise<TherapistDashboard>;
  admin(): Promise<AdminDashboard>;
  stop(): Promise<void>;
}

/**
 * The dashboards' figures, computed from the database and kept briefly: dashboards are read far
 * more often than their rows change (each page view, every staff member of an agency, refetches).
 * Callers authorize first; the cache only ever answers for the id it is asked about.
 */
export async function startDashboardFigures(deps: { database: Database; log: FastifyBaseLogger }): Promise<DashboardFigures> {
  const { database } = deps;
  const agencies = createFigureCache<AgencyDashboard>({ ttlMs: TENANT_FIGURES_TTL_MS, maxEntries: MAX_CACHED });
  const therapists = createFigureCache<TherapistDashboard>({ ttlMs: TENANT_FIGURES_TTL_MS, maxEntries: MAX_CACHED });
  const marketplace = createFigureCache<MarketplaceFigures>({ ttlMs: ADMIN_FIGURES_TTL_MS, maxEntries: 1 });
  const invalidation = await startDashboardInvalidation({
    connection: database.pool.options,
    forget: (userId) => {
      agencies.forget(userId);
      therapists.forget(userId);
    },
    forgetAll: () => {
      agencies.clear();
      therapists.clear();
    },
    onError: (error) => deps.log.error({ err: error }, 'dashboard invalidation listener error'),
  });
  return {
    // Without the listener, a change could go unnoticed: read every time until it is back.
    agency: (agencyId) =>
      invalidation.listening ? agencies.get(agencyId, () => getAgencyDashboard({ database, agencyId })) : getAgencyDashboard({ database, agencyId }),
    therapist: (therapistId) =>
      invalidation.listening
        ? therapists.get(therapistId, () => getTherapistDashboard({ database, therapistId }))
        : getTherapistDashboard({ database, therapistId }),
    // The undelivered count is read every time (one index-only count): a manager who just retried a message sees it drop.
    admin: async () => {
      const [figures, undeliveredMessages] = await Promise.all([
        marketplace.get('marketplace', () => getAdminDashboard({ database })),
        countUndeliveredMessages(database),
      ]);
      return { ...figures, undeliveredMessages };
    },
    stop: () => invalidation.stop(),
  };
}
