import { useMutation, useQuery } from '@tanstack/react-query';
import type { Article, ArticleSummary, AssistantAnswer } from '../../domain/content';
import { api, ApiError } from './client';

export interface ArticleList {
  articles: ArticleSummary[];
  categories: string[];
}

export const contentKeys = {
  articles: ['articles'] as const,
  article: (id: string) => ['articles', id] as const,
};

/** Articles are static content shipped with the code, so they never go stale within a visit. */
export function useArticles() {
  return useQuery({
    queryKey: contentKeys.articles,
    queryFn: () => api<ArticleList>('/api/articles'),
    staleTime: Infinity,
  });
}

export function useArticle(id: string) {
  return useQuery({
    queryKey: contentKeys.article(id),
    queryFn: () => api<Article>(`/api/articles/${encodeURIComponent(id)}`),
    staleTime: Infinity,
    // A missing article will not appear on a second try; the page redirects instead.
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 1,
  });
}

export function useAskAssistant() {
  return useMutation({
    mutationFn: (question: string) => api<AssistantAnswer>('/api/assistant', { body: { question } }),
  });
}
