import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app';
import { startAppWithSmtp } from '../../../test/app-with-smtp';
import { buildAgency, buildTherapist, signIn } from '../../../test/factories';
import { callApi } from '../../../test/http';
import { createReferral, respondTo } from '../../../test/referrals';
import type { TestSmtpServer } from '../../../test/smtp';
import { TwilioDouble } from '../../../test/twilio-double';
import { endOfQuietHours } from '../../domain/notification-preferences';
import { mailMessages, referralOffers, smsMessages } from '../db/schema/index';
import type { JobQueue } from '../jobs/queue';
import { createReferralAlertJob, createReferralAlertsJob } from './alert-job';

/**
 * The referral's alerts ('referral-alerts', and the one-therapist 'referral-alert' an earlier version
 * queued): email over SMTP, SMS through the provider for those who opted in, held back during quiet
 * hours, and never sent twice.
 */

let app: TestApp;
let smtp: TestSmtpServer;
let twilio: TwilioDouble;
let closeAppAndSmtp: () => Promise<void>;
beforeAll(async () => {
  twilio = new TwilioDouble();
  await twilio.start();
  ({ app, smtp, close: closeAppAndSmtp } = await startAppWithSmtp(twilio.env));
});
afterAll(async () => {
  await closeAppAndSmtp();
  await twilio.stop();
});

const db = () => app.runtime.database.db;
const TIME_ZONE = 'America/Chicago';
// Nothing in a referral identifies a patient; neither may its alerts repeat the clinical summary.
const SUMMARY = 'Left hip arthroplasty; needs transfer training and a walker assessment.';

type Preferences = { email: boolean; sms: boolean; smsPhone: string | null; quietHoursStart: string | null; quietHoursEnd: string | null };

/** A therapist in Austin with these alert settings, saved through the settings API as they would. */
async function therapist(preferences: Partial<Preferences> = {}) {
  const built = await buildTherapist(db());
  const cookie = await signIn(app.url, built);
  const body = {
    availableForReferrals: true,
    preferences: { inApp: true, email: true, sms: false, smsPhone: null, quietHoursStart: null, quietHoursEnd: null, timeZone: TIME_ZONE, ...preferences },
  };
  const saved = await callApi(app.url, 'PUT', '/api/therapist/settings', { cookie, body });
  expect(saved.status, await saved.clone().text()).toBe(200);
  return { ...built, cookie };
}

let agencyCookie: string;
beforeAll(async () => {
  agencyCookie = await signIn(app.url, await buildAgency(db()));
});

const post = (overrides: Parameters<typeof createReferral>[2] = {}) => createReferral(app.url, agencyCookie, { clinicalSummary: SUMMARY, ...overrides });
const linkTo = (referralId: string) => `${app.url}/dashboard/therapist/referrals/${referralId}`;
const mailsTo = (email: string, referralId: string) =>
  db().select().from(mailMessages).where(and(eq(mailMessages.toAddress, email), like(mailMessages.textBody, `%${referralId}%`)));
const textsTo = (phone: string, referralId: string) =>
  db().select().from(smsMessages).where(and(eq(smsMessages.toNumber, phone), like(smsMessages.body, `%${referralId}%`)));
async function offerOf(referralId: string, therapistId: string) {
  const [offer] = await db()
    .select()
    .from(referralOffers)
    .where(and(eq(referralOffers.referralId, referralId), eq(referralOffers.therapistId, therapistId)));
  if (!offer) throw new Error('not offered');
  return offer;
}

/**
 * The 'referral-alerts' jobs pg-boss holds that alert this therapist about this referral, oldest
 * first: the post's, which names no one (it alerts every offer), and those naming them.
 */
async function alertJobsFor(referralId: string, therapistId: string) {
  const result = await app.runtime.database.pool.query<{ state: string; start_after: Date }>(
    `select state, start_after from pgboss.job where name = 'referral-alerts' and data->>'referralId' = $1
       and (not data ? 'therapistIds' or data->'therapistIds' ? $2) order by created_on`,
    [referralId, therapistId],
  );
  return result.rows;
}

/** "HH:MM" on the wall clock of `timeZone`. */
const wallClock = (at: Date, timeZone = TIME_ZONE) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);

/** Quiet hours that began an hour ago and end in two, on the therapist's clock. */
function quietNow() {
  const now = Date.now();
  return { quietHoursStart: wallClock(new Date(now - 3_600_000)), quietHoursEnd: wallClock(new Date(now + 2 * 3_600_000)) };
}

/** The alert job as the runtime builds it, with the clock and (optionally) the queue replaced. */
function alertJob(options: { now?: Date; jobs?: JobQueue } = {}) {
  return createReferralAlertJob({
    database: app.runtime.database,
    jobs: options.jobs ?? app.runtime.jobs,
    publicUrl: app.url,
    ...(options.now ? { now: () => options.now! } : {}),
  });
}

/** The app's queue, except that 'referral-alerts' jobs are recorded instead of queued. */
function recordingQueue() {
  const sent: Array<{ data: unknown; startAfter?: Date }> = [];
  const real = app.runtime.jobs;
  const sendAll: JobQueue['sendAll'] = async (jobs, options) => {
    for (const job of jobs) if (job.name === 'referral-alerts') sent.push({ data: job.data, startAfter: job.startAfter });
    await real.sendAll(jobs.filter((job) => job.name !== 'referral-alerts'), options);
  };
  return { sent, queue: { ...real, sendAll } };
}

describe('email alerts', () => {
  it('an eligible therapist is emailed over SMTP with the link to the referral and nothing about the patient', async () => {
    const person = await therapist();
    const referral = await post();
    const mail = await smtp.waitForMail((m) => m.to.includes(person.email) && m.text.includes(referral.id));
    expect(mail.subject).toBe('New PT referral near you — Austin, TX');
    expect(mail.text).toContain(`Review it and respond: ${linkTo(referral.id)}`);
    expect(mail.text).toContain('- Initial Evaluation: 1 visit at $150.00');
    expect(mail.text).toContain('- Treatment Session: 8 visits at $100.00');
    expect(mail.text).toContain('Visit frequency: 1w1, 2w4');
    for (const text of [mail.subject, mail.text, mail.html ?? '']) {
      expect(text).not.toContain(SUMMARY.slice(0, 20));
      expect(text).not.toContain('78704');
    }
    await expect.poll(async () => (await offerOf(referral.id, person.userId)).alertedAt, { timeout: 5000 }).toBeInstanceOf(Date);
    await expect.poll(async () => (await mailsTo(person.email, referral.id)).map((row) => row.status), { timeout: 5000 }).toEqual(['sent']);
  });

  it('posting queues one alerts job for everyone offered, naming no one; run again, it still alerts each therapist once', async () => {
    const people = [await therapist(), await therapist(), await therapist()];
    const referral = await post();
    const fanOuts = await app.runtime.database.pool.query<{ data: Record<string, unknown> }>(
      "select data from pgboss.job where name = 'referral-alerts' and data->>'referralId' = $1",
      [referral.id],
    );
    expect(fanOuts.rows.map((row) => row.data)).toEqual([{ referralId: referral.id }]);
    for (const person of people) await smtp.waitForMail((m) => m.to.includes(person.email) && m.text.includes(referral.id));

    const alerts = createReferralAlertsJob({ database: app.runtime.database, jobs: app.runtime.jobs, publicUrl: app.url });
    await alerts({ referralId: referral.id });
    await alerts({ referralId: referral.id, therapistIds: people.map((p) => p.userId) });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    for (const person of people) expect(await mailsTo(person.email, referral.id)).toHaveLength(1);
  });

  it("a job naming no one alerts only the offers of its referral not alerted yet, and a job naming therapists only those", async () => {
    const [first, second, third] = [await therapist(), await therapist(), await therapist()];
    const referral = await post();
    for (const person of [first!, second!, third!]) await smtp.waitForMail((m) => m.to.includes(person.email) && m.text.includes(referral.id));
    const other = await post();
    for (const person of [first!, second!, third!]) await smtp.waitForMail((m) => m.to.includes(person.email) && m.text.includes(other.id));
    const unalert = (referralId: string, therapistId: string) =>
      db().update(referralOffers).set({ alertedAt: null }).where(and(eq(referralOffers.referralId, referralId), eq(referralOffers.therapistId, therapistId)));
    await unalert(referral.id, first!.userId);
    await unalert(referral.id, second!.userId);
    await unalert(other.id, first!.userId);
    const alerts = createReferralAlertsJob({ database: app.runtime.database, jobs: app.runtime.jobs, publicUrl: app.url });

    await alerts({ referralId: referral.id, therapistIds: [second!.userId] });
    expect(await mailsTo(first!.email, referral.id)).toHaveLength(1);
    expect(await mailsTo(second!.email, referral.id)).toHaveLength(2);

    await alerts({ referralId: referral.id });
    expect(await mailsTo(first!.email, referral.id)).toHaveLength(2);
    expect(await mailsTo(second!.email, referral.id)).toHaveLength(2);
    expect(await mailsTo(third!.email, referral.id)).toHaveLength(1);
    expect(await mailsTo(first!.email, other.id)).toHaveLength(1);
    expect((await offerOf(other.id, first!.userId)).alertedAt).toBeNull();
  });

  it('a retried alert job does not send again', async () => {
    const person = await therapist();
    const referral = await post();
    await smtp.waitForMail((m) => m.to.includes(person.email) && m.text.includes(referral.id));
    const { alertedAt } = await offerOf(referral.id, person.userId);

    const job = alertJob();
    await Promise.all([job({ referralId: referral.id, therapistId: person.userId }), job({ referralId: referral.id, therapistId: person.userId })]);
    await job({ referralId: referral.id, therapistId: person.userId });
    expect(await mailsTo(person.email, referral.id)).toHaveLength(1);
    expect((await offerOf(referral.id, person.userId)).alertedAt).toEqual(alertedAt);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.received.filter((m) => m.to.includes(person.email) && m.text.includes(referral.id))).toHaveLength(1);
  });
});

describe('SMS alerts', () => {
  it('a therapist who opted in gets a text through the SMS outbox and the provider, with the link and no patient details', async () => {
    const person = await therapist({ email: false, sms: true, smsPhone: '(512) 555-0123' });
    const referral = await post();
    const texts = () => twilio.messages.filter((m) => m.to === '+15125550123' && m.body.includes(referral.id));
    await expect.poll(texts, { timeout: 15_000 }).toHaveLength(1);
    const [text] = texts();
    expect(text!.to).toBe('+15125550123');
    expect(text!.body).toMatch(new RegExp(`^CareRelay: new PT referral in Austin, TX \\(\\d+\\.\\d mi\\)\\. Respond: ${linkTo(referral.id).replace(/[.]/g, '\\.')}$`));
    expect(text!.body).not.toContain(SUMMARY.slice(0, 20));

    await expect
      .poll(async () => textsTo('+15125550123', referral.id), { timeout: 5000 })
      .toEqual([expect.objectContaining({ status: 'sent', providerId: expect.stringMatching(/^SM/) })]);
    // Email turned off: no mail for them.
    expect(await mailsTo(person.email, referral.id)).toEqual([]);
  });
});

describe('quiet hours', () => {
  it('a therapist in quiet hours gets no email or text now; the alert is re-queued for when they end, then sent once', async () => {
    const quiet = quietNow();
    const person = await therapist({ sms: true, smsPhone: '(512) 555-0188', ...quiet });
    const resume = endOfQuietHours(new Date(), { start: quiet.quietHoursStart, end: quiet.quietHoursEnd, timeZone: TIME_ZONE });
    expect(resume.getTime()).toBeGreaterThan(Date.now() + 3_600_000);

    const referral = await post();
    const queued = () => alertJobsFor(referral.id, person.userId);
    // The first run finds the therapist in quiet hours and queues the alert again for their end.
    await expect.poll(async () => (await queued()).length, { timeout: 10_000 }).toBe(2);
    await expect.poll(async () => (await queued())[0]?.state, { timeout: 10_000 }).toBe('completed');
    const [, later] = await queued();
    expect(later).toMatchObject({ state: 'created' });
    expect(later!.start_after.toISOString()).toBe(resume.toISOString());

    expect(await mailsTo(person.email, referral.id)).toEqual([]);
    expect(await textsTo('+15125550188', referral.id)).toEqual([]);
    expect((await offerOf(referral.id, person.userId)).alertedAt).toBeNull();

    // When quiet hours end, the re-queued job sends both, once, even if it runs twice at that moment.
    const job = alertJob({ now: resume });
    await Promise.all([job({ referralId: referral.id, therapistId: person.userId }), job({ referralId: referral.id, therapistId: person.userId })]);
    const mail = await smtp.waitForMail((m) => m.to.includes(person.email) && m.text.includes(referral.id));
    expect(mail.text).toContain(linkTo(referral.id));
    await expect.poll(() => twilio.messages.filter((m) => m.to === '+15125550188' && m.body.includes(referral.id)).length, { timeout: 15_000 }).toBe(1);
    expect(await mailsTo(person.email, referral.id)).toHaveLength(1);
    expect(await textsTo('+15125550188', referral.id)).toHaveLength(1);
    expect((await offerOf(referral.id, person.userId)).alertedAt).toEqual(resume);
  });

  it('therapists whose quiet hours end at the same moment wait in one job, while the others are alerted at once', async () => {
    const quiet = quietNow();
    const sleepers = [await therapist(quiet), await therapist(quiet)];
    const awake = await therapist();
    const referral = await post();
    await smtp.waitForMail((m) => m.to.includes(awake.email) && m.text.includes(referral.id));

    const resume = endOfQuietHours(new Date(), { start: quiet.quietHoursStart, end: quiet.quietHoursEnd, timeZone: TIME_ZONE });
    const waiting = await app.runtime.database.pool.query<{ therapist_ids: string[]; start_after: Date }>(
      "select data->'therapistIds' as therapist_ids, start_after from pgboss.job where name = 'referral-alerts' and data->>'referralId' = $1 and state = 'created'",
      [referral.id],
    );
    const held = waiting.rows.filter((job) => sleepers.some((s) => job.therapist_ids.includes(s.userId)));
    expect(held).toHaveLength(1);
    expect(held[0]!.therapist_ids).toEqual(expect.arrayContaining(sleepers.map((s) => s.userId)));
    expect(held[0]!.therapist_ids).not.toContain(awake.userId);
    expect(held[0]!.start_after.toISOString()).toBe(resume.toISOString());
    for (const sleeper of sleepers) {
      expect(await mailsTo(sleeper.email, referral.id)).toEqual([]);
      expect((await offerOf(referral.id, sleeper.userId)).alertedAt).toBeNull();
    }
    expect(await mailsTo(awake.email, referral.id)).toHaveLength(1);

    // When it runs at their end, both are mailed, once each.
    await createReferralAlertsJob({ database: app.runtime.database, jobs: app.runtime.jobs, publicUrl: app.url, now: () => resume })({
      referralId: referral.id,
      therapistIds: held[0]!.therapist_ids,
    });
    for (const sleeper of sleepers) {
      expect(await mailsTo(sleeper.email, referral.id)).toHaveLength(1);
      expect((await offerOf(referral.id, sleeper.userId)).alertedAt).toEqual(resume);
    }
    expect(await mailsTo(awake.email, referral.id)).toHaveLength(1);
  });

  it('createReferralAlertJob, at an injected time inside quiet hours, re-queues for their end and sends nothing', async () => {
    const person = await therapist({ quietHoursStart: '22:00', quietHoursEnd: '07:00' });
    const referral = await post();
    // Let the worker's own run (now, in real time) finish first; then replay the job at chosen times.
    await expect.poll(async () => (await alertJobsFor(referral.id, person.userId))[0]?.state, { timeout: 10_000 }).toBe('completed');
    // 23:30 in Chicago (CST, UTC-6) on a winter night: held until 07:00 there, 13:00 UTC.
    const { sent, queue } = recordingQueue();
    await db().update(referralOffers).set({ alertedAt: null }).where(and(eq(referralOffers.referralId, referral.id), eq(referralOffers.therapistId, person.userId)));
    const mailsBefore = (await mailsTo(person.email, referral.id)).length;
    await alertJob({ now: new Date('2026-01-15T05:30:00Z'), jobs: queue })({ referralId: referral.id, therapistId: person.userId });
    expect(sent).toEqual([{ data: { referralId: referral.id, therapistIds: [person.userId] }, startAfter: new Date('2026-01-15T13:00:00Z') }]);
    expect(await mailsTo(person.email, referral.id)).toHaveLength(mailsBefore);
    expect((await offerOf(referral.id, person.userId)).alertedAt).toBeNull();

    // At 07:00 it is no longer quiet: the alert goes, and nothing is re-queued.
    await alertJob({ now: new Date('2026-01-15T13:00:00Z'), jobs: queue })({ referralId: referral.id, therapistId: person.userId });
    expect(sent).toHaveLength(1);
    expect(await mailsTo(person.email, referral.id)).toHaveLength(mailsBefore + 1);
  });

  it('an alert held back until morning is not sent if the referral was filled meanwhile', async () => {
    const person = await therapist(quietNow());
    const taker = await therapist();
    const referral = await post({ instantConfirm: true });
    expect((await respondTo(app.url, taker.cookie, referral.id, { kind: 'accept' })).status).toBe(200);
    await alertJob({ now: new Date(Date.now() + 3 * 3_600_000) })({ referralId: referral.id, therapistId: person.userId });
    expect(await mailsTo(person.email, referral.id)).toEqual([]);
    expect((await offerOf(referral.id, person.userId)).alertedAt).toBeNull();
  });
});
