import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { signupMessages, type Signup } from '../../domain/signup';
import { setPasswordMail } from '../auth/mails';
import { inTransaction, type Database, type Transaction } from '../db/client';
import { user } from '../db/schema/index';
import { AppError } from '../errors';
import type { JobQueue } from '../jobs/queue';
import { queueMail } from '../mail/queue-mail';
import { checkPlace, createAccountRecord, isUniqueViolation, type Step } from './account-record';
import { issueResetToken } from './reset-token';

/** Runs one step of the sign-up; an unexpected failure becomes the seed's message for that step. */
const step: Step = async (failureMessage, work) => {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', signupMessages.emailTaken, { email: signupMessages.emailTaken });
    throw new AppError('INTERNAL', failureMessage);
  }
};

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
    await createAccountRecord(t, deps.jobs, { userId, email: input.email, input, place, via: 'sign-up' }, step);
    await queueSetPasswordMail(t, deps, { userId, email: input.email, name });
    return { userId };
  });
}

async function queueSetPasswordMail(t: Transaction, deps: SignupDeps, who: { userId: string; email: string; name: string }) {
  const token = await issueResetToken(t.tx, who.userId);
  await queueMail(t, deps.jobs, setPasswordMail({ publicUrl: deps.publicUrl, to: who.email, token, name: who.name }));
}
