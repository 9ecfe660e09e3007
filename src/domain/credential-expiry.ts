import { z } from 'zod';
import { credentialKindNames, credentialKinds, type CredentialKind } from './credentials';
import { usStates } from './us-states';

/**
 * What the credential expiry job says to a therapist, and what the managers' "Expiring soon" list
 * carries (server/credentials/expiry-*, web/admin/expiring-credentials-*). No I/O. The words name
 * the credential and its date, never anything about a patient.
 */

/** Where a therapist uploads a renewal (their credentials page). */
export const THERAPIST_CREDENTIALS_PATH = '/dashboard/therapist/credentials';

/** The managers' list: credentials expiring within this many days, or already expired. */
export const EXPIRING_WINDOW_DAYS = 60;

const calendar = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric' });

/**
 * "Dec 1, 2026" from a YYYY-MM-DD calendar date. An expiry date is a day, not an instant, so it
 * reads the same on every clock; it is formatted at UTC only so no zone can shift it a day.
 */
export function calendarDate(isoDate: string): string {
  const parts = Object.fromEntries(calendar.formatToParts(new Date(`${isoDate.slice(0, 10)}T00:00:00Z`)).map((p) => [p.type, p.value]));
  return `${parts.month ?? ''} ${parts.day ?? ''}, ${parts.year ?? ''}`;
}

export type CredentialToName = { kind: CredentialKind; issuer: string; compactPrivilege: boolean };

/** "Texas state license", "Texas compact privilege", "CPR/BLS certification". */
export function credentialLabel({ kind, issuer, compactPrivilege }: CredentialToName): string {
  if (kind !== 'state_license') return credentialKindNames[kind];
  const code = issuer.trim().toUpperCase();
  const state = (usStates as Record<string, string>)[code] ?? code;
  return `${state} ${compactPrivilege ? 'compact privilege' : 'state license'}`.trim();
}

const whenLeft = (daysLeft: number) => (daysLeft <= 0 ? 'today' : daysLeft === 1 ? 'tomorrow' : `in ${daysLeft} days`);

export interface ExpiryNotice {
  /** The in-app notification's title and the email's subject. */
  title: string;
  /** One or two sentences for the notification, the email and the text message. */
  body: string;
}

/**
 * A reminder before a credential expires, counted on the therapist's own calendar:
 * "Your Texas state license expires in 7 days (Dec 1, 2026). Upload the renewal under Credentials."
 */
export function expiryReminderNotice(credential: CredentialToName, expiresOn: string, daysLeft: number): ExpiryNotice {
  const label = credentialLabel(credential);
  const when = whenLeft(daysLeft);
  return {
    title: `Your ${label} expires ${when}`,
    body: `Your ${label} expires ${when} (${calendarDate(expiresOn)}). Upload the renewal under Credentials.`,
  };
}

/**
 * The notice when the daily job marks a credential expired. `blocksReferrals` says whether the
 * therapist now lacks a required credential because of it (the gates' own judgement): only then
 * are they told referrals stop, and for a license, in which state.
 */
export function credentialExpiredNotice(credential: CredentialToName, expiresOn: string, blocksReferrals: boolean): ExpiryNotice {
  const label = credentialLabel(credential);
  const state = credential.kind === 'state_license' ? (usStates as Record<string, string>)[credential.issuer.trim().toUpperCase()] : undefined;
  const consequence = blocksReferrals
    ? `; you won't be offered referrals${state ? ` in ${state}` : ''} until a renewal is verified`
    : '';
  return {
    title: `Your ${label} has expired`,
    body: `Your ${label} expired on ${calendarDate(expiresOn)}${consequence}. Upload the renewal under Credentials.`,
  };
}

/** One row of the managers' "Expiring soon" list. */
export const expiringCredentialSchema = z.object({
  credentialId: z.string(),
  therapistId: z.string(),
  therapistName: z.string(),
  kind: z.enum(credentialKinds),
  /** "Texas state license", "CPR/BLS certification". */
  label: z.string(),
  /** The state's code for a license, else the issuer's name; '' when not given. */
  issuer: z.string(),
  expiresOn: z.string(),
  /** Negative once expired. */
  daysLeft: z.number().int(),
  status: z.enum(['verified', 'expired']),
  /** The latest reminder sent for this expiry date, if any. */
  lastReminder: z.object({ daysBefore: z.number().int(), sentAt: z.string() }).nullable(),
  /** The therapist has submitted a later one of the same kind (and state) that awaits verification. */
  renewalSubmitted: z.boolean(),
});
export type ExpiringCredential = z.infer<typeof expiringCredentialSchema>;

export const expiringCredentialListSchema = z.object({
  /** The business day the days are counted from (YYYY-MM-DD). */
  today: z.string(),
  items: z.array(expiringCredentialSchema),
});
export type ExpiringCredentialList = z.infer<typeof expiringCredentialListSchema>;
