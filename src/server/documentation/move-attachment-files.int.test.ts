import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { realPdf } from '../../../test/attachment-files';
import { buildAgency, buildTherapist } from '../../../test/factories';
import { callApi, ok } from '../../../test/http';
import { session, type SignedIn } from '../../../test/people';
import { S3Double } from '../../../test/s3-double';
import { buildVisit } from '../../../test/visit-fixtures';
import type { AttachmentView } from '../../domain/documentation';
import { loadConfig } from '../config';
import { noteAttachments } from '../db/schema/index';
import type { AttachmentStore } from './attachment-store';
import { moveAttachmentFilesToStore, type MoveLog } from './move-attachment-files';
import { createS3AttachmentStore } from './s3-attachment-store';

/**
 * Attachments an older version kept as files under an instance's DATA_DIR/attachments move into
 * the shared store when an instance starts. The files are made here as that version made them:
 * the sealed bytes, named by the row's storage key.
 */

const sharedSecrets = { APP_SECRET: randomBytes(32).toString('base64url'), PHI_ENCRYPTION_KEY: randomBytes(32).toString('base64') };
let app: TestApp;
let therapist: SignedIn;
let visitId: string;
const temporary: string[] = [];
beforeAll(async () => {
  app = await startTestApp(sharedSecrets);
  const db = app.runtime.database.db;
  const agencyPerson = await buildAgency(db);
  const therapistPerson = await buildTherapist(db);
  visitId = (await buildVisit(db, { agencyId: agencyPerson.userId, therapistId: therapistPerson.userId })).id;
  therapist = await session(app, therapistPerson);
});
afterAll(async () => {
  await app.close();
  for (const dir of temporary) await rm(dir, { recursive: true, force: true });
});

const call = (on: TestApp, method: string, url: string) => callApi(on.url, method, `/api${url}`, { cookie: therapist.cookie, ip: therapist.ip });
const download = async (on: TestApp, attachmentId: string) => {
  const response = await call(on, 'GET', `/attachments/${attachmentId}`);
  return { status: response.status, body: Buffer.from(await response.arrayBuffer()) };
};

/** An attachment as an older version left it: its row, and its sealed file (returned) instead of anything in the store. */
async function legacyAttachment(content: Buffer, name = 'Dolores Abernathy knee.pdf') {
  const view = await ok<AttachmentView>(
    await callApi(app.url, 'POST', `/api/visits/${visitId}/attachments`, {
      cookie: therapist.cookie,
      ip: therapist.ip,
      body: content,
      headers: { 'content-type': 'application/pdf', 'x-file-name': encodeURIComponent(name) },
    }),
    201,
  );
  const [row] = await app.runtime.database.db.select({ key: noteAttachments.storageKey }).from(noteAttachments).where(eq(noteAttachments.id, view.id));
  const key = row!.key;
  const sealed = (await app.runtime.attachmentStore.get(key))!;
  await app.runtime.attachmentStore.remove(key);
  return { id: view.id, key, sealed };
}

async function legacyFolder(files: Array<{ key: string; sealed: Buffer }>) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'carerelay-legacy-'));
  temporary.push(dataDir);
  await mkdir(path.join(dataDir, 'attachments'));
  for (const file of files) await writeFile(path.join(dataDir, 'attachments', file.key), file.sealed);
  return dataDir;
}

function recordingLog(): MoveLog & { lines: string[] } {
  const lines: string[] = [];
  const write = (details: Record<string, unknown>, message: string) => void lines.push(JSON.stringify({ ...details, msg: message }));
  return { lines, info: write, warn: write };
}

describe('moving attachment files into the shared store', () => {
  it('at start-up: each file whose row exists is copied into the store and deleted; a missing file is logged by attachment id; a file no row names stays', async () => {
    const content = realPdf('moved at start-up');
    const moved = await legacyAttachment(content);
    const missing = await legacyAttachment(realPdf('lost'));
    const stray = { key: randomBytes(24).toString('hex'), sealed: randomBytes(64) };
    expect((await download(app, moved.id)).status).toBe(500);

    const lines: string[] = [];
    const second = await startTestApp(
      { ...sharedSecrets, LOG_LEVEL: 'info' },
      {
        sameDatabaseAs: app,
        logStream: { write: (line) => lines.push(line) },
        prepareDataDir: async (dataDir) => {
          await mkdir(path.join(dataDir, 'attachments'));
          await writeFile(path.join(dataDir, 'attachments', moved.key), moved.sealed);
          await writeFile(path.join(dataDir, 'attachments', stray.key), stray.sealed);
        },
      },
    );
    try {
      expect(await readdir(path.join(second.config.dataDir, 'attachments'))).toEqual([stray.key]);
      // In the store now: both instances serve it.
      for (const instance of [app, second]) {
        const file = await download(instance, moved.id);
        expect(file.status).toBe(200);
        expect(file.body.equals(content)).toBe(true);
      }
      expect((await download(second, missing.id)).status).toBe(500);
      const log = lines.join('');
      expect(log).toContain('attachment files moved from DATA_DIR/attachments into the attachment store');
      expect(log).toContain(`"attachmentId":"${missing.id}"`);
      expect(log).toContain('files in DATA_DIR/attachments belong to no attachment in this database; left in place');
      expect(log).not.toContain(`"attachmentId":"${moved.id}"`);
      // Nothing that identifies the patient: no file name, no content.
      expect(log).not.toContain('Dolores');
    } finally {
      await second.close();
    }
  });

  it('instances starting together over one shared folder take turns: each file moves once, and the emptied folder goes', async () => {
    const content = realPdf('shared folder');
    const file = await legacyAttachment(content);
    const dataDir = await legacyFolder([file]);
    const deps = { database: app.runtime.database, store: app.runtime.attachmentStore, dataDir, log: recordingLog() };
    const results = await Promise.all([moveAttachmentFilesToStore(deps), moveAttachmentFilesToStore(deps)]);
    expect(results.map((result) => result.moved).sort()).toEqual([0, 1]);
    expect(existsSync(path.join(dataDir, 'attachments'))).toBe(false);
    expect((await download(app, file.id)).body.equals(content)).toBe(true);
    // Later starts find no folder and do nothing.
    expect(await moveAttachmentFilesToStore(deps)).toEqual({ moved: 0, missing: 0, leftOver: 0 });
  });

  it('a file copied but not yet deleted (a crash in between) is copied again, whole, and then deleted', async () => {
    const content = realPdf('copied twice');
    const file = await legacyAttachment(content);
    await app.runtime.attachmentStore.put(file.key, file.sealed);
    const dataDir = await legacyFolder([file]);
    const result = await moveAttachmentFilesToStore({ database: app.runtime.database, store: app.runtime.attachmentStore, dataDir, log: recordingLog() });
    expect(result).toMatchObject({ moved: 1, leftOver: 0 });
    expect((await download(app, file.id)).body.equals(content)).toBe(true);
  });

  it('moves files into an S3-compatible bucket the same way', async () => {
    const s3 = await new S3Double().start();
    try {
      const settings = loadConfig(s3.env).attachmentStorage;
      if (settings.kind !== 's3') throw new Error('expected S3 settings');
      const bucket: AttachmentStore = createS3AttachmentStore(settings);
      const file = await legacyAttachment(realPdf('to the bucket'));
      const dataDir = await legacyFolder([file]);
      const log = recordingLog();
      const result = await moveAttachmentFilesToStore({ database: app.runtime.database, store: bucket, dataDir, log });
      expect(result.moved).toBe(1);
      expect(s3.objects.get(`attachments/${file.key}`)?.equals(file.sealed)).toBe(true);
      expect(existsSync(path.join(dataDir, 'attachments'))).toBe(false);
    } finally {
      await s3.stop();
    }
  });

  it('a bucket that cannot be reached stops the move without failing the start: the files stay, logged, and move at a later start', async () => {
    const s3 = await new S3Double().start();
    try {
      const settings = loadConfig(s3.env).attachmentStorage;
      if (settings.kind !== 's3') throw new Error('expected S3 settings');
      const bucket = createS3AttachmentStore(settings);
      const file = await legacyAttachment(realPdf('waits for the bucket'));
      const dataDir = await legacyFolder([file]);
      const log = recordingLog();
      s3.down = true;
      const stopped = await moveAttachmentFilesToStore({ database: app.runtime.database, store: bucket, dataDir, log });
      expect(stopped.moved).toBe(0);
      expect(await readdir(path.join(dataDir, 'attachments'))).toEqual([file.key]);
      expect(log.lines.join('\n')).toContain('moving attachment files into the attachment store stopped');
      s3.down = false;
      expect((await moveAttachmentFilesToStore({ database: app.runtime.database, store: bucket, dataDir, log })).moved).toBe(1);
      expect(s3.objects.get(`attachments/${file.key}`)?.equals(file.sealed)).toBe(true);
    } finally {
      await s3.stop();
    }
  });
});
