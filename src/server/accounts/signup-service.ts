import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import zipcodes from 'zipcodes';
import { disciplineNames } from '../../domain/accounts';
import { signupMessages, type Signup } from '../../domain/signup';
import { setPasswordMail } from '../auth/mails';
import { inTransaction, type Database, type Transaction } from '../db/client';
import { agencyProfiles, therapistProfiles, user, useraccounts } from '../db/schema/index';
import { AppError } from '../http/errors';
import type { JobQueue } from '../jobs/queue';
import { queueMail } from '../mail/queue-mail';
import { issueResetToken } from './reset-token';

const UNIQUE_VIOLATION = '23505';

function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string }; code?: string }) ?? {};
  return cause.code === UNIQUE_VIOLATION || cause.cause?.code === UNIQUE_VIOLATION;
}

/** Runs one step of the sign-up; an unexpected failure becomes the seed's message for that step. */
async function step<T>(failureMessage: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', signupMessages.emailTaken, { email: signupMessages.emailTaken });
    throw new AppError('INTERNAL', failureMessage);
  }
}

/** A ZIP must exist, and for an agency lie in the state it gave. */
function checkPlace(input: Signup) {
  const place = zipcodes.lookup(input.zip.slice(0, 5));
  if (!place) throw new AppError('VALIDATION', 'Please enter a valid ZIP code', { zip: 'Please enter a valid ZIP code' });
  if (input.userType === 'agency' && place.state !== input.state) {
    const message = `ZIP code ${input.zip} is not in ${input.state}`;
    throw new AppError('VALIDATION', message, { zip: message });
  }
  return place;
}

export interface SignupDeps {
  database: Database;
  jobs: JobQueue;
  publicUrl: string;
}

/**
 * Creates the sign-in identity (without a password), the account record (pending) and the
 * profile in one transaction, and mails a link where the user chooses their own password.
 */
export async function signUp(deps: SignupDeps, input: Signup): Promise<{ userId: string }> {
  const place = checkPlace(input);
  const name = input.userType === 'agency' ? input.companyName : `${input.firstName} ${input.lastName}`;

  return inTransaction(deps.database, async (t) => {
    const taken = await t.tx.select({ id: user.id }).from(user).where(eq(user.email, input.email));
    if (taken.length > 0) throw new AppError('CONFLICT', signupMessages.emailTaken, { email: signupMessages.emailTaken });

    const userId = await step(signupMessages.noUserId, async () => {
      const [row] = await t.tx.insert(user).values({ id: randomUUID(), name, email: input.email }).returning({ id: user.id });
      if (!row) throw new Error('no user id');
      return row.id;
    });
    await step(signupMessages.accountSaveFailed, () =>
      t.tx.insert(useraccounts).values({ userId, email: input.email, userType: input.userType, status: 'pending' }),
    );
    if (input.userType === 'agency') {
      await step(signupMessages.agencySaveFailed, () =>
        t.tx.insert(agencyProfiles).values({
          id: userId,
          companyName: input.companyName,
          contactEmail: input.email,
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
          email: input.email,
          phone: input.phone,
          zipCode: input.zip,
          disciplines: [input.discipline],
        }),
      );
    }
    await queueSetPasswordMail(t, deps, { userId, email: input.email, name });
    await deps.jobs.send('signup-webhook', { target: input.userType, content: webhookContent(input, place) }, { sql: t.sql });
    return { userId };
  });
}

async function queueSetPasswordMail(t: Transaction, deps: SignupDeps, who: { userId: string; email: string; name: string }) {
  const token = await issueResetToken(t.tx, who.userId);
  await queueMail(t, deps.jobs, setPasswordMail({ publicUrl: deps.publicUrl, to: who.email, token, name: who.name }));
}

function webhookContent(input: Signup, place: { city: string; state: string }): string {
  if (input.userType === 'agency') {
    return [
      '**New agency sign-up**',
      `Company: ${input.companyName}`,
      `Email: ${input.email}`,
      `Phone: ${input.phone}`,
      `Location: ${input.address}, ${input.city}, ${input.state} ${input.zip}`,
    ].join('\n');
  }
  return [
    '**New therapist sign-up**',
    `Name: ${input.firstName} ${input.lastName}`,
    `Email: ${input.email}`,
    `Phone: ${input.phone}`,
    `Location: ${place.city}, ${place.state} ${input.zip}`,
    `Discipline: ${input.discipline} (${disciplineNames[input.discipline]})`,
  ].join('\n');
}
