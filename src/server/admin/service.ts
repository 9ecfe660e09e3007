import { randomUUID } from 'node:crypto';
import { adminMessages, type InviteManager, type SignupItem } from '../../domain/admin';
import { signupMessages } from '../../domain/signup';
import { writeAudit } from '../audit/write-audit';
import { issueResetToken } from '../accounts/reset-token';
import { inTransaction, type Database } from '../db/client';
import { managerProfiles, user, useraccounts } from '../db/schema/index';
import { AppError } from '../errors';
import type { Caller } from '../use-case';
import type { CredentialKind } from '../../domain/credentials';
import { credentialsForApproval } from '../credentials/approval-gate';
import { queuePrimarySourceChecks } from '../credentials/primary-source-jobs';
import type { JobQueue } from '../jobs/queue';
import { queueMail } from '../mail/queue-mail';
import { accountApprovedMail, accountRejectedMail, managerInviteMail } from './mails';
import { presentSignup } from './presenters';
import { emailInUse, findSignup, setAccountStatus } from './queries';

export interface AdminDeps {
  database: Database;
  jobs: JobQueue;
  publicUrl: string;
}

export type ReviewDecision = 'approved' | 'rejected';

/**
 * Approves or rejects an agency's or therapist's account: the status (account and profile), the
 * mail to the user and the audit row commit together or not at all. The account row is locked, so
 * two managers reviewing at once cannot both succeed.
 */
export async function reviewSignup(
  /** `requiredCredentials`: what a therapist must hold verified to be approved (config.trust). */
  deps: AdminDeps & { requiredCredentials: readonly CredentialKind[] },
  options: Caller & { userId: string; decision: ReviewDecision; reason?: string; overrideCredentials?: boolean },
): Promise<SignupItem> {
  const reviewerId = options.actor.userId;
  const reason = options.reason?.trim() || null;
  if (options.decision === 'rejected' && !reason) {
    throw new AppError('VALIDATION', adminMessages.rejectReasonRequired, { reason: adminMessages.rejectReasonRequired });
  }
  return inTransaction(deps.database, async (t) => {
    const target = await findSignup(t.tx, options.userId, { forUpdate: true });
    if (!target) throw new AppError('NOT_FOUND', adminMessages.accountNotFound);
    if (target.id === reviewerId) throw new AppError('FORBIDDEN', adminMessages.cannotReviewSelf);
    if (target.userType === 'manager') throw new AppError('FORBIDDEN', adminMessages.cannotReviewManager);
    if (target.status === options.decision) {
      throw new AppError('CONFLICT', options.decision === 'approved' ? adminMessages.alreadyApproved : adminMessages.alreadyRejected);
    }
    const credentialGate =
      options.decision === 'approved' && target.userType === 'therapist'
        ? await credentialsForApproval(t.tx, { therapistId: target.id, required: deps.requiredCredentials, override: options.overrideCredentials ?? false, reason })
        : null;

    await setAccountStatus(t.tx, {
      userId: target.id,
      userType: target.userType,
      status: options.decision,
      reviewedBy: reviewerId,
      // The reason is shown to a rejected user; an approval's note stays in the audit log.
      reason: options.decision === 'rejected' ? reason : null,
    });
    // Checked against NPPES and the exclusion list (LEIE) as they are let in (credentials/primary-source-jobs.ts).
    if (options.decision === 'approved' && target.userType === 'therapist') await queuePrimarySourceChecks(deps.jobs, target.id, { sql: t.sql });
    const recipient = { publicUrl: deps.publicUrl, to: target.email, name: target.name };
    await queueMail(
      t,
      deps.jobs,
      options.decision === 'approved' ? accountApprovedMail(recipient) : accountRejectedMail({ ...recipient, reason: reason ?? '' }),
    );
    await writeAudit(t.tx, {
      actorUserId: reviewerId,
      action: options.decision === 'approved' ? 'account.approved' : 'account.rejected',
      entityType: 'user',
      entityId: target.id,
      outcome: 'success',
      ipAddress: options.client.ipAddress,
      userAgent: options.client.userAgent,
      details: { previousStatus: target.status, reason, ...(credentialGate ?? {}) },
    });

    const updated = await findSignup(t.tx, target.id);
    return presentSignup(updated!);
  });
}

export interface CreatedManager {
  id: string;
  email: string;
  name: string;
  /** The invitation mail's row, so the CLI can deliver it at once. */
  mailId: string;
}

/**
 * Creates a manager (role admin, no extra permissions, approved) without a password and mails a
 * link to choose one. Used by managers inviting managers, and by `npm run create-manager` for the
 * first one (no caller: the audit row has no actor and says it came from the command line).
 */
export async function createManager(deps: AdminDeps, options: Partial<Caller> & { input: InviteManager }): Promise<CreatedManager> {
  const { input } = options;
  const invitedBy = options.actor ? { userId: options.actor.userId, name: options.actor.name } : null;
  const email = input.email.trim().toLowerCase();
  const name = `${input.firstName} ${input.lastName}`;
  const taken = () => new AppError('CONFLICT', signupMessages.emailTaken, { email: signupMessages.emailTaken });

  try {
    return await inTransaction(deps.database, async (t) => {
      if (await emailInUse(t.tx, email)) throw taken();
      const id = randomUUID();
      await t.tx.insert(user).values({ id, name, email });
      await t.tx.insert(useraccounts).values({
        userId: id,
        email,
        userType: 'manager',
        status: 'approved',
        reviewedAt: new Date(),
        reviewedBy: invitedBy?.userId ?? null,
      });
      await t.tx.insert(managerProfiles).values({
        id,
        firstName: input.firstName,
        lastName: input.lastName,
        email,
        phone: input.phone,
        role: 'admin',
        permissions: [],
        status: 'approved',
      });

      const token = await issueResetToken(t.tx, id);
      const mailId = await queueMail(
        t,
        deps.jobs,
        managerInviteMail({ publicUrl: deps.publicUrl, to: email, name, token, invitedBy: invitedBy?.name ?? null }),
      );

      await writeAudit(t.tx, {
        actorUserId: invitedBy?.userId ?? null,
        action: 'manager.invited',
        entityType: 'user',
        entityId: id,
        outcome: 'success',
        ipAddress: options.client?.ipAddress,
        userAgent: options.client?.userAgent,
        details: invitedBy ? { via: 'invite' } : { via: 'cli' },
      });
      const content = [
        '**New manager**',
        `Name: ${name}`,
        `Email: ${email}`,
        `Phone: ${input.phone}`,
        `Added by: ${invitedBy?.name ?? 'the create-manager command'}`,
      ].join('\n');
      await deps.jobs.send('signup-webhook', { target: 'manager', content }, { sql: t.sql });
      return { id, email, name, mailId };
    });
  } catch (error) {
    // Two invitations for one address at once: the unique index decides, with the same answer.
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}
