import { Search } from 'lucide-react';
import { useDeferredValue, useId, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { ALL_TOPICS, filterArticles } from '../../domain/article-search';
import type { ArticleSummary } from '../../domain/content';
import { useArticles } from '../api/content';
import { Button } from '../ui/button';
import { PageMeta } from '../ui/page-meta';
import { ErrorState, Loading } from '../ui/states';
import { ArticleCard } from './article-card';
import { CategoryChips } from './category-chips';
import { KnowledgeAssistant } from './knowledge-assistant';

/** The knowledge hub: search and topic chips kept in the URL (`?q=&category=`) so a filtered view can be shared. */
export function ArticlesPage() {
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const rawCategory = params.get('category');
  const category = rawCategory && rawCategory !== ALL_TOPICS ? rawCategory : undefined;
  const searchId = useId();
  const searchRef = useRef<HTMLInputElement>(null);

  // Typing replaces the history entry instead of adding one per keystroke.
  const update = (next: { q?: string; category?: string | undefined }) => {
    const merged = { q: query, category, ...next };
    const search = new URLSearchParams();
    if (merged.q) search.set('q', merged.q);
    if (merged.category) search.set('category', merged.category);
    setParams(search, { replace: true, preventScrollReset: true });
  };

  // The Clear Filters button disappears with the empty state, so focus moves to the search box.
  const clearFilters = () => {
    setParams(new URLSearchParams(), { replace: true, preventScrollReset: true });
    searchRef.current?.focus();
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:py-16">
      <PageMeta
        title="Knowledge Hub"
        description="Guides for home health agencies and in-home therapists: staffing, referrals, rates, documentation and compliance."
      />
      <header className="max-w-3xl">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Knowledge Hub</p>
        <h1 className="mt-2 text-3xl font-bold text-slate-900 sm:text-4xl">Insights for home health teams</h1>
        <p className="mt-4 text-lg text-slate-700">
          Practical guides on staffing, referrals, visit documentation and compliance for agencies and in-home therapists.
        </p>
      </header>

      <div role="search" className="mt-8 space-y-4">
        <div className="max-w-xl">
          <label htmlFor={searchId} className="mb-1 block text-sm font-medium text-slate-800">
            Search articles
          </label>
          <div className="relative">
            <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" aria-hidden />
            <input
              ref={searchRef}
              id={searchId}
              type="search"
              value={query}
              onChange={(event) => update({ q: event.target.value })}
              placeholder="Try “documentation” or “rates”"
              className="block w-full rounded-lg border border-slate-300 bg-white py-2.5 pr-3 pl-9 text-sm text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none"
            />
          </div>
        </div>
        <HubCategories category={category} onSelect={(next) => update({ category: next })} />
      </div>

      <div className="mt-8">
        <HubResults query={query} category={category} onClear={clearFilters} />
      </div>

      <KnowledgeAssistant />
    </div>
  );
}

function HubCategories({
  category,
  onSelect,
}: {
  category: string | undefined;
  onSelect: (category: string | undefined) => void;
}) {
  const { data } = useArticles();
  if (!data) return null;
  return <CategoryChips categories={data.categories} selected={category} onSelect={onSelect} />;
}

function HubResults({
  query,
  category,
  onClear,
}: {
  query: string;
  category: string | undefined;
  onClear: () => void;
}) {
  const { data, isPending, isError, refetch } = useArticles();
  // Filtering is cheap, but deferring keeps typing smooth however many articles there are.
  const deferredQuery = useDeferredValue(query);
  const results = useMemo(
    () => (data ? featuredFirst(filterArticles(data.articles, { query: deferredQuery, category })) : []),
    [data, deferredQuery, category],
  );

  if (isPending) return <Loading label="Loading articles…" />;
  if (isError) {
    return (
      <ErrorState
        message="We couldn't load the articles. Please try again."
        action={
          <Button variant="secondary" onClick={() => void refetch()}>
            Retry
          </Button>
        }
      />
    );
  }
  const filtered = deferredQuery.trim() !== '' || category !== undefined;
  return (
    <>
      <p role="status" className="mb-4 text-sm text-slate-600">
        {filtered
          ? `Showing ${results.length} of ${data.articles.length} articles`
          : `${data.articles.length} articles`}
      </p>
      {results.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 px-6 py-12 text-center">
          <h2 className="text-lg font-semibold text-slate-900">No articles found</h2>
          <p className="mt-2 text-slate-700">Try a different search term or topic.</p>
          <Button variant="secondary" className="mt-4" onClick={onClear}>
            Clear Filters
          </Button>
        </div>
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {results.map((article) => (
            <li key={article.id}>
              <ArticleCard article={article} highlight={deferredQuery} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** Featured articles lead; otherwise the API's order (newest first) is kept. */
function featuredFirst(articles: ArticleSummary[]): ArticleSummary[] {
  return [...articles.filter((article) => article.featured), ...articles.filter((article) => !article.featured)];
}
