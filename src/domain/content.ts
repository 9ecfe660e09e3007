/** Public knowledge content: articles (src/content/articles) and FAQs (src/content/faqs.ts). */

export const articleCategories = [
  'Agency Operations',
  'Therapist Careers',
  'Compliance & Documentation',
  'Industry Insights',
] as const;
export type ArticleCategory = (typeof articleCategories)[number];

/** Seed section 3: id, title, excerpt, content (HTML), author, publishDate, readTime, category, tags, featured. */
export interface Article {
  id: string;
  title: string;
  excerpt: string;
  /** Trusted HTML written in this repository (never user input). */
  content: string;
  author: string;
  /** ISO date, e.g. 2024-05-14 */
  publishDate: string;
  /** e.g. "6 min read" */
  readTime: string;
  category: ArticleCategory;
  tags: string[];
  featured: boolean;
}

/** What the hub lists: everything but the body. */
export type ArticleSummary = Omit<Article, 'content'>;

export type FaqAudience = 'agencies' | 'therapists' | 'both';

export interface FaqItem {
  id: string;
  question: string;
  answer: string;
  audience: FaqAudience;
}

/** A passage the Knowledge Assistant quotes, with a link to where it comes from. */
export interface AssistantSource {
  kind: 'article' | 'faq';
  title: string;
  /** App path, e.g. /articles/{id} or /#faqs */
  href: string;
  passage: string;
}

export interface AssistantAnswer {
  /** False when nothing in the articles or FAQs answers the question. */
  answered: boolean;
  answer: string;
  sources: AssistantSource[];
}
