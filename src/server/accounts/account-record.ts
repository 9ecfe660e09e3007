import zipcodes from 'zipcodes';
import type { AccountType } from '../../domain/account-type';
import { disciplineNames } from '../../domain/accounts';
import { signupMessages } from '../../domain/signup';
import type { Transaction } from '../db/client';
import { agencyProfiles, therapistProfiles, useraccounts } from '../db/schema/index';
import { AppError } from '../errors';
import { locationColumnsOf } from '../geo/therapist-locations';
import type { JobQueue } from '../jobs/queue';

const UNIQUE_VIOLATION = '23505';

export function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string }; code?: string }) ?? {};
  return cause.code === UNIQUE_VIOLATION || cause.cause?.code === UNIQUE_VIOLATION;
}

/** A ZIP must exist and, for an agency, lie in the state it gave. Returns the ZIP's city and state. */
export function checkPlace(input: AccountType): { city: string; state: string } {
  const place = zipcodes.lookup(input.zip.slice(0, 5));
  if (!place) throw new AppError('VALIDATION', 'Please enter a valid ZIP code', { zip: 'Please enter a valid ZIP code' });
  if (input.userType === 'agency' && place.state !== input.state) {
    const message = `ZIP code ${input.zip} is not in ${input.state}`;
    throw new AppError('VALIDATION', message, { zip: message });
  }
  return place;
}

/** Runs one write; an unexpected failure becomes the seed's message for that step (section 8). */
export type Step = <T>(failureMessage: string, work: () => Promise<T>) => Promise<T>;
const plainStep: Step = (_message, work) => work();

/**
 * The account record (pending review), its agency or therapist profile, and the message to the
 * team's chat, inside the caller's transaction. Used by sign-up and by the account-type choice
 * after a social sign-in, so both produce the same records.
 */
export async function createAccountRecord(
  t: Transaction,
  jobs: JobQueue,
  who: { userId: string; email: string; input: AccountType; place: { city: string; state: string }; via: 'sign-up' | 'social sign-in' },
  step: Step = plainStep,
): Promise<void> {
  const { userId, email, input } = who;
  await step(signupMessages.accountSaveFailed, () =>
    t.tx.insert(useraccounts).values({ userId, email, userType: input.userType, status: 'pending' }),
  );
  if (input.userType === 'agency') {
    await step(signupMessages.agencySaveFailed, () =>
      t.tx.insert(agencyProfiles).values({
        id: userId,
        companyName: input.companyName,
        contactEmail: email,
        contactPhone: input.phone,
        address: input.address,
        city: input.city,
        state: input.state,
        zipCode: input.zip,
      }),
    );
  } else {
    await step(signupMessages.therapistSaveFailed, () =>
      t.tx.insert(therapistProfiles).values({
        id: userId,
        firstName: input.firstName,
        lastName: input.lastName,
        email,
        phone: input.phone,
        zipCode: input.zip,
        ...locationColumnsOf(input.zip),
        disciplines: [input.discipline],
      }),
    );
  }
  await jobs.send('signup-webhook', { target: input.userType, content: webhookContent(who) }, { sql: t.sql });
}

/** What the team's chat is told: company or name, email, phone, location and discipline. */
function webhookContent({ email, input, place, via }: { email: string; input: AccountType; place: { city: string; state: string }; via: string }) {
  const suffix = via === 'sign-up' ? '' : ` (${via})`;
  if (input.userType === 'agency') {
    return [
      `**New agency sign-up**${suffix}`,
      `Company: ${input.companyName}`,
      `Email: ${email}`,
      `Phone: ${input.phone}`,
      `Location: ${input.address}, ${input.city}, ${input.state} ${input.zip}`,
    ].join('\n');
  }
  return [
    `**New therapist sign-up**${suffix}`,
    `Name: ${input.firstName} ${input.lastName}`,
    `Email: ${email}`,
    `Phone: ${input.phone}`,
    `Location: ${place.city}, ${place.state} ${input.zip}`,
    `Discipline: ${input.discipline} (${disciplineNames[input.discipline]})`,
  ].join('\n');
}
