/**
 * Recently computed dashboard figures, per key (a tenant's id), for at most `ttlMs`. Callers asking
 * for a key being computed share that computation, so a burst of requests runs the query once.
 * `forget` drops a key at once (its rows changed); a computation that was running when its key
 * was forgotten is not kept, since it may have read the rows from before the change.
 */
export interface FigureCache<T> {
  get(key: string, load: () => Promise<T>): Promise<T>;
  forget(key: string): void;
  /** Forget everything (e.g. changes may have been missed). */
  clear(): void;
  readonly size: number;
}

interface Entry<T> {
  at: number;
  value: Promise<T>;
}

export function createFigureCache<T>(options: { ttlMs: number; maxEntries: number; now?: () => number }): FigureCache<T> {
  const { ttlMs, maxEntries } = options;
  const now = options.now ?? Date.now;
  // Insertion order is age order (an entry is re-inserted when recomputed), so the oldest come first.
  const entries = new Map<string, Entry<T>>();

  const evict = (at: number) => {
    for (const [key, entry] of entries) {
      if (entries.size <= maxEntries && at - entry.at < ttlMs) break;
      entries.delete(key);
    }
  };

  return {
    get(key, load) {
      const at = now();
      const found = entries.get(key);
      if (found && at - found.at < ttlMs) return found.value;
      if (found) entries.delete(key);
      const entry: Entry<T> = { at, value: load() };
      entries.set(key, entry);
      evict(at);
      // A failed computation is not kept: the next request tries again.
      entry.value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return entry.value;
    },
    forget(key) {
      entries.delete(key);
    },
    clear() {
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}

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
