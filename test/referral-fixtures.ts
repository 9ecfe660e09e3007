import type { ReferralStatus, ResponseStatus } from '../src/domain/referrals';
import type { Db } from '../src/server/db/client';
import { referralResponses, referrals, referralServices } from '../src/server/db/schema/index';
import { buildAgency } from './factories';

type ReferralRow = typeof referrals.$inferInsert;

/** Statuses that come after a match: the referral has its therapist and match time. */
const AFTER_MATCH: readonly ReferralStatus[] = ['matched', 'in_progress', 'completed'];

/** What `buildReferral` may be told: any column, and a status whose timestamps it then sets. */
export type ReferralOverrides = Partial<ReferralRow> & { status?: ReferralStatus; matchedTherapistId?: string | null };

/**
 * Inserts a referral straight into the database (with one evaluation service), for tests whose
 * subject is not the referral API: an Austin (78701) PT referral of a new agency, posted unless told
 * otherwise, with the timestamps its status implies. Any column can be overridden.
 */
export async function buildReferral(db: Db, overrides: ReferralOverrides = {}) {
  const options = { ...overrides, agencyId: overrides.agencyId ?? (await buildAgency(db)).userId };
  const status = options.status ?? 'posted';
  const now = new Date();
  const matched = AFTER_MATCH.includes(status) || (options.matchedTherapistId ?? null) !== null;
  const [row] = await db
    .insert(referrals)
    .values({
      discipline: 'PT',
      patientZip: '78701',
      patientCity: 'Austin',
      patientState: 'TX',
      latitude: 30.27,
      longitude: -97.74,
      visitFrequency: '2w4',
      startBy: new Date(now.getTime() + 7 * 86_400_000).toISOString().slice(0, 10),
      urgency: 'routine',
      clinicalSummary: 'Post-operative knee replacement; gait and strength training.',
      offerOpenHours: 24,
      postedAt: status === 'draft' ? null : now,
      expiresAt: status === 'draft' ? null : new Date(now.getTime() + 24 * 3_600_000),
      matchedAt: matched ? now : null,
      cancelledAt: status === 'cancelled' ? now : null,
      cancelReason: status === 'cancelled' ? 'Patient moved to another agency' : null,
      closedAt: ['completed', 'cancelled', 'expired'].includes(status) ? now : null,
      ...options,
      status,
    })
    .returning();
  if (!row) throw new Error('referral insert returned no row');
  await db.insert(referralServices).values({ referralId: row.id, serviceId: 'evaluation', visitCount: 1, offeredRate: 150 });
  return row;
}

/** A therapist's response to a referral (e.g. `not_selected` for one who responded but was not matched). */
export async function insertResponse(db: Db, options: { referralId: string; therapistId: string; status: ResponseStatus }) {
  const [row] = await db
    .insert(referralResponses)
    .values({ ...options, requestedRates: { evaluation: 150 } })
    .returning();
  if (!row) throw new Error('response insert returned no row');
  return row;
}
