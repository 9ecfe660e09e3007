// First: it configures what every later module relies on under the CSP.
import './csp';
import { hydrate } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { startEarlyMe } from './api/early-me';
import { AppRoot, createQueryClient } from './app-root';
import { readPrerenderedState } from './prerendered-state';
import { createAppRouter } from './router';
import './styles.css';

async function start() {
  // Before the router loads the page's code: see early-me.ts.
  startEarlyMe(window.location.pathname);
  const container = document.getElementById('root')!;
  const prerendered = readPrerenderedState();
  const queryClient = createQueryClient();
  // The answers the page was rendered with, so it shows the same without asking again.
  if (prerendered) hydrate(queryClient, prerendered.queries);
  const router = await createAppRouter({ overPrerendered: prerendered !== undefined });
  const app = (
    <AppRoot queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppRoot>
  );
  // The server sends a prerendered page whatever the query string, and a query (?subject=,
  // ?signedOut=idle) can change what the page shows: only the exact address it was rendered for
  // hydrates; any other is rendered afresh in its place.
  const exact = prerendered?.path === window.location.pathname && window.location.search === '';
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the
  // main thread for the whole page (the content is already on screen), as React Router's own entry does.
  if (exact) startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app);
}

void start();
