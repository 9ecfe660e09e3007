import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { articleCategories } from '../../domain/content';
import { countWords } from '../../domain/html-text';
import { readTimeFor } from '../../domain/read-time';
import { articles } from './index';

const folder = path.dirname(fileURLToPath(import.meta.url));
const articleFiles = readdirSync(folder).filter((file) => file.endsWith('.ts') && file !== 'index.ts' && !file.endsWith('.test.ts'));

describe('published articles', () => {
  it('lists every article file once, each file named after its article id', () => {
    expect(articles.map((article) => `${article.id}.ts`).sort()).toEqual([...articleFiles].sort());
    expect(new Set(articles.map((article) => article.id)).size).toBe(articles.length);
    expect(articles.length).toBeGreaterThanOrEqual(6);
  });

  it('are listed newest first, dated between 2024 and 2026-11-21', () => {
    const dates = articles.map((article) => article.publishDate);
    expect(dates).toEqual([...dates].sort().reverse());
    for (const date of dates) {
      expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(date >= '2024-01-01' && date <= '2026-11-21').toBe(true);
    }
  });

  it.each(articles.map((article) => [article.id, article] as const))('%s states a read time that matches its length', (_id, article) => {
    const words = countWords(article.content);
    expect(words).toBeGreaterThanOrEqual(500);
    expect(words).toBeLessThanOrEqual(900);
    expect(article.readTime).toBe(readTimeFor(article.content));
  });

  it.each(articles.map((article) => [article.id, article] as const))('%s has a known category, 3-6 tags and safe markup', (_id, article) => {
    expect(articleCategories).toContain(article.category);
    expect(article.tags.length).toBeGreaterThanOrEqual(3);
    expect(article.tags.length).toBeLessThanOrEqual(6);
    expect(article.content).toMatch(/<h2>/);
    expect(article.content).not.toMatch(/<script|<style|<img|<iframe|\sstyle=|\son\w+=/i);
    expect(article.title.length).toBeGreaterThan(0);
    expect(article.excerpt.length).toBeGreaterThan(0);
    expect(article.author.length).toBeGreaterThan(0);
  });

  it('features exactly two articles: the referral fill-time guide for agencies and the per-visit career guide', () => {
    expect(articles.filter((article) => article.featured).map((article) => article.id).sort()).toEqual([
      'building-a-flexible-per-visit-home-health-career',
      'how-on-demand-staffing-cuts-referral-fill-time',
    ]);
  });

  it('quote the default service rates and the marketing price ranges the site promises', () => {
    const rates = articles.find((article) => article.id === 'per-visit-pay-rates-explained')?.content ?? '';
    for (const row of ['Initial Evaluation</td><td>$150', 'Treatment Session</td><td>$100', 'Progress Report</td><td>$75', 'Discharge Summary</td><td>$100']) {
      expect(rates).toContain(row);
    }
    expect(rates).toContain('$75 to $120 per visit');
    expect(rates).toContain('$35 to $65 per visit');
  });
});
