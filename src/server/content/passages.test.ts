import { describe, expect, it } from 'vitest';
import type { Article } from '../../domain/content';
import { articlePassages, faqPassages } from './passages';

const article: Article = {
  id: 'sample',
  title: 'Sample Article',
  excerpt: 'For testing.',
  author: 'Test Author',
  publishDate: '2026-01-01',
  readTime: '1 min read',
  category: 'Agency Operations',
  tags: ['a', 'b', 'c'],
  featured: false,
  content: `
<p>Intro &amp; overview.</p>
<h2>Rates</h2>
<p>Defaults below:</p>
<table><thead><tr><th>Service</th><th>Default rate</th></tr></thead>
<tbody><tr><td>Initial Evaluation</td><td>$150</td></tr><tr><td>Progress Report</td><td>$75</td></tr></tbody></table>
<h2>Tips</h2>
<ul><li><strong>Cluster visits.</strong> Fewer miles</li><li>Block time</li></ul>`,
};

describe('articlePassages', () => {
  it('quotes each paragraph, list item and table under the heading it sits beneath', () => {
    expect(articlePassages(article).map(({ heading, text, href }) => ({ heading, text, href }))).toEqual([
      { heading: '', text: 'Intro & overview.', href: '/articles/sample' },
      { heading: 'Rates', text: 'Defaults below:', href: '/articles/sample' },
      { heading: 'Rates', text: 'Initial Evaluation: default rate $150. Progress Report: default rate $75.', href: '/articles/sample' },
      { heading: 'Tips', text: 'Cluster visits. Fewer miles.', href: '/articles/sample' },
      { heading: 'Tips', text: 'Block time.', href: '/articles/sample' },
    ]);
  });
});

describe('faqPassages', () => {
  it('makes each FAQ one passage titled by its question, linking to the landing page FAQs', () => {
    expect(faqPassages([{ id: 'pay', question: 'How do I get paid?', answer: 'Per completed visit.', audience: 'therapists' }])).toEqual([
      { id: 'faq#pay', kind: 'faq', title: 'How do I get paid?', heading: '', text: 'Per completed visit.', href: '/#faqs' },
    ]);
  });
});
