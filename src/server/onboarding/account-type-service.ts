import { accountTypeMessages, type AccountType } from '../../domain/account-type';
import { signupMessages } from '../../domain/signup';
import { checkPlace, createAccountRecord, isUniqueViolation } from '../accounts/account-record';
import { writeAudit } from '../audit/write-audit';
import { inTransaction, type Database } from '../db/client';
import { AppError } from '../errors';
import type { JobQueue } from '../jobs/queue';
import type { Caller } from '../use-case';


/**
 * Creates the account record (pending review) and the agency or therapist profile for a user who
 * signed in without one, in one transaction with the team's webhook job and an audit row — the
 * same outcome as sign-up, with the email their sign-in already proved.
 */
export async function chooseAccountType(deps: { database: Database; jobs: JobQueue }, options: Caller & { input: AccountType }): Promise<void> {
  const { actor, input } = options;
  // The signed-in user must have no account record yet (e.g. right after a social sign-in).
  if (actor.account !== null) throw new AppError('CONFLICT', accountTypeMessages.alreadyChosen);
  const place = checkPlace(input);
  const email = actor.email.toLowerCase();

  try {
    await inTransaction(deps.database, async (t) => {
      await createAccountRecord(t, deps.jobs, { userId: actor.userId, email, input, place, via: 'social sign-in' });
      await writeAudit(t.tx, {
        actorUserId: actor.userId,
        action: 'account.type_chosen',
        entityType: 'useraccount',
        entityId: actor.userId,
        outcome: 'success',
        ipAddress: options.client.ipAddress,
        userAgent: options.client.userAgent,
        details: { userType: input.userType },
      });
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    // A second request racing the first: the account exists now.
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', accountTypeMessages.alreadyChosen);
    throw new AppError('INTERNAL', input.userType === 'agency' ? signupMessages.agencySaveFailed : signupMessages.therapistSaveFailed);
  }
}
