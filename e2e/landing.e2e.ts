import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faqs } from '../src/content/faqs';
import { LEAD_FORM_DELAY_MS, LOGO_MARQUEE_CYCLE_SECONDS } from '../src/domain/site';
import { leads } from '../src/server/db/schema/index';
import { partnerLogos } from '../src/web/landing/partner-logos';
import { seriousAxeViolations } from '../test/axe';
import { startE2e, type E2e } from '../test/e2e';

const DEMO_SCHEDULING_URL = 'https://demo.example.test/book';
const TEAM_EMAIL = 'team@carerelay.test';

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e({ DEMO_SCHEDULING_URL, TEAM_EMAIL });
});
afterAll(() => e2e.close());

async function openLanding(options?: Parameters<E2e['newPage']>[0]) {
  const page = await e2e.newPage(options);
  await page.goto('/');
  await page.getByRole('heading', { level: 1 }).waitFor();
  return page;
}

const hero = (page: Page) => page.getByRole('region', { name: /Home health therapy referrals/ });
const leadPanel = (page: Page) => page.getByRole('dialog', { name: 'Talk to our staffing team' });
const readLeadFormMemory = (page: Page) => page.evaluate(() => window.localStorage.getItem('carerelay.leadForm'));

/** Waits, on the page's own clock, until the lead form would have appeared had it been going to. */
async function waitPastLeadFormDelay(page: Page) {
  await page.waitForFunction((delay) => performance.now() > delay + 1000, LEAD_FORM_DELAY_MS);
}

describe('landing page sections', () => {
  it('shows the claims, the calls to action and the section anchors, and the header links scroll to them', async () => {
    const page = await openLanding();
    expect(await page.title()).toContain('On-demand home health therapy staffing');

    const heroText = await hero(page).innerText();
    for (const claim of ['15 minutes', '72 hours', '25%', '98%', 'HIPAA']) expect(heroText).toContain(claim);

    expect(await hero(page).getByRole('link', { name: 'Sign Up', exact: true }).getAttribute('href')).toBe('/signup');
    const bookDemo = hero(page).getByRole('link', { name: /Book a Demo/ });
    await expect.poll(() => bookDemo.getAttribute('href')).toBe(DEMO_SCHEDULING_URL);
    expect(await bookDemo.getAttribute('target')).toBe('_blank');
    expect(await bookDemo.getAttribute('rel')).toContain('noopener');

    const mainNav = page.getByRole('navigation', { name: 'Main' });
    for (const [label, id] of [
      ['For Agencies', 'agencies'],
      ['For Therapists', 'therapists'],
      ['How It Works', 'how-it-works'],
      ['FAQs', 'faqs'],
    ] as const) {
      expect(await page.locator(`#${id}`).count()).toBe(1);
      await mainNav.getByRole('link', { name: label }).click();
      await expect.poll(() => new URL(page.url()).hash).toBe(`#${id}`);
      // Scrolled so the section starts just under the sticky header.
      await expect
        .poll(() => page.locator(`#${id}`).evaluate((section) => section.getBoundingClientRect().top), { timeout: 5_000 })
        .toSatisfy((top: number) => top >= 0 && top < 160);
    }
  });

  it('explains the three steps in order, with the fill-time promise', async () => {
    const page = await openLanding();
    const steps = page.locator('#how-it-works ol > li');
    const texts = await steps.allInnerTexts();
    expect(texts).toHaveLength(3);
    expect(texts[0]).toContain('Submit and accept a referral');
    expect(texts[1]).toContain('Select the therapist and complete the visit');
    expect(texts[2]).toContain('Review documentation and pay');
    const section = await page.locator('#how-it-works').innerText();
    expect(section).toContain('Referrals are typically filled in 15 minutes or less.');
    expect(section).toContain('Available therapists are notified instantly on posting.');
  });
});

describe('FAQs', () => {
  it('lists every question for agencies and every one for therapists, shared ones in both', async () => {
    const page = await openLanding();
    const union = new Set<string>();
    for (const [name, audience] of [
      ['For Agencies', 'agencies'],
      ['For Therapists', 'therapists'],
    ] as const) {
      const expected = faqs.filter((faq) => faq.audience === audience || faq.audience === 'both').map((faq) => faq.question);
      const shown = await page.getByRole('region', { name, exact: true }).getByRole('button').allInnerTexts();
      expect(shown.map((text) => text.trim())).toEqual(expected);
      for (const question of shown) union.add(question.trim());
    }
    expect(union.size).toBe(faqs.length);
    expect(faqs).toHaveLength(14);
  });

  it('opens an answer by click and by keyboard', async () => {
    const page = await openLanding();
    const agencies = page.getByRole('region', { name: 'For Agencies', exact: true });
    const therapists = page.getByRole('region', { name: 'For Therapists', exact: true });
    const agencyFaq = faqs.find((faq) => faq.audience === 'agencies')!;
    const therapistFaq = faqs.find((faq) => faq.audience === 'therapists')!;

    const agencyQuestion = agencies.getByRole('button', { name: agencyFaq.question });
    expect(await agencyQuestion.getAttribute('aria-expanded')).toBe('false');
    expect(await agencies.getByText(agencyFaq.answer).count()).toBe(0);
    await agencyQuestion.click();
    await agencies.getByText(agencyFaq.answer).waitFor();
    expect(await agencyQuestion.getAttribute('aria-expanded')).toBe('true');

    const therapistQuestion = therapists.getByRole('button', { name: therapistFaq.question });
    await therapistQuestion.focus();
    await page.keyboard.press('Enter');
    await therapists.getByText(therapistFaq.answer).waitFor();
    await page.keyboard.press('Space');
    await expect.poll(() => therapists.getByText(therapistFaq.answer).count()).toBe(0);
  });
});

describe('login dialog', () => {
  it('asks for email and password, and closes with Escape', async () => {
    const page = await openLanding();
    await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log in to CareRelay' });
    await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
    await dialog.getByText('Email is required').waitFor();
    await dialog.getByText('Password is required').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
  });
});

describe('slide-in lead form', () => {
  it('slides in after the delay, validates, sends the lead to the team and never returns', async () => {
    const page = await openLanding();
    expect(await leadPanel(page).count()).toBe(0);
    await leadPanel(page).waitFor();
    expect(await page.evaluate(() => performance.now())).toBeGreaterThanOrEqual(LEAD_FORM_DELAY_MS);

    const panel = leadPanel(page);
    await panel.getByRole('button', { name: 'Send' }).click();
    for (const message of ['Name is required', 'Email is required', 'Organization is required', 'Please tell us who you are']) {
      await panel.getByText(message).waitFor();
    }

    const email = `lead-${Date.now()}@harbor.test`;
    await panel.getByLabel('Name').fill('Maya Ortiz');
    await panel.getByLabel('Email').fill(email);
    await panel.getByLabel('Organization').fill('Harbor Home Health');
    await panel.getByLabel('I am a').selectOption('agency');
    await panel.getByLabel('Message').fill('We need PT coverage in two counties.');
    await panel.getByRole('button', { name: 'Send' }).click();
    await panel.getByRole('heading', { name: 'Thank you!' }).waitFor();

    const rows = await e2e.app.runtime.database.db.select().from(leads).where(eq(leads.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Maya Ortiz', organisation: 'Harbor Home Health', role: 'agency', message: 'We need PT coverage in two counties.' });

    const mail = await e2e.smtp.waitForMail((m) => m.subject.startsWith('New lead:') && m.replyTo === email);
    expect(mail.subject).toBe('New lead: Maya Ortiz (Harbor Home Health)');
    expect(mail.to).toEqual([TEAM_EMAIL]);
    expect(mail.text).toContain('We need PT coverage in two counties.');

    expect(await readLeadFormMemory(page)).toBe('sent');
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    await waitPastLeadFormDelay(page);
    expect(await leadPanel(page).count()).toBe(0);
  });

  it('stays away after the visitor closes it', async () => {
    const page = await openLanding();
    await leadPanel(page).getByRole('button', { name: 'Close' }).click();
    expect(await leadPanel(page).count()).toBe(0);
    expect(await readLeadFormMemory(page)).toBe('dismissed');
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    await waitPastLeadFormDelay(page);
    expect(await leadPanel(page).count()).toBe(0);
  });

  it('starts as a compact bar on a phone, opens the form on request and closes with Escape', async () => {
    const page = await openLanding({ viewport: { width: 375, height: 740 } });
    const panel = leadPanel(page);
    await panel.waitFor();
    expect(await panel.getByLabel('Name').isVisible()).toBe(false);
    const box = await panel.boundingBox();
    expect(box!.height).toBeLessThan(740 / 4);
    await panel.getByRole('button', { name: 'Get in touch' }).click();
    await panel.getByLabel('Name').waitFor();
    expect(await panel.getByLabel('Name').evaluate((input) => input === document.activeElement)).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => panel.count()).toBe(0);
    expect(await readLeadFormMemory(page)).toBe('dismissed');
  });
});

describe('partner logo marquee', () => {
  const track = (page: Page) => page.getByTestId('logo-marquee-track');
  const animation = (page: Page) =>
    track(page).evaluate((element) => {
      const style = getComputedStyle(element);
      return { name: style.animationName, duration: style.animationDuration, playState: style.animationPlayState };
    });

  it('scrolls one full cycle every 30 seconds and pauses on hover and with its pause button', async () => {
    const page = await openLanding();
    expect(await animation(page)).toEqual({ name: 'marquee', duration: `${LOGO_MARQUEE_CYCLE_SECONDS}s`, playState: 'running' });
    expect(await track(page).locator('ul[aria-hidden="true"]').count()).toBe(1);

    // The moving track is never "stable" for Playwright; hover the still frame around it.
    await track(page).locator('..').hover();
    await expect.poll(async () => (await animation(page)).playState).toBe('paused');
    await page.mouse.move(0, 0);
    await expect.poll(async () => (await animation(page)).playState).toBe('running');

    const pause = page.getByRole('button', { name: 'Pause logo animation' });
    await pause.click();
    expect(await pause.getAttribute('aria-pressed')).toBe('true');
    await page.mouse.move(0, 0);
    await expect.poll(async () => (await animation(page)).playState).toBe('paused');
  });

  it('stands still as a wrapped grid for visitors who prefer reduced motion, every logo named and loaded', async () => {
    const page = await openLanding({ reducedMotion: 'reduce' });
    expect((await animation(page)).name).toBe('none');
    expect(await track(page).locator('ul[aria-hidden="true"]').isVisible()).toBe(false);
    for (const logo of partnerLogos) {
      const image = page.getByRole('img', { name: logo.name, exact: true });
      await image.scrollIntoViewIfNeeded();
      expect(await image.isVisible()).toBe(true);
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    }
  });
});

describe('layout and accessibility', () => {
  it('has no horizontal scroll on a 375px phone, with or without the lead form', async () => {
    const page = await openLanding({ viewport: { width: 375, height: 740 } });
    const scrollWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
    expect(await scrollWidth()).toBeLessThanOrEqual(375);
    await leadPanel(page).waitFor();
    await leadPanel(page).getByRole('button', { name: 'Get in touch' }).click();
    expect(await scrollWidth()).toBeLessThanOrEqual(375);
  });

  it('has no serious accessibility violations with the lead form open or dismissed', async () => {
    const page = await openLanding();
    await leadPanel(page).waitFor();
    await leadPanel(page).getByRole('button', { name: 'Send' }).click();
    await leadPanel(page).getByText('Name is required').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await leadPanel(page).getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: faqs[0]!.question }).first().click();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('has no serious accessibility violations on a phone', async () => {
    const page = await openLanding({ viewport: { width: 375, height: 740 }, reducedMotion: 'reduce' });
    await leadPanel(page).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
