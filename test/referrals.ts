import { and, asc, eq, like } from 'drizzle-orm';
import type { AgencyReferral, ReferralInput, RespondInput } from '../src/domain/referrals';
import type { Db } from '../src/server/db/client';
import { notifications, referralOffers } from '../src/server/db/schema/index';
import { callApi } from './http';

/** A date `days` from today as YYYY-MM-DD. */
export function daysFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * A valid PT referral in Austin (78704, a few miles from the factories' 78701 therapists):
 * an evaluation and eight treatment sessions at the default rates.
 */
export function referralInput(overrides: Partial<ReferralInput> = {}): ReferralInput {
  return {
    discipline: 'PT',
    services: [
      { serviceId: 'evaluation', visitCount: 1, offeredRate: 150 },
      { serviceId: 'treatment', visitCount: 8, offeredRate: 100 },
    ],
    patientZip: '78704',
    visitFrequency: '1w1, 2w4',
    startBy: daysFromNow(7),
    urgency: 'soon',
    clinicalSummary: 'Post-op total knee replacement; needs gait training and a home exercise program.',
    offerOpenHours: 24,
    instantConfirm: false,
    ...overrides,
  };
}

/** Creates (and by default posts) a referral as the signed-in agency; throws unless it succeeds. */
export async function createReferral(
  baseUrl: string,
  cookie: string,
  overrides: Partial<ReferralInput> = {},
  options: { post?: boolean } = {},
): Promise<AgencyReferral> {
  const response = await callApi(baseUrl, 'POST', '/api/referrals', { cookie, body: { referral: referralInput(overrides), post: options.post ?? true } });
  if (response.status !== 201) throw new Error(`creating a referral failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as AgencyReferral;
}

/** A therapist's answer to a referral: POST /api/therapist/referrals/:id/response. */
export function respondTo(baseUrl: string, cookie: string, referralId: string, body: RespondInput) {
  return callApi(baseUrl, 'POST', `/api/therapist/referrals/${referralId}/response`, { cookie, body });
}

/** The in-app notifications about one referral (their links name it), oldest first, optionally of one type. */
export async function notificationsAbout(db: Db, referralId: string, type?: string) {
  return db
    .select({ userId: notifications.userId, type: notifications.type, title: notifications.title, body: notifications.body, link: notifications.link })
    .from(notifications)
    .where(and(like(notifications.link, `%/referrals/${referralId}`), type ? eq(notifications.type, type) : undefined))
    .orderBy(asc(notifications.id));
}

/** The therapists a referral was offered to (its `referral_offers` rows). */
export async function offeredTo(db: Db, referralId: string): Promise<string[]> {
  const rows = await db.select({ therapistId: referralOffers.therapistId }).from(referralOffers).where(eq(referralOffers.referralId, referralId));
  return rows.map((row) => row.therapistId).sort();
}
