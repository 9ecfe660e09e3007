import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Root } from './root';

/** One configuration for the browser's query client and the one the public pages are rendered with at build time. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
  });
}

/**
 * What wraps the signed-in app's router in the browser, and the public pages at build time (the
 * site's entry hydrates them in a bare Root: their parts that use queries bring a client along,
 * query-scope.tsx).
 */
export function AppRoot({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <Root>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </Root>
  );
}
