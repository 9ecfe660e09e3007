import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { router } from './router';
import './styles.css';

// Radix's scroll lock injects a <style> when a dialog opens; the CSP allows it only with this
// page's nonce. get-nonce (which react-remove-scroll asks) reads the webpack-style global, which
// reaches every copy of it in the bundle, unlike its setNonce.
const styleNonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce;
if (styleNonce) (globalThis as { __webpack_nonce__?: string }).__webpack_nonce__ = styleNonce;

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
