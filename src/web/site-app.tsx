import { useEffect, useMemo, useState, type ComponentType } from 'react';
import { createPath, matchPath, parsePath, Router, useRoutes, type Navigator, type To } from 'react-router';
import { SiteLayout } from './layout/site-layout';
import { loadPage, patternOf, sitePages, type SitePage } from './site-pages';

/** The public page at `pathname`, when there is one. */
export function sitePageAt(pathname: string): SitePage | undefined {
  return sitePages.find((page) => matchPath(patternOf(page), pathname));
}

/**
 * One public page in its layout, under a plain (declarative) router: what the build renders to HTML
 * and what the site's light entry hydrates, so both sides build the same tree. It leaves out the
 * signed-in app's data router and its route table, which the first script of every public page
 * would otherwise carry.
 */
function SitePageRoutes({ page, Component }: { page: SitePage; Component: ComponentType }) {
  return useRoutes([{ element: <SiteLayout />, children: [page.index ? { index: true, Component } : { path: page.path, Component }] }]);
}

/** The page rendered at build time, at `path` and unable to navigate. */
export function StaticSiteApp({ path, page, Component }: { path: string; page: SitePage; Component: ComponentType }) {
  return (
    <Router location={path} navigator={staticNavigator} static>
      <SitePageRoutes page={page} Component={Component} />
    </Router>
  );
}

/**
 * The site in the browser, from the page it was loaded on. Going to another public page renders it
 * in place (its chunk loaded first, then the address changes); anything else (the signed-in app) is
 * a document navigation.
 */
export function BrowserSiteApp({ page, Component }: { page: SitePage; Component: ComponentType }) {
  const [shown, setShown] = useState(() => ({ location: currentLocation(), page, Component }));
  // Shows the page at the current address once its chunk is in; of overlapping navigations, the latest wins.
  const show = useMemo(() => {
    let latest = 0;
    return async () => {
      const navigation = ++latest;
      const next = sitePageAt(window.location.pathname);
      if (!next) return window.location.reload();
      const NextComponent = await loadPage(next);
      if (navigation === latest) setShown({ location: currentLocation(), page: next, Component: NextComponent });
    };
  }, []);
  const navigator = useMemo(() => browserNavigator(show), [show]);
  useEffect(() => {
    const onPopState = () => void show();
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [show]);
  return (
    <Router location={shown.location} navigator={navigator}>
      <SitePageRoutes page={shown.page} Component={shown.Component} />
    </Router>
  );
}

function currentLocation() {
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash, state: window.history.state as unknown, key: 'default' };
}

const hrefOf = (to: To) => (typeof to === 'string' ? to : createPath(to));

const staticNavigator: Navigator = {
  createHref: hrefOf,
  push: () => {
    throw new Error('A page rendered at build time cannot navigate');
  },
  replace: () => {
    throw new Error('A page rendered at build time cannot navigate');
  },
  go: () => {
    throw new Error('A page rendered at build time cannot navigate');
  },
};

/** Moves within the site by the history API, and leaves it (for the app) by a document navigation. */
function browserNavigator(show: () => Promise<void>): Navigator {
  const navigate = (to: To, state: unknown, mode: 'push' | 'replace') => {
    const href = hrefOf(to);
    const { pathname = window.location.pathname } = typeof to === 'string' ? parsePath(to) : to;
    if (!sitePageAt(pathname)) {
      if (mode === 'push') window.location.assign(href);
      else window.location.replace(href);
      return;
    }
    if (mode === 'push') window.history.pushState(state ?? null, '', href);
    else window.history.replaceState(state ?? null, '', href);
    void show();
  };
  return {
    createHref: hrefOf,
    push: (to, state) => navigate(to, state, 'push'),
    replace: (to, state) => navigate(to, state, 'replace'),
    go: (delta) => window.history.go(delta),
  };
}
