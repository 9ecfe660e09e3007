import { onboardingMessages, type Onboarding, type OnboardingState, type OnboardingUserType, type Rates } from '../../domain/onboarding';
import { writeAudit } from '../audit/write-audit';
import { inTransaction, type Database } from '../db/client';
import { AppError } from '../http/errors';
import {
  findAgencyName,
  findTherapistProfile,
  findUserProfile,
  listServiceTypes,
  listTherapistRates,
  updateServiceRadius,
  upsertTherapistRates,
  upsertUserProfile,
} from './queries';

/** The user onboarding acts for: always the session's user, with the type from their account. */
export interface OnboardingActor {
  userId: string;
  userType: OnboardingUserType;
  status: OnboardingState['status'];
}

/** What is saved so far, with the therapist's name and the default rates filling the gaps. */
export async function getOnboarding({ database, actor }: { database: Database; actor: OnboardingActor }): Promise<OnboardingState> {
  const { db } = database;
  const saved = await findUserProfile(db, actor.userId);
  const profile = {
    firstName: saved?.firstName ?? '',
    lastName: saved?.lastName ?? '',
    npiNumber: saved?.npiNumber ?? '',
    licenseNumber: saved?.licenseNumber ?? '',
    licenseState: saved?.licenseState ?? '',
    licenseExpiry: saved?.licenseExpiry ?? '',
  };
  const base = { userType: actor.userType, status: actor.status, completed: saved !== null, profile };

  if (actor.userType === 'agency') {
    return { ...base, companyName: await findAgencyName(db, actor.userId), services: [], rates: null, serviceRadiusMiles: null };
  }

  const [therapist, services, savedRates] = await Promise.all([
    findTherapistProfile(db, actor.userId),
    listServiceTypes(db),
    listTherapistRates(db, actor.userId),
  ]);
  if (!saved && therapist) {
    profile.firstName = therapist.firstName;
    profile.lastName = therapist.lastName;
  }
  const rateFor = new Map(savedRates.map((row) => [row.serviceId, row.rate]));
  const rates = Object.fromEntries(services.map((service) => [service.id, rateFor.get(service.id) ?? service.defaultRate])) as Rates;
  return { ...base, companyName: null, services, rates, serviceRadiusMiles: therapist?.serviceRadiusMiles ?? null };
}

/**
 * Saves step 1 to user_profiles and, for therapists, their rates and service radius, in one
 * transaction with its audit row: either all of it is saved or none of it.
 */
export async function saveOnboarding(options: {
  database: Database;
  actor: OnboardingActor;
  input: Onboarding;
  client: { ipAddress: string; userAgent?: string };
}): Promise<OnboardingState> {
  const { database, actor, input } = options;
  if (input.userType !== actor.userType) {
    throw new AppError('VALIDATION', onboardingMessages.wrongType, { userType: onboardingMessages.wrongType });
  }
  const { firstName, lastName, npiNumber, licenseNumber, licenseState, licenseExpiry } = input;

  await inTransaction(database, async ({ tx }) => {
    await upsertUserProfile(tx, actor.userId, { firstName, lastName, npiNumber, licenseNumber, licenseState, licenseExpiry });
    if (input.userType === 'therapist') {
      await upsertTherapistRates(tx, actor.userId, input.rates);
      if (!(await updateServiceRadius(tx, actor.userId, input.serviceRadiusMiles))) {
        // Sign-up always creates the profile, so this is a broken account, not bad input.
        throw new Error(`therapist ${actor.userId} has no therapist profile`);
      }
    }
    await writeAudit(tx, {
      actorUserId: actor.userId,
      action: 'onboarding.saved',
      entityType: 'user_profile',
      entityId: actor.userId,
      outcome: 'success',
      ipAddress: options.client.ipAddress,
      userAgent: options.client.userAgent,
      details: { userType: actor.userType },
    });
  });
  return getOnboarding({ database, actor });
}
