import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app';
import { startAppWithSmtp } from '../../../test/app-with-smtp';
import { buildAgency, buildManager, buildTherapist } from '../../../test/factories';
import { callApi, ok, refused } from '../../../test/http';
import { leieCsv, LeieDouble } from '../../../test/leie-double';
import { waitFor } from '../../../test/payment-fixtures';
import { session, type SignedIn } from '../../../test/people';
import type { TestSmtpServer } from '../../../test/smtp';
import type { ExclusionsOverview } from '../../domain/primary-source-checks';
import { auditLog, leieExclusions, leieImports, notifications, primarySourceChecks, therapistCredentials, therapistProfiles, userProfiles } from '../db/schema/index';

/**
 * The OIG exclusion list (LEIE) against a local double of its download: the import (quoted CSV,
 * replaced only on success, a failed download retried), the checks that suspend and alert
 * managers, lifting a suspension, and who may do what.
 */

const leie = new LeieDouble();
let smtp: TestSmtpServer;
let app: TestApp;
let closeAppAndSmtp: (() => Promise<void>) | undefined;
let manager: SignedIn & { email: string };
const db = () => app.runtime.database.db;

beforeAll(async () => {
  await leie.start();
  ({ app, smtp, close: closeAppAndSmtp } = await startAppWithSmtp({ ...leie.env, JOB_RETRY_LIMIT: '2' }));
  const built = await buildManager(db());
  manager = { ...(await session(app, built)), email: built.email };
});
afterAll(async () => {
  await closeAppAndSmtp?.();
  await leie.stop();
});

const overview = async (who: SignedIn | null = manager) => callApi(app.url, 'GET', '/api/admin/exclusions', { cookie: who?.cookie, ip: who?.ip });
const importNow = (who: SignedIn | null = manager) => callApi(app.url, 'POST', '/api/admin/exclusions/import', { cookie: who?.cookie, ip: who?.ip });
const lift = (therapistId: string, body: unknown, who: SignedIn | null = manager) =>
  callApi(app.url, 'POST', `/api/admin/exclusions/suspensions/${therapistId}/lift`, { cookie: who?.cookie, ip: who?.ip, body });

let npiSequence = 500;
async function therapistWithNpi(options: { firstName?: string; lastName?: string; dateOfBirth?: string } = {}) {
  const therapist = await buildTherapist(db(), options);
  const npi = `1${String(npiSequence++).padStart(9, '0')}`;
  await db().update(therapistCredentials).set({ number: npi }).where(and(eq(therapistCredentials.therapistId, therapist.userId), eq(therapistCredentials.kind, 'npi')));
  await db().update(userProfiles).set({ npiNumber: npi }).where(eq(userProfiles.id, therapist.userId));
  if (options.dateOfBirth) await db().update(therapistProfiles).set({ dateOfBirth: options.dateOfBirth }).where(eq(therapistProfiles.id, therapist.userId));
  return { ...therapist, npi };
}

/** No import queued, running or waiting to retry (a failed one is retried by the queue). */
const importsIdle = () => waitFor(async () => !(await ok<ExclusionsOverview>(await overview())).importQueued, 20_000, 'the imports to end');

/** No check of therapists against the list waiting or running. */
const checksIdle = () =>
  waitFor(async () => {
    const result = await db().execute<{ live: number }>(sql`select count(*)::int as live from pgboss.job where name = 'leie-check' and state < 'completed'`);
    return result.rows[0]?.live === 0;
  }, 20_000, 'the checks to end');

const importCount = async () => (await db().select().from(leieImports)).length;

/** Runs "Import now" and waits for that import (and the checks it queues) to end. */
async function runImport(status: 'finished' | 'failed' = 'finished') {
  await importsIdle();
  await checksIdle();
  const before = await importCount();
  await ok(await importNow(), 202);
  const ended = await waitFor(async () => {
    const [latest] = await db().select().from(leieImports).orderBy(desc(leieImports.startedAt)).limit(1);
    return (await importCount()) > before && latest?.status === status ? latest : undefined;
  }, 20_000, `an import to be ${status}`);
  await checksIdle();
  return ended;
}

const latestLeieCheck = async (therapistId: string) =>
  (await db().select().from(primarySourceChecks).where(and(eq(primarySourceChecks.therapistId, therapistId), eq(primarySourceChecks.source, 'leie'))).orderBy(desc(primarySourceChecks.checkedAt)).limit(1))[0];

const checkedSince = (therapistId: string, since: Date) =>
  waitFor(async () => {
    const check = await latestLeieCheck(therapistId);
    return check && check.checkedAt >= since ? check : undefined;
  }, 20_000, 'an LEIE check');

async function profileOf(therapistId: string) {
  const [row] = await db().select().from(therapistProfiles).where(eq(therapistProfiles.id, therapistId));
  return row!;
}

describe('importing the LEIE list', () => {
  it('imports the published CSV (quoted commas, quotes, a line break in a field) and shows it to managers', async () => {
    const finished = await runImport();
    expect(finished.rowCount).toBe(3);
    const rows = await db().select().from(leieExclusions);
    expect(rows.map((r) => r.lastName || r.businessName).sort()).toEqual(['ONEIL, JR', 'RIVERA', 'SUNRISE HOME HEALTH, LLC']);
    const seen = await ok<ExclusionsOverview>(await overview());
    expect(seen.inForce).toMatchObject({ id: finished.id, status: 'finished', rowCount: 3, source: leie.url });
  });

  it('keeps the previous list when a download fails, records the failure, and retries it', async () => {
    const before = await db().select().from(leieExclusions);
    leie.failures = 1;
    leie.csv = leieCsv([{ lastName: 'Newcomer', firstName: 'Nia' }]);
    await runImport('failed');
    const [failed] = await db().select().from(leieImports).orderBy(desc(leieImports.startedAt)).limit(1);
    expect(failed!.error).toContain('HTTP 503');
    expect(failed!.error).toContain('The previous list stays in force');
    expect((await db().select().from(leieExclusions)).map((r) => r.id).sort()).toEqual(before.map((r) => r.id).sort());
    // The queue's retry imports the new list.
    const retried = await waitFor(async () => {
      const [latest] = await db().select().from(leieImports).orderBy(desc(leieImports.startedAt)).limit(1);
      return latest?.status === 'finished' && latest.id !== failed!.id ? latest : undefined;
    }, 20_000, 'the retried import');
    expect(retried.rowCount).toBe(4);
  });

  it('keeps the previous list when the download breaks part-way', async () => {
    const before = (await db().select().from(leieExclusions)).length;
    leie.csv = leieCsv([{ lastName: 'Partial', firstName: 'Pat' }, { lastName: 'Second', firstName: 'Sam' }]);
    leie.breakAfterBytes = 400;
    try {
      const failed = await runImport('failed');
      expect(failed.error).toBeTruthy();
      expect((await db().select().from(leieExclusions)).length).toBe(before);
    } finally {
      leie.breakAfterBytes = undefined;
    }
  });

  it('queues one import for two "Import now" at once', async () => {
    leie.csv = leieCsv();
    await importsIdle();
    const answers = await Promise.all([importNow(), importNow()]);
    expect(answers.map((a) => a.status).sort()).toEqual([202, 409]);
    const conflict = answers.find((a) => a.status === 409)!;
    expect((await conflict.json()) as unknown).toMatchObject({ error: { code: 'CONFLICT', message: 'An import of the exclusion list is already queued or running.' } });
    await importsIdle();
  });
});

describe('checking therapists against the list', () => {
  it('suspends a therapist listed by NPI, alerts managers in-app and by email, and tells the therapist', async () => {
    const listed = await therapistWithNpi({ firstName: 'Dana', lastName: 'Listed' });
    const unlisted = await therapistWithNpi({ firstName: 'Uma', lastName: 'Unlisted' });
    leie.csv = leieCsv([{ lastName: 'Listed', firstName: 'Dana', npi: listed.npi, excludedOn: '20240115' }]);
    const started = new Date();
    await runImport();
    const check = await checkedSince(listed.userId, started);
    expect(check.outcome).toBe('match');
    expect(check.detail).toContain(`LISTED, DANA (PHYSICAL THERAPIST, TX), excluded Jan 15, 2024 under 1128b4, matched by NPI ${listed.npi}`);
    const profile = await profileOf(listed.userId);
    expect(profile.suspendedAt).not.toBeNull();
    expect(profile.suspensionReason).toBe('Listed on the OIG exclusion list (LEIE) since Jan 15, 2024');

    const clear = await checkedSince(unlisted.userId, started);
    expect(clear.outcome).toBe('clear');
    expect(clear.detail).toContain(`checked by NPI ${unlisted.npi} and not by name and date of birth (no date of birth on file)`);
    expect((await profileOf(unlisted.userId)).suspendedAt).toBeNull();

    const mail = await smtp.waitForMail((m) => m.to.includes(manager.email) && m.subject.includes('Dana Listed'));
    expect(mail.subject).toBe('Exclusion list match: Dana Listed is suspended');
    expect(mail.text).toContain('/dashboard/admin/exclusions');
    const [alert] = await db().select().from(notifications).where(and(eq(notifications.userId, manager.userId), eq(notifications.type, 'trust.leie_match')));
    expect(alert).toMatchObject({ title: 'Exclusion list match: Dana Listed', link: '/dashboard/admin/exclusions' });
    const [told] = await db().select().from(notifications).where(eq(notifications.userId, listed.userId));
    expect(told).toMatchObject({ type: 'trust.suspended', title: 'Your eligibility is suspended' });
    const [audit] = await db().select().from(auditLog).where(and(eq(auditLog.action, 'therapist.suspended'), eq(auditLog.entityId, listed.userId)));
    expect(audit).toBeDefined();

    const seen = await ok<ExclusionsOverview>(await overview());
    expect(seen.suspended).toContainEqual(expect.objectContaining({ therapistId: listed.userId, name: 'Dana Listed', reason: 'Listed on the OIG exclusion list (LEIE) since Jan 15, 2024' }));
  });

  it('suspends by last name, first name and date of birth, and not for a reinstated entry or another birthday', async () => {
    const namesake = await therapistWithNpi({ firstName: 'Noor', lastName: 'Byname', dateOfBirth: '1981-03-04' });
    const otherBirthday = await therapistWithNpi({ firstName: 'Omar', lastName: 'Birthday', dateOfBirth: '1990-01-01' });
    const reinstated = await therapistWithNpi({ firstName: 'Rae', lastName: 'Back', dateOfBirth: '1975-05-05' });
    leie.csv = leieCsv([
      { lastName: 'BYNAME', firstName: 'NOOR', dob: '19810304', excludedOn: '20230601' },
      { lastName: 'Birthday', firstName: 'Omar', dob: '19900102' },
      { lastName: 'Back', firstName: 'Rae', dob: '19750505', reinstatedOn: '20250101' },
    ]);
    const started = new Date();
    await runImport();
    const check = await checkedSince(namesake.userId, started);
    expect(check.outcome).toBe('match');
    expect(check.detail).toContain('matched by name and date of birth');
    expect((await profileOf(namesake.userId)).suspensionReason).toBe('Listed on the OIG exclusion list (LEIE) since Jun 1, 2023');
    for (const other of [otherBirthday, reinstated]) {
      const clear = await checkedSince(other.userId, started);
      expect(clear.outcome).toBe('clear');
      expect(clear.detail).toContain('and by name and date of birth');
      expect((await profileOf(other.userId)).suspendedAt).toBeNull();
    }
  });

  it('lifts a suspension with a reason; the same entry next month does not suspend again, a changed one does', async () => {
    const therapist = await therapistWithNpi({ firstName: 'Lia', lastName: 'Lifted', dateOfBirth: '1985-07-07' });
    const entry = { lastName: 'Lifted', firstName: 'Lia', dob: '19850707', excludedOn: '20220202' };
    leie.csv = leieCsv([entry]);
    await runImport();
    await waitFor(async () => (await profileOf(therapist.userId)).suspendedAt !== null, 20_000, 'the suspension');

    const missing = await refused(await lift(therapist.userId, {}), 400, 'VALIDATION');
    expect(missing.fields).toHaveProperty('reason');
    await refused(await lift(therapist.userId, { reason: '   ' }), 400, 'VALIDATION');
    expect((await profileOf(therapist.userId)).suspendedAt).not.toBeNull();

    const after = await ok<ExclusionsOverview>(await lift(therapist.userId, { reason: 'Another person: different middle name and SSN confirmed' }));
    expect(after.suspended.map((s) => s.therapistId)).not.toContain(therapist.userId);
    expect((await profileOf(therapist.userId)).suspendedAt).toBeNull();
    expect((await latestLeieCheck(therapist.userId))!.detail).toContain('Suspension lifted by Morgan');
    const [audit] = await db().select().from(auditLog).where(and(eq(auditLog.action, 'therapist.suspension_lifted'), eq(auditLog.entityId, therapist.userId)));
    expect(audit).toMatchObject({ actorUserId: manager.userId, outcome: 'success' });
    await refused(await lift(therapist.userId, { reason: 'again' }), 409, 'CONFLICT');

    let started = new Date();
    await runImport();
    const stillClear = await checkedSince(therapist.userId, started);
    expect(stillClear.outcome).toBe('clear');
    expect(stillClear.detail).toContain('One listed entry was judged by a manager not to be this therapist.');
    expect((await profileOf(therapist.userId)).suspendedAt).toBeNull();

    leie.csv = leieCsv([{ ...entry, excludedOn: '20250303' }]);
    started = new Date();
    await runImport();
    expect((await checkedSince(therapist.userId, started)).outcome).toBe('match');
    expect((await profileOf(therapist.userId)).suspensionReason).toBe('Listed on the OIG exclusion list (LEIE) since Mar 3, 2025');
  });
});

describe('who may see and act on the exclusion list', () => {
  it('only an approved manager who passed a second factor', async () => {
    const therapist = await buildTherapist(db());
    const agency = await buildAgency(db());
    const aal1 = await session(app, await buildManager(db()), 'aal1');
    for (const call of [overview, importNow, (who: SignedIn | null) => lift(therapist.userId, { reason: 'x' }, who)]) {
      await refused(await call(null), 401, 'UNAUTHENTICATED');
      await refused(await call(await session(app, therapist)), 403, 'FORBIDDEN');
      await refused(await call(await session(app, agency)), 403, 'FORBIDDEN');
      expect((await call(aal1)).status).toBe(403);
    }
  });

  it('answers 404 for an unknown therapist and 409 for one not suspended', async () => {
    await refused(await lift('no-such-therapist', { reason: 'x' }), 404, 'NOT_FOUND');
    const therapist = await buildTherapist(db());
    await refused(await lift(therapist.userId, { reason: 'x' }), 409, 'CONFLICT');
  });
});
