import { credentialExpiredNotice, expiryReminderNotice } from '../../domain/credential-expiry';
import { credentialProblems, daysUntil, expiryReminderDue, expiryReminderDays, type CredentialKind } from '../../domain/credentials';
import { addDaysToKey, usableTimeZone } from '../../domain/time-zones';
import { writeAudit } from '../audit/write-audit';
import { inTransaction, type Database } from '../db/client';
import type { JobQueue } from '../jobs/queue';
import { todayIn } from '../referrals/eligibility';
import { claimExpiryReminder, expiringSoonAnyTherapist, expiryRecipient, lockCredential, pastExpiryAnyTherapist } from './expiry-queries';
import { CREDENTIAL_EXPIRED_TYPE, EXPIRY_REMINDER_TYPE, sendExpiryNotice } from './expiry-notice';
import { listCredentialsOf } from './queries';
import { moveCredentialStatus } from './status';

/**
 * The daily 'credential-expiry' job (issue 13). For every therapist, across tenants:
 * - a verified credential whose last valid day is before the business "today" is marked expired
 *   (the lifecycle's one move) and the therapist is told, once: the conditional status move is the
 *   claim, so of two instances exactly one moves it and notifies;
 * - a verified credential 60, 30 or 7 days from expiry, or expiring today, reminds the therapist
 *   once per threshold and expiry date: the `credential_reminders` row is claimed in the
 *   transaction that writes the notices, so reruns and a second instance never send it twice, a
 *   renewal (new expiry date) starts afresh, and a run that comes late sends only the smallest
 *   threshold reached rather than all it missed.
 * Each credential is handled in its own transaction, so one failure holds back only its own notice
 * (the job's retry sends it).
 *
 * The gates read expiry from the date itself (credentialProblems), so a credential past its date is
 * refused at midnight whether or not this job has run yet; the status change records it and tells
 * the therapist.
 */

export interface ExpiryJobDeps {
  database: Database;
  jobs: JobQueue;
  publicUrl: string;
  requiredCredentials: readonly CredentialKind[];
}

export const CREDENTIAL_EXPIRED_ACTION = 'credential.expired';

const EARLIEST_REMINDER_DAYS = Math.max(...expiryReminderDays);

export async function runCredentialExpiry(deps: ExpiryJobDeps, now = new Date()): Promise<{ expired: number; reminded: number }> {
  const today = todayIn(undefined, now);
  let expired = 0;
  let reminded = 0;
  for (const { id } of await pastExpiryAnyTherapist(deps.database.db, today)) {
    if (await expireCredential(deps, id, today)) expired++;
  }
  for (const candidate of await expiringSoonAnyTherapist(deps.database.db, today, addDaysToKey(today, EARLIEST_REMINDER_DAYS))) {
    const daysBefore = expiryReminderDue(candidate.expiresOn, today);
    if (daysBefore === null) continue;
    const sent = await inTransaction(deps.database, async (t) => {
      if (!(await claimExpiryReminder(t.tx, { credentialId: candidate.id, daysBefore, expiresOn: candidate.expiresOn }))) return false;
      const recipient = await expiryRecipient(t.tx, candidate.therapistId);
      if (!recipient) return false;
      // "In 7 days" on the therapist's own calendar, which may be a day behind the business's.
      const daysLeft = daysUntil(candidate.expiresOn, todayIn(usableTimeZone(recipient.timeZone), now));
      await sendExpiryNotice(t, deps, {
        therapistId: candidate.therapistId,
        credentialId: candidate.id,
        recipient,
        type: EXPIRY_REMINDER_TYPE,
        notice: expiryReminderNotice(candidate, candidate.expiresOn, daysLeft),
      });
      return true;
    });
    if (sent) reminded++;
  }
  return { expired, reminded };
}

async function expireCredential(deps: ExpiryJobDeps, id: string, today: string): Promise<boolean> {
  return inTransaction(deps.database, async (t) => {
    const credential = await lockCredential(t.tx, id);
    if (!credential || credential.status !== 'verified' || credential.expiresOn === null || credential.expiresOn >= today) return false;
    const moved = await moveCredentialStatus(t.tx, { id, from: 'verified' }, { to: 'expired' });
    if (!moved) return false;
    await writeAudit(t.tx, {
      actorUserId: null,
      action: CREDENTIAL_EXPIRED_ACTION,
      entityType: 'therapist_credential',
      entityId: id,
      outcome: 'success',
      details: { kind: credential.kind, expiresOn: credential.expiresOn, therapistId: credential.therapistId },
    });
    const recipient = await expiryRecipient(t.tx, credential.therapistId);
    if (!recipient || recipient.accountStatus !== 'approved') return true;
    // Referrals stop only if this leaves a required kind (for a license, in its state) uncovered.
    const problems = credentialProblems({
      credentials: await listCredentialsOf(t.tx, credential.therapistId),
      required: deps.requiredCredentials,
      patientState: credential.kind === 'state_license' ? credential.issuer : '',
      today,
    });
    const blocksReferrals = problems.some((problem) => problem.kind === credential.kind);
    await sendExpiryNotice(t, deps, {
      therapistId: credential.therapistId,
      credentialId: id,
      recipient,
      type: CREDENTIAL_EXPIRED_TYPE,
      notice: credentialExpiredNotice(credential, credential.expiresOn, blocksReferrals),
    });
    return true;
  });
}

/**
 * Registers the job's worker and its daily schedule (one line in runtime.ts): 14:00 UTC, 8 or 9 AM
 * in Chicago, so reminders arrive in the morning across US zones rather than at midnight.
 */
export async function startCredentialExpiryJob(deps: ExpiryJobDeps): Promise<void> {
  await deps.jobs.work('credential-expiry', async () => {
    await runCredentialExpiry(deps);
  });
  await deps.jobs.schedule('credential-expiry', '0 14 * * *', {});
}
