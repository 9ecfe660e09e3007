import { describe, expect, it } from 'vitest';
import { countWords, htmlToText } from './html-text';
import { readTimeFor } from './read-time';

describe('htmlToText', () => {
  it('drops tags, keeps words apart across blocks and together across inline tags, and decodes entities', () => {
    expect(htmlToText('<h2>Rates</h2><p>A <strong>2w4</strong>, Medicare &amp; Medicaid.</p><ul><li>One</li><li>Two</li></ul>')).toBe(
      'Rates A 2w4, Medicare & Medicaid. One Two',
    );
  });
});

describe('countWords', () => {
  it('counts words, not punctuation or markup', () => {
    expect(countWords('<p>Pay only per completed visit — no upfront costs.</p>')).toBe(8);
  });
});

describe('readTimeFor', () => {
  const words = (n: number) => `<p>${Array.from({ length: n }, () => 'word').join(' ')}</p>`;

  it('rounds up to whole minutes at 200 words a minute', () => {
    expect(readTimeFor(words(200))).toBe('1 min read');
    expect(readTimeFor(words(201))).toBe('2 min read');
    expect(readTimeFor(words(799))).toBe('4 min read');
  });

  it('never promises less than a minute', () => {
    expect(readTimeFor('')).toBe('1 min read');
  });
});
