import type { Page } from 'playwright-core';

/**
 * Onboarding's last step for a therapist ("About you"), filled with plausible answers and saved,
 * for journeys whose subject is not that step (e2e/onboarding.e2e.ts tests it).
 */
export async function completeAboutYou(page: Page) {
  await page.getByRole('heading', { name: 'About you', level: 2 }).waitFor();
  await page.getByLabel('Years of experience', { exact: true }).fill('7');
  await page.getByRole('checkbox', { name: 'Home health', exact: true }).check();
  await page.getByRole('checkbox', { name: 'English', exact: true }).check();
  await page.getByLabel('Date of birth', { exact: true }).fill('1988-03-14');
  await page.getByRole('button', { name: 'Save and finish' }).click();
}
