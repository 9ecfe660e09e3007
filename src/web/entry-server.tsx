import { dehydrate, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { AppRoot, createQueryClient } from './app-root';
import type { PrerenderedState } from './prerendered-state';
import { sitePageAt, StaticSiteApp } from './site-app';
import { loadPage, patternOf, sitePages } from './site-pages';

/**
 * The server-side entry of the web app, used only at build time (`vite build --ssr`, driven by
 * scripts/build.ts): it renders the public pages to HTML under the same plain router the site's
 * entry hydrates them with (site-app.tsx), so their content paints before any script runs.
 */

/** A query's answer computed in the build, or undefined for one the page must ask for in the browser. */
export type QueryAnswer = (key: QueryKey) => unknown;

export interface RenderedPage {
  /** The `<title>` and `<meta>` elements the page declares, for the document's `<head>`. */
  head: string;
  /** The markup inside `<div id="root">`. */
  body: string;
  state: PrerenderedState;
}

// Rendering asks for queries; answering them can reveal more (a page's parts render once its data is
// there). A page needing more rounds than this has a loop.
const MAX_RENDERS = 5;

/** The public site's pages as route patterns (`/articles/:id`), leaving out those marked not to be prerendered. */
export function publicPagePatterns(): string[] {
  return sitePages.filter((page) => page.prerender !== false).map(patternOf);
}

/**
 * Renders the page at `path` with every query `answer` knows filled in. Throws when the path is not a
 * public page, so the build fails instead of shipping it.
 */
export async function renderPage(path: string, answer: QueryAnswer): Promise<RenderedPage> {
  const page = sitePageAt(path);
  if (!page) throw new Error(`${path}: not a public page`);
  const Component = await loadPage(page);
  const queryClient = createQueryClient();
  const asked = new Set<string>();
  let markup = '';
  for (let renders = 1; ; renders++) {
    markup = renderToString(
      <AppRoot queryClient={queryClient}>
        <StaticSiteApp path={path} page={page} Component={Component} />
      </AppRoot>,
    );
    if (!answerNewQueries(queryClient, asked, answer)) break;
    if (renders === MAX_RENDERS) throw new Error(`${path}: still asking for new queries after ${MAX_RENDERS} renders`);
  }
  const { head, body } = splitHoisted(markup);
  // Only answered queries go along (dehydrate's default); the rest the browser asks for, as it would have.
  return { head, body, state: { path, queries: dehydrate(queryClient) } };
}

/** Fills in the queries the last render asked for that have not been asked before; whether any was filled. */
function answerNewQueries(queryClient: QueryClient, asked: Set<string>, answer: QueryAnswer): boolean {
  let filled = false;
  for (const query of queryClient.getQueryCache().getAll()) {
    if (asked.has(query.queryHash)) continue;
    asked.add(query.queryHash);
    const data = answer(query.queryKey);
    if (data === undefined) continue;
    queryClient.setQueryData(query.queryKey, data);
    filled = true;
  }
  return filled;
}

// React 19 hoists <title>, <meta> and <link> out of the tree; renderToString puts them first.
const HOISTED = /^(?:<title>[^<]*<\/title>|<meta\b[^>]*>|<link\b[^>]*>)*/;

function splitHoisted(markup: string): { head: string; body: string } {
  const head = HOISTED.exec(markup)?.[0] ?? '';
  return { head, body: markup.slice(head.length) };
}
