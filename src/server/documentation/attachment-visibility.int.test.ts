import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { buildAgency, buildTherapist, clientAddress, elevateSession, signIn } from '../../../test/factories';
import { errorOf } from '../../../test/http';
import { insertVisit } from '../../../test/visit-fixtures';
import type { AttachmentView, NoteContent } from '../../domain/documentation';
import { auditLog } from '../db/schema/index';

/**
 * Which of a visit's attachments the agency sees: only those uploaded by the therapist's latest
 * signature. A file added to a draft is the therapist's until they sign; a file added while revising
 * a returned note appears when they sign again; the therapist always sees them all.
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const db = () => app.runtime.database.db;
const NOT_FOUND = { code: 'NOT_FOUND', message: 'No visit documentation found.' };

interface Client {
  userId: string;
  cookie: string;
  ip: string;
}

function call(method: string, url: string, client: Client, body?: unknown, headers: Record<string, string> = {}) {
  const raw = body instanceof Buffer;
  return fetch(`${app.url}/api${url}`, {
    method,
    headers: {
      origin: app.url,
      'user-agent': 'CareRelayTest/1.0',
      'x-forwarded-for': client.ip,
      cookie: client.cookie,
      ...(body === undefined || raw ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : raw ? new Uint8Array(body) : JSON.stringify(body),
  });
}

async function session(person: { userId: string; email: string; password: string }, aal: 'aal1' | 'aal2' = 'aal2'): Promise<Client> {
  const cookie = await signIn(app.url, person);
  if (aal === 'aal2') await elevateSession(db(), cookie);
  return { userId: person.userId, cookie, ip: clientAddress() };
}

const note: NoteContent = { serviceId: 'treatment', interventions: 'Gait training 20 min.', response: 'Tolerated well.', plan: 'Continue 2w4.' };

async function completedVisit() {
  const agencyPerson = await buildAgency(db());
  const therapistPerson = await buildTherapist(db(), { firstName: 'Ana', lastName: 'Moss' });
  const visit = await insertVisit(db(), { agencyId: agencyPerson.userId, therapistId: therapistPerson.userId, serviceId: 'treatment' });
  return { visit, agencyPerson, agency: await session(agencyPerson), therapist: await session(therapistPerson) };
}

const expectStatus = async (response: Response, status: number) => {
  if (response.status !== status) throw new Error(`expected ${status}, got ${response.status}: ${await response.text()}`);
  return response;
};
const writeAndSign = async (visitId: string, therapist: Client) => {
  await expectStatus(await call('PUT', `/visits/${visitId}/notes/draft`, therapist, { content: note }), 200);
  await expectStatus(await call('POST', `/visits/${visitId}/notes/sign`, therapist, { signedName: 'Ana Moss' }), 200);
};
const pdfWith = (text: string) => Buffer.concat([Buffer.from(`%PDF-1.7\n(${text})\n`), Buffer.alloc(64, 0x20), Buffer.from('\n%%EOF\n')]);
const upload = async (visitId: string, therapist: Client, body: Buffer, name: string) =>
  (await (
    await expectStatus(await call('POST', `/visits/${visitId}/attachments?name=${encodeURIComponent(name)}`, therapist, body, { 'content-type': 'application/pdf' }), 201)
  ).json()) as AttachmentView;
const list = async (visitId: string, client: Client) =>
  ((await (await expectStatus(await call('GET', `/visits/${visitId}/attachments`, client), 200)).json()) as { items: AttachmentView[] }).items;
const download = (attachmentId: string, client: Client) => call('GET', `/attachments/${attachmentId}`, client);
const bytesOf = async (response: Response) => Buffer.from(await (await expectStatus(response, 200)).arrayBuffer());
const shared = (items: AttachmentView[]) => items.map((item) => [item.fileName, item.sharedWithAgency]);

describe('attachments and the signature', () => {
  it('a file attached to a draft is the therapist’s alone: the agency’s list is empty, its download 404 like a stranger’s, audited', async () => {
    const { visit, agency, agencyPerson, therapist } = await completedVisit();
    await expectStatus(await call('PUT', `/visits/${visit.id}/notes/draft`, therapist, { content: note }), 200);
    const draftFile = pdfWith('draft scan');
    const attached = await upload(visit.id, therapist, draftFile, 'scan.pdf');
    expect(attached.sharedWithAgency).toBe(false);

    expect(shared(await list(visit.id, therapist))).toEqual([['scan.pdf', false]]);
    expect((await bytesOf(await download(attached.id, therapist))).equals(draftFile)).toBe(true);

    expect(await list(visit.id, agency)).toEqual([]);
    const refused = await download(attached.id, agency);
    expect(refused.status).toBe(404);
    expect(await errorOf(refused)).toEqual(NOT_FOUND);
    // Exactly what someone with no part in the visit gets.
    const stranger = await download(attached.id, await session(await buildAgency(db())));
    expect(stranger.status).toBe(404);
    expect(await errorOf(stranger)).toEqual(NOT_FOUND);
    // At aal1 too it is a 404, not a prompt for a second factor: nothing to see is nothing to unlock.
    const weak = await download(attached.id, await session(agencyPerson, 'aal1'));
    expect(weak.status).toBe(404);

    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorUserId, agency.userId), eq(auditLog.action, 'attachment.download'), eq(auditLog.entityId, attached.id)));
    expect(audits.map((row) => [row.outcome, row.details])).toEqual([
      ['failure', { reason: 'no_access' }],
      ['failure', { reason: 'no_access' }],
    ]);
  });

  it('once the note is signed the agency lists the file and downloads it byte for byte; it cannot be deleted', async () => {
    const { visit, agency, therapist } = await completedVisit();
    const file = pdfWith('home exercise plan');
    const attached = await upload(visit.id, therapist, file, 'plan.pdf');
    await writeAndSign(visit.id, therapist);

    expect(shared(await list(visit.id, agency))).toEqual([['plan.pdf', true]]);
    expect(shared(await list(visit.id, therapist))).toEqual([['plan.pdf', true]]);
    expect((await bytesOf(await download(attached.id, agency))).equals(file)).toBe(true);
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorUserId, agency.userId), eq(auditLog.action, 'attachment.download'), eq(auditLog.entityId, attached.id)));
    expect(audits.map((row) => [row.outcome, row.details])).toEqual([['success', { as: 'agency', visitId: visit.id }]]);

    // There is no way to remove or replace what the agency was given.
    for (const method of ['DELETE', 'PUT']) expect((await call(method, `/attachments/${attached.id}`, therapist)).status).toBe(404);
    expect((await bytesOf(await download(attached.id, agency))).equals(file)).toBe(true);
  });

  it('after a return, a file added to the revision waits for the re-signature while the signed one stays visible', async () => {
    const { visit, agency, therapist } = await completedVisit();
    const first = pdfWith('first version scan');
    const signedIn = await upload(visit.id, therapist, first, 'first.pdf');
    await writeAndSign(visit.id, therapist);
    await expectStatus(await call('POST', `/visits/${visit.id}/notes/review`, agency, { action: 'return', message: 'Add the wound photo.' }), 200);

    const second = pdfWith('wound photo, revision');
    const revision = await upload(visit.id, therapist, second, 'second.pdf');
    expect(revision.sharedWithAgency).toBe(false);
    expect(shared(await list(visit.id, therapist))).toEqual([
      ['second.pdf', false],
      ['first.pdf', true],
    ]);
    expect(shared(await list(visit.id, agency))).toEqual([['first.pdf', true]]);
    expect((await bytesOf(await download(signedIn.id, agency))).equals(first)).toBe(true);
    const refused = await download(revision.id, agency);
    expect(refused.status).toBe(404);
    expect(await errorOf(refused)).toEqual(NOT_FOUND);

    await writeAndSign(visit.id, therapist);
    expect(shared(await list(visit.id, agency))).toEqual([
      ['second.pdf', true],
      ['first.pdf', true],
    ]);
    expect((await bytesOf(await download(revision.id, agency))).equals(second)).toBe(true);
    expect((await bytesOf(await download(signedIn.id, agency))).equals(first)).toBe(true);
  });
});
