import { defaultNotificationPreferences } from '../../domain/notification-preferences';
import { writeAudit } from '../audit/write-audit';
import { inTransaction, type Database, type Db, type Transaction } from '../db/client';
import type { JobHandler, JobQueue } from '../jobs/queue';
import { queueMail } from '../mail/queue-mail';
import { createNotifications } from '../notifications/service';
import type { LeieEntry } from './leie-csv';
import { dismissedFingerprints, entriesByNameAndBirth, entriesByNpi, importInForce, lockSuspension, setSuspension, therapistsForLeie, type LeieRow, type TherapistForLeie } from './leie-match-queries';
import { clearDetail, describeEntry, leieDate, leieFingerprint, suspensionReasonFor, type MatchedBy } from './leie-match';
import { STAND_IN_LEIE_SOURCE } from './leie-stand-in';
import { approvedManagers, insertCheck } from './primary-source-queries';

export interface LeieCheckDeps {
  database: Database;
  jobs: JobQueue;
  publicUrl: string;
}

/** Where managers review exclusion matches and lift suspensions. */
export const EXCLUSIONS_PATH = '/dashboard/admin/exclusions';

type Match = { entry: LeieRow; matchedBy: MatchedBy };

/** Entries in force that name the therapist: by any NPI they gave, or by name and date of birth (only when a date of birth is on file). */
export async function leieMatchesOf(db: Db, therapist: TherapistForLeie): Promise<Match[]> {
  const byNpi = await entriesByNpi(db, therapist.npis);
  const byName = therapist.dateOfBirth ? await entriesByNameAndBirth(db, { lastName: therapist.lastName, firstName: therapist.firstName, dateOfBirth: therapist.dateOfBirth }) : [];
  const seen = new Set<string>();
  const matches: Match[] = [];
  for (const [entries, matchedBy] of [[byNpi, 'npi'], [byName, 'name_dob']] as const) {
    for (const entry of entries) {
      if (seen.has(entry.id)) continue;
      seen.add(entry.id);
      matches.push({ entry, matchedBy });
    }
  }
  return matches;
}

/**
 * Checks therapists (all but rejected sign-ups, or one) against the LEIE list in force and records
 * a check for each. A match not dismissed by a manager suspends the therapist's eligibility, is
 * audited and alerts every manager (in-app, and by email per their choice) and the therapist
 * (in-app); a therapist already suspended gets a 'match' check without a second alert. A
 * therapist no longer listed stays suspended until a manager lifts it (no automatic lifting).
 */
export async function checkTherapistsAgainstLeie(deps: LeieCheckDeps, therapistId: string | null): Promise<{ checked: number; suspended: number }> {
  const { db } = deps.database;
  const list = await importInForce(db);
  const therapists = await therapistsForLeie(db, therapistId);
  if (!list) {
    for (const therapist of therapists) {
      await insertCheck(db, { therapistId: therapist.therapistId, source: 'leie', outcome: 'pending', detail: 'No exclusion list (LEIE) has been imported yet; checked after the first import.' });
    }
    return { checked: 0, suspended: 0 };
  }
  const standIn = list.source === STAND_IN_LEIE_SOURCE;
  const listDate = leieDate((list.finishedAt ?? list.startedAt).toISOString());
  let suspended = 0;
  for (const therapist of therapists) {
    const matches = await leieMatchesOf(db, therapist);
    const dismissed = matches.length > 0 ? await dismissedFingerprints(db, therapist.therapistId) : new Set<string>();
    const live = matches.filter((m) => !dismissed.has(leieFingerprint(m.entry)));
    if (live.length > 0) {
      if (await suspendForLeie(deps, therapist.therapistId, live, standIn)) suspended++;
      continue;
    }
    await insertCheck(db, {
      therapistId: therapist.therapistId,
      source: 'leie',
      outcome: 'clear',
      detail: clearDetail({ npis: therapist.npis, hasDateOfBirth: therapist.dateOfBirth !== null, listDate, standIn, dismissed: matches.length, stillSuspended: therapist.suspendedAt !== null }),
    });
  }
  return { checked: therapists.length, suspended };
}

/** Records the match and, unless already suspended, suspends and alerts, in one transaction. True when newly suspended. */
async function suspendForLeie(deps: LeieCheckDeps, therapistId: string, matches: Match[], standIn: boolean): Promise<boolean> {
  const entries: LeieEntry[] = matches.map((m) => m.entry);
  const found = `${standIn ? 'Checked against the built-in stand-in list, not the OIG list. ' : ''}Listed on the OIG exclusion list (LEIE): ${matches.map((m) => describeEntry(m.entry, m.matchedBy)).join('; ')}.`;
  return inTransaction(deps.database, async (t) => {
    const therapist = await lockSuspension(t.tx, therapistId);
    if (!therapist) return false;
    if (therapist.suspendedAt) {
      await insertCheck(t.tx, { therapistId, source: 'leie', outcome: 'match', detail: `${found} Eligibility stays suspended.` });
      return false;
    }
    const reason = suspensionReasonFor(entries);
    await setSuspension(t.tx, therapistId, { at: new Date(), reason });
    await insertCheck(t.tx, { therapistId, source: 'leie', outcome: 'match', detail: `${found} Eligibility is suspended until a manager reviews it.` });
    await writeAudit(t.tx, {
      actorUserId: null,
      action: 'therapist.suspended',
      entityType: 'therapist',
      entityId: therapistId,
      outcome: 'success',
      details: { source: 'leie', matchedBy: matches.map((m) => m.matchedBy), entries: matches.map((m) => leieFingerprint(m.entry)) },
    });
    await alertSuspension(t, deps, { therapistId, name: `${therapist.firstName} ${therapist.lastName}`, found });
    return true;
  });
}

async function alertSuspension(t: Transaction, deps: LeieCheckDeps, subject: { therapistId: string; name: string; found: string }) {
  const managers = await approvedManagers(t.tx);
  const title = `Exclusion list match: ${subject.name}`;
  const body = `${subject.name} matches the OIG exclusion list (LEIE) and is suspended until a manager reviews it.`;
  await createNotifications(t, [
    ...managers.map((manager) => ({ userId: manager.userId, type: 'trust.leie_match', title, body, link: EXCLUSIONS_PATH })),
    {
      userId: subject.therapistId,
      type: 'trust.suspended',
      title: 'Your eligibility is suspended',
      body: 'Your name or NPI matches the OIG exclusion list (LEIE). You will not be offered referrals or check in to visits until our team reviews it.',
      link: '/dashboard/therapist',
    },
  ]);
  for (const manager of managers) {
    if (!(manager.emailOptIn ?? defaultNotificationPreferences.email)) continue;
    await queueMail(t, deps.jobs, {
      to: manager.email,
      subject: `Exclusion list match: ${subject.name} is suspended`,
      text: `${subject.found}\n\n${subject.name} is not offered referrals, cannot be confirmed and cannot check in to visits until a manager reviews the match and lifts the suspension if it is not them.\n\nReview it in CareRelay:\n${deps.publicUrl}${EXCLUSIONS_PATH}\n`,
    });
  }
}

/** The `leie-check` job: every therapist after an import (therapistId null), or one at approval. */
export function createLeieCheckJob(deps: LeieCheckDeps): JobHandler<'leie-check'> {
  return async ({ therapistId }) => {
    await checkTherapistsAgainstLeie(deps, therapistId);
  };
}
