import { z } from 'zod';
import { articleCategories } from '../../domain/content';

/** Response shapes of the content routes (also their OpenAPI documentation). */
export const articleSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  excerpt: z.string(),
  author: z.string(),
  publishDate: z.string().describe('ISO date, e.g. 2026-10-14'),
  readTime: z.string().describe('e.g. "4 min read"'),
  category: z.enum(articleCategories),
  tags: z.array(z.string()),
  featured: z.boolean(),
});

export const articleSchema = articleSummarySchema.extend({
  content: z.string().describe('Trusted HTML written in the CareRelay repository'),
});

export const articleListSchema = z.object({
  articles: z.array(articleSummarySchema).describe('Newest first, without the body'),
  categories: z.array(z.enum(articleCategories)).describe('Categories that have at least one article, in hub order'),
});

export const faqListSchema = z.object({
  faqs: z.array(
    z.object({
      id: z.string(),
      question: z.string(),
      answer: z.string(),
      audience: z.enum(['agencies', 'therapists', 'both']),
    }),
  ),
});

export const assistantAnswerSchema = z.object({
  answered: z.boolean().describe('False when nothing in the articles or FAQs answers the question'),
  answer: z.string().describe('The quoted passages, separated by a blank line, or an apology'),
  sources: z.array(
    z.object({
      kind: z.enum(['article', 'faq']),
      title: z.string(),
      href: z.string().describe('App path: /articles/{id} or /#faqs'),
      passage: z.string(),
    }),
  ),
});
