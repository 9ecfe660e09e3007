import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../test/axe';
import { startE2e, type E2e } from '../test/e2e';
import { buildAgency, buildTherapist } from '../test/factories';
import { giveProfileDetails } from '../test/profile-details-fixtures';
import { buildReferral, insertResponse } from '../test/referral-fixtures';
import { smallTapTargets } from '../test/tap-targets';
import { buildVisit } from '../test/visit-fixtures';

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(() => e2e.close());

const db = () => e2e.app.runtime.database.db;
const DAY = 86_400_000;

describe('the therapist profile an agency reads', () => {
  it('opens from a response on the referral page, on a phone: verified credentials with dates, experience, specialties, reliability with its parts, no ratings yet', async () => {
    const agency = await buildAgency(db(), { companyName: 'Lakeside Home Health' });
    const therapist = await buildTherapist(db(), { firstName: 'Dana', lastName: 'Whitfield', yearsExperience: 9 });
    await giveProfileDetails(db(), therapist.userId);
    // Three visits done on time with another agency: too few to score.
    for (let day = 6; day > 3; day -= 1) {
      const start = Date.now() - day * DAY;
      await buildVisit(db(), { therapistId: therapist.userId, status: 'completed', scheduledStart: new Date(start), checkInAt: new Date(start), checkOutAt: new Date(start + 3_600_000) });
    }
    const referral = await buildReferral(db(), { agencyId: agency.userId });
    await insertResponse(db(), { referralId: referral.id, therapistId: therapist.userId, status: 'accepted' });

    const page = await e2e.signedInPage(agency, { viewport: { width: 390, height: 844 } });
    await page.goto(`/dashboard/agency/referrals/${referral.id}`);
    const card = page.getByRole('listitem', { name: 'Dana Whitfield', exact: true });
    await card.waitFor();
    await card.getByText(/^License TX verified [A-Z][a-z]{2} \d{4} · NPI · Background check$/).waitFor();
    await card.getByRole('link', { name: 'View Dana Whitfield’s profile' }).click();

    await page.waitForURL((url) => url.pathname === `/dashboard/agency/therapists/${therapist.userId}`);
    await page.getByRole('heading', { level: 1, name: 'Dana Whitfield' }).waitFor();
    const section = (name: string) => page.getByRole('region', { name });
    const credentials = await section('Verified credentials').textContent();
    expect(credentials).toMatch(/State license · TX.*No\. LIC-\d+ · Verified [A-Z][a-z]{2} \d{1,2}, \d{4} · Expires Dec 31, 2030/);
    expect(credentials).toMatch(/NPI.*NPPES · No\. 1234567893 · Verified [A-Z][a-z]{2} \d{1,2}, \d{4} · Does not expire/);
    expect(credentials).toContain('Background check');
    const about = await section('About').textContent();
    expect(about).toContain('Experience:9 years');
    expect(about).toContain('Specialties:Orthopedics, Vestibular');
    expect(about).toContain('Languages:English, Spanish');
    expect(about).not.toContain('1981');
    const record = await section('On CareRelay').textContent();
    expect(record).toContain('Visits completed:3');
    expect(record).toContain('Rating:No ratings yet');
    const reliability = section('Reliability');
    await reliability.getByText('Too few visits to score yet (3)', { exact: true }).waitFor();
    expect(await reliability.textContent()).toContain('So far: 3 as scheduled, 0 late, 0 missed, 0 cancelled after confirm');
    await reliability.getByText('How this is worked out').click();
    await reliability.getByText(/checked in no more than 15 minutes after its start/).waitFor();
    expect(await section('With your agency').textContent()).toContain('Referrals together:0');

    expect(await smallTapTargets(page, { within: 'main' })).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)).toBe(false);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Back to the agency's Therapists list, from the page's own link.
    await page.getByRole('link', { name: 'Back to Therapists' }).click();
    await page.getByRole('heading', { level: 1, name: 'Network Therapists' }).waitFor();
  });

  it('tells another agency the therapist is not one it has worked with', async () => {
    const therapist = await buildTherapist(db());
    const page = await e2e.signedInPage(await buildAgency(db()));
    await page.goto(`/dashboard/agency/therapists/${therapist.userId}`);
    await page.getByText('No therapist you have worked with was found with this id.').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(0);
  });
});
