import { describe, expect, it } from 'vitest';
import { filterArticles } from './article-search';
import type { ArticleSummary } from './content';

const summary = (overrides: Partial<ArticleSummary> & Pick<ArticleSummary, 'id'>): ArticleSummary => ({
  title: 'Untitled',
  excerpt: '',
  author: 'Test Author',
  publishDate: '2026-01-01',
  readTime: '3 min read',
  category: 'Agency Operations',
  tags: [],
  featured: false,
  ...overrides,
});

const fillTime = summary({
  id: 'fill-time',
  title: 'Cutting Referral Fill Time',
  excerpt: 'Where the days go in a traditional staffing process.',
  tags: ['referrals', 'staffing'],
});
const oasis = summary({
  id: 'oasis',
  title: 'OASIS Documentation Habits',
  excerpt: 'Timely notes protect patients and payment.',
  category: 'Compliance & Documentation',
  tags: ['OASIS', 'PHI'],
});
const career = summary({
  id: 'career',
  title: 'A Flexible Per-Visit Career',
  excerpt: 'Choose your schedule and your territory.',
  category: 'Therapist Careers',
  tags: ['per-visit', 'flexible schedule'],
});
const all = [fillTime, oasis, career];
const ids = (list: ArticleSummary[]) => list.map((article) => article.id);

describe('filterArticles', () => {
  it('returns every article, in order, with no query and All Topics', () => {
    expect(ids(filterArticles(all, {}))).toEqual(['fill-time', 'oasis', 'career']);
    expect(ids(filterArticles(all, { query: '   ', category: 'all' }))).toEqual(['fill-time', 'oasis', 'career']);
  });

  it('matches the title, the excerpt or a tag, ignoring case', () => {
    expect(ids(filterArticles(all, { query: 'oasis' }))).toEqual(['oasis']);
    expect(ids(filterArticles(all, { query: 'TERRITORY' }))).toEqual(['career']);
    expect(ids(filterArticles(all, { query: 'phi' }))).toEqual(['oasis']);
  });

  it('requires every word of the query, wherever each one appears', () => {
    expect(ids(filterArticles(all, { query: 'referral staffing' }))).toEqual(['fill-time']);
    expect(ids(filterArticles(all, { query: 'referral oasis' }))).toEqual([]);
  });

  it('keeps only the chosen category, combined with the query', () => {
    expect(ids(filterArticles(all, { category: 'Therapist Careers' }))).toEqual(['career']);
    expect(ids(filterArticles(all, { query: 'timely', category: 'Therapist Careers' }))).toEqual([]);
    expect(ids(filterArticles(all, { query: 'timely', category: 'Compliance & Documentation' }))).toEqual(['oasis']);
  });

  it('finds nothing for text that is in no title, excerpt or tag', () => {
    expect(filterArticles(all, { query: 'telehealth' })).toEqual([]);
  });
});
