import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realPdf } from '../test/attachment-files';
import { seriousAxeViolations } from '../test/axe';
import { startE2e, type E2e } from '../test/e2e';
import { buildAgency, buildManager, buildTherapist } from '../test/factories';
import { buildReferral, insertResponse } from '../test/referral-fixtures';
import { smallTapTargets } from '../test/tap-targets';
import { monthYear } from '../src/domain/credentials';

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(() => e2e.close());

const db = () => e2e.app.runtime.database.db;

describe('a therapist’s credential verified by a manager', () => {
  it('the therapist uploads a license, a manager checks its document beside the board lookup and verifies it, the therapist sees it verified and an agency sees it on their profile', async () => {
    // A sign-up awaiting review: credentials come before approval.
    const therapist = await buildTherapist(db(), { firstName: 'Avery', lastName: 'Upload', status: 'pending', credentials: 'none' });
    const page = await e2e.signedInPage(therapist, { viewport: { width: 390, height: 844 } });
    await page.goto('/dashboard/therapist');
    await page.getByRole('link', { name: 'Add your credentials' }).click();
    await page.getByRole('heading', { name: 'Credentials', level: 1 }).waitFor();
    await page.getByText('State license: none on file').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await smallTapTargets(page, { within: 'main' })).toEqual([]);

    await page.getByRole('button', { name: 'Add a credential' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a credential' });
    await dialog.getByLabel('State', { exact: true }).selectOption('TX');
    await dialog.getByLabel('License number').fill('PT-77441');
    await dialog.getByLabel('Expires on').fill('2031-12-31');
    await dialog.getByLabel('Document', { exact: true }).setInputFiles({ name: 'Avery Upload TX license.pdf', mimeType: 'application/pdf', buffer: realPdf('Texas license PT-77441') });
    await dialog.getByRole('button', { name: 'Add credential' }).click();
    await dialog.waitFor({ state: 'detached' });
    const listed = page.getByRole('listitem').filter({ hasText: 'PT-77441' });
    await listed.getByText('Awaiting verification').waitFor();
    await listed.getByRole('link', { name: 'Avery Upload TX license.pdf' }).waitFor();
    await page.getByText('State license (TX): awaiting verification').waitFor();

    const admin = await e2e.signedInPage(await buildManager(db()), { aal: 'aal2' });
    await admin.goto('/dashboard/admin');
    await admin.getByRole('navigation').getByRole('link', { name: 'Credentials' }).first().click();
    await admin.getByRole('heading', { name: 'Credentials to verify', level: 1 }).waitFor();
    await admin.getByRole('link', { name: /Avery Upload/ }).click();
    const license = admin.getByRole('article', { name: 'State license TX' });
    await license.waitFor();
    const documentLink = license.getByRole('link', { name: /Download Avery Upload TX license\.pdf/ });
    const boardLink = license.getByRole('link', { name: /State board lookup \(Texas ECPTOTE\)/ });
    expect(await boardLink.getAttribute('href')).toBe('https://ptot.texas.gov/pt-license-search/');
    // Side by side: the document and the board lookup start on the same line, the lookup to the right.
    const [documentBox, boardBox] = [await documentLink.boundingBox(), await boardLink.boundingBox()];
    expect(Math.abs((documentBox?.y ?? 0) - (boardBox?.y ?? 100))).toBeLessThan(30);
    expect(boardBox!.x).toBeGreaterThan(documentBox!.x + documentBox!.width);
    await admin.getByText('Not checked yet').first().waitFor();
    expect(await seriousAxeViolations(admin)).toEqual([]);

    await license.getByRole('button', { name: 'Verify State license' }).click();
    const verifiedLabel = `Verified ${monthYear(new Date().toISOString())}`;
    await license.getByText(verifiedLabel).waitFor();
    expect(await license.getByText('Verified from: https://ptot.texas.gov/pt-license-search/').count()).toBe(1);

    // The NPI is checked with the registry on demand; the answer comes from a job and the screen waits for it.
    await admin.getByRole('button', { name: 'Check with NPPES' }).click();
    await admin.getByText(/not found in NPPES/).waitFor({ timeout: 20_000 });
    await admin.getByText('Needs review').waitFor();
    await admin.getByRole('button', { name: 'Check again with NPPES' }).waitFor();

    await page.reload();
    await listed.getByText(verifiedLabel).waitFor();
    expect(await page.getByText('State license: none on file').count()).toBe(0);

    // An agency the therapist answered sees the license, as verified, on the therapist's profile.
    const agency = await buildAgency(db());
    const referral = await buildReferral(db(), { agencyId: agency.userId });
    await insertResponse(db(), { referralId: referral.id, therapistId: therapist.userId, status: 'accepted' });
    const agencyPage = await e2e.signedInPage(agency);
    await agencyPage.goto(`/dashboard/agency/referrals/${referral.id}`);
    const response = agencyPage.getByRole('listitem', { name: 'Avery Upload', exact: true });
    await response.getByText(`License TX verified ${monthYear(new Date().toISOString())}`).waitFor();
    await response.getByRole('link', { name: 'View Avery Upload’s profile' }).click();
    const onProfile = agencyPage.getByRole('region', { name: 'Verified credentials' });
    await onProfile.getByText(/No\. PT-77441 · Verified [A-Z][a-z]{2} \d{1,2}, \d{4} · Expires Dec 31, 2031/).waitFor();
  });
});
