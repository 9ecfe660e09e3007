import { periodLabel, type RatingValues, type ReferralRatings } from '../../domain/ratings';
import { writeAudit } from '../audit/write-audit';
import { inTransaction, type Database, type Db } from '../db/client';
import { AppError } from '../errors';
import type { Caller } from '../use-case';
import { findRatingReferral, insertRating, ratingsGivenBy, visibleRatingsReceivedBy, type RatingReferral } from './queries';

/**
 * Ratings between a referral's agency and its matched therapist. Only those two may read or give
 * them; anyone else is answered as if there were no such referral. The comment is free text and
 * may say anything: it goes into no notification, audit entry or log line.
 */

interface Deps {
  database: Database;
}

const notFound = () => new AppError('NOT_FOUND', 'No such referral.');

/** Which side `userId` is on, and the other side's id and name. */
function sidesOf(referral: RatingReferral, userId: string) {
  return userId === referral.agencyId
    ? { role: 'agency' as const, otherId: referral.therapistId, other: { role: 'therapist' as const, name: referral.therapistName } }
    : { role: 'therapist' as const, otherId: referral.agencyId, other: { role: 'agency' as const, name: referral.agencyName } };
}

async function present(db: Db, referral: RatingReferral, userId: string, now: Date): Promise<ReferralRatings> {
  const { other } = sidesOf(referral, userId);
  const [given, received] = await Promise.all([ratingsGivenBy(db, referral.id, userId, now), visibleRatingsReceivedBy(db, referral.id, userId, now)]);
  const due = referral.openPeriod !== null && !given.some((rating) => rating.period === referral.openPeriod) ? referral.openPeriod : null;
  return {
    otherParty: other,
    due,
    given: given.map((rating) => ({
      period: rating.period,
      score: rating.score,
      comment: rating.comment,
      createdAt: rating.createdAt.toISOString(),
      shown: rating.shown,
      shownBy: rating.shownBy.toISOString(),
    })),
    received: received.map((rating) => ({ period: rating.period, score: rating.score, comment: rating.comment, createdAt: rating.createdAt.toISOString() })),
  };
}

/** What the caller gave and (once visible) received on the referral, and the period they can rate now. */
export async function getReferralRatings({ database }: Deps, options: Caller & { referralId: string }): Promise<ReferralRatings> {
  const now = new Date();
  const referral = await findRatingReferral(database.db, options.referralId, options.actor.userId, now);
  if (!referral) throw notFound();
  return present(database.db, referral, options.actor.userId, now);
}

/**
 * The caller rates the other party of the referral for its open period. Refused when the period
 * is not the open one, or when the caller rated it already (two submissions at once: the unique
 * index lets one in, the other is answered 409).
 */
export async function rateReferralParty({ database }: Deps, options: Caller & { referralId: string; input: RatingValues }): Promise<ReferralRatings> {
  const { actor, client, input } = options;
  const now = new Date();
  return inTransaction(database, async ({ tx }) => {
    const referral = await findRatingReferral(tx, options.referralId, actor.userId, now);
    if (!referral) throw notFound();
    const { role, otherId, other } = sidesOf(referral, actor.userId);
    if (referral.openPeriod !== input.period) {
      const message =
        referral.openPeriod === null
          ? 'Ratings open when the referral completes, and for each 30 days of an ongoing referral.'
          : `Only ${periodLabel(referral.openPeriod)} can be rated now.`;
      throw new AppError('VALIDATION', message, { period: message });
    }
    const inserted = await insertRating(tx, {
      referralId: referral.id,
      period: input.period,
      raterId: actor.userId,
      rateeId: otherId,
      raterRole: role,
      score: input.score,
      comment: input.comment,
    });
    if (!inserted) throw new AppError('CONFLICT', `You already rated ${other.name} for ${periodLabel(input.period)}.`);
    await writeAudit(tx, {
      actorUserId: actor.userId,
      action: 'rating.created',
      entityType: 'referral',
      entityId: referral.id,
      outcome: 'success',
      ipAddress: client.ipAddress,
      userAgent: client.userAgent,
      // Never the comment: it is free text.
      details: { ratingId: inserted.id, period: input.period, raterRole: role },
    });
    return present(tx, referral, actor.userId, now);
  });
}
