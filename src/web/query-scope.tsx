import { hydrate, QueryClientContext, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useContext, type ReactNode } from 'react';
import { createQueryClient } from './app-root';
import { readPrerenderedState } from './prerendered-state';

let siteClient: QueryClient | undefined;

/** The public site's query client, made when a part of a page first needs one, with the answers the page was rendered with. */
function siteQueryClient(): QueryClient {
  if (!siteClient) {
    siteClient = createQueryClient();
    const prerendered = readPrerenderedState();
    if (prerendered) hydrate(siteClient, prerendered.queries);
  }
  return siteClient;
}

/**
 * Gives its children a query client: the app's, inside the signed-in app (and at build time), or the
 * public site's own. The site's entry has none (site-start.tsx): TanStack Query comes with the parts
 * that use it (a page's data, a form's mutation), not in the first script of every public page.
 */
export function QueryScope({ children }: { children: ReactNode }) {
  const existing = useContext(QueryClientContext);
  if (existing) return children;
  return <QueryClientProvider client={siteQueryClient()}>{children}</QueryClientProvider>;
}
