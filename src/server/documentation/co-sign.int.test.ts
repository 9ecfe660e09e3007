import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../../../test/app';
import { assistantNote, buildAssistantVisit } from '../../../test/co-signature-fixtures';
import { buildAgency, buildTherapist, clientAddress } from '../../../test/factories';
import { callApi, ok, refused } from '../../../test/http';
import { session, type SignedIn } from '../../../test/people';
import { buildVisit } from '../../../test/visit-fixtures';
import type { ReferralCareClocks } from '../../domain/care-clock-view';
import type { CareDeadlines } from '../../domain/care-deadlines';
import type { AttentionList } from '../../domain/attention';
import type { VisitNotesView } from '../../domain/documentation';
import { auditLog, visitNotes } from '../db/schema/index';

/**
 * Co-signature of an assistant's note from the outside: the supervising PT (a PT who takes part in
 * the PT referral's care) co-signs the PTA's signed note with their typed name; the author, another
 * discipline, another tenant and anyone else are refused; of two co-signatures at once one wins;
 * where the agency requires it, the note awaiting co-signature is a care-clock item.
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const db = () => app.runtime.database.db;
const call = (method: string, path: string, who: SignedIn | null, body?: unknown) =>
  callApi(app.url, method, `/api${path}`, { cookie: who?.cookie, ip: who?.ip ?? clientAddress(), body });
const note = assistantNote;
const HOUR = 3_600_000;

/** A PT referral matched to a PTA (Alex Kim), evaluated by a PT (Pat Morgan), with the PTA's treatment note signed. */
async function assistantNoteSigned(options: { requiresCoSignature?: boolean; signed?: boolean } = {}) {
  const { agency: agencyPerson, pt: ptPerson, pta: ptaPerson, referral, visit } = await buildAssistantVisit(db(), options);
  const [agency, pt, pta] = [await session(app, agencyPerson), await session(app, ptPerson), await session(app, ptaPerson)];
  await ok(await call('PUT', `/visits/${visit.id}/notes/draft`, pta, { content: note }));
  const signed = options.signed === false ? null : await ok<VisitNotesView>(await call('POST', `/visits/${visit.id}/notes/sign`, pta, { signedName: 'Alex Kim' }));
  const noteId = signed?.notes[0]?.id ?? '';
  return { referral, visit, noteId, agency, pt, pta, agencyPerson, ptPerson };
}

const coSign = (visitId: string, noteId: string, who: SignedIn | null, signedName = 'pat  MORGAN') => call('POST', `/visits/${visitId}/notes/${noteId}/co-sign`, who, { signedName });

describe('POST /api/visits/:id/notes/:noteId/co-sign', () => {
  it('the supervising PT co-signs the PTA’s signed note with their typed name; both sides and the agency see the co-signature, audited', async () => {
    const { visit, noteId, agency, pt, pta } = await assistantNoteSigned();
    const before = await ok<VisitNotesView>(await call('GET', `/visits/${visit.id}/notes/supervision`, pt));
    expect(before.notes[0]).toMatchObject({ id: noteId, status: 'signed', signedName: 'Alex Kim', coSignedName: null, coSignedAt: null });

    const after = await ok<VisitNotesView>(await coSign(visit.id, noteId, pt));
    expect(after.notes[0]).toMatchObject({ id: noteId, coSignedName: 'pat MORGAN', coSignatureHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(Date.parse(after.notes[0]!.coSignedAt ?? '')).toBeGreaterThan(Date.now() - HOUR);
    for (const who of [pta, agency]) {
      const seen = await ok<VisitNotesView>(await call('GET', `/visits/${visit.id}/notes`, who));
      expect(seen.notes[0]).toMatchObject({ coSignedName: 'pat MORGAN', coSignatureHash: after.notes[0]!.coSignatureHash });
    }
    const audits = await db().select().from(auditLog).where(eq(auditLog.entityId, visit.id));
    expect(audits).toContainEqual(expect.objectContaining({ action: 'visit_note.co_sign', outcome: 'success', actorUserId: pt.userId }));
  });

  it('of two co-signatures at once, one is written and the other is told it is already co-signed', async () => {
    const { visit, noteId, pt } = await assistantNoteSigned();
    const [a, b] = await Promise.all([coSign(visit.id, noteId, pt), coSign(visit.id, noteId, pt)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const again = await refused(await coSign(visit.id, noteId, pt), 409, 'CONFLICT');
    expect(again.message).toBe('This note is already co-signed.');
  });

  it('refuses a note not signed yet (409), the author (403), a typed name that is not theirs (400, naming signedName)', async () => {
    const unsigned = await assistantNoteSigned({ signed: false });
    const draft = await ok<VisitNotesView>(await call('GET', `/visits/${unsigned.visit.id}/notes`, unsigned.pta));
    expect((await refused(await coSign(unsigned.visit.id, draft.notes[0]!.id, unsigned.pt), 409, 'CONFLICT')).message).toBe('Only a signed note can be co-signed.');

    const { visit, noteId, pt, pta } = await assistantNoteSigned();
    await refused(await coSign(visit.id, noteId, pta, 'Alex Kim'), 403, 'FORBIDDEN');
    const error = await refused(await coSign(visit.id, noteId, pt, 'Someone Else'), 400, 'VALIDATION');
    expect(error.fields?.signedName).toMatch(/co-sign/);
  });

  it('refuses the note of a PT (not an assistant’s): 409', async () => {
    const { referral, agencyPerson, pt } = await assistantNoteSigned();
    const otherPtPerson = await buildTherapist(db(), { discipline: 'PT', firstName: 'Sam', lastName: 'Lee' });
    const ptVisit = await buildVisit(db(), { referralId: referral.id, agencyId: agencyPerson.userId, therapistId: otherPtPerson.userId, serviceId: 'treatment' });
    const otherPt = await session(app, otherPtPerson);
    await ok(await call('PUT', `/visits/${ptVisit.id}/notes/draft`, otherPt, { content: note }));
    const signed = await ok<VisitNotesView>(await call('POST', `/visits/${ptVisit.id}/notes/sign`, otherPt, { signedName: 'Sam Lee' }));
    const error = await refused(await coSign(ptVisit.id, signed.notes[0]!.id, pt), 409, 'CONFLICT');
    expect(error.message).toMatch(/assistant/);
  });

  it('refuses an OT taking part in the care (wrong discipline): 403, and does not show them the note', async () => {
    const { referral, visit, noteId, agencyPerson } = await assistantNoteSigned();
    const otPerson = await buildTherapist(db(), { discipline: 'OT', firstName: 'Olive', lastName: 'Tran' });
    await buildVisit(db(), { referralId: referral.id, agencyId: agencyPerson.userId, therapistId: otPerson.userId, therapistDiscipline: 'OT', status: 'scheduled' });
    const ot = await session(app, otPerson);
    await refused(await coSign(visit.id, noteId, ot, 'Olive Tran'), 403, 'FORBIDDEN');
    await refused(await call('GET', `/visits/${visit.id}/notes/supervision`, ot), 404, 'NOT_FOUND');
  });

  it.each([
    ['another agency', () => buildAgency(db())],
    ['a PT of another tenant', () => buildTherapist(db(), { discipline: 'PT', firstName: 'Pat', lastName: 'Morgan' })],
  ])('%s: 404, as if the visit did not exist, and sees no note', async (_who, build) => {
    const { visit, noteId } = await assistantNoteSigned();
    const other = await session(app, await build());
    await refused(await coSign(visit.id, noteId, other), 404, 'NOT_FOUND');
    await refused(await call('GET', `/visits/${visit.id}/notes/supervision`, other), 404, 'NOT_FOUND');
  });

  it('signed out 401; the supervising PT below aal2 must add the second factor; a note id of another visit 404', async () => {
    const { visit, noteId, pt, ptPerson } = await assistantNoteSigned();
    await refused(await coSign(visit.id, noteId, null), 401, 'UNAUTHENTICATED');
    await refused(await coSign(visit.id, noteId, await session(app, ptPerson, 'aal1')), 403, 'MFA_REQUIRED');
    await refused(await coSign(visit.id, 'not-an-id', pt), 404, 'NOT_FOUND');
    const elsewhere = await assistantNoteSigned();
    await refused(await coSign(visit.id, elsewhere.noteId, pt), 404, 'NOT_FOUND');
  });
});

describe('the co-signature clock', () => {
  it('where the agency requires it, the PTA’s signed note is a co-signature item on the referral and until the supervising PT co-signs it', async () => {
    const { referral, visit, noteId, agency, pt } = await assistantNoteSigned({ requiresCoSignature: true });
    const items = async () => (await ok<ReferralCareClocks>(await call('GET', `/referrals/${referral.id}/care-clocks`, agency))).items;
    expect(await items()).toContainEqual(expect.objectContaining({ kind: 'co_signature', visitId: visit.id, by: ['PT'], state: 'upcoming' }));

    await ok(await coSign(visit.id, noteId, pt));
    expect((await items()).map((item) => item.kind)).not.toContain('co_signature');
  });

  it('due soon, it is on both dashboards: the agency’s line leads to the referral’s care clocks, the supervising PT’s (who has no page for the referral) to their Schedule’s care deadlines, which name the visit', async () => {
    const { referral, visit, agency, pt } = await assistantNoteSigned({ requiresCoSignature: true });
    // Signed six days ago: due within seven, so due soon.
    await db().update(visitNotes).set({ signedAt: new Date(Date.now() - 6 * 24 * HOUR) }).where(eq(visitNotes.visitId, visit.id));
    const dueSoon = async (who: SignedIn, side: string) =>
      (await ok<AttentionList>(await call('GET', `/dashboard/${side}/attention`, who))).items.find((item) => item.kind === 'care_due_soon');
    expect(await dueSoon(agency, 'agency')).toMatchObject({ count: 1, link: `/dashboard/agency/referrals/${referral.id}#care-clocks` });
    expect(await dueSoon(pt, 'therapist')).toMatchObject({ count: 1, link: '/dashboard/therapist/schedule#care-deadlines' });
    const { items } = await ok<CareDeadlines>(await call('GET', '/care-clocks', pt));
    expect(items).toContainEqual(
      expect.objectContaining({ kind: 'co_signature', visitId: visit.id, state: 'due_soon', bookable: false, referral: expect.objectContaining({ viewable: false }) }),
    );
    // The agency owns the referral's page; the supervising PT reaches only the note.
    const forAgency = await ok<CareDeadlines>(await call('GET', '/care-clocks', agency));
    expect(forAgency.items).toContainEqual(expect.objectContaining({ kind: 'co_signature', referral: expect.objectContaining({ viewable: true }) }));
  });

  it('runs no co-signature item where neither the state nor the agency requires one', async () => {
    const { referral, agency } = await assistantNoteSigned();
    const { items } = await ok<ReferralCareClocks>(await call('GET', `/referrals/${referral.id}/care-clocks`, agency));
    expect(items.map((item) => item.kind)).not.toContain('co_signature');
  });
});

describe('PUT /api/agency/care-policy', () => {
  it('the agency requires co-signature of assistant notes itself (audited); the PTA’s signed note becomes a co-signature item; a therapist may not change it', async () => {
    const { referral, visit, agency, pt } = await assistantNoteSigned();
    expect(await ok(await call('GET', '/agency/care-policy', agency))).toEqual({ requiresCoSignature: false });
    await refused(await call('PUT', '/agency/care-policy', pt, { requiresCoSignature: true }), 403, 'FORBIDDEN');
    const error = await refused(await call('PUT', '/agency/care-policy', agency, { requiresCoSignature: 'yes' }), 400, 'VALIDATION');
    expect(JSON.stringify(error.fields)).toContain('requiresCoSignature');

    expect(await ok(await call('PUT', '/agency/care-policy', agency, { requiresCoSignature: true }))).toEqual({ requiresCoSignature: true });
    const { items } = await ok<ReferralCareClocks>(await call('GET', `/referrals/${referral.id}/care-clocks`, agency));
    expect(items).toContainEqual(expect.objectContaining({ kind: 'co_signature', visitId: visit.id }));
    const audits = await db().select().from(auditLog).where(eq(auditLog.actorUserId, agency.userId));
    expect(audits).toContainEqual(expect.objectContaining({ action: 'agency.care_policy_updated', details: { requiresCoSignature: true } }));
  });
});
