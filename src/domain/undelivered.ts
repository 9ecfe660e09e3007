import { z } from 'zod';

/**
 * Messages CareRelay promised and could not deliver: a mail or text whose retries ran out, a
 * sign-up message to the team's chat, a referral alert. Managers see them by kind and recipient
 * (masked, or a role), never by content, and queue each one again.
 */

export const undeliveredKinds = ['email', 'sms', 'signup-chat', 'referral-alerts', 'referral-alert'] as const;
export type UndeliveredKind = (typeof undeliveredKinds)[number];

export const undeliveredKindLabels: Record<UndeliveredKind, string> = {
  email: 'Email',
  sms: 'Text message',
  'signup-chat': 'Sign-up chat message',
  'referral-alerts': 'Referral alerts',
  'referral-alert': 'Referral alert',
};

/** The most recent open records the list shows; the total counts them all. */
export const UNDELIVERED_LIST_LIMIT = 100;

export const undeliveredMessages = {
  notFound: 'No undelivered message was found with this id.',
  alreadyRetried: 'This message was already retried.',
} as const;

export const undeliveredItemSchema = z.object({
  id: z.string(),
  kind: z.enum(undeliveredKinds),
  /** Who it was for: an address or number masked, or a role ("Agency sign-ups chat"). */
  recipient: z.string(),
  /** What it was: a mail's subject (without anything a visitor typed), or what the message does. */
  summary: z.string(),
  failedAt: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
});
export type UndeliveredItem = z.infer<typeof undeliveredItemSchema>;

export const undeliveredListSchema = z.object({
  items: z.array(undeliveredItemSchema),
  total: z.number().int(),
});
export type UndeliveredList = z.infer<typeof undeliveredListSchema>;

export const retriedUndeliveredSchema = z.object({
  id: z.string(),
  retriedAt: z.string(),
});
export type RetriedUndelivered = z.infer<typeof retriedUndeliveredSchema>;
