import { ArrowLeft } from 'lucide-react';
import { Link, Navigate, useParams } from 'react-router';
import type { Article } from '../../domain/content';
import { ApiError } from '../api/client';
import { useArticle, useArticles } from '../api/content';
import { Button } from '../ui/button';
import { PageMeta } from '../ui/page-meta';
import { ErrorState, Loading } from '../ui/states';
import { ArticleCard } from './article-card';
import { ArticleMeta } from './article-meta';
import { KnowledgeAssistant } from './knowledge-assistant';

const RELATED_COUNT = 3;

/** One article; an id the server does not know sends the reader back to the hub. */
export function ArticlePage() {
  const { id = '' } = useParams();
  const { data: article, error, isPending, refetch } = useArticle(id);

  if (error instanceof ApiError && error.status === 404) return <Navigate to="/articles" replace />;

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 lg:py-14">
      <Link to="/articles" className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:text-brand-900">
        <ArrowLeft className="size-4" aria-hidden />
        Back to articles
      </Link>
      {isPending ? (
        <>
          <PageMeta title="Article" description="A CareRelay knowledge hub article." />
          <Loading label="Loading article…" />
        </>
      ) : error ? (
        <>
          <PageMeta title="Article" description="A CareRelay knowledge hub article." />
          <div className="mt-8">
            <ErrorState
              message="We couldn't load this article. Please try again."
              action={
                <Button variant="secondary" onClick={() => void refetch()}>
                  Retry
                </Button>
              }
            />
          </div>
        </>
      ) : (
        <ArticleBody article={article} />
      )}
      <KnowledgeAssistant />
    </div>
  );
}

function ArticleBody({ article }: { article: Article }) {
  return (
    <article className="mt-6">
      <PageMeta title={article.title} description={article.excerpt} />
      <header className="border-b border-slate-200 pb-6">
        <p className="text-sm font-semibold text-brand-700">{article.category}</p>
        <h1 className="mt-2 text-3xl font-bold text-slate-900 sm:text-4xl">{article.title}</h1>
        <p className="mt-4 text-lg text-slate-700">{article.excerpt}</p>
        <ArticleMeta article={article} variant="page" />
      </header>
      {/* Trusted HTML written in this repository (src/content/articles), never user input. */}
      <div className="prose-article mt-6" dangerouslySetInnerHTML={{ __html: article.content }} />
      <RelatedArticles article={article} />
    </article>
  );
}

function RelatedArticles({ article }: { article: Article }) {
  const { data } = useArticles();
  const related = (data?.articles ?? [])
    .filter((other) => other.category === article.category && other.id !== article.id)
    .slice(0, RELATED_COUNT);
  if (related.length === 0) return null;
  return (
    <aside aria-labelledby="related-articles" className="mt-12 border-t border-slate-200 pt-8">
      <h2 id="related-articles" className="text-xl font-semibold text-slate-900">
        Related articles
      </h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2">
        {related.map((other) => (
          <li key={other.id}>
            <ArticleCard article={other} headingLevel={3} />
          </li>
        ))}
      </ul>
    </aside>
  );
}
