import type { Db } from '../src/server/db/client';
import { referralAgreedRates, referralServices } from '../src/server/db/schema/index';
import { buildAgency, buildTherapist } from './factories';
import { buildReferral, insertResponse } from './referral-fixtures';
import { buildVisit } from './visit-fixtures';

const DAY = 86_400_000;

/**
 * A referral ready for orders: an in-progress PT referral, posted three days ago, matched to a
 * therapist of `discipline` (its confirmed response and agreed rate in place), with treatment visits
 * to book and, unless `evaluated` is false, an evaluation held two days ago.
 */
export async function buildEvaluatedReferral(db: Db, options: { discipline?: 'PT' | 'PTA'; evaluated?: boolean } = {}) {
  const agency = await buildAgency(db, { companyName: 'Bluebird Home Care' });
  const therapist = await buildTherapist(db, { discipline: options.discipline ?? 'PT' });
  const referral = await buildReferral(db, { agencyId: agency.userId, status: 'in_progress', matchedTherapistId: therapist.userId, postedAt: new Date(Date.now() - 3 * DAY) });
  await insertResponse(db, { referralId: referral.id, therapistId: therapist.userId, status: 'confirmed' });
  await db.insert(referralServices).values({ referralId: referral.id, serviceId: 'treatment', visitCount: 8, offeredRate: 100 });
  await db.insert(referralAgreedRates).values({ referralId: referral.id, serviceId: 'treatment', rate: 100 });
  if (options.evaluated ?? true) {
    const at = new Date(Date.now() - 2 * DAY);
    await buildVisit(db, { referralId: referral.id, agencyId: agency.userId, therapistId: therapist.userId, scheduledStart: at, checkInAt: at, checkOutAt: at });
  }
  return { agency, therapist, referral };
}
