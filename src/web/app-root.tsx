import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useEffect, type ReactNode } from 'react';

/** One configuration for the browser's query client and the one the public pages are rendered with at build time. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
  });
}

/**
 * What wraps the router in the browser and at build time alike: hydration needs the same tree on
 * both sides.
 */
export function AppRoot({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        {children}
        <MarkStarted />
      </QueryClientProvider>
    </StrictMode>
  );
}

/**
 * Marks the document (`<html data-started>`) once React has hydrated or rendered the page. A page
 * rendered at build time shows its buttons and forms before React handles them; browser tests wait
 * for this mark before they use them (test/e2e.ts).
 */
function MarkStarted() {
  useEffect(() => {
    document.documentElement.dataset.started = '';
  }, []);
  return null;
}
