import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { clientAddress } from '../../../test/factories';
import { errorOf } from '../../../test/http';
import { articles } from '../../content/articles/index';
import { faqs } from '../../content/faqs';
import { articleCategories, type Article, type ArticleSummary, type AssistantAnswer, type FaqItem } from '../../domain/content';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

const get = (path: string) => fetch(`${app.url}/api${path}`);
const ask = (body: unknown, from?: string) =>
  fetch(`${app.url}/api/assistant`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(from ? { 'x-forwarded-for': from } : {}) },
    body: JSON.stringify(body),
  });

describe('GET /api/articles', () => {
  it('lists every article newest first, without bodies, with the categories in use', async () => {
    const response = await get('/articles');
    expect(response.status).toBe(200);
    const body = (await response.json()) as { articles: ArticleSummary[]; categories: string[] };

    expect(body.articles.length).toBeGreaterThanOrEqual(6);
    expect(body.articles.map((article) => article.id)).toEqual(articles.map((article) => article.id));
    for (const article of body.articles) expect(article).not.toHaveProperty('content');
    expect(body.articles[0]).toEqual({
      id: 'how-on-demand-staffing-cuts-referral-fill-time',
      title: 'How On-Demand Staffing Cuts Referral Fill Time from Days to Minutes',
      excerpt: expect.any(String) as string,
      author: expect.any(String) as string,
      publishDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) as string,
      readTime: expect.stringMatching(/^\d+ min read$/) as string,
      category: 'Agency Operations',
      tags: expect.arrayContaining(['referrals']) as string[],
      featured: true,
    });
    const inUse = new Set(body.articles.map((article) => article.category));
    expect(body.categories).toEqual(articleCategories.filter((category) => inUse.has(category)));
  });
});

describe('GET /api/articles/:id', () => {
  it('returns the whole article, body included', async () => {
    const response = await get('/articles/per-visit-pay-rates-explained');
    expect(response.status).toBe(200);
    const article = (await response.json()) as Article;
    expect(article.title).toBe('Per-Visit Pay Rates for PT, PTA, OT, COTA and ST, Explained');
    expect(article.content).toContain('<td>Initial Evaluation</td><td>$150</td>');
  });

  it('answers 404 in the error format for an unknown id', async () => {
    const response = await get('/articles/no-such-article');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Article not found' } });
  });
});

describe('GET /api/faqs', () => {
  it('returns every FAQ with its audience', async () => {
    const response = await get('/faqs');
    expect(response.status).toBe(200);
    const body = (await response.json()) as { faqs: FaqItem[] };
    expect(body.faqs).toEqual(faqs);
  });
});

describe('POST /api/assistant', () => {
  it('answers 30 questions a minute from one address, then 429 with retry-after; another address still gets answers', async () => {
    const address = clientAddress();
    const question = { question: 'What is the LUPA threshold?' };
    for (let i = 0; i < 30; i++) expect((await ask(question, address)).status).toBe(200);
    const refused = await ask(question, address);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await errorOf(refused)).toEqual({ code: 'RATE_LIMITED', message: expect.stringMatching(/^Too many requests from your address\. Please try again in (\d+ seconds?|1 minute)\.$/) });
    expect((await ask(question, clientAddress())).status).toBe(200);
  });

  it('answers from the articles, citing the article it quotes', async () => {
    const response = await ask({ question: '  What is the LUPA threshold?  ' });
    expect(response.status).toBe(200);
    const reply = (await response.json()) as AssistantAnswer;
    expect(reply.answered).toBe(true);
    expect(reply.sources[0]).toMatchObject({ kind: 'article', href: '/articles/pdgm-and-therapy-staffing' });
    expect(reply.answer).toContain('between two and six visits');
  });

  it('says so when nothing answers the question', async () => {
    const reply = (await (await ask({ question: 'What is the capital of France?' })).json()) as AssistantAnswer;
    expect(reply).toMatchObject({ answered: false, sources: [] });
    expect(reply.answer).toContain("I couldn't find an answer");
  });

  it('refuses a blank or missing question, naming the field', async () => {
    for (const body of [{ question: '   ' }, {}]) {
      const response = await ask(body);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        error: { code: 'VALIDATION', message: 'Please type a question', fields: { question: 'Please type a question' } },
      });
    }
  });

  it('accepts a question of exactly 500 characters and refuses a longer one', async () => {
    expect((await ask({ question: 'a'.repeat(500) })).status).toBe(200);
    const response = await ask({ question: 'a'.repeat(501) });
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { fields: Record<string, string> } };
    expect(error.fields).toEqual({ question: 'Please keep your question to 500 characters or fewer' });
  });
});

describe('OpenAPI', () => {
  it('documents the content routes under the content tag', async () => {
    const spec = (await (await fetch(`${app.url}/api/docs/json`)).json()) as {
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    expect(spec.paths['/api/articles']?.get?.tags).toEqual(['content']);
    expect(spec.paths['/api/articles/{id}']?.get?.tags).toEqual(['content']);
    expect(spec.paths['/api/faqs']?.get?.tags).toEqual(['content']);
    expect(spec.paths['/api/assistant']?.post?.tags).toEqual(['content']);
  });
});
