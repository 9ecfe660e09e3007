import { useSyncExternalStore } from 'react';
import type { SiteConfig } from '../../domain/site';
import { api } from './client';

// The deployment's settings change only with a deploy: asked for once per visit, kept here rather
// than in TanStack Query so that the public pages that show them (the landing page's demo link)
// need no query library to hydrate.
let config: SiteConfig | undefined;
let asking: Promise<void> | undefined;
const listeners = new Set<() => void>();

function ask() {
  asking ??= api<SiteConfig>('/api/site').then(
    (answer) => {
      config = answer;
      for (const listener of listeners) listener();
    },
    () => {
      // Asked again by the next component that wants them; until then they show their fallback.
      asking = undefined;
    },
  );
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  ask();
  return () => listeners.delete(listener);
}

/** GET /api/site: undefined until it has answered. Undefined while hydrating too, as at build time (one build serves every deployment). */
export function useSiteConfig(): { data: SiteConfig | undefined } {
  return { data: useSyncExternalStore(subscribe, () => config, () => undefined) };
}
