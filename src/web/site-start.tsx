// The public site's start, loaded by its entry (site-main.ts) once the prerendered page has painted:
// its code holds React, the page's layout and a plain router, not the signed-in app's data router
// and route table, nor TanStack Query.
import './csp';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { readPrerenderedState } from './prerendered-state';
import { Root } from './root';
import { BrowserSiteApp, sitePageAt } from './site-app';
import { loadPage } from './site-pages';

export async function start() {
  const page = sitePageAt(window.location.pathname);
  // The server answers a public page's address only with that page; anything else is the app's.
  if (!page) throw new Error(`No public page at ${window.location.pathname}`);
  const container = document.getElementById('root')!;
  const prerendered = readPrerenderedState();
  // Loaded before rendering: hydration needs the page's own components, not a fallback in their place.
  const Component = await loadPage(page);
  const app = (
    // No query client here: the parts that use one bring it (query-scope.tsx), with the page's answers.
    <Root>
      <BrowserSiteApp page={page} Component={Component} />
    </Root>
  );
  // The server sends a prerendered page whatever the query string, and a query (?subject=,
  // ?signedOut=idle) can change what the page shows: only the exact address it was rendered for
  // hydrates; any other is rendered afresh in its place.
  const exact = prerendered?.path === window.location.pathname && window.location.search === '';
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the
  // main thread for the whole page (the content is already on screen).
  if (exact) startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app);
}

