import type { Article } from '../../domain/content';

/** Every published article, newest first. Each lives in its own file beside this one. */
export const articles: Article[] = [];
