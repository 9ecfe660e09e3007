import type { FigureCache } from './figure-cache';

/**
 * Pages of one tenant's list, each under its own key (filter, size, cursor), kept in a FigureCache
 * entry per tenant: forgetting the tenant drops all its pages at once, and a page still loading
 * when its tenant was forgotten lands in the dropped entry, never served. A page whose content
 * changes with time alone (an offer expiring) says until when it holds. A tenant keeps at most
 * `maxPagesPerTenant` pages: the cursor is the client's to choose, and each would be another page.
 */
export interface KeptPage<T> {
  value: T;
  /**
   * When (ms since the epoch) the page stops being what a read would show, with no change announced:
   * by this instance's clock, where the database's decided it (servers' clocks are kept in step).
   */
  until?: number;
}

export interface PageCache<T> {
  get(tenantId: string, key: string, load: () => Promise<KeptPage<T>>): Promise<T>;
}

export function createPageCache<T>(
  tenants: FigureCache<Map<string, Promise<KeptPage<T>>>>,
  options: { maxPagesPerTenant: number; now?: () => number },
): PageCache<T> {
  const now = options.now ?? Date.now;
  return {
    async get(tenantId, key, load) {
      const pages = await tenants.get(tenantId, async () => new Map());
      const found = pages.get(key);
      if (found) {
        const kept = await found;
        if (kept.until === undefined || now() < kept.until) return kept.value;
        if (pages.get(key) === found) pages.delete(key);
      }
      const page = load();
      if (pages.size < options.maxPagesPerTenant) {
        pages.set(key, page);
        page.catch(() => {
          if (pages.get(key) === page) pages.delete(key);
        });
      }
      return (await page).value;
    },
  };
}
