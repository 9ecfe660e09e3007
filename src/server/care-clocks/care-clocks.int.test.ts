import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { buildAgency, buildManager, buildTherapist, clientAddress } from '../../../test/factories';
import { callApi, ok, refused } from '../../../test/http';
import { session, type SignedIn } from '../../../test/people';
import { buildReferral, insertResponse } from '../../../test/referral-fixtures';
import { buildVisit } from '../../../test/visit-fixtures';
import type { AttentionList } from '../../domain/attention';
import type { ReferralCareClocks } from '../../domain/care-clock-view';
import type { ReferralVisits, VisitDetail } from '../../domain/visits';
import { and, eq, inArray } from 'drizzle-orm';
import { auditLog, mailMessages, notificationPreferences, notifications, referralServices, smsMessages } from '../db/schema/index';
import { CARE_REMINDER_TYPE, runCareClockReminders } from './reminder-sweep';

/**
 * Care clocks from the outside: GET /api/referrals/:id/care-clocks for the referral's two parties
 * and nobody else, the "needs attention" lines they feed on both dashboards, and scheduling that
 * refuses an assistant the visits that are a qualified therapist's.
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const db = () => app.runtime.database.db;
const call = (method: string, path: string, who: SignedIn | null, body?: unknown) =>
  callApi(app.url, method, `/api${path}`, { cookie: who?.cookie, ip: who?.ip ?? clientAddress(), body });
const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

/** A PT referral in progress in Texas, matched to a therapist of `discipline`, with an evaluation and treatments on it. */
async function referralInProgress(options: { discipline?: 'PT' | 'PTA'; postedAt?: Date } = {}) {
  const agencyPerson = await buildAgency(db());
  const therapistPerson = await buildTherapist(db(), { discipline: options.discipline ?? 'PT' });
  const referral = await buildReferral(db(), {
    agencyId: agencyPerson.userId,
    status: 'in_progress',
    matchedTherapistId: therapistPerson.userId,
    postedAt: options.postedAt ?? daysAgo(30),
  });
  await db().insert(referralServices).values({ referralId: referral.id, serviceId: 'treatment', visitCount: 8, offeredRate: 100 });
  await insertResponse(db(), { referralId: referral.id, therapistId: therapistPerson.userId, status: 'confirmed' });
  return { referral, agency: await session(app, agencyPerson), therapist: await session(app, therapistPerson) };
}

describe('GET /api/referrals/:id/care-clocks', () => {
  it('shows the agency and the matched therapist the reassessment due 30 days after the evaluation, overdue once past', async () => {
    const { referral, agency, therapist } = await referralInProgress();
    const evaluation = await buildVisit(db(), {
      referralId: referral.id,
      agencyId: agency.userId,
      therapistId: therapist.userId,
      scheduledStart: daysAgo(32),
      checkInAt: daysAgo(32),
      checkOutAt: daysAgo(32),
    });
    expect(evaluation.visitType).toBe('evaluation');

    for (const who of [agency, therapist]) {
      const clocks = await ok<ReferralCareClocks>(await call('GET', `/referrals/${referral.id}/care-clocks`, who));
      expect(clocks.items).toEqual([
        expect.objectContaining({ kind: 'reassessment', label: 'Therapy reassessment', visitType: 'reassessment', state: 'overdue', by: ['PT'], booked: null }),
      ]);
      expect(Date.parse(clocks.items[0]!.dueBy)).toBeLessThan(Date.now());
    }
    const forTherapist = await ok<ReferralCareClocks>(await call('GET', `/referrals/${referral.id}/care-clocks`, therapist));
    expect(forTherapist.suggestedVisitTypes.map((s) => s.visitType)).toEqual(['reassessment', 'routine']);
    const forAgency = await ok<ReferralCareClocks>(await call('GET', `/referrals/${referral.id}/care-clocks`, agency));
    expect(forAgency.suggestedVisitTypes).toEqual([]);

    const [audit] = await db().select().from(auditLog).where(eq(auditLog.entityId, referral.id));
    expect(audit).toMatchObject({ action: 'care_clocks.read', outcome: 'success' });
  });

  it('runs the start-of-care clock from the ordered start-of-care date the agency posted', async () => {
    const agency = await session(app, await buildAgency(db()));
    const start = new Date(Date.now() + 5 * DAY).toISOString().slice(0, 10);
    const created = await ok<{ id: string; orderedStartOfCare: string | null }>(
      await call('POST', '/referrals', agency, {
        post: true,
        referral: {
          discipline: 'PT',
          services: [{ serviceId: 'evaluation', visitCount: 1, offeredRate: 150 }],
          patientZip: '78701',
          visitFrequency: '2w4',
          startBy: start,
          orderedStartOfCare: start,
          urgency: 'routine',
          clinicalSummary: 'Knee replacement, gait training.',
          offerOpenHours: 24,
        },
      }),
      201,
    );
    expect(created.orderedStartOfCare).toBe(start);
    const clocks = await ok<ReferralCareClocks>(await call('GET', `/referrals/${created.id}/care-clocks`, agency));
    expect(clocks.items).toEqual([expect.objectContaining({ kind: 'start_of_care', visitType: 'evaluation', dueDate: start, state: 'upcoming' })]);
  });

  it('refuses an ordered start-of-care date that is no date, naming the field', async () => {
    const agency = await session(app, await buildAgency(db()));
    const response = await call('POST', '/referrals', agency, {
      referral: {
        discipline: 'PT',
        services: [{ serviceId: 'evaluation', visitCount: 1, offeredRate: 150 }],
        patientZip: '78701',
        visitFrequency: '2w4',
        startBy: new Date(Date.now() + 5 * DAY).toISOString().slice(0, 10),
        orderedStartOfCare: '2026-02-30',
        urgency: 'routine',
        clinicalSummary: 'Knee replacement, gait training.',
        offerOpenHours: 24,
      },
    });
    const error = await refused(response, 400, 'VALIDATION');
    expect(JSON.stringify(error.fields)).toContain('orderedStartOfCare');
  });

  it('is documented in the OpenAPI description, with its answer', async () => {
    const spec = (await (await fetch(`${app.url}/api/docs/json`)).json()) as {
      paths: Record<string, { get?: { summary?: string; responses?: Record<string, { content?: Record<string, { schema?: { properties?: object } }> }> } }>;
    };
    const get = spec.paths['/api/referrals/{id}/care-clocks']?.get;
    expect(get?.summary).toMatch(/^What is due on the referral/);
    expect(Object.keys(get?.responses?.['200']?.content?.['application/json']?.schema?.properties ?? {})).toEqual(['referralId', 'items', 'suggestedVisitTypes']);
  });

  describe('nobody else sees them', () => {
    let referralId: string;
    beforeAll(async () => {
      referralId = (await referralInProgress()).referral.id;
    });

    it('signed out: 401', async () => {
      await refused(await call('GET', `/referrals/${referralId}/care-clocks`, null), 401, 'UNAUTHENTICATED');
    });

    it.each([
      ['another agency', () => buildAgency(db())],
      ['another therapist', () => buildTherapist(db())],
      ['a manager', () => buildManager(db())],
    ])('%s: 404, as if the referral did not exist', async (_who, build) => {
      const other = await session(app, await build());
      await refused(await call('GET', `/referrals/${referralId}/care-clocks`, other), 404, 'NOT_FOUND');
    });

    it('an id that is no referral: 404', async () => {
      const { agency } = await referralInProgress();
      await refused(await call('GET', '/referrals/not-an-id/care-clocks', agency), 404, 'NOT_FOUND');
    });
  });
});

describe('needs attention', () => {
  it('counts the overdue reassessment on both dashboards, leading to the referral’s care clocks', async () => {
    const { referral, agency, therapist } = await referralInProgress();
    // 33 days, not 31: the clock counts days on the patient's calendar, which at some hours of a UTC day is a day behind.
    await buildVisit(db(), { referralId: referral.id, agencyId: agency.userId, therapistId: therapist.userId, scheduledStart: daysAgo(33), checkInAt: daysAgo(33), checkOutAt: daysAgo(33) });

    const forAgency = await ok<AttentionList>(await call('GET', '/dashboard/agency/attention', agency));
    expect(forAgency.items).toContainEqual({ kind: 'care_overdue', count: 1, label: '1 care deadline overdue', link: `/dashboard/agency/referrals/${referral.id}#care-clocks` });
    const forTherapist = await ok<AttentionList>(await call('GET', '/dashboard/therapist/attention', therapist));
    expect(forTherapist.items).toContainEqual({
      kind: 'care_overdue',
      count: 1,
      label: '1 care deadline overdue',
      link: `/dashboard/therapist/referrals/${referral.id}#care-clocks`,
    });
  });

  it('counts a reassessment due within the week as due soon until one is booked in time', async () => {
    const { referral, agency, therapist } = await referralInProgress();
    await buildVisit(db(), { referralId: referral.id, agencyId: agency.userId, therapistId: therapist.userId, scheduledStart: daysAgo(27), checkInAt: daysAgo(27), checkOutAt: daysAgo(27) });
    const line = { kind: 'care_due_soon', count: 1, label: '1 care deadline due soon', link: `/dashboard/agency/referrals/${referral.id}#care-clocks` };
    expect((await ok<AttentionList>(await call('GET', '/dashboard/agency/attention', agency))).items).toContainEqual(line);

    await ok<VisitDetail>(
      await call('POST', `/referrals/${referral.id}/visits`, therapist, {
        serviceId: 'treatment',
        visitType: 'reassessment',
        scheduledStart: new Date(Date.now() + DAY).toISOString(),
      }),
      201,
    );
    expect((await ok<AttentionList>(await call('GET', '/dashboard/agency/attention', agency))).items).not.toContainEqual(line);
  });
});

describe('scheduling a visit by its care type', () => {
  it('books a treatment as a routine visit unless a visit type is chosen', async () => {
    const { referral, therapist } = await referralInProgress();
    const visit = await ok<VisitDetail>(
      await call('POST', `/referrals/${referral.id}/visits`, therapist, { serviceId: 'treatment', scheduledStart: new Date(Date.now() + DAY).toISOString() }),
      201,
    );
    expect(visit.visitType).toBe('routine');
  });

  it.each(['reassessment', 'supervisory'] as const)('refuses a PTA a %s, naming visitType, and books nothing', async (visitType) => {
    const { referral, therapist } = await referralInProgress({ discipline: 'PTA' });
    const error = await refused(
      await call('POST', `/referrals/${referral.id}/visits`, therapist, { serviceId: 'treatment', visitType, scheduledStart: new Date(Date.now() + DAY).toISOString() }),
      400,
      'VALIDATION',
    );
    expect(error.fields?.visitType).toMatch(/^A Physical Therapist Assistant may not do a/);
    const listed = await ok<ReferralVisits>(await call('GET', `/referrals/${referral.id}/visits`, therapist));
    expect(listed.visits).toEqual([]);
  });

  it('lets a PTA book a routine visit, and suggests them no reassessment', async () => {
    const { referral, therapist } = await referralInProgress({ discipline: 'PTA' });
    const visit = await ok<VisitDetail>(
      await call('POST', `/referrals/${referral.id}/visits`, therapist, { serviceId: 'treatment', scheduledStart: new Date(Date.now() + DAY).toISOString() }),
      201,
    );
    expect(visit.visitType).toBe('routine');
    const clocks = await ok<ReferralCareClocks>(await call('GET', `/referrals/${referral.id}/care-clocks`, therapist));
    expect(clocks.suggestedVisitTypes.map((s) => s.visitType)).not.toContain('reassessment');
  });

  it('refuses a visit type its service cannot be, naming visitType', async () => {
    const { referral, therapist } = await referralInProgress();
    const error = await refused(
      await call('POST', `/referrals/${referral.id}/visits`, therapist, { serviceId: 'evaluation', visitType: 'discharge', scheduledStart: new Date(Date.now() + DAY).toISOString() }),
      400,
      'VALIDATION',
    );
    expect(error.fields?.visitType).toContain('cannot be booked as');
  });
});

describe('reminders before the due time', () => {
  const sweep = () => runCareClockReminders({ database: app.runtime.database, jobs: app.runtime.jobs, publicUrl: app.config.publicUrl });

  it('tells both parties once, in the app, by email and by text as each chose, when a reassessment comes due; never again for that deadline', async () => {
    const { referral, agency, therapist } = await referralInProgress();
    await buildVisit(db(), { referralId: referral.id, agencyId: agency.userId, therapistId: therapist.userId, scheduledStart: daysAgo(27), checkInAt: daysAgo(27), checkOutAt: daysAgo(27) });
    await db().insert(notificationPreferences).values({ userId: therapist.userId, email: false, sms: true, smsPhone: '+15125550199' });

    await sweep();
    await sweep();
    const sent = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.type, CARE_REMINDER_TYPE), inArray(notifications.userId, [agency.userId, therapist.userId])));
    expect(sent.map((n) => [n.userId, n.title.split(':')[0], n.link]).sort()).toEqual(
      [
        [agency.userId, 'Care deadline due soon', expect.stringMatching(new RegExp(`^/dashboard/agency/referrals/${referral.id}\\?due=reassessment-.*#care-clocks$`))],
        [therapist.userId, 'Care deadline due soon', expect.stringMatching(new RegExp(`^/dashboard/therapist/referrals/${referral.id}\\?due=reassessment-.*#care-clocks$`))],
      ].sort(),
    );
    expect(sent[0]?.body).toMatch(/^Therapy reassessment \(by the PT\) is due by /);

    const mails = await db().select().from(mailMessages).where(eq(mailMessages.subject, sent[0]!.title));
    expect(mails).toHaveLength(1); // the agency's; the therapist turned mail off
    const texts = await db().select().from(smsMessages).where(eq(smsMessages.toNumber, '+15125550199'));
    expect(texts).toHaveLength(1);
    expect(texts[0]?.body).toContain('Therapy reassessment');
  });

  it('tells nobody while the deadline is weeks away', async () => {
    const { referral, agency, therapist } = await referralInProgress();
    await buildVisit(db(), { referralId: referral.id, agencyId: agency.userId, therapistId: therapist.userId, scheduledStart: daysAgo(10), checkInAt: daysAgo(10), checkOutAt: daysAgo(10) });
    await sweep();
    const none = await db().select().from(notifications).where(and(eq(notifications.type, CARE_REMINDER_TYPE), eq(notifications.userId, agency.userId)));
    expect(none).toEqual([]);
  });
});
