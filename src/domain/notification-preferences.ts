import { z } from 'zod';
import { phoneNumberSchema } from './mfa';
import { canonicalTimeZone, DEFAULT_TIME_ZONE, timeZoneMessages } from './time-zones';

/**
 * A therapist's referral-alert settings: whether they take new referrals, and how and when they
 * are told about them. One schema serves the settings form and `PUT /api/therapist/settings`.
 * `timeZone` is the account's one zone (time-zones.ts), shown here because quiet hours are read
 * on its clock; saving the settings saves it on the account.
 */

// The zone lives on the account now (time-zones.ts); these names stay for the settings code that reads them here.
export { canonicalTimeZone, DEFAULT_TIME_ZONE, usTimeZones } from './time-zones';

export const preferencesMessages = {
  inAppRequired: 'In-app alerts stay on: the notification center always lists your referral alerts.',
  smsPhoneRequired: 'Enter the mobile number for text alerts',
  quietHoursPair: 'Set both a start and an end, or neither',
  quietHoursSame: 'Quiet hours need different start and end times',
  timeInvalid: 'Enter a time as HH:MM, for example 22:00',
  timeZoneInvalid: timeZoneMessages.invalid,
} as const;

const TIME_OF_DAY = /^([01]\d|2[0-3]):([0-5]\d)$/;

export interface QuietHours {
  /** 'HH:MM' in `timeZone`, or null when unset. */
  start: string | null;
  end: string | null;
  timeZone: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function minutesOfDay(now: Date, timeZone: string): number {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formatters.set(timeZone, formatter);
  }
  const parts = formatter.formatToParts(now);
  const part = (type: 'hour' | 'minute') => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return part('hour') * 60 + part('minute');
}

function toMinutes(time: string): number | null {
  const match = TIME_OF_DAY.exec(time.slice(0, 5));
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/**
 * True when `now`, read on the wall clock of `timeZone`, falls in [start, end). A range whose end is
 * earlier than its start crosses midnight (22:00–07:00). Unset or equal bounds are never quiet, so
 * a half-configured row can only ever let alerts through, never swallow them.
 *
 * The referral-alert job holds email and SMS back with this.
 */
export function isWithinQuietHours(now: Date, { start, end, timeZone }: QuietHours): boolean {
  if (!start || !end) return false;
  const from = toMinutes(start);
  const to = toMinutes(end);
  if (from === null || to === null || from === to) return false;
  const minute = minutesOfDay(now, timeZone);
  return from < to ? minute >= from && minute < to : minute >= from || minute < to;
}

/**
 * When an alert held back at `now` may go: the first minute after `now` outside quiet hours, or
 * `now` itself when it is not quiet. Found by stepping a minute at a time (at most a day), which
 * stays right across daylight-saving changes without any calendar arithmetic.
 */
export function endOfQuietHours(now: Date, quiet: QuietHours): Date {
  const step = 60_000;
  let at = new Date(Math.floor(now.getTime() / step) * step);
  if (!isWithinQuietHours(now, quiet)) return now;
  for (let i = 0; i < 24 * 60 + 60 && isWithinQuietHours(at, quiet); i++) at = new Date(at.getTime() + step);
  return at;
}

const optionalText = z
  .string()
  .trim()
  .nullable()
  .transform((value) => value || null);

export const notificationPreferencesSchema = z
  .object({
    inApp: z.boolean(),
    email: z.boolean(),
    sms: z.boolean(),
    smsPhone: optionalText,
    quietHoursStart: optionalText,
    quietHoursEnd: optionalText,
    timeZone: z.string().trim(),
  })
  // Every rule runs in one refinement so that all of the form's messages appear at once.
  .superRefine((value, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (!value.inApp) issue('inApp', preferencesMessages.inAppRequired);
    if (value.sms && !value.smsPhone) issue('smsPhone', preferencesMessages.smsPhoneRequired);
    if (value.smsPhone) {
      const phone = phoneNumberSchema.safeParse(value.smsPhone);
      if (!phone.success) issue('smsPhone', phone.error.issues[0]?.message ?? 'Please enter a valid mobile number');
    }
    const { quietHoursStart: start, quietHoursEnd: end } = value;
    if (start && !TIME_OF_DAY.test(start)) issue('quietHoursStart', preferencesMessages.timeInvalid);
    if (end && !TIME_OF_DAY.test(end)) issue('quietHoursEnd', preferencesMessages.timeInvalid);
    if (start && !end) issue('quietHoursEnd', preferencesMessages.quietHoursPair);
    if (end && !start) issue('quietHoursStart', preferencesMessages.quietHoursPair);
    if (start && end && start === end) issue('quietHoursEnd', preferencesMessages.quietHoursSame);
    if (!canonicalTimeZone(value.timeZone)) issue('timeZone', preferencesMessages.timeZoneInvalid);
  })
  .transform((value) => ({
    ...value,
    smsPhone: value.smsPhone ? phoneNumberSchema.parse(value.smsPhone) : null,
    timeZone: canonicalTimeZone(value.timeZone) ?? value.timeZone,
  }));

export const therapistSettingsSchema = z.object({
  availableForReferrals: z.boolean(),
  preferences: notificationPreferencesSchema,
});
export type TherapistSettingsInput = z.input<typeof therapistSettingsSchema>;
export type TherapistSettings = z.output<typeof therapistSettingsSchema>;

/** What the API answers: whitelisted fields, times as 'HH:MM'. */
export const therapistSettingsStateSchema = z.object({
  availableForReferrals: z.boolean(),
  preferences: z.object({
    inApp: z.boolean(),
    email: z.boolean(),
    sms: z.boolean(),
    smsPhone: z.string().nullable(),
    quietHoursStart: z.string().nullable(),
    quietHoursEnd: z.string().nullable(),
    timeZone: z.string(),
  }),
});
export type TherapistSettingsState = z.infer<typeof therapistSettingsStateSchema>;

export const defaultNotificationPreferences: TherapistSettingsState['preferences'] = {
  inApp: true,
  email: true,
  sms: false,
  smsPhone: null,
  quietHoursStart: null,
  quietHoursEnd: null,
  timeZone: DEFAULT_TIME_ZONE,
};
