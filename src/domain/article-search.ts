import type { ArticleSummary } from './content';

/** The hub's "All Topics" chip: no category filter. */
export const ALL_TOPICS = 'all';

export interface ArticleFilter {
  /** Free text; every word must appear in the title, excerpt or tags (case-insensitive). */
  query?: string;
  /** One of `articleCategories`; undefined or 'all' means All Topics. */
  category?: string;
}

/** The knowledge hub's search: shared by the web page and anything server-side that lists articles. */
export function filterArticles<T extends ArticleSummary>(articles: readonly T[], { query, category }: ArticleFilter): T[] {
  const words = (query ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const anyCategory = category === undefined || category === ALL_TOPICS;
  return articles.filter((article) => {
    if (!anyCategory && article.category !== category) return false;
    const haystack = [article.title, article.excerpt, ...article.tags].join('\n').toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}
