import { Star } from 'lucide-react';
import { Fragment } from 'react';
import { Link } from 'react-router';
import type { ArticleSummary } from '../../domain/content';
import { cn } from '../ui/cn';
import { ArticleMeta } from './article-meta';
import { queryPattern } from './format';

/** One article on the hub or in a related list; `highlight` marks the search words in the title. */
export function ArticleCard({
  article,
  highlight = '',
  headingLevel = 2,
}: {
  article: ArticleSummary;
  highlight?: string;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article
      className={cn(
        'relative flex h-full flex-col rounded-2xl border bg-white p-6 shadow-sm transition-shadow focus-within:shadow-md hover:shadow-md',
        article.featured ? 'border-brand-200 ring-1 ring-brand-200' : 'border-slate-200',
      )}
    >
      <div className="mb-3 flex flex-wrap items-center gap-2 text-xs font-semibold">
        {article.featured && (
          <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2.5 py-1 text-amber-900">
            <Star className="size-3.5" aria-hidden />
            Featured
          </span>
        )}
        <span className="rounded-full bg-brand-50 px-2.5 py-1 text-brand-800">{article.category}</span>
      </div>
      <Heading className="text-lg font-semibold text-slate-900">
        {/* The whole card is clickable through this link's stretched hit area. */}
        <Link to={`/articles/${article.id}`} className="after:absolute after:inset-0 after:rounded-2xl hover:text-brand-700">
          <Highlighted text={article.title} query={highlight} />
        </Link>
      </Heading>
      <p className="mt-2 flex-1 text-sm leading-6 text-slate-700">{article.excerpt}</p>
      <ArticleMeta article={article} variant="card" />
    </article>
  );
}

function Highlighted({ text, query }: { text: string; query: string }) {
  const pattern = queryPattern(query);
  if (!pattern) return text;
  // split() with a capturing group puts the matches at the odd indexes.
  return text.split(pattern).map((part, index) =>
    index % 2 === 1 ? (
      <mark key={index} className="rounded-sm bg-amber-100 text-inherit">
        {part}
      </mark>
    ) : (
      <Fragment key={index}>{part}</Fragment>
    ),
  );
}
