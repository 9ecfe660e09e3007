import {
  defaultNotificationPreferences,
  type TherapistSettings,
  type TherapistSettingsState,
} from '../../domain/notification-preferences';
import { usableTimeZone } from '../../domain/time-zones';
import { findTimeZone, updateTimeZone } from '../accounts/time-zone-queries';
import { writeAudit } from '../audit/write-audit';
import type { Actor } from '../auth/session';
import { inTransaction, type Database } from '../db/client';
import type { Caller } from '../use-case';
import { findAvailability, findPreferences, updateAvailability, upsertPreferences } from './queries';

/** PostgreSQL returns `time` as HH:MM:SS; the API and the form speak HH:MM. */
const hhmm = (value: string | null) => (value ? value.slice(0, 5) : null);

/** The therapist's availability and alert preferences, with the defaults when none are saved. */
interface Deps {
  database: Database;
}

export async function getTherapistSettings({ database }: Deps, { actor }: { actor: Actor }): Promise<TherapistSettingsState> {
  const { db } = database;
  const { userId } = actor;
  const [available, saved, zone] = await Promise.all([findAvailability(db, userId), findPreferences(db, userId), findTimeZone(db, userId)]);
  // Sign-up always creates the profile, so a missing one is a broken account, not bad input.
  if (available === null) throw new Error(`therapist ${userId} has no therapist profile`);
  // Quiet hours are read on the account's one zone, so the form shows and saves that zone.
  const timeZone = usableTimeZone(zone);
  return {
    availableForReferrals: available,
    preferences: saved
      ? {
          inApp: saved.inApp,
          email: saved.email,
          sms: saved.sms,
          smsPhone: saved.smsPhone,
          quietHoursStart: hhmm(saved.quietHoursStart),
          quietHoursEnd: hhmm(saved.quietHoursEnd),
          timeZone,
        }
      : { ...defaultNotificationPreferences, timeZone },
  };
}

/** Saves availability and preferences together, in one transaction with their audit row. */
export async function saveTherapistSettings(deps: Deps, { actor, client, input }: Caller & { input: TherapistSettings }): Promise<TherapistSettingsState> {
  const { database } = deps;
  const { userId } = actor;
  await inTransaction(database, async ({ tx }) => {
    if (!(await updateAvailability(tx, userId, input.availableForReferrals))) {
      throw new Error(`therapist ${userId} has no therapist profile`);
    }
    const { timeZone, ...preferences } = input.preferences;
    await upsertPreferences(tx, userId, preferences);
    await updateTimeZone(tx, userId, timeZone);
    const { inApp, email, sms, quietHoursStart } = preferences;
    await writeAudit(tx, {
      actorUserId: userId,
      action: 'therapist.settings_updated',
      entityType: 'notification_preferences',
      entityId: userId,
      outcome: 'success',
      ipAddress: client.ipAddress,
      userAgent: client.userAgent,
      // No phone number: the audit log records choices, not contact details.
      details: { availableForReferrals: input.availableForReferrals, inApp, email, sms, quietHours: quietHoursStart !== null, timeZone },
    });
  });
  return getTherapistSettings(deps, { actor });
}
