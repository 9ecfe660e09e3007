import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildAgency, buildTherapist, signIn } from '../../../test/factories';
import { callApi, ok } from '../../../test/http';
import { soon, unannounced } from '../../../test/kept-reads';
import { twoInstances } from '../../../test/two-instances';
import { session } from '../../../test/people';
import { buildReferral } from '../../../test/referral-fixtures';
import type { NetworkTherapist, PatientRecord } from '../../domain/dashboards';
import type { KeysetPage } from '../../domain/keyset-page';
import type { AgencyReferralSummary } from '../../domain/referral-summaries';
import { auditLog, patients, referrals, therapistProfiles } from '../db/schema/index';

/**
 * The agency's referral list and patients list are kept by each instance until the agency's rows
 * change (tenant-reads.ts): every change, whoever makes it, shows on the next reads on every
 * instance once its notice arrives (a moment after the commit: poll briefly, far less than the 10
 * seconds a page is otherwise kept); the agency's own changes show on its very next read.
 */

const { first, second } = twoInstances();
const db = () => first().runtime.database.db;

async function agencyOnBoth() {
  const agency = await buildAgency(db());
  const cookies = [await signIn(first().url, agency), await signIn(second().url, agency)] as const;
  return { agency, cookies };
}

const referralList = (url: string, cookie: string) => callApi(url, 'GET', '/api/referrals', { cookie }).then((r) => ok<KeysetPage<AgencyReferralSummary>>(r));
const patientList = (url: string, cookie: string) => callApi(url, 'GET', '/api/agency/patients', { cookie }).then((r) => ok<KeysetPage<PatientRecord>>(r));
const therapistList = (url: string, cookie: string) => callApi(url, 'GET', '/api/agency/therapists', { cookie }).then((r) => ok<KeysetPage<NetworkTherapist>>(r));

describe("an agency's kept list pages", () => {
  it('are served again until a change to their rows is announced, then read anew on every instance', async () => {
    const { agency, cookies } = await agencyOnBoth();
    const referral = await buildReferral(db(), { agencyId: agency.userId, status: 'posted', urgency: 'routine' });
    const urgencies = async () =>
      Promise.all([referralList(first().url, cookies[0]), referralList(second().url, cookies[1])]).then((both) => both.map((page) => page.items.map((item) => item.urgency)));
    await expect.poll(urgencies, soon).toEqual([['routine'], ['routine']]);

    // Nothing announced this change: both instances still serve what they read.
    await unannounced(db(), `update referrals set urgency = 'urgent' where id = '${referral.id}'`);
    expect(await urgencies()).toEqual([['routine'], ['routine']]);

    // Read at once after the commit, on both instances: each first hears every notice committed before the read.
    await db().update(referrals).set({ urgency: 'soon' }).where(eq(referrals.id, referral.id));
    expect(await urgencies()).toEqual([['soon'], ['soon']]);
    await buildReferral(db(), { agencyId: agency.userId, status: 'draft' });
    await expect.poll(async () => (await urgencies()).map((list) => list.length), soon).toEqual([2, 2]);
  });

  it("show a matched therapist's new name, and a patient's details once saved, on every instance (migration 0036)", async () => {
    const { agency, cookies } = await agencyOnBoth();
    const therapist = await buildTherapist(db());
    const referral = await buildReferral(db(), { agencyId: agency.userId, status: 'matched', matchedTherapistId: therapist.userId });
    const shown = async () => {
      const lists = await Promise.all([referralList(first().url, cookies[0]), referralList(second().url, cookies[1])]);
      const records = await Promise.all([patientList(first().url, cookies[0]), patientList(second().url, cookies[1])]);
      return [...lists.map((page) => page.items[0]?.matchedTherapistName), ...records.map((page) => `${page.items[0]?.therapistName} ${page.items[0]?.detailsAdded}`)];
    };
    const [name] = await db().select({ first: therapistProfiles.firstName, last: therapistProfiles.lastName }).from(therapistProfiles).where(eq(therapistProfiles.id, therapist.userId));
    const before = `${name!.first} ${name!.last}`;
    await expect.poll(shown, soon).toEqual([before, before, `${before} false`, `${before} false`]);

    await db().update(therapistProfiles).set({ firstName: 'Renamed' }).where(eq(therapistProfiles.id, therapist.userId));
    const after = `Renamed ${name!.last}`;
    await expect.poll(shown, soon).toEqual([after, after, `${after} false`, `${after} false`]);

    await db().insert(patients).values({ referralId: referral.id, sealed: 'sealed-elsewhere', createdBy: agency.userId, updatedBy: agency.userId });
    await expect.poll(shown, soon).toEqual([after, after, `${after} true`, `${after} true`]);
  });

  it("show a therapist's new name and disciplines in the agency's therapists, on every instance (migration 0036)", async () => {
    const { agency, cookies } = await agencyOnBoth();
    const therapist = await buildTherapist(db());
    await buildReferral(db(), { agencyId: agency.userId, status: 'in_progress', matchedTherapistId: therapist.userId });
    const shown = async () =>
      Promise.all([therapistList(first().url, cookies[0]), therapistList(second().url, cookies[1])]).then((both) =>
        both.map((page) => page.items.map((item) => `${item.firstName} ${item.disciplines.join('/')} ${item.activeReferrals}`)),
      );
    const [profile] = await db().select({ first: therapistProfiles.firstName }).from(therapistProfiles).where(eq(therapistProfiles.id, therapist.userId));
    await expect.poll(shown, soon).toEqual([[`${profile!.first} PT 1`], [`${profile!.first} PT 1`]]);

    await db().update(therapistProfiles).set({ disciplines: ['PT', 'OT'] }).where(eq(therapistProfiles.id, therapist.userId));
    await expect.poll(shown, soon).toEqual([[`${profile!.first} PT/OT 1`], [`${profile!.first} PT/OT 1`]]);
    await db().update(therapistProfiles).set({ firstName: 'Renamed' }).where(eq(therapistProfiles.id, therapist.userId));
    await expect.poll(shown, soon).toEqual([['Renamed PT/OT 1'], ['Renamed PT/OT 1']]);
    await db().update(referrals).set({ status: 'completed' }).where(eq(referrals.agencyId, agency.userId));
    await expect.poll(shown, soon).toEqual([['Renamed PT/OT 0'], ['Renamed PT/OT 0']]);
  });

  it("show the agency's own change on its very next read", async () => {
    const agency = await buildAgency(db());
    const cookie = await signIn(first().url, agency);
    const draft = await buildReferral(db(), { agencyId: agency.userId, status: 'draft' });
    await expect.poll(async () => (await referralList(first().url, cookie)).items.map((item) => item.status), soon).toEqual(['draft']);
    await ok(await callApi(first().url, 'POST', `/api/referrals/${draft.id}/post`, { cookie }));
    expect((await referralList(first().url, cookie)).items.map((item) => item.status)).toEqual(['posted']);
  });

  it('are read afresh at aal2, where each patient name shown is an audited read', async () => {
    const agency = await buildAgency(db());
    const therapist = await buildTherapist(db());
    const referral = await buildReferral(db(), { agencyId: agency.userId, status: 'in_progress', matchedTherapistId: therapist.userId });
    await db().insert(patients).values({ referralId: referral.id, sealed: 'not-openable', createdBy: agency.userId, updatedBy: agency.userId });
    const strong = await session(first(), agency, 'aal2');
    const reads = async () =>
      (await db().select().from(auditLog).where(and(eq(auditLog.entityId, referral.id), eq(auditLog.actorUserId, agency.userId), eq(auditLog.action, 'patient.read')))).length;
    for (const path of ['/api/referrals', '/api/agency/patients']) {
      const before = await reads();
      await ok(await callApi(first().url, 'GET', path, { cookie: strong.cookie }));
      await ok(await callApi(first().url, 'GET', path, { cookie: strong.cookie }));
      expect(await reads(), path).toBe(before + 2);
    }
  });
});
