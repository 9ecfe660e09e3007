import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { buildTherapist } from '../../../test/factories';
import { waitUntilBlocked } from '../../../test/locks';
import { todayIn } from '../../domain/business-date';
import type { CredentialKind } from '../../domain/credentials';
import { therapistCredentials, therapistProfiles, useraccounts } from '../db/schema/index';
import { findEligibleTherapists } from '../referrals/eligibility';

/**
 * Matching reads each therapist's verified credentials from their own row (migration 0042), kept by
 * triggers on therapist_credentials. Every way a credential is written is tried here, and judged as
 * a post judges it: the therapist is offered the referral exactly when their credentials hold.
 * (Inserts are also the whole generated population of matching-agreement.int.test.ts.)
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const db = () => app.runtime.database.db;
const AUSTIN = { discipline: 'PT' as const, patientState: 'TX', latitude: 30.2713, longitude: -97.7426, services: ['evaluation' as const, 'treatment' as const] };
const YESTERDAY = todayIn(undefined, new Date(Date.now() - 86_400_000));

/** Of `therapistIds`, those a PT referral in Austin would be offered to now, in id order. */
async function offered(...therapistIds: string[]): Promise<string[]> {
  const eligible = await findEligibleTherapists(app.runtime.database.pool, app.config, AUSTIN);
  return eligible.map((e) => e.therapistId).filter((id) => therapistIds.includes(id));
}

type CredentialValues = Partial<typeof therapistCredentials.$inferInsert>;

/** A therapist near Austin holding every required credential, and their credentials' ids by kind. */
async function licensed(): Promise<{ id: string; credential: Record<string, string> }> {
  const { userId } = await buildTherapist(db(), { zip: '78701' });
  const rows = await db().select().from(therapistCredentials).where(eq(therapistCredentials.therapistId, userId));
  return { id: userId, credential: Object.fromEntries(rows.map((row) => [row.kind, row.id])) };
}

const setCredential = (credentialId: string, values: CredentialValues) =>
  db().update(therapistCredentials).set(values).where(eq(therapistCredentials.id, credentialId));

describe('the credentials matching reads follow every write', () => {
  it('a status, expiry, issuer or kind changed takes the therapist out; changed back, they are offered again', async () => {
    const { id, credential } = await licensed();
    expect(await offered(id)).toEqual([id]);
    const changes: Array<[CredentialKind, CredentialValues, CredentialValues]> = [
      ['npi', { status: 'submitted' }, { status: 'verified' }],
      ['cpr_bls', { status: 'expired' }, { status: 'verified' }],
      ['liability_insurance', { expiresOn: YESTERDAY }, { expiresOn: null }],
      ['state_license', { issuer: 'OK' }, { issuer: ' tx ' }],
      ['background_check', { kind: 'cpr_bls' }, { kind: 'background_check' }],
    ];
    for (const [kind, off, on] of changes) {
      await setCredential(credential[kind]!, off);
      expect(await offered(id), `${kind} ${JSON.stringify(off)}`).toEqual([]);
      await setCredential(credential[kind]!, on);
      expect(await offered(id), `${kind} ${JSON.stringify(on)}`).toEqual([id]);
    }
  });

  it('a license deleted takes the therapist out; a new one verified, or a later one beside an expired one, brings them back', async () => {
    const { id, credential } = await licensed();
    await db().delete(therapistCredentials).where(eq(therapistCredentials.id, credential.state_license!));
    expect(await offered(id)).toEqual([]);
    const license = { therapistId: id, kind: 'state_license' as const, number: 'TX-1', issuer: 'TX', status: 'verified' as const };
    await db().insert(therapistCredentials).values({ ...license, expiresOn: YESTERDAY });
    expect(await offered(id)).toEqual([]);
    await db().insert(therapistCredentials).values({ ...license, status: 'submitted', expiresOn: '2031-01-31' });
    expect(await offered(id)).toEqual([]);
    await db().insert(therapistCredentials).values({ ...license, expiresOn: '2031-01-31' });
    expect(await offered(id)).toEqual([id]);
  });

  it('one statement writing two therapists\' credentials counts for both; a credential moved counts for whom it now belongs to', async () => {
    const [first, second] = [await licensed(), await licensed()];
    const both = [first.id, second.id].sort();
    const cprOfBoth = and(inArray(therapistCredentials.therapistId, both), eq(therapistCredentials.kind, 'cpr_bls'));
    expect(await offered(...both)).toEqual(both);
    await db().update(therapistCredentials).set({ status: 'rejected' }).where(cprOfBoth);
    expect(await offered(...both)).toEqual([]);
    await db().update(therapistCredentials).set({ status: 'verified' }).where(cprOfBoth);
    expect(await offered(...both)).toEqual(both);
    await db().delete(therapistCredentials).where(eq(therapistCredentials.id, second.credential.npi!));
    expect(await offered(...both)).toEqual([first.id]);
    await setCredential(first.credential.npi!, { therapistId: second.id });
    expect(await offered(...both)).toEqual([second.id]);
  });

  it('two of a therapist\'s credentials changed at once: the later sums up the earlier\'s change too, committed while it waited', async () => {
    const { id, credential } = await licensed();
    const { pool } = app.runtime.database;
    const revoking = await pool.connect();
    const renewing = await pool.connect();
    try {
      await revoking.query('begin');
      await revoking.query(`update therapist_credentials set status = 'rejected' where id = $1`, [credential.state_license]);
      // Its statement starts before the rejection commits, and waits on the therapist's row for it.
      const renewed = renewing.query(`update therapist_credentials set expires_on = '2032-01-31' where id = $1`, [credential.npi]);
      await waitUntilBlocked(pool, renewing);
      await revoking.query('commit');
      await renewed;
    } finally {
      revoking.release();
      renewing.release();
    }
    expect(await offered(id)).toEqual([]);
  });

  it('a therapist deleted takes their credentials with them, and nothing else fails', async () => {
    const { id } = await licensed();
    await db().delete(useraccounts).where(eq(useraccounts.userId, id));
    expect(await db().select().from(therapistProfiles).where(eq(therapistProfiles.id, id))).toEqual([]);
    expect(await db().select().from(therapistCredentials).where(eq(therapistCredentials.therapistId, id))).toEqual([]);
  });
});
