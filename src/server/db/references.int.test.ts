import type { DatabaseError } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { buildAgency, buildTherapist } from '../../../test/factories';
import { waitUntilBlocked } from '../../../test/locks';
import { buildReferral } from '../../../test/referral-fixtures';

/**
 * Migration 0040: a notification's user and an offer's referral and therapist are kept by
 * statement triggers, not foreign keys (a post to 5,000 therapists checks its 15,000 references in
 * three lookups instead of 15,000). What a foreign key with ON DELETE CASCADE guaranteed still holds.
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const query = (text: string, values: unknown[] = []) => app.runtime.database.pool.query(text, values);

const notify = (userIds: string[]) =>
  query(`insert into notifications (user_id, type, title, body, link) select unnest($1::text[]), 'test', 'Test', 'Body', '/'`, [userIds]);

const offer = (referralId: string, therapistIds: string[]) =>
  query(`insert into referral_offers (referral_id, therapist_id, distance_miles) select $1::uuid, unnest($2::text[]), 1`, [referralId, therapistIds]);

async function refusal(statement: Promise<unknown>): Promise<Pick<DatabaseError, 'code' | 'constraint' | 'detail'>> {
  const error = (await statement.then(
    () => expect.fail('the statement was accepted'),
    (caught: unknown) => caught,
  )) as DatabaseError;
  return { code: error.code, constraint: error.constraint, detail: error.detail };
}

const count = async (text: string, values: unknown[]) => Number((await query(`select count(*) as n from ${text}`, values)).rows[0].n);

describe('references kept by statement (migration 0040)', () => {
  it('refuses a whole statement when one row names a user, referral or therapist that does not exist', async () => {
    const db = app.runtime.database.db;
    const therapists = [await buildTherapist(db), await buildTherapist(db)];
    const referral = await buildReferral(db);
    const ids = therapists.map((t) => t.userId);

    expect(await refusal(notify([...ids, 'no-such-user']))).toEqual({
      code: '23503',
      constraint: 'notifications_user_id_user_id_fk',
      detail: 'Key (user_id)=(no-such-user) is not present in table "user".',
    });
    expect(await count('notifications where user_id = any($1)', [ids])).toBe(0);

    expect(await refusal(offer(referral.id, [...ids, 'no-such-therapist']))).toMatchObject({
      code: '23503',
      constraint: 'referral_offers_therapist_id_therapist_profiles_id_fk',
    });
    // An agency is a user but not a therapist.
    const agency = await buildAgency(db);
    expect(await refusal(offer(referral.id, [agency.userId]))).toMatchObject({ code: '23503' });
    expect(await refusal(offer('00000000-0000-4000-8000-000000000000', ids))).toMatchObject({
      code: '23503',
      constraint: 'referral_offers_referral_id_referrals_id_fk',
    });
    expect(await count('referral_offers where therapist_id = any($1)', [ids])).toBe(0);

    await notify(ids);
    await offer(referral.id, ids);
    expect(await count('notifications where user_id = any($1)', [ids])).toBe(2);
    expect(await count('referral_offers where therapist_id = any($1)', [ids])).toBe(2);
  });

  it('refuses moving a row to a missing reference, and changing a key that is still referenced', async () => {
    const db = app.runtime.database.db;
    const therapist = await buildTherapist(db);
    const referral = await buildReferral(db);
    await notify([therapist.userId]);
    await offer(referral.id, [therapist.userId]);

    expect(await refusal(query(`update notifications set user_id = 'no-such-user' where user_id = $1`, [therapist.userId]))).toMatchObject({ code: '23503' });
    expect(
      await refusal(query(`update referral_offers set referral_id = '00000000-0000-4000-8000-000000000000' where referral_id = $1`, [referral.id])),
    ).toMatchObject({ code: '23503' });
    expect(await refusal(query(`update referral_offers set therapist_id = 'nobody' where referral_id = $1`, [referral.id]))).toMatchObject({ code: '23503' });

    const other = await buildReferral(db);
    await query(`update referral_offers set referral_id = $2 where referral_id = $1`, [referral.id, other.id]);
    expect(await count('referral_offers where referral_id = $1', [other.id])).toBe(1);

    expect(await refusal(query(`update referrals set id = gen_random_uuid() where id = $1`, [other.id]))).toMatchObject({ code: '23503' });
    expect(await refusal(query(`update therapist_profiles set id = id || '-moved' where id = $1`, [therapist.userId]))).toMatchObject({
      code: '23503',
    });
  });

  it('deletes the notifications and offers of a user, therapist or referral deleted, and no one else’s', async () => {
    const db = app.runtime.database.db;
    const [leaving, staying] = [await buildTherapist(db), await buildTherapist(db)];
    const [withdrawn, kept] = [await buildReferral(db), await buildReferral(db)];
    const both = [leaving.userId, staying.userId];
    await notify(both);
    await offer(withdrawn.id, both);
    await offer(kept.id, both);

    await query(`delete from referrals where id = $1`, [withdrawn.id]);
    expect(await count('referral_offers where referral_id = $1', [withdrawn.id])).toBe(0);
    expect(await count('referral_offers where referral_id = $1', [kept.id])).toBe(2);

    // The user's row goes; their therapist profile goes with it by its foreign key, their offers by trigger.
    await query(`delete from "user" where id = $1`, [leaving.userId]);
    expect(await count('notifications where user_id = $1', [leaving.userId])).toBe(0);
    expect(await count('referral_offers where therapist_id = $1', [leaving.userId])).toBe(0);
    expect(await count('notifications where user_id = $1', [staying.userId])).toBe(1);
    expect(await count('referral_offers where therapist_id = $1', [staying.userId])).toBe(1);
  });

  it('leaves no notification behind when a user is deleted while it is being inserted, in either order', async () => {
    const db = app.runtime.database.db;
    const { pool } = app.runtime.database;

    // The insert first: the delete waits for it (the referenced row is locked), then deletes what it inserted.
    const first = await buildTherapist(db);
    const inserting = await pool.connect();
    const deleting = await pool.connect();
    try {
      await inserting.query('begin');
      await inserting.query(`insert into notifications (user_id, type, title, body, link) values ($1, 'test', 'Test', 'Body', '/')`, [first.userId]);
      const deleted = deleting.query(`delete from "user" where id = $1`, [first.userId]);
      await waitUntilBlocked(pool, deleting);
      await inserting.query('commit');
      await deleted;
      expect(await count('notifications where user_id = $1', [first.userId])).toBe(0);

      // The delete first: the insert waits for it, then finds the user gone and is refused.
      const second = await buildTherapist(db);
      await deleting.query('begin');
      await deleting.query(`delete from "user" where id = $1`, [second.userId]);
      const inserted = inserting.query(`insert into notifications (user_id, type, title, body, link) values ($1, 'test', 'Test', 'Body', '/')`, [
        second.userId,
      ]);
      const refused = refusal(inserted);
      await waitUntilBlocked(pool, inserting);
      await deleting.query('commit');
      expect(await refused).toMatchObject({ code: '23503' });
      expect(await count('notifications where user_id = $1', [second.userId])).toBe(0);
    } finally {
      inserting.release();
      deleting.release();
    }
  });
});
