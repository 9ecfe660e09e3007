import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../test/axe';
import { startE2e, type E2e } from '../test/e2e';
import { buildAgency } from '../test/factories';
import { buildReferral } from '../test/referral-fixtures';

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(() => e2e.close());

const db = () => e2e.app.runtime.database.db;
const PHONE = { width: 375, height: 800 };

describe('a list longer than a page', () => {
  it('shows how much of it is loaded and loads the rest with Load more, from the keyboard, on a phone', async () => {
    const agency = await buildAgency(db(), { companyName: 'Many Referrals Home Health' });
    const start = Date.now() - 86_400_000;
    // 27 referrals a minute apart: the page shows 25, then the last 2.
    for (let index = 0; index < 27; index++) await buildReferral(db(), { agencyId: agency.userId, status: 'draft', createdAt: new Date(start + index * 60_000) });
    const page = await e2e.signedInPage(agency, { viewport: PHONE });

    await page.goto('/dashboard/agency/referrals?status=draft');
    const list = page.getByRole('list', { name: 'Drafts referrals' });
    await page.getByRole('status').filter({ hasText: 'Showing 25 of 27 referrals' }).waitFor();
    expect(await list.getByRole('listitem').count()).toBe(25);
    const loadMore = page.getByRole('button', { name: 'Load more' });
    expect((await loadMore.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await loadMore.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Showing 27 of 27 referrals' }).waitFor();
    expect(await list.getByRole('listitem').count()).toBe(27);
    // The oldest comes last, once: nothing repeated at the page boundary.
    const texts = await list.getByRole('listitem').allTextContents();
    expect(new Set(texts).size).toBe(27);
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
  });
});
