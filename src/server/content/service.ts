import { articles as publishedArticles } from '../../content/articles/index';
import { faqs as publishedFaqs } from '../../content/faqs';
import { articleCategories, type Article, type ArticleCategory, type ArticleSummary, type FaqItem } from '../../domain/content';
import { AppError } from '../errors';

/** The hub's list: every article without its body, and the categories that have articles. */
export function listArticles(articles: readonly Article[] = publishedArticles): {
  articles: ArticleSummary[];
  categories: ArticleCategory[];
} {
  return {
    articles: articles.map(({ content: _content, ...summary }) => summary),
    categories: articleCategories.filter((category) => articles.some((article) => article.category === category)),
  };
}

export function getArticle({ id }: { id: string }, articles: readonly Article[] = publishedArticles): Article {
  const article = articles.find((candidate) => candidate.id === id);
  if (!article) throw new AppError('NOT_FOUND', 'Article not found');
  return article;
}

export function listFaqs(faqs: readonly FaqItem[] = publishedFaqs): { faqs: FaqItem[] } {
  return { faqs: [...faqs] };
}
