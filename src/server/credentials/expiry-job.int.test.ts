import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app';
import { startAppWithSmtp } from '../../../test/app-with-smtp';
import { buildTherapist, signIn } from '../../../test/factories';
import { callApi } from '../../../test/http';
import type { TestSmtpServer } from '../../../test/smtp';
import { TwilioDouble } from '../../../test/twilio-double';
import { calendarDate } from '../../domain/credential-expiry';
import { addDaysToKey } from '../../domain/time-zones';
import { auditLog, credentialReminders, mailMessages, notifications, smsMessages, therapistCredentials, useraccounts } from '../db/schema/index';
import { todayIn } from '../referrals/eligibility';
import { runCredentialExpiry } from './expiry-job';

/**
 * The daily 'credential-expiry' job against real PostgreSQL, mail over SMTP to a real test server
 * and texts through the Twilio double: reminders at 60/30/7/0 days, once each, the smallest
 * threshold only when late, afresh after a renewal, preferences honored; expired credentials marked.
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
const deps = () => ({ database: app.runtime.database, jobs: app.runtime.jobs, publicUrl: app.url, requiredCredentials: app.config.trust.requiredCredentials });
const DAY = 86_400_000;
/** Noon UTC: the same business day in Chicago whatever the season. */
const noonIn = (days: number) => new Date(Date.parse(`${addDaysToKey(todayIn(), days)}T18:00:00Z`));
const today = () => todayIn();
const credentialsLink = () => `${app.url}/dashboard/therapist/credentials#credential-`;

type Preferences = { email: boolean; sms: boolean; smsPhone: string | null };

/** An approved therapist licensed in Texas until `licenseExpiry`, with these alert choices saved through the settings API. */
async function therapist(licenseExpiry: string, preferences?: Partial<Preferences>, status: 'approved' | 'pending' | 'rejected' = 'approved') {
  const built = await buildTherapist(db(), { licenseExpiry, status });
  if (preferences) {
    const cookie = await signIn(app.url, built);
    const body = {
      availableForReferrals: true,
      preferences: { inApp: true, email: true, sms: false, smsPhone: null, quietHoursStart: null, quietHoursEnd: null, timeZone: 'America/Chicago', ...preferences },
    };
    const saved = await callApi(app.url, 'PUT', '/api/therapist/settings', { cookie, body });
    expect(saved.status, await saved.clone().text()).toBe(200);
  }
  const [license] = await db()
    .select()
    .from(therapistCredentials)
    .where(and(eq(therapistCredentials.therapistId, built.userId), eq(therapistCredentials.kind, 'state_license')));
  if (!license) throw new Error('no license');
  return { ...built, license };
}

const noticesOf = (userId: string) => db().select().from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.id);
const mailsTo = (email: string) => db().select().from(mailMessages).where(eq(mailMessages.toAddress, email));
const remindersOf = (credentialId: string) => db().select().from(credentialReminders).where(eq(credentialReminders.credentialId, credentialId));
const statusOf = async (credentialId: string) => (await db().select().from(therapistCredentials).where(eq(therapistCredentials.id, credentialId)))[0]?.status;

describe('reminders before a credential expires', () => {
  it('a license 7 days from expiry reminds the therapist once, in-app and by email, naming the license and its date', async () => {
    const expiresOn = addDaysToKey(today(), 7);
    const person = await therapist(expiresOn);
    const expected = `Your Texas state license expires in 7 days (${calendarDate(expiresOn)}). Upload the renewal under Credentials.`;

    // Two instances at once, then a rerun: one reminder.
    await Promise.all([runCredentialExpiry(deps()), runCredentialExpiry(deps()), runCredentialExpiry(deps())]);
    await runCredentialExpiry(deps());

    const notices = await noticesOf(person.userId);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      type: 'credential.expiring',
      title: 'Your Texas state license expires in 7 days',
      body: expected,
      link: `/dashboard/therapist/credentials#credential-${person.license.id}`,
    });
    const mail = await smtp.waitForMail((m) => m.to.includes(person.email));
    expect(mail.subject).toBe('Your Texas state license expires in 7 days');
    expect(mail.text).toContain(expected);
    expect(mail.text).toContain(`${credentialsLink()}${person.license.id}`);
    // Nothing but the credential's name and date: not its number, nor the NPI.
    expect(mail.text).not.toContain(person.license.number);
    expect(mail.text).not.toContain('1234567893');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(smtp.received.filter((m) => m.to.includes(person.email))).toHaveLength(1);
    expect(await mailsTo(person.email)).toHaveLength(1);
    expect(await remindersOf(person.license.id)).toEqual([expect.objectContaining({ daysBefore: 7, expiresOn })]);
  });

  it('texts a therapist who chose texts, and sends no mail to one who turned mail off', async () => {
    const expiresOn = addDaysToKey(today(), 7);
    const person = await therapist(expiresOn, { email: false, sms: true, smsPhone: '512-555-0188' });

    await runCredentialExpiry(deps());

    await expect.poll(() => twilio.messages.filter((m) => m.to === '+15125550188'), { timeout: 15_000 }).toHaveLength(1);
    const [text] = twilio.messages.filter((m) => m.to === '+15125550188');
    expect(text?.body).toBe(
      `CareRelay: Your Texas state license expires in 7 days (${calendarDate(expiresOn)}). Upload the renewal under Credentials. ${credentialsLink()}${person.license.id}`,
    );
    expect(await mailsTo(person.email)).toHaveLength(0);
    expect(await noticesOf(person.userId)).toHaveLength(1);
  });

  it('no text without the choice: mail only, and nothing queued for a phone', async () => {
    const person = await therapist(addDaysToKey(today(), 30), { email: true, sms: false, smsPhone: '512-555-0177' });
    await runCredentialExpiry(deps());
    expect(await mailsTo(person.email)).toHaveLength(1);
    expect(await db().select().from(smsMessages).where(eq(smsMessages.toNumber, '+15125550177'))).toHaveLength(0);
  });

  it('a run that comes late sends only the smallest threshold reached, not every one it missed', async () => {
    const expiresOn = addDaysToKey(today(), 5);
    const person = await therapist(expiresOn);
    await runCredentialExpiry(deps());
    expect((await remindersOf(person.license.id)).map((r) => r.daysBefore)).toEqual([7]);
    const notices = await noticesOf(person.userId);
    expect(notices.map((n) => n.title)).toEqual(['Your Texas state license expires in 5 days']);
  });

  it('reminds at 60, 30 and 7 days and on the day, each once; a renewal with a new date starts afresh', async () => {
    const expiresOn = addDaysToKey(today(), 60);
    const person = await therapist(expiresOn);
    for (const day of [0, 1, 29, 30, 31, 53, 54, 59, 60, 60]) await runCredentialExpiry(deps(), noonIn(day));
    const titles = (await noticesOf(person.userId)).map((n) => n.title);
    expect(titles).toEqual([
      'Your Texas state license expires in 60 days',
      'Your Texas state license expires in 30 days',
      'Your Texas state license expires in 7 days',
      'Your Texas state license expires today',
    ]);
    expect(await mailsTo(person.email)).toHaveLength(4);

    // Renewed (and verified again) before it lapsed: a new expiry date two years on.
    const renewed = addDaysToKey(expiresOn, 730);
    await db().update(therapistCredentials).set({ expiresOn: renewed }).where(eq(therapistCredentials.id, person.license.id));
    await runCredentialExpiry(deps(), noonIn(60));
    await runCredentialExpiry(deps(), new Date(noonIn(60).getTime() + (730 - 7) * DAY));
    const after = await noticesOf(person.userId);
    expect(after).toHaveLength(5);
    expect(after[4]?.body).toBe(`Your Texas state license expires in 7 days (${calendarDate(renewed)}). Upload the renewal under Credentials.`);
  });

  it('counts the days on the therapist’s own calendar', async () => {
    const expiresOn = addDaysToKey(today(), 7);
    const person = await therapist(expiresOn);
    await db().update(useraccounts).set({ timeZone: 'Pacific/Honolulu' }).where(eq(useraccounts.userId, person.userId));
    // 07:00 UTC: already the next day in Chicago, still the day before in Honolulu.
    const at = new Date(Date.parse(`${addDaysToKey(today(), 1)}T07:00:00Z`));
    await runCredentialExpiry(deps(), at);
    const [notice] = await noticesOf(person.userId);
    expect(notice?.title).toBe('Your Texas state license expires in 7 days');
  });

  it('sends nothing to an account that is pending or was rejected', async () => {
    const pending = await therapist(addDaysToKey(today(), 7), undefined, 'pending');
    const rejected = await therapist(addDaysToKey(today(), 7), undefined, 'rejected');
    await runCredentialExpiry(deps());
    expect(await noticesOf(pending.userId)).toHaveLength(0);
    expect(await noticesOf(rejected.userId)).toHaveLength(0);
  });

  it('does not remind about a credential the therapist has already renewed with a later one', async () => {
    const person = await therapist(addDaysToKey(today(), 7));
    const { id: _id, submittedAt: _s, updatedAt: _u, ...copy } = person.license;
    await db().insert(therapistCredentials).values({ ...copy, status: 'submitted', expiresOn: addDaysToKey(today(), 800) });
    await runCredentialExpiry(deps());
    expect(await noticesOf(person.userId)).toHaveLength(0);
  });
});

describe('marking expired credentials', () => {
  it('a verified license past its date is marked expired once, audited, and the therapist told referrals stop there', async () => {
    const expiresOn = addDaysToKey(today(), -1);
    const person = await therapist(expiresOn);

    await Promise.all([runCredentialExpiry(deps()), runCredentialExpiry(deps())]);
    await runCredentialExpiry(deps());

    expect(await statusOf(person.license.id)).toBe('expired');
    const notices = await noticesOf(person.userId);
    expect(notices).toEqual([
      expect.objectContaining({
        type: 'credential.expired',
        title: 'Your Texas state license has expired',
        body: `Your Texas state license expired on ${calendarDate(expiresOn)}; you won't be offered referrals in Texas until a renewal is verified. Upload the renewal under Credentials.`,
      }),
    ]);
    const audits = await db().select().from(auditLog).where(and(eq(auditLog.action, 'credential.expired'), eq(auditLog.entityId, person.license.id)));
    expect(audits).toEqual([expect.objectContaining({ actorUserId: null, outcome: 'success' })]);
    const mail = await smtp.waitForMail((m) => m.to.includes(person.email) && m.subject === 'Your Texas state license has expired');
    expect(mail.text).toContain("you won't be offered referrals in Texas");
  });

  it('a credential expiring today is still valid: reminded, not marked expired', async () => {
    const person = await therapist(today());
    await runCredentialExpiry(deps());
    expect(await statusOf(person.license.id)).toBe('verified');
    expect((await noticesOf(person.userId)).map((n) => n.title)).toEqual(['Your Texas state license expires today']);
  });

  it('an expired credential that is not required says nothing about referrals', async () => {
    const person = await therapist('2030-12-31');
    const expiresOn = addDaysToKey(today(), -3);
    const [tb] = await db()
      .insert(therapistCredentials)
      .values({ therapistId: person.userId, kind: 'tb_test', issuer: 'County clinic', expiresOn, status: 'verified', verifiedAt: new Date(), verifiedBy: 'test' })
      .returning();
    await runCredentialExpiry(deps());
    expect(await statusOf(tb!.id)).toBe('expired');
    const [notice] = await noticesOf(person.userId);
    expect(notice?.body).toBe(`Your TB test expired on ${calendarDate(expiresOn)}. Upload the renewal under Credentials.`);
  });

  it('leaves credentials awaiting review alone', async () => {
    const person = await buildTherapist(db(), { licenseExpiry: addDaysToKey(today(), -2), credentials: 'submitted' });
    await runCredentialExpiry(deps());
    const rows = await db().select().from(therapistCredentials).where(eq(therapistCredentials.therapistId, person.userId));
    expect(rows.map((r) => r.status)).toEqual(['submitted', 'submitted']);
    expect(await noticesOf(person.userId)).toHaveLength(0);
  });
});
