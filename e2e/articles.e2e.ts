import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Article, ArticleSummary, AssistantAnswer } from '../src/domain/content';
import { seriousAxeViolations } from '../test/axe';
import { startE2e, type E2e } from '../test/e2e';

interface ArticleList {
  articles: ArticleSummary[];
  categories: string[];
}

let e2e: E2e;
let list: ArticleList;
beforeAll(async () => {
  e2e = await startE2e();
  list = (await (await fetch(`${e2e.app.url}/api/articles`)).json()) as ArticleList;
});
afterAll(() => e2e.close());

const cards = (page: Page) => page.getByRole('main').getByRole('article');
const cardTitles = async (page: Page) => (await cards(page).getByRole('heading').allTextContents()).sort();
const titlesOf = (articles: ArticleSummary[]) => articles.map((article) => article.title).sort();
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search articles' });
const chip = (page: Page, name: string) =>
  page.getByRole('group', { name: 'Filter by topic' }).getByRole('button', { name, exact: true });

/** What the hub should list for a one-word search, worked out here rather than by the code under test. */
function matching(word: string): ArticleSummary[] {
  const needle = word.toLowerCase();
  return list.articles.filter((article) =>
    [article.title, article.excerpt, ...article.tags].some((text) => text.toLowerCase().includes(needle)),
  );
}

/** A word from one article's title that narrows the list without emptying it. */
function narrowingTitleWord(): { article: ArticleSummary; word: string } {
  const picked = list.articles
    .flatMap((article) => article.title.split(/[^A-Za-z]+/).map((word) => ({ article, word })))
    .find(({ word }) => word.length >= 5 && matching(word).length < list.articles.length);
  expect(picked, 'some title word should narrow the list').toBeDefined();
  return picked!;
}

async function openHub(page: Page, search = '') {
  await page.goto(`/articles${search}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
}

describe('the knowledge hub', () => {
  it('lists every article with its details, featured ones first and badged', async () => {
    expect(list.articles.length).toBeGreaterThan(1);
    const featured = list.articles.filter((article) => article.featured);
    expect(featured.length).toBeGreaterThan(0);

    const page = await e2e.newPage();
    await openHub(page);
    await expect.poll(() => cards(page).count()).toBe(list.articles.length);
    expect(await cardTitles(page)).toEqual(titlesOf(list.articles));

    const firstCards = await cards(page).getByRole('heading').allTextContents();
    expect(firstCards.slice(0, featured.length).sort()).toEqual(titlesOf(featured));
    for (const article of list.articles) {
      const card = cards(page).filter({ has: page.getByRole('heading', { name: article.title, exact: true }) });
      expect(await card.getByText('Featured', { exact: true }).count()).toBe(article.featured ? 1 : 0);
      const link = card.getByRole('link', { name: article.title });
      expect(await link.getAttribute('href')).toBe(`/articles/${article.id}`);
      expect(await card.textContent()).toContain(article.author);
      expect(await card.textContent()).toContain(article.readTime);
    }
  });

  it('filters live by a word from one title, keeps it in the URL and across a refresh', async () => {
    const { article, word } = narrowingTitleWord();
    const expected = matching(word);
    expect(expected.map((match) => match.id)).toContain(article.id);

    const page = await e2e.newPage();
    await openHub(page);
    await searchBox(page).fill(word);
    await expect.poll(() => cardTitles(page)).toEqual(titlesOf(expected));
    expect(new URL(page.url()).searchParams.get('q')).toBe(word);

    await page.reload();
    await expect.poll(() => cardTitles(page)).toEqual(titlesOf(expected));
    expect(await searchBox(page).inputValue()).toBe(word);
  });

  it('filters by a topic chip, marks it pressed, and All Topics restores the list', async () => {
    const category = list.categories.find((name) => {
      const count = list.articles.filter((article) => article.category === name).length;
      return count > 0 && count < list.articles.length;
    });
    expect(category, 'a category holding some but not all articles').toBeDefined();
    const inCategory = list.articles.filter((article) => article.category === category);

    const page = await e2e.newPage();
    await openHub(page);
    expect(await chip(page, 'All Topics').getAttribute('aria-pressed')).toBe('true');
    for (const name of list.categories) await chip(page, name).waitFor();

    await chip(page, category!).click();
    await expect.poll(() => cardTitles(page)).toEqual(titlesOf(inCategory));
    expect(await chip(page, category!).getAttribute('aria-pressed')).toBe('true');
    expect(await chip(page, 'All Topics').getAttribute('aria-pressed')).toBe('false');
    expect(new URL(page.url()).searchParams.get('category')).toBe(category);

    await chip(page, 'All Topics').click();
    await expect.poll(() => cards(page).count()).toBe(list.articles.length);
    expect(await chip(page, 'All Topics').getAttribute('aria-pressed')).toBe('true');
    expect(await chip(page, category!).getAttribute('aria-pressed')).toBe('false');
  });

  it('opens a shared filtered link with the topic already chosen', async () => {
    const category = list.articles[0]!.category;
    const page = await e2e.newPage();
    await openHub(page, `?category=${encodeURIComponent(category)}`);
    const inCategory = list.articles.filter((article) => article.category === category);
    await expect.poll(() => cardTitles(page)).toEqual(titlesOf(inCategory));
    expect(await chip(page, category).getAttribute('aria-pressed')).toBe('true');
  });

  it("says 'No articles found' for gibberish and Clear Filters brings everything back", async () => {
    const page = await e2e.newPage();
    await openHub(page);
    await chip(page, list.articles[0]!.category).click();
    await searchBox(page).fill('zzqxv flurbo');
    await page.getByRole('heading', { name: 'No articles found' }).waitFor();
    expect(await cards(page).count()).toBe(0);

    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect.poll(() => cards(page).count()).toBe(list.articles.length);
    expect(await searchBox(page).inputValue()).toBe('');
    expect(await chip(page, 'All Topics').getAttribute('aria-pressed')).toBe('true');
    expect(new URL(page.url()).search).toBe('');
  });

  it('shows an error with Retry when the articles cannot be loaded', async () => {
    const page = await e2e.newPage();
    await page.route('**/api/articles', (route) =>
      route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'boom' } } }),
    );
    // The hub's own page comes with its articles (rendered at build time); arriving from another
    // page, the app asks for them.
    await page.goto('/contact');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Articles' }).click();
    await page.getByRole('button', { name: 'Retry' }).waitFor();
    await page.unroute('**/api/articles');
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => cards(page).count()).toBe(list.articles.length);
  });

  it('has no serious accessibility problems and no sideways scroll at 375px', async () => {
    const page = await e2e.newPage();
    await openHub(page);
    await expect.poll(() => cards(page).count()).toBe(list.articles.length);
    expect(await seriousAxeViolations(page)).toEqual([]);

    const phone = await e2e.newPage({ viewport: { width: 375, height: 740 } });
    await openHub(phone);
    await expect.poll(() => cards(phone).count()).toBe(list.articles.length);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});

describe('an article page', () => {
  it('opens from its card with title, meta, body and related articles', async () => {
    const summary = list.articles[0]!;
    const article = (await (await fetch(`${e2e.app.url}/api/articles/${summary.id}`)).json()) as Article;
    const firstParagraph = /<p[^>]*>([\s\S]*?)<\/p>/.exec(article.content)?.[1]?.replace(/<[^>]+>/g, '').trim();
    expect(firstParagraph).toBeTruthy();

    const page = await e2e.newPage();
    await openHub(page);
    await page.getByRole('link', { name: summary.title, exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/articles/${summary.id}`);
    await page.getByRole('heading', { level: 1, name: summary.title }).waitFor();
    await page.locator('.prose-article p').first().waitFor();
    expect(await page.locator('.prose-article').textContent()).toContain(firstParagraph!.slice(0, 40));
    await expect.poll(() => page.title()).toContain(summary.title);
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe(summary.excerpt);
    expect(await page.getByRole('main').textContent()).toContain(summary.author);

    const related = list.articles.filter((other) => other.category === summary.category && other.id !== summary.id);
    if (related.length > 0) {
      await page.getByRole('heading', { name: 'Related articles' }).waitFor();
      await page.getByRole('link', { name: related[0]!.title, exact: true }).waitFor();
    }
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Back to articles' }).click();
    await page.waitForURL((url) => url.pathname === '/articles');
  });

  it('sends an unknown id back to the hub', async () => {
    const page = await e2e.newPage();
    await page.goto('/articles/does-not-exist');
    await page.waitForURL((url) => url.pathname === '/articles');
    await expect.poll(() => cards(page).count()).toBe(list.articles.length);
  });

  it('fits a 375px screen without sideways scroll', async () => {
    const page = await e2e.newPage({ viewport: { width: 375, height: 740 } });
    await page.goto(`/articles/${list.articles[0]!.id}`);
    await page.locator('.prose-article p').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});

describe('the Knowledge Assistant', () => {
  const assistantButton = (page: Page) => page.getByRole('button', { name: 'Knowledge Assistant', exact: true });
  const panel = (page: Page) => page.getByRole('dialog', { name: 'Knowledge Assistant' });
  const question = (page: Page) => page.getByRole('textbox', { name: 'Ask a question' });
  // Top-level entries only: an answer's sources are a nested list.
  const messages = (page: Page) => page.getByRole('log').locator(':scope > ol > li');
  const isFocused = (locator: ReturnType<Page['locator']>) =>
    locator.evaluate((element) => element === document.activeElement);

  it('answers from an article: Searching…, then a link to it with the quoted passage; the chat follows the link', async () => {
    const { article, ask } = await articleQuestion();
    const page = await e2e.newPage();
    // Hold the answer until "Searching…" has been seen, so the pending state is checked, not raced.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/assistant', async (route) => {
      await held;
      await route.continue();
    });
    await openHub(page);
    await assistantButton(page).click();
    await panel(page).waitFor();
    await expect.poll(() => isFocused(question(page))).toBe(true);

    await question(page).fill(ask);
    await page.getByRole('button', { name: 'Send' }).click();
    await messages(page).filter({ hasText: ask }).waitFor();
    await page.getByRole('log').getByText('Searching…').waitFor();
    release();

    const source = page.getByRole('log').locator(`a[href="/articles/${article.id}"]`);
    await source.first().waitFor();
    expect(await source.first().textContent()).toBe(article.title);
    const response = await fetch(`${e2e.app.url}/api/assistant`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ question: ask }),
    });
    const expected = (await response.json()) as AssistantAnswer;
    const quotes = await messages(page).nth(1).locator('blockquote').allTextContents();
    expect(quotes).toEqual(expected.sources.map((s) => s.passage));
    expect(await page.getByRole('log').getByText('Searching…').count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await source.first().click();
    await page.waitForURL((url) => url.pathname === `/articles/${article.id}`);
    await page.getByRole('heading', { level: 1, name: article.title }).waitFor();
    // The conversation follows the reader to the article.
    await assistantButton(page).click();
    await messages(page).filter({ hasText: ask }).waitFor();
  });

  it('ignores blank input, sends on Enter, and Escape closes it returning focus to the button', async () => {
    const { ask } = await articleQuestion();
    const page = await e2e.newPage();
    let requests = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/assistant') requests += 1;
    });
    await page.goto(`/articles/${list.articles[0]!.id}`);
    await assistantButton(page).click();
    await question(page).fill('   ');
    await page.getByRole('button', { name: 'Send' }).click();
    await question(page).fill(ask);
    await question(page).press('Enter');
    await page.getByRole('log').locator('a[href^="/"]').first().waitFor();
    // Had the blank question been sent, it would sit before this one in the log.
    expect(await messages(page).count()).toBe(2);
    expect(await messages(page).first().textContent()).toContain(ask);
    expect(requests).toBe(1);
    expect(await question(page).inputValue()).toBe('');

    await question(page).press('Escape');
    await expect.poll(() => panel(page).count()).toBe(0);
    await expect.poll(() => isFocused(assistantButton(page))).toBe(true);
  });

  it('shows an error in the log when the question cannot be answered', async () => {
    const page = await e2e.newPage();
    await page.route('**/api/assistant', (route) => route.abort());
    await openHub(page);
    await assistantButton(page).click();
    await question(page).fill('How are therapists paid?');
    await question(page).press('Enter');
    await page.getByRole('log').getByText('the Knowledge Assistant is unavailable right now').waitFor();
  });

  it('opens full width at 375px without sideways scroll', async () => {
    const page = await e2e.newPage({ viewport: { width: 375, height: 740 } });
    await openHub(page);
    await assistantButton(page).click();
    const box = await panel(page).boundingBox();
    expect(box?.width).toBe(375);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});

/** A question one article answers: its first section heading asked as a question, so it follows the content. */
async function articleQuestion(): Promise<{ article: ArticleSummary; ask: string }> {
  for (const summary of list.articles) {
    const article = (await (await fetch(`${e2e.app.url}/api/articles/${summary.id}`)).json()) as Article;
    const heading = /<h2[^>]*>([\s\S]*?)<\/h2>/.exec(article.content)?.[1]?.replace(/<[^>]+>/g, '').trim();
    if (heading) return { article: summary, ask: `${heading}?` };
  }
  throw new Error('no article has a section heading to ask about');
}
