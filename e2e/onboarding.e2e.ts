import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { npiWithCheckDigit } from '../src/domain/npi';
import { profileDetailsMessages } from '../src/domain/therapist-profile';
import { therapistProfiles, therapistRates, userProfiles, useraccounts } from '../src/server/db/schema/index';
import { seriousAxeViolations } from '../test/axe';
import { startE2e, type E2e } from '../test/e2e';
import { buildAgency, buildTherapist } from '../test/factories';

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(() => e2e.close());

const db = () => e2e.app.runtime.database.db;
const validNpi = npiWithCheckDigit('192837465');
const wrongCheckDigit = `${validNpi.slice(0, 9)}${(Number(validNpi[9]) + 1) % 10}`;

async function openOnboarding(page: Page) {
  await page.goto('/onboarding');
  await page.getByRole('heading', { name: 'Complete your profile', level: 1 }).waitFor();
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const progress = (page: Page) => page.getByRole('progressbar', { name: 'Onboarding progress' });

async function hasHorizontalScroll(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}

describe('onboarding', () => {
  it('sends a signed-out visitor to the home page', async () => {
    const page = await e2e.newPage();
    await page.goto('/onboarding');
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('a pending therapist completes the three steps on a phone, by keyboard, and lands on their dashboard', async () => {
    const therapist = await buildTherapist(db(), { licensed: false, status: 'pending', firstName: 'Jordan', lastName: 'Reyes' });
    const page = await e2e.signedInPage(therapist, { viewport: { width: 375, height: 740 } });
    await openOnboarding(page);

    await page.getByText('Step 1 of 3', { exact: true }).waitFor();
    expect(await progress(page).getAttribute('aria-valuenow')).toBe('1');
    expect(await field(page, 'First name').inputValue()).toBe('Jordan');
    expect(await field(page, 'Last name').inputValue()).toBe('Reyes');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await field(page, 'NPI number').fill(wrongCheckDigit);
    await field(page, 'License number').fill('PT-1234567');
    await field(page, 'License state').selectOption('TX');
    await field(page, 'License expiry').fill('2020-01-31');
    // Enter in a step-1 field continues (and validates) rather than saving.
    await field(page, 'License number').press('Enter');
    await page.getByText('Please enter a valid 10-digit NPI', { exact: true }).waitFor();
    await page.getByText('License expiry cannot be in the past', { exact: true }).waitFor();
    expect(await field(page, 'NPI number').getAttribute('aria-invalid')).toBe('true');
    expect(await progress(page).getAttribute('aria-valuenow')).toBe('1');
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await db().$count(userProfiles, eq(userProfiles.id, therapist.userId))).toBe(0);

    // Each message goes as soon as its field is corrected.
    await field(page, 'NPI number').fill(validNpi);
    await page.getByText('Please enter a valid 10-digit NPI', { exact: true }).waitFor({ state: 'detached' });
    await field(page, 'License expiry').fill('2031-05-31');
    await page.getByText('License expiry cannot be in the past', { exact: true }).waitFor({ state: 'detached' });
    await field(page, 'License expiry').press('Enter');
    await page.getByText('Step 2 of 3', { exact: true }).waitFor();
    expect(await progress(page).getAttribute('aria-valuenow')).toBe('2');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Rates and service area');

    const defaults = { 'Initial Evaluation': '150', 'Treatment Session': '100', 'Progress Report': '75', 'Discharge Summary': '100' };
    for (const [label, value] of Object.entries(defaults)) expect(await field(page, label).inputValue(), label).toBe(value);
    expect(await field(page, 'Service radius (miles)').inputValue()).toBe('25');
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Back keeps what was typed on step 1.
    await page.getByRole('button', { name: 'Back' }).press('Enter');
    await page.getByText('Step 1 of 3', { exact: true }).waitFor();
    expect(await field(page, 'NPI number').inputValue()).toBe(validNpi);
    await page.getByRole('button', { name: 'Continue' }).press('Enter');

    await field(page, 'Treatment Session').fill('112.5');
    await field(page, 'Service radius (miles)').fill('30');
    await page.getByRole('button', { name: 'Save and continue' }).press('Enter');

    // Step 3, "About you": saved on its own, each refusal naming its field.
    await page.getByText('Step 3 of 3', { exact: true }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('About you');
    await page.getByText('Used only to check the federal OIG exclusion list, which matches by name and date of birth. Agencies never see it.').waitFor();
    await page.getByRole('button', { name: 'Save and finish' }).press('Enter');
    expect(await field(page, 'Years of experience').inputValue()).toBe('6');
    await page.getByText(profileDetailsMessages.careSettings, { exact: true }).waitFor();
    await page.getByText(profileDetailsMessages.languages, { exact: true }).waitFor();
    await page.getByText(profileDetailsMessages.dateOfBirth, { exact: true }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await field(page, 'Years of experience').fill('8');
    await page.getByRole('checkbox', { name: 'Home health', exact: true }).press('Space');
    await page.getByRole('checkbox', { name: 'Vestibular', exact: true }).press('Space');
    await page.getByRole('checkbox', { name: 'English', exact: true }).press('Space');
    await page.getByRole('checkbox', { name: 'Spanish', exact: true }).press('Space');
    await page.getByLabel(/^Short bio/).fill('Vestibular PT.');
    await page.getByText('14 of 600 characters', { exact: true }).waitFor();
    await field(page, 'Date of birth').fill('1987-09-02');
    await page.getByRole('button', { name: 'Save and finish' }).press('Enter');
    await page.waitForURL((url) => url.pathname === '/dashboard/therapist');
    const [details] = await db().select().from(therapistProfiles).where(eq(therapistProfiles.id, therapist.userId));
    expect(details).toMatchObject({
      yearsExperience: 8,
      careSettings: ['Home health'],
      specialties: ['Vestibular'],
      languages: ['English', 'Spanish'],
      bio: 'Vestibular PT.',
      dateOfBirth: '1987-09-02',
    });

    const [profile] = await db().select().from(userProfiles).where(eq(userProfiles.id, therapist.userId));
    expect(profile).toMatchObject({
      firstName: 'Jordan',
      lastName: 'Reyes',
      npiNumber: validNpi,
      licenseNumber: 'PT-1234567',
      licenseState: 'TX',
      licenseExpiry: '2031-05-31',
    });
    const rates = await db().select().from(therapistRates).where(eq(therapistRates.therapistId, therapist.userId));
    expect(Object.fromEntries(rates.map((row) => [row.serviceId, row.rate]))).toEqual({
      evaluation: 150,
      treatment: 112.5,
      progress_report: 75,
      discharge: 100,
    });
    const [saved] = await db().select({ miles: therapistProfiles.serviceRadiusMiles }).from(therapistProfiles).where(eq(therapistProfiles.id, therapist.userId));
    expect(saved?.miles).toBe(30);

    // Coming back shows what was saved.
    await openOnboarding(page);
    expect(await field(page, 'License number').inputValue()).toBe('PT-1234567');
  });

  it('shows a rate out of range on its field and saves nothing', async () => {
    const therapist = await buildTherapist(db(), { licensed: false });
    const page = await e2e.signedInPage(therapist);
    await openOnboarding(page);
    await field(page, 'NPI number').fill(validNpi);
    await field(page, 'License number').fill('PT-42');
    await field(page, 'License state').selectOption('CA');
    await field(page, 'License expiry').fill('2030-01-01');
    await page.getByRole('button', { name: 'Continue' }).click();
    await field(page, 'Initial Evaluation').fill('1500');
    await field(page, 'Service radius (miles)').fill('0');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByText('Rate cannot be more than $1,000', { exact: true }).waitFor();
    await page.getByText('Service radius must be between 1 and 100 miles', { exact: true }).waitFor();
    expect(await db().$count(therapistRates, eq(therapistRates.therapistId, therapist.userId))).toBe(0);
  });

  it("puts the server's field errors on the fields, going back to step 1 when needed", async () => {
    const therapist = await buildTherapist(db(), { licensed: false });
    const page = await e2e.signedInPage(therapist);
    await openOnboarding(page);
    await field(page, 'NPI number').fill(validNpi);
    await field(page, 'License number').fill('PT-42');
    await field(page, 'License state').selectOption('CA');
    await field(page, 'License expiry').fill('2030-01-01');
    await page.getByRole('button', { name: 'Continue' }).click();
    // As if the registry check on the server disagreed with the browser.
    await page.route('**/api/onboarding', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({
            status: 400,
            contentType: 'application/json',
            body: JSON.stringify({ error: { code: 'VALIDATION', message: 'Please enter a valid 10-digit NPI', fields: { npiNumber: 'Please enter a valid 10-digit NPI' } } }),
          })
        : route.continue(),
    );
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByText('Step 1 of 3', { exact: true }).waitFor();
    await page.getByText('Please enter a valid 10-digit NPI', { exact: true }).waitFor();
    expect(await field(page, 'NPI number').getAttribute('aria-invalid')).toBe('true');
  });

  it('an agency fills in its contact and licence, is told its profile is complete, and lands on its dashboard', async () => {
    const agency = await buildAgency(db(), { status: 'pending', companyName: 'Sunrise Home Health' });
    const page = await e2e.signedInPage(agency, { viewport: { width: 375, height: 740 } });
    await openOnboarding(page);
    // Continue with nothing filled in: every field is named, and choosing a state clears its message.
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('License state is required', { exact: true }).waitFor();
    await field(page, 'Agency license state').selectOption('TX');
    await page.getByText('License state is required', { exact: true }).waitFor({ state: 'detached' });
    await field(page, 'Contact first name').fill('Maria');
    await field(page, 'Contact last name').fill('Santos');
    await field(page, 'Agency NPI').fill(validNpi);
    await field(page, 'Agency license number').fill('HCSSA-009876');
    await field(page, 'Agency license expiry').fill('2029-12-31');
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.getByText('Your agency profile is complete', { exact: true }).waitFor();
    expect(await page.getByText('Sunrise Home Health has everything we need', { exact: false }).count()).toBe(1);
    expect(await page.getByLabel('Initial Evaluation').count()).toBe(0);
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/agency');
    const [profile] = await db().select().from(userProfiles).where(eq(userProfiles.id, agency.userId));
    expect(profile).toMatchObject({ firstName: 'Maria', lastName: 'Santos', npiNumber: validNpi, licenseNumber: 'HCSSA-009876' });
    expect(await db().$count(therapistRates, eq(therapistRates.therapistId, agency.userId))).toBe(0);
  });

  it('asks a user without an account record to choose agency or therapist first', async () => {
    const therapist = await buildTherapist(db(), { licensed: false });
    const page = await e2e.signedInPage(therapist);
    await db().delete(useraccounts).where(eq(useraccounts.userId, therapist.userId));
    await page.goto('/onboarding');
    await page.getByRole('heading', { name: 'Agency or therapist?' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
