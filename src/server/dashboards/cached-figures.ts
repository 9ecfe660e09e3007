import type { AdminDashboard, AgencyDashboard, TherapistDashboard } from '../../domain/dashboards';
import type { Database } from '../db/client';
import { countUndeliveredMessages } from '../delivery/service';
import { createFigureCache } from './figure-cache';
import { UNDELIVERED_MESSAGES } from './invalidation';
import type { TenantReads } from './tenant-reads';
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
}

/**
 * The dashboards' figures, computed from the database and kept briefly: dashboards are read far
 * more often than their rows change (each page view, every staff member of an agency, refetches).
 * A change to a tenant's rows drops their figures at once (tenant-reads.ts).
 */
export function dashboardFigures(deps: { database: Database; reads: TenantReads }): DashboardFigures {
  const { database } = deps;
  const agencies = deps.reads.figures<AgencyDashboard>({ ttlMs: TENANT_FIGURES_TTL_MS, maxTenants: MAX_CACHED });
  const therapists = deps.reads.figures<TherapistDashboard>({ ttlMs: TENANT_FIGURES_TTL_MS, maxTenants: MAX_CACHED });
  const marketplace = createFigureCache<MarketplaceFigures>({ ttlMs: ADMIN_FIGURES_TTL_MS, maxEntries: 1 });
  // Kept until a change to the records is announced (migration 0038), and read only once every notice
  // committed before the request has been heard: a manager who just retried a message, on any
  // instance, sees the count drop.
  const undelivered = deps.reads.figures<number>({ ttlMs: ADMIN_FIGURES_TTL_MS, maxTenants: 1, caughtUp: true });
  return {
    agency: (agencyId) => agencies.get(agencyId, () => getAgencyDashboard({ database, agencyId })),
    therapist: (therapistId) => therapists.get(therapistId, () => getTherapistDashboard({ database, therapistId })),
    admin: async () => {
      const [figures, undeliveredMessages] = await Promise.all([
        marketplace.get('marketplace', () => getAdminDashboard({ database })),
        undelivered.get(UNDELIVERED_MESSAGES, () => countUndeliveredMessages(database)),
      ]);
      return { ...figures, undeliveredMessages };
    },
  };
}
