import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { buildAgency, buildTherapist } from '../../../test/factories';
import { buildReferral } from '../../../test/referral-fixtures';
import { buildVisit } from '../../../test/visit-fixtures';
import { visits } from './schema/index';

/**
 * Migration 0025 gives every visit the care type the clocks count and the discipline its therapist
 * did it as. Visits booked before it take their service's own type (a progress report is the
 * reassessment), and the referral's discipline when the therapist holds it, else its assistant's.
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const migration = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../drizzle/0025_care_clocks.sql');

describe('migration 0025: care clocks', () => {
  it('backfills each visit’s care type from its service and its discipline from what the therapist holds', async () => {
    const db = app.runtime.database.db;
    const agencyId = (await buildAgency(db)).userId;
    const pt = (await buildTherapist(db, { discipline: 'PT' })).userId;
    const pta = (await buildTherapist(db, { discipline: 'PTA' })).userId;
    const ptReferral = (await buildReferral(db, { agencyId, status: 'in_progress', matchedTherapistId: pt })).id;
    const ptaReferral = (await buildReferral(db, { agencyId, status: 'in_progress', matchedTherapistId: pta })).id;
    const built = {
      evaluation: await buildVisit(db, { agencyId, therapistId: pt, referralId: ptReferral, serviceId: 'evaluation' }),
      progress: await buildVisit(db, { agencyId, therapistId: pt, referralId: ptReferral, serviceId: 'progress_report' }),
      treatment: await buildVisit(db, { agencyId, therapistId: pta, referralId: ptaReferral, serviceId: 'treatment' }),
    };
    const { pool } = app.runtime.database;
    // Back to the tables as they were before 0025, then 0025 exactly as committed.
    await pool.query('ALTER TABLE visits DROP COLUMN visit_type, DROP COLUMN therapist_discipline');
    await pool.query('ALTER TABLE referrals DROP COLUMN ordered_start_of_care');
    for (const statement of (await readFile(migration, 'utf8')).split('--> statement-breakpoint')) await pool.query(statement);

    const read = async (id: string) => (await db.select({ type: visits.visitType, discipline: visits.therapistDiscipline }).from(visits).where(eq(visits.id, id)))[0];
    expect(await read(built.evaluation.id)).toEqual({ type: 'evaluation', discipline: 'PT' });
    expect(await read(built.progress.id)).toEqual({ type: 'reassessment', discipline: 'PT' });
    expect(await read(built.treatment.id)).toEqual({ type: 'routine', discipline: 'PTA' });
  });
});
