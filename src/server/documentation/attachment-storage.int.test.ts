import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { realPdf } from '../../../test/attachment-files';
import { buildAgency, buildTherapist } from '../../../test/factories';
import { callApi, errorOf, ok } from '../../../test/http';
import { captureLogs } from '../../../test/log-capture';
import { session, type SignedIn } from '../../../test/people';
import { S3Double } from '../../../test/s3-double';
import { buildVisit } from '../../../test/visit-fixtures';
import type { AttachmentView } from '../../domain/documentation';
import { attachmentBlobs, auditLog, noteAttachments } from '../db/schema/index';

/**
 * Instances keep no attachment of their own: a file uploaded through one is served by every other
 * sharing the database (and the bucket), with attachments in PostgreSQL (the default) and in an
 * S3-compatible bucket (a local double of the S3 API, through the real adapter and AWS SDK).
 */

const s3 = new S3Double();
beforeAll(() => s3.start());
afterAll(() => s3.stop());

// Instances behind one load balancer share these, as the README says.
const sharedSecrets = { APP_SECRET: randomBytes(32).toString('base64url'), PHI_ENCRYPTION_KEY: randomBytes(32).toString('base64') };

const call = (app: TestApp, method: string, url: string, client: SignedIn, body?: unknown, headers: Record<string, string> = {}) =>
  callApi(app.url, method, `/api${url}`, { cookie: client.cookie, ip: client.ip, userAgent: 'CareRelayTest/1.0', body, headers });
const upload = (app: TestApp, visitId: string, therapist: SignedIn, body: Buffer, name = 'home exercise plan.pdf') =>
  call(app, 'POST', `/visits/${visitId}/attachments`, therapist, body, { 'content-type': 'application/pdf', 'x-file-name': encodeURIComponent(name) });
const list = async (app: TestApp, visitId: string, client: SignedIn) =>
  (await ok<{ items: AttachmentView[] }>(await call(app, 'GET', `/visits/${visitId}/attachments`, client))).items;
const bytesOf = async (response: Response) => {
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
};

/** Fails the audit row of every successful upload, so the upload's transaction fails after its file was stored. */
async function withFailingUploadAudit(app: TestApp, work: () => Promise<void>) {
  const db = app.runtime.database.db;
  await db.execute(
    sql.raw(`create function fail_upload_audit() returns trigger language plpgsql as $$ begin raise exception 'audit refused'; end $$;
             create trigger fail_upload_audit before insert on audit_log for each row
               when (new.action = 'attachment.upload' and new.outcome = 'success') execute function fail_upload_audit();`),
  );
  try {
    await work();
  } finally {
    await db.execute(sql.raw('drop trigger fail_upload_audit on audit_log; drop function fail_upload_audit();'));
  }
}

describe.each([
  { storage: 'PostgreSQL', env: () => ({}), storedFiles: async (app: TestApp) => app.runtime.database.db.$count(attachmentBlobs) },
  { storage: 'an S3-compatible bucket', env: () => s3.env, storedFiles: async () => s3.objects.size },
])('two instances on one database, attachments in $storage', ({ env, storedFiles }) => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    first = await startTestApp({ ...sharedSecrets, ...env() });
    second = await startTestApp({ ...sharedSecrets, ...env() }, { sameDatabaseAs: first });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  async function completedVisit() {
    const db = first.runtime.database.db;
    const agencyPerson = await buildAgency(db);
    const therapistPerson = await buildTherapist(db, { firstName: 'Ana', lastName: 'Moss' });
    const visit = await buildVisit(db, { agencyId: agencyPerson.userId, therapistId: therapistPerson.userId });
    return { visit, agency: await session(first, agencyPerson), therapist: await session(first, therapistPerson) };
  }

  it('a file uploaded through one instance is listed, downloaded and removed through the other; neither keeps it under its DATA_DIR', async () => {
    const { visit, agency, therapist } = await completedVisit();
    const pdf = realPdf('Dolores Abernathy, home exercise plan');
    const uploaded = await ok<AttachmentView>(await upload(first, visit.id, therapist, pdf), 201);
    expect((await list(second, visit.id, therapist)).map((item) => item.id)).toEqual([uploaded.id]);
    expect((await bytesOf(await call(second, 'GET', `/attachments/${uploaded.id}`, therapist))).equals(pdf)).toBe(true);

    // Signed through the second instance: the agency downloads it through the first.
    await ok(await call(second, 'PUT', `/visits/${visit.id}/notes/draft`, therapist, { content: { serviceId: 'evaluation', history: 'Fell at home.', objectiveMeasures: 'TUG 18 s.', assessment: 'Fall risk.', goals: ['Walk 150 ft'], plan: 'Gait training.', frequency: '2w4' } }));
    const another = await ok<AttachmentView>(await upload(second, visit.id, therapist, realPdf('second page')), 201);
    expect((await call(first, 'DELETE', `/attachments/${another.id}`, therapist)).status).toBe(204);
    expect((await call(second, 'GET', `/attachments/${another.id}`, therapist)).status).toBe(404);
    await ok(await call(second, 'POST', `/visits/${visit.id}/notes/sign`, therapist, { signedName: 'Ana Moss' }));
    expect((await bytesOf(await call(first, 'GET', `/attachments/${uploaded.id}`, agency))).equals(pdf)).toBe(true);
    expect((await bytesOf(await call(second, 'GET', `/attachments/${uploaded.id}`, agency))).equals(pdf)).toBe(true);

    for (const app of [first, second]) expect(existsSync(`${app.config.dataDir}/attachments`)).toBe(false);
  });

  it('an upload whose transaction fails after its file was stored leaves neither the attachment nor its file', async () => {
    const { visit, therapist } = await completedVisit();
    const before = await storedFiles(first);
    await withFailingUploadAudit(first, async () => {
      const failed = await upload(second, visit.id, therapist, realPdf());
      expect(failed.status).toBe(500);
      expect((await errorOf(failed)).code).toBe('INTERNAL');
    });
    expect(await list(first, visit.id, therapist)).toEqual([]);
    expect(await first.runtime.database.db.$count(noteAttachments, eq(noteAttachments.visitId, visit.id))).toBe(0);
    expect(await storedFiles(first)).toBe(before);
  });

  it('a file missing from the store is a 500, audited as missing; its row stays', async () => {
    const { visit, therapist } = await completedVisit();
    const uploaded = await ok<AttachmentView>(await upload(first, visit.id, therapist, realPdf()), 201);
    const [row] = await first.runtime.database.db.select({ key: noteAttachments.storageKey }).from(noteAttachments).where(eq(noteAttachments.id, uploaded.id));
    await first.runtime.attachmentStore.remove(row!.key);
    const missing = await call(second, 'GET', `/attachments/${uploaded.id}`, therapist);
    expect(missing.status).toBe(500);
    expect((await errorOf(missing)).code).toBe('INTERNAL');
    const [audit] = await first.runtime.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, uploaded.id), eq(auditLog.action, 'attachment.download')));
    expect(audit).toMatchObject({ outcome: 'failure', details: { reason: 'missing', as: 'therapist', visitId: visit.id } });
    expect((await list(first, visit.id, therapist)).map((item) => item.id)).toEqual([uploaded.id]);
  });
});

describe('the bucket unreachable', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(s3.env);
  });
  afterAll(() => app.close());

  it('a download answers 503, audited; an upload fails whole; a removal still removes the attachment and logs the file it left, by id only', async () => {
    const db = app.runtime.database.db;
    const agencyPerson = await buildAgency(db);
    const therapistPerson = await buildTherapist(db);
    const visit = await buildVisit(db, { agencyId: agencyPerson.userId, therapistId: therapistPerson.userId });
    const therapist = await session(app, therapistPerson);
    const kept = await ok<AttachmentView>(await upload(app, visit.id, therapist, realPdf()), 201);
    const wrong = await ok<AttachmentView>(await upload(app, visit.id, therapist, realPdf('another patient'), 'Dolores Abernathy.pdf'), 201);
    const objects = s3.objects.size;
    const logs = captureLogs(app.runtime.app.log);
    s3.down = true;
    try {
      const unavailable = await call(app, 'GET', `/attachments/${kept.id}`, therapist);
      expect(unavailable.status).toBe(503);
      expect(await errorOf(unavailable)).toEqual({ code: 'UNAVAILABLE', message: 'The file cannot be reached right now. Please try again in a moment.' });
      expect((await upload(app, visit.id, therapist, realPdf('third'))).status).toBe(500);
      expect((await call(app, 'DELETE', `/attachments/${wrong.id}`, therapist)).status).toBe(204);
    } finally {
      s3.down = false;
      logs.stop();
    }
    expect((await list(app, visit.id, therapist)).map((item) => item.id)).toEqual([kept.id]);
    expect(s3.objects.size).toBe(objects);
    const [audit] = await db.select().from(auditLog).where(and(eq(auditLog.entityId, kept.id), eq(auditLog.action, 'attachment.download')));
    expect(audit).toMatchObject({ outcome: 'failure', details: { reason: 'store_unavailable', as: 'therapist', visitId: visit.id } });
    expect(logs.text()).toContain(`"attachmentId":"${wrong.id}"`);
    expect(logs.text()).toContain("a removed attachment's stored file could not be deleted");
    expect(logs.text()).not.toContain('Dolores');
    // Back up: the kept file is served again.
    expect((await bytesOf(await call(app, 'GET', `/attachments/${kept.id}`, therapist))).equals(realPdf())).toBe(true);
  });
});
