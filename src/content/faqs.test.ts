import { describe, expect, it } from 'vitest';
import { faqs } from './faqs';

describe('landing-page FAQs', () => {
  it('has the 14 question and answer pairs the landing page promises, each with its own id', () => {
    expect(faqs).toHaveLength(14);
    expect(new Set(faqs.map((faq) => faq.id)).size).toBe(faqs.length);
    for (const faq of faqs) {
      expect(faq.question.trim()).not.toBe('');
      expect(faq.answer.trim()).not.toBe('');
    }
  });

  it('gives agencies and therapists at least four questions of their own, plus shared ones', () => {
    const count = (audience: string) => faqs.filter((faq) => faq.audience === audience).length;
    expect(count('agencies')).toBeGreaterThanOrEqual(4);
    expect(count('therapists')).toBeGreaterThanOrEqual(4);
    expect(count('both')).toBeGreaterThanOrEqual(1);
  });

  it('states the support promises word for word', () => {
    const text = faqs.map((faq) => faq.answer).join('\n');
    expect(text).toContain('Mon-Fri 8am-6pm EST');
    expect(text).toContain('within 24 hours');
    expect(text).toContain('1-2 business days');
    expect(text).toContain('Pay only per completed visit, no upfront costs or monthly fees');
  });
});
