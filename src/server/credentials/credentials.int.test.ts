import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { realPdf, realPng } from '../../../test/attachment-files';
import { buildAgency, buildManager, buildTherapist, clientAddress } from '../../../test/factories';
import { callApi, errorOf, ok, refused } from '../../../test/http';
import { session, type SignedIn } from '../../../test/people';
import type { CredentialView, MyCredentials, ReviewCredentialView, TherapistCredentialsReview } from '../../domain/credential-views';
import { attachmentBlobs, auditLog, therapistCredentials } from '../db/schema/index';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const db = () => app.runtime.database.db;
const call = (method: string, url: string, who: Partial<SignedIn> = {}, body?: unknown, headers: Record<string, string> = {}) =>
  callApi(app.url, method, `/api${url}`, { cookie: who.cookie, ip: who.ip ?? clientAddress(), body, headers });

const cpr = { kind: 'cpr_bls', number: 'AHA-551', issuer: 'American Heart Association', issuedOn: '2026-01-10', expiresOn: '2028-01-31' };
const license = { kind: 'state_license', number: 'PT-1234', issuer: 'tx', issuedOn: '2025-02-01', expiresOn: '2031-12-31' };
const secretName = 'Jamie Rivera CPR card.pdf';
const upload = (id: string, who: SignedIn, body: Buffer, type = 'application/pdf', name = secretName) =>
  call('PUT', `/credentials/${id}/document`, who, body, { 'content-type': type, 'x-file-name': encodeURIComponent(name) });

async function therapist(options: Parameters<typeof buildTherapist>[1] = {}) {
  const person = await buildTherapist(db(), { credentials: 'none', ...options });
  return session(app, person, 'aal1');
}
const managerSession = async (aal: 'aal1' | 'aal2' = 'aal2') => session(app, await buildManager(db()), aal);
const add = async (who: SignedIn, body: unknown = cpr) => ok<CredentialView>(await call('POST', '/credentials', who, body), 201);
const mine = async (who: SignedIn) => ok<MyCredentials>(await call('GET', '/credentials', who));
const verify = (id: string, who: SignedIn, body: unknown = { method: 'board_lookup', source: 'https://ptot.texas.gov/pt-license-search/' }) =>
  call('POST', `/admin/credentials/${id}/verify`, who, body);

describe('a therapist’s own credentials', () => {
  it('are listed with what the required kinds still lack, and can be added, changed and removed', async () => {
    const jamie = await therapist();
    expect((await mine(jamie)).missing.map((problem) => problem.message)).toEqual([
      'State license: none on file',
      'NPI: none on file',
      'CPR/BLS certification: none on file',
      'Professional liability insurance: none on file',
      'Background check: none on file',
    ]);
    const added = await add(jamie, license);
    expect(added).toMatchObject({ kind: 'state_license', issuer: 'TX', status: 'submitted', document: null, verifiedAt: null });
    expect((await mine(jamie)).missing[0]?.message).toBe('State license (TX): awaiting verification');

    const changed = await ok<CredentialView>(await call('PUT', `/credentials/${added.id}`, jamie, { ...license, number: 'PT-9999' }));
    expect(changed.number).toBe('PT-9999');
    await ok(await call('DELETE', `/credentials/${added.id}`, jamie), 204);
    expect((await mine(jamie)).items).toEqual([]);
  });

  it('bad input is a 400 naming the field, and nothing is written', async () => {
    const jamie = await therapist();
    const cases: [unknown, string][] = [
      [{ ...license, issuer: 'Texas' }, 'issuer'],
      [{ ...license, number: '' }, 'number'],
      [{ ...cpr, compactPrivilege: true }, 'compactPrivilege'],
      [{ ...cpr, expiresOn: '2020-01-01' }, 'expiresOn'],
      [{ ...cpr, kind: 'passport' }, 'kind'],
    ];
    for (const [body, field] of cases) {
      const response = await call('POST', '/credentials', jamie, body);
      expect(response.status).toBe(400);
      expect(Object.keys((await errorOf(response)).fields ?? {})).toContain(field);
    }
    const added = await add(jamie);
    const kindChange = await call('PUT', `/credentials/${added.id}`, jamie, { ...cpr, kind: 'tb_test' });
    expect((await errorOf(kindChange)).fields).toHaveProperty('kind');
    expect((await mine(jamie)).items.map((item) => item.kind)).toEqual(['cpr_bls']);
  });

  it('signed out is 401; an agency or a manager is refused; another therapist’s credential is not found', async () => {
    const jamie = await therapist();
    const added = await add(jamie);
    expect((await call('GET', '/credentials')).status).toBe(401);
    const agency = await session(app, await buildAgency(db()));
    await refused(await call('GET', '/credentials', agency), 403, 'FORBIDDEN');
    await refused(await call('POST', '/credentials', await managerSession(), cpr), 403, 'FORBIDDEN');
    const other = await therapist();
    await refused(await call('PUT', `/credentials/${added.id}`, other, { ...cpr, number: 'X' }), 404, 'NOT_FOUND');
    await refused(await call('DELETE', `/credentials/${added.id}`, other), 404, 'NOT_FOUND');
    await refused(await upload(added.id, other, realPdf()), 404, 'NOT_FOUND');
    await refused(await call('GET', `/credentials/${added.id}/document`, other), 404, 'NOT_FOUND');
    await refused(await call('DELETE', '/credentials/not-an-id', other), 404, 'NOT_FOUND');
    expect((await mine(jamie)).items).toHaveLength(1);
  });
});

describe('a credential’s document', () => {
  it('is checked like a visit attachment: type, emptiness and web content inside a PDF are refused', async () => {
    const jamie = await therapist();
    const added = await add(jamie);
    await refused(await upload(added.id, jamie, Buffer.from('<html>hi</html>'), 'text/html'), 415, 'UNSUPPORTED_MEDIA_TYPE');
    expect((await errorOf(await upload(added.id, jamie, Buffer.alloc(0)))).fields).toHaveProperty('file');
    const polyglot = Buffer.concat([realPdf().subarray(0, 20), Buffer.from('<script>alert(1)</script>'), realPdf().subarray(20)]);
    const refusedPolyglot = await upload(added.id, jamie, polyglot);
    expect(refusedPolyglot.status).toBe(400);
    await refused(await upload(added.id, jamie, realPng(), 'application/pdf'), 400, 'VALIDATION');
    const missingName = await call('PUT', `/credentials/${added.id}/document`, jamie, realPdf(), { 'content-type': 'application/pdf' });
    expect((await errorOf(missingName)).fields).toHaveProperty('fileName');
    expect((await mine(jamie)).items[0]?.document).toBeNull();
  });

  it('is sealed at rest (no file name or content in the row or the store), and only the owner and managers at aal2 download it, audited', async () => {
    const jamie = await therapist();
    const added = await add(jamie);
    const pdf = realPdf('CPR card of Jamie Rivera');
    const view = await ok<CredentialView>(await upload(added.id, jamie, pdf));
    expect(view.document).toEqual({ fileName: secretName, contentType: 'application/pdf', sizeBytes: pdf.length });

    const [row] = await db().select().from(therapistCredentials).where(eq(therapistCredentials.id, added.id));
    expect(JSON.stringify(row)).not.toContain('Jamie');
    const [blob] = await db().select().from(attachmentBlobs).where(eq(attachmentBlobs.storageKey, row!.documentStorageKey!));
    expect(blob!.sealed.toString('latin1')).not.toContain('Jamie Rivera');
    expect(blob!.sealed.includes(Buffer.from('%PDF'))).toBe(false);

    const own = await call('GET', `/credentials/${added.id}/document`, jamie);
    expect(own.status).toBe(200);
    expect(own.headers.get('content-disposition')).toContain('attachment;');
    expect(own.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await own.arrayBuffer()).equals(pdf)).toBe(true);

    await refused(await call('GET', `/credentials/${added.id}/document`, await managerSession('aal1')), 403, 'MFA_REQUIRED');
    const manager = await managerSession();
    expect((await call('GET', `/credentials/${added.id}/document`, manager)).status).toBe(200);
    const agency = await session(app, await buildAgency(db()));
    await refused(await call('GET', `/credentials/${added.id}/document`, agency), 403, 'FORBIDDEN');

    const audits = await db()
      .select({ actor: auditLog.actorUserId, outcome: auditLog.outcome })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'credential.document_downloaded'), eq(auditLog.entityId, added.id)));
    expect(audits).toEqual(
      expect.arrayContaining([
        { actor: jamie.userId, outcome: 'success' },
        { actor: manager.userId, outcome: 'success' },
        { actor: null, outcome: 'failure' },
      ]),
    );
  });
});

describe('verification by a manager', () => {
  it('records who verified, when and how; the therapist sees it verified; changing it sends it back to review', async () => {
    const jamie = await therapist();
    const added = await add(jamie, license);
    const manager = await managerSession();
    const screen = await ok<TherapistCredentialsReview>(await call('GET', `/admin/therapists/${jamie.userId}/credentials`, manager));
    expect(screen.credentials[0]?.boardLookup).toEqual({ url: 'https://ptot.texas.gov/pt-license-search/', label: 'State board lookup (Texas ECPTOTE)', stateBoard: true });
    expect(screen.checks).toEqual({ nppes: null, leie: null });

    const verified = await ok<ReviewCredentialView>(await verify(added.id, manager));
    expect(verified).toMatchObject({ status: 'verified', verificationMethod: 'board_lookup', verificationSource: 'https://ptot.texas.gov/pt-license-search/' });
    const [row] = await db().select().from(therapistCredentials).where(eq(therapistCredentials.id, added.id));
    expect(row?.verifiedBy).toBe(manager.userId);
    expect((await mine(jamie)).items[0]?.status).toBe('verified');

    // The same values again change nothing; a new expiry date is a new credential to check.
    expect((await ok<CredentialView>(await call('PUT', `/credentials/${added.id}`, jamie, license))).status).toBe('verified');
    const changed = await ok<CredentialView>(await call('PUT', `/credentials/${added.id}`, jamie, { ...license, expiresOn: '2032-06-30' }));
    expect(changed).toMatchObject({ status: 'submitted', verifiedAt: null, verificationMethod: null, verificationSource: null });

    await ok(await verify(added.id, manager, { method: 'document' }));
    const reuploaded = await ok<CredentialView>(await upload(added.id, jamie, realPdf()));
    expect(reuploaded.status).toBe('submitted');
  });

  it('a rejection needs a reason the therapist then sees; a board lookup needs its URL', async () => {
    const jamie = await therapist();
    const added = await add(jamie);
    const manager = await managerSession();
    expect((await errorOf(await call('POST', `/admin/credentials/${added.id}/reject`, manager, { reason: ' ' }))).fields).toHaveProperty('reason');
    expect((await errorOf(await verify(added.id, manager, { method: 'board_lookup', source: '' }))).fields).toHaveProperty('source');
    await ok(await call('POST', `/admin/credentials/${added.id}/reject`, manager, { reason: 'The card is expired' }));
    expect((await mine(jamie)).items[0]).toMatchObject({ status: 'rejected', rejectionReason: 'The card is expired' });
    await refused(await verify(added.id, manager), 409, 'CONFLICT');
  });

  it('only an approved manager at aal2 verifies: not the therapist, an agency or a manager at aal1', async () => {
    const jamie = await therapist();
    const added = await add(jamie);
    await refused(await verify(added.id, jamie), 403, 'FORBIDDEN');
    await refused(await verify(added.id, await session(app, await buildAgency(db()))), 403, 'FORBIDDEN');
    await refused(await verify(added.id, await managerSession('aal1')), 403, 'MFA_REQUIRED');
    await refused(await call('GET', '/admin/credentials', jamie), 403, 'FORBIDDEN');
    await refused(await verify('0b0e0d6a-1e4f-4f4e-9a55-2f0a3a1d9c11', await managerSession()), 404, 'NOT_FOUND');
    expect((await mine(jamie)).items[0]?.status).toBe('submitted');
  });

  it('two managers verifying at once: one wins, the other gets 409', async () => {
    const jamie = await therapist();
    const added = await add(jamie);
    const [first, second] = [await managerSession(), await managerSession()];
    const responses = await Promise.all([verify(added.id, first, { method: 'document' }), verify(added.id, second, { method: 'document' })]);
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
    const audits = await db().select().from(auditLog).where(and(eq(auditLog.action, 'credential.verified'), eq(auditLog.entityId, added.id)));
    expect(audits).toHaveLength(1);
  });

  it('the queue lists credentials awaiting verification, oldest first', async () => {
    const jamie = await therapist({ firstName: 'Quinn', lastName: 'Queue' });
    const added = await add(jamie);
    const queue = await ok<{ items: { id: string; therapistName: string }[] }>(await call('GET', '/admin/credentials?pageSize=100', await managerSession()));
    expect(queue.items.find((item) => item.id === added.id)?.therapistName).toBe('Quinn Queue');
  });
});

describe('approving a therapist', () => {
  it('needs every required credential verified, or an override with a reason that is audited', async () => {
    const pending = await buildTherapist(db(), { status: 'pending', credentials: 'submitted' });
    const manager = await managerSession();
    const approve = (body: unknown = {}) => call('POST', `/admin/signups/${pending.userId}/approve`, manager, body);
    const blocked = await refused(await approve(), 409, 'CONFLICT');
    expect(blocked.message).toContain('State license (TX): awaiting verification');
    expect(blocked.message).toContain('Background check: none on file');
    expect((await errorOf(await approve({ overrideCredentials: true }))).fields).toHaveProperty('reason');

    await ok(await approve({ overrideCredentials: true, reason: 'Checked the license by phone with the board' }));
    const [audit] = await db().select().from(auditLog).where(and(eq(auditLog.action, 'account.approved'), eq(auditLog.entityId, pending.userId)));
    expect(audit?.details).toMatchObject({ credentialsOverridden: true, missingCredentials: ['state_license', 'npi', 'cpr_bls', 'liability_insurance', 'background_check'] });
  });

  it('goes through without an override once the required credentials are verified', async () => {
    const ready = await buildTherapist(db(), { status: 'pending' });
    await ok(await call('POST', `/admin/signups/${ready.userId}/approve`, await managerSession(), {}));
  });
});
