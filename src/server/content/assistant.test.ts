import { describe, expect, it } from 'vitest';
import { articles } from '../../content/articles/index';
import { faqs } from '../../content/faqs';
import type { FaqItem } from '../../domain/content';
import { createKnowledgeAssistant, NO_ANSWER, quote } from './assistant';

const assistant = createKnowledgeAssistant({ articles, faqs });

describe('Knowledge Assistant', () => {
  it('answers from the article that holds the answer, quoting the relevant passage', () => {
    const reply = assistant.answer('What is the LUPA threshold under PDGM?');
    expect(reply.answered).toBe(true);
    expect(reply.sources[0]).toMatchObject({
      kind: 'article',
      title: 'PDGM and What It Means for Therapy Staffing',
      href: '/articles/pdgm-and-therapy-staffing',
    });
    expect(reply.sources[0]?.passage).toContain('between two and six visits');
    expect(reply.answer).toContain(reply.sources[0]?.passage);
  });

  it('finds a fact inside a list item and a table row', () => {
    const reassess = assistant.answer('How often must a therapist reassess the patient?');
    expect(reassess.sources[0]?.href).toBe('/articles/oasis-and-visit-documentation-best-practices');
    expect(reassess.sources[0]?.passage).toContain('at least every 30 days');

    const rate = assistant.answer('What is the default rate for a progress report?');
    expect(rate.sources[0]?.href).toBe('/articles/per-visit-pay-rates-explained');
    expect(rate.sources[0]?.passage).toContain('Progress Report: default rate $75');
  });

  it('answers a question in other words than the article uses', () => {
    const reply = assistant.answer('what should I do if I feel unsafe in a patient home');
    expect(reply.sources[0]?.href).toBe('/articles/home-visit-safety-for-clinicians');
    expect(reply.sources[0]?.passage).toContain('never required to stay in an unsafe situation');

    expect(assistant.answer('How much do PTs make?').sources[0]?.href).toBe('/articles/per-visit-pay-rates-explained');
  });

  it('answers a FAQ from the FAQ, linking to the landing page', () => {
    const reply = assistant.answer('How quickly do referrals get filled?');
    const faq = faqs.find((item) => item.question === 'How quickly are referrals filled?');
    expect(faq).toBeDefined();
    expect(reply.sources[0]).toEqual({
      kind: 'faq',
      title: faq?.question,
      href: '/#faqs',
      passage: expect.stringContaining('15 minutes') as string,
    });
  });

  it.each(faqs.map((faq) => [faq.question] as const))('answers the FAQ "%s" from that FAQ first', (question) => {
    expect(assistant.answer(question).sources[0]).toMatchObject({ kind: 'faq', title: question });
  });

  it('answers a FAQ added later without other changes, since every FAQ is indexed', () => {
    const extra: FaqItem = {
      id: 'mileage',
      question: 'Is mileage reimbursed separately?',
      answer: 'No. The per-visit rate covers travel; request a higher rate for long-distance cases.',
      audience: 'therapists',
    };
    const reply = createKnowledgeAssistant({ articles, faqs: [...faqs, extra] }).answer('Do you reimburse mileage?');
    expect(reply.sources[0]).toMatchObject({ kind: 'faq', title: extra.question });
  });

  it.each([
    'What is the capital of France?',
    'Who won the Super Bowl?',
    "What's the best pizza in Chicago?",
    'How do I bake bread at home?',
    'asdf qwerty zxcv',
  ])('says it has no answer to "%s"', (question) => {
    expect(assistant.answer(question)).toEqual({ answered: false, answer: NO_ANSWER, sources: [] });
  });

  it('says it has no answer when the question is only stop words', () => {
    expect(assistant.answer('What is the ... how do I?')).toEqual({ answered: false, answer: NO_ANSWER, sources: [] });
  });

  it('quotes at most three sources, each no longer than three sentences', () => {
    const reply = assistant.answer('How are therapists paid per visit?');
    expect(reply.sources.length).toBeGreaterThanOrEqual(1);
    expect(reply.sources.length).toBeLessThanOrEqual(3);
    for (const source of reply.sources) expect(source.passage.split(/(?<=[.!?])\s+(?=[A-Z$])/).length).toBeLessThanOrEqual(3);
  });
});

describe('quote', () => {
  const text = 'First about cars. Second about rates. Third about rates and pay. Fourth about weather. Fifth.';

  it('keeps the passage whole when it is three sentences or fewer', () => {
    expect(quote('One. Two. Three.', [])).toBe('One. Two. Three.');
  });

  it('picks the window of up to three sentences that holds the matched words', () => {
    expect(quote(text, ['weather'])).toBe('Fourth about weather. Fifth.');
    expect(quote(text, ['rates', 'pay'])).toBe('First about cars. Second about rates. Third about rates and pay.');
  });

  it('does not split a case name such as "Jimmo v. Sebelius"', () => {
    expect(quote('The Jimmo v. Sebelius settlement matters. A. B. C.', ['jimmo'])).toBe('The Jimmo v. Sebelius settlement matters. A. B.');
  });
});
