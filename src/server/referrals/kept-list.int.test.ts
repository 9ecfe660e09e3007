import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildAgency, buildTherapist, signIn } from '../../../test/factories';
import { callApi, ok } from '../../../test/http';
import { soon, unannounced } from '../../../test/kept-reads';
import { twoInstances } from '../../../test/two-instances';
import { buildReferral, insertResponse } from '../../../test/referral-fixtures';
import type { KeysetPage } from '../../domain/keyset-page';
import type { TherapistReferralSummary } from '../../domain/referral-summaries';
import { agencyProfiles, referralOffers, referrals, therapistRates } from '../db/schema/index';

/**
 * A therapist's 'Referrals near me' is kept by each instance until what it shows changes
 * (tenant-reads.ts, migration 0036): their offers, the referrals offered while posted, their answers
 * and rates, an agency's name; and an open offer leaves the list when it expires, announced or not.
 * Notices arrive a moment after the commit: poll briefly, far less than the 10 seconds a page is
 * otherwise kept.
 */

const { first, second } = twoInstances();
const db = () => first().runtime.database.db;

async function therapistOnBoth() {
  const therapist = await buildTherapist(db());
  const cookies = [await signIn(first().url, therapist), await signIn(second().url, therapist)] as const;
  /** What each instance's first page of a view shows, through `pick`. */
  const shown = async <T>(pick: (item: TherapistReferralSummary) => T, view = 'open') =>
    Promise.all(
      [first().url, second().url].map(async (url, index) =>
        (await ok<KeysetPage<TherapistReferralSummary>>(await callApi(url, 'GET', `/api/therapist/referrals?view=${view}`, { cookie: cookies[index] }))).items.map(pick),
      ),
    );
  return { therapist, shown };
}

/** A posted referral of the agency offered to the therapist, the offer carrying its open state as posting writes it. */
async function offered(agencyId: string, therapistId: string, overrides: Parameters<typeof buildReferral>[1] = {}) {
  const referral = await buildReferral(db(), { agencyId, status: 'posted', ...overrides });
  await db()
    .insert(referralOffers)
    .values({ referralId: referral.id, therapistId, distanceMiles: 3, openPostedAt: referral.postedAt, openExpiresAt: referral.expiresAt });
  return referral;
}

describe("a therapist's kept 'Referrals near me'", () => {
  it('is served again until a change is announced; then new offers, hidden ones and edits show on every instance', async () => {
    const { therapist, shown } = await therapistOnBoth();
    const agency = await buildAgency(db());
    const first = await offered(agency.userId, therapist.userId, { urgency: 'routine' });
    await expect.poll(() => shown((item) => item.urgency), soon).toEqual([['routine'], ['routine']]);

    await unannounced(db(), `update referrals set urgency = 'urgent' where id = '${first.id}'`);
    expect(await shown((item) => item.urgency)).toEqual([['routine'], ['routine']]);

    // The agency edits its posted referral.
    // Read at once after the commit, on both instances: each first hears every notice committed before the read.
    await db().update(referrals).set({ urgency: 'soon' }).where(eq(referrals.id, first.id));
    expect(await shown((item) => item.urgency)).toEqual([['soon'], ['soon']]);

    // Another referral is offered to them.
    const next = await offered(agency.userId, therapist.userId);
    await expect.poll(() => shown((item) => item.id), soon).toEqual([[next.id, first.id], [next.id, first.id]]);

    // They hid the first (on another device, say).
    await db().update(referralOffers).set({ hiddenAt: new Date() }).where(and(eq(referralOffers.referralId, first.id), eq(referralOffers.therapistId, therapist.userId)));
    await expect.poll(() => shown((item) => item.id), soon).toEqual([[next.id], [next.id]]);
    await expect.poll(() => shown((item) => item.id, 'hidden'), soon).toEqual([[first.id], [first.id]]);
  });

  it("shows their answer, their rates and the agency's new name once changed", async () => {
    const { therapist, shown } = await therapistOnBoth();
    const agency = await buildAgency(db());
    const referral = await offered(agency.userId, therapist.userId);
    await expect.poll(() => shown((item) => [item.myResponse, item.myRates.evaluation, item.agencyName]), soon).toEqual([
      [[null, expect.any(Number), expect.any(String)]],
      [[null, expect.any(Number), expect.any(String)]],
    ]);

    await insertResponse(db(), { referralId: referral.id, therapistId: therapist.userId, status: 'accepted' });
    await expect.poll(() => shown((item) => item.myResponse?.status), soon).toEqual([['accepted'], ['accepted']]);

    await db().update(therapistRates).set({ rate: 211 }).where(and(eq(therapistRates.therapistId, therapist.userId), eq(therapistRates.serviceId, 'evaluation')));
    await expect.poll(() => shown((item) => item.myRates.evaluation), soon).toEqual([[211], [211]]);

    await db().update(agencyProfiles).set({ companyName: 'Renamed Home Health' }).where(eq(agencyProfiles.id, agency.userId));
    await expect.poll(() => shown((item) => item.agencyName), soon).toEqual([['Renamed Home Health'], ['Renamed Home Health']]);
  });

  it('drops an offer from the list when it expires, with no notice of it', async () => {
    const { therapist, shown } = await therapistOnBoth();
    const agency = await buildAgency(db());
    const lasting = await offered(agency.userId, therapist.userId);
    const expiring = await offered(agency.userId, therapist.userId, { expiresAt: new Date(Date.now() + 1500) });
    await expect.poll(() => shown((item) => item.id), soon).toEqual([[expiring.id, lasting.id], [expiring.id, lasting.id]]);
    // Past its expiry (the referral stays 'posted' until the expiry job closes it), a kept page is not served.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, expiring.expiresAt!.getTime() - Date.now()) + 50));
    expect(await shown((item) => item.id)).toEqual([[lasting.id], [lasting.id]]);
  });
});
