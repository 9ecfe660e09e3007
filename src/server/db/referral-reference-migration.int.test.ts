import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { buildReferral } from '../../../test/referral-fixtures';
import { referrals } from './schema/index';

/**
 * Migration 0018 gives every referral its short reference. Referrals that existed before it are
 * numbered in the order they were created, not the order the table happens to be scanned in; new
 * ones carry on after them.
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const migration = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../drizzle/0018_referral_reference.sql');

describe('migration 0018: referral references', () => {
  it('numbers existing referrals from 1001 by created_at, and new referrals after them', async () => {
    const db = app.runtime.database.db;
    // Inserted newest first, so the table's physical order is the reverse of the created order.
    const built = [];
    for (const daysAgo of [1, 2, 3]) built.push(await buildReferral(db, { createdAt: new Date(Date.now() - daysAgo * 86_400_000) }));
    const { pool } = app.runtime.database;
    // Back to the table as it was before 0018, then 0018 exactly as committed.
    await pool.query('ALTER TABLE referrals DROP COLUMN reference_number');
    for (const statement of (await readFile(migration, 'utf8')).split('--> statement-breakpoint')) await pool.query(statement);

    const numbered = await db.select({ id: referrals.id, referenceNumber: referrals.referenceNumber }).from(referrals).orderBy(asc(referrals.createdAt));
    expect(numbered.map((row) => row.referenceNumber)).toEqual([1001, 1002, 1003]);
    expect(numbered.map((row) => row.id)).toEqual([...built].reverse().map((row) => row.id));

    const next = await buildReferral(db);
    const [row] = await db.select({ referenceNumber: referrals.referenceNumber }).from(referrals).where(eq(referrals.id, next.id));
    expect(row?.referenceNumber).toBe(1004);
  });
});
