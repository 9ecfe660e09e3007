import { needsCredentialReview, type Credential } from '../../domain/credential-changes';
import { onboardingMessages, type Onboarding, type OnboardingState, type OnboardingUserType, type Rates } from '../../domain/onboarding';
import { findTimeZone, updateTimeZone } from '../accounts/time-zone-queries';
import { writeAudit } from '../audit/write-audit';
import type { Actor } from '../auth/session';
import { inTransaction, type Database } from '../db/client';
import { AppError } from '../errors';
import type { Caller } from '../use-case';
import { lockAccountStatus, upsertPendingChange, withdrawPendingChange } from './credential-queries';
import { credentialOf, credentialReviewOf } from './credential-review';
import { recordOnboardingCredentials } from '../credentials/onboarding-bridge';
import { onboardingAccount } from './policy';
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
interface OnboardingActor {
  userId: string;
  userType: OnboardingUserType;
  status: OnboardingState['status'];
}

const onboardingActor = (actor: Actor): OnboardingActor => ({ userId: actor.userId, ...onboardingAccount(actor) });

interface Deps {
  database: Database;
}

/** What is saved so far, with the therapist's name and the default rates filling the gaps. */
export async function getOnboarding({ database }: Deps, options: { actor: Actor }): Promise<OnboardingState> {
  const { db } = database;
  const actor = onboardingActor(options.actor);
  const [saved, credentialReview, timeZone] = await Promise.all([
    findUserProfile(db, actor.userId),
    credentialReviewOf(db, actor.userId),
    findTimeZone(db, actor.userId),
  ]);
  // A change awaiting review is what the user last submitted, so the form shows it; the approved
  // credential stays in force (and in user_profiles) until a manager approves the change.
  const credential = credentialReview?.status === 'pending' ? credentialReview.submitted : credentialOf(saved);
  const profile = { firstName: saved?.firstName ?? '', lastName: saved?.lastName ?? '', ...credential };
  const base = { userType: actor.userType, status: actor.status, completed: saved !== null, profile, timeZone, credentialReview };

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
 * transaction with its audit row: either all of it is saved or none of it. A therapist's NPI and
 * license are recorded as credentials awaiting verification (a changed verified one goes back to
 * review); the gates read only verified credentials. An approved agency's changed NPI or license is
 * not saved over the approved one: it is recorded as a change pending review (credential-review.ts).
 */
export async function saveOnboarding(deps: Deps, options: Caller & { input: Onboarding }): Promise<OnboardingState> {
  const { database } = deps;
  const { input } = options;
  const actor = onboardingActor(options.actor);
  if (input.userType !== actor.userType) {
    throw new AppError('VALIDATION', onboardingMessages.wrongType, { userType: onboardingMessages.wrongType });
  }
  const { firstName, lastName, npiNumber, licenseNumber, licenseState, licenseExpiry } = input;
  const submitted: Credential = { npiNumber, licenseNumber, licenseState, licenseExpiry };

  await inTransaction(database, async ({ tx }) => {
    // The status as of now, locked: the session's copy may predate a manager's review.
    const status = await lockAccountStatus(tx, actor.userId);
    const recorded = await findUserProfile(tx, actor.userId);
    // A therapist's NPI and license are credentials (credentials/onboarding-bridge.ts): a change goes
    // back to review there, the one way every credential does. An agency's stays a pending change.
    const review = actor.userType === 'agency' && needsCredentialReview(status ?? actor.status, recorded, submitted);
    const credential = review ? credentialColumnsOf(recorded) : submitted;
    await upsertUserProfile(tx, actor.userId, { firstName, lastName, ...credential });
    if (input.timeZone) await updateTimeZone(tx, actor.userId, input.timeZone);
    // Back to the approved credential (or any save of an account under review as a whole): a change
    // still pending would otherwise be approved later over what the user now says.
    let credentialChange: 'submitted' | 'withdrawn' | undefined;
    if (review) {
      await upsertPendingChange(tx, actor.userId, submitted);
      credentialChange = 'submitted';
    } else if (await withdrawPendingChange(tx, actor.userId)) {
      credentialChange = 'withdrawn';
    }
    let credentialsChanged: string[] = [];
    if (input.userType === 'therapist') {
      credentialsChanged = await recordOnboardingCredentials(tx, { therapistId: actor.userId, ...submitted });
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
      details: {
        userType: actor.userType,
        ...(credentialChange ? { credentialChange } : {}),
        ...(credentialsChanged.length > 0 ? { credentialsChanged } : {}),
        ...(input.timeZone ? { timeZone: input.timeZone } : {}),
      },
    });
  });
  return getOnboarding(deps, { actor: options.actor });
}

function credentialColumnsOf(row: { [K in keyof Credential]: string | null } | null) {
  return {
    npiNumber: row?.npiNumber ?? null,
    licenseNumber: row?.licenseNumber ?? null,
    licenseState: row?.licenseState ?? null,
    licenseExpiry: row?.licenseExpiry ?? null,
  };
}
