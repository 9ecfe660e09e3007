import { Clock } from 'lucide-react';
import type { ArticleSummary } from '../../domain/content';
import { formatPublishDate } from './format';

/**
 * An article's byline (author, publish date, read time) and its tags. The `page` variant, under an
 * article's title, reads "By <author>" and leaves a little more room above the tags than a card does.
 */
export function ArticleMeta({
  article,
  variant,
}: {
  article: Pick<ArticleSummary, 'author' | 'publishDate' | 'readTime' | 'tags'>;
  variant: 'card' | 'page';
}) {
  return (
    <>
      <p className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
        {variant === 'page' ? (
          <span>
            By <span className="font-medium text-slate-800">{article.author}</span>
          </span>
        ) : (
          <span>{article.author}</span>
        )}
        <span aria-hidden>·</span>
        <time dateTime={article.publishDate}>{formatPublishDate(article.publishDate)}</time>
        <span aria-hidden>·</span>
        <span className="inline-flex items-center gap-1">
          <Clock className="size-3.5" aria-hidden />
          {article.readTime}
        </span>
      </p>
      {article.tags.length > 0 && (
        <ul className={variant === 'page' ? 'mt-4 flex flex-wrap gap-1.5' : 'mt-3 flex flex-wrap gap-1.5'} aria-label="Tags">
          {article.tags.map((tag) => (
            <li key={tag} className="rounded-md bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
              {tag}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
