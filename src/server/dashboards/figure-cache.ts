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
