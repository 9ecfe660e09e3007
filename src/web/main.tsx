// First: it configures what every later module relies on under the CSP.
import './csp';
import { hydrate } from '@tanstack/react-query';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppRoot, createQueryClient } from './app-root';
import { readPrerenderedState } from './prerendered-state';
import { createAppRouter } from './router';
import './styles.css';

async function start() {
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
  if (exact) hydrateRoot(container, app);
  else createRoot(container).render(app);
}

void start();
