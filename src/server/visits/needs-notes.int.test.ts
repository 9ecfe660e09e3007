import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { buildAgency, buildTherapist, clientAddress, signIn } from '../../../test/factories';
import { errorOf } from '../../../test/http';
import { sessionCookie } from '../../../test/people';
import { buildReferral } from '../../../test/referral-fixtures';
import { buildVisit } from '../../../test/visit-fixtures';
import type { VisitsNeedingNotes } from '../../domain/visits-needing-notes';
import { auditLog, visitNotes } from '../db/schema/index';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const db = () => app.runtime.database.db;
const HOUR = 3_600_000;

function list(cookie?: string) {
  return fetch(`${app.url}/api/visits/needs-notes`, { headers: { 'x-forwarded-for': clientAddress(), ...(cookie ? { cookie } : {}) } });
}

async function note(visitId: string, version: number, status: 'draft' | 'signed' | 'returned', signed = status !== 'draft') {
  // The list never opens a note, so the sealed content can be anything here.
  await db().insert(visitNotes).values({ visitId, version, status, sealed: 'v1.x.y.z', signedAt: signed ? new Date() : null });
}

describe('GET /api/visits/needs-notes', () => {
  it('lists only the therapist’s own checked-out visits whose note is missing, a draft or returned, oldest first', async () => {
    const agency = await buildAgency(db());
    const therapistPerson = await buildTherapist(db());
    const other = await buildTherapist(db());
    const referral = await buildReferral(db(), { agencyId: agency.userId, status: 'in_progress', matchedTherapistId: therapistPerson.userId });
    const ours = { agencyId: agency.userId, therapistId: therapistPerson.userId, referralId: referral.id };
    const missing = await buildVisit(db(), { ...ours, checkOutAt: new Date(Date.now() - 50 * HOUR) });
    const draft = await buildVisit(db(), { ...ours, serviceId: 'treatment', checkOutAt: new Date(Date.now() - 10 * HOUR) });
    await note(draft.id, 1, 'draft');
    // Signed once, then returned: not overdue, since it was signed in time.
    const returned = await buildVisit(db(), { ...ours, serviceId: 'treatment', checkOutAt: new Date(Date.now() - 60 * HOUR) });
    await note(returned.id, 1, 'returned');
    const documented = await buildVisit(db(), { ...ours, status: 'documented' });
    await note(documented.id, 1, 'signed');
    await buildVisit(db(), { ...ours, status: 'scheduled', scheduledStart: new Date(Date.now() + 24 * HOUR) });
    await buildVisit(db(), { ...ours, status: 'approved' });
    await buildVisit(db(), { agencyId: agency.userId, therapistId: other.userId });

    const cookie = await signIn(app.url, therapistPerson);
    // A list of summaries: available at aal1, like the calendar.
    const response = await list(cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const { visits } = (await response.json()) as VisitsNeedingNotes;
    expect(visits.map((v) => [v.id, v.noteStatus, v.overdue])).toEqual([
      [returned.id, 'returned', false],
      [missing.id, 'missing', true],
      [draft.id, 'draft', false],
    ]);
    expect(visits[1]).toMatchObject({ status: 'completed', serviceName: 'Initial Evaluation', place: 'Austin, TX' });
    expect(Date.parse(visits[1]!.dueAt!) - Date.parse(visits[1]!.checkedOutAt!)).toBe(48 * HOUR);
    expect(JSON.stringify(visits)).not.toContain('v1.x.y.z');

    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorUserId, therapistPerson.userId), eq(auditLog.action, 'visit.list')));
    expect(audit).toMatchObject({ outcome: 'success', details: { filter: 'needs_notes', count: 3 } });
  });

  it('answers an empty list when every note is submitted', async () => {
    const agency = await buildAgency(db());
    const therapistPerson = await buildTherapist(db());
    const visit = await buildVisit(db(), { agencyId: agency.userId, therapistId: therapistPerson.userId, status: 'documented' });
    await note(visit.id, 1, 'signed');
    const cookie = await sessionCookie(app, therapistPerson);
    expect(((await (await list(cookie)).json()) as VisitsNeedingNotes).visits).toEqual([]);
  });

  it('is for therapists: signed out 401, an agency 403, both audited', async () => {
    const signedOut = await list();
    expect(signedOut.status).toBe(401);
    expect((await errorOf(signedOut)).code).toBe('UNAUTHENTICATED');
    const agency = await buildAgency(db());
    const refused = await list(await signIn(app.url, agency));
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toMatchObject({ code: 'FORBIDDEN', message: 'Only therapists write visit notes.' });
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorUserId, agency.userId), eq(auditLog.action, 'visit.list')));
    expect(audit).toMatchObject({ outcome: 'failure', details: { reason: 'not_allowed', filter: 'needs_notes' } });
  });
});
