import type { UndeliveredItem } from '../../domain/undelivered';
import type { UndeliveredRow } from './queries';

/**
 * What the managers' list shows of an undelivered message: its kind, who it was for (masked, or a
 * role) and what it was, never its content. A mail's subject is shown as written by the app; the
 * part of a subject a visitor typed (contact and lead forms) is left out, since it could say anything.
 */

const VISITOR_TYPED_SUBJECTS = ['Contact: ', 'New lead: '];

const CHATS: Record<string, { recipient: string; summary: string }> = {
  agency: { recipient: 'Agency sign-ups chat', summary: 'New agency sign-up' },
  therapist: { recipient: 'Therapist sign-ups chat', summary: 'New therapist sign-up' },
  // Managers are announced on the agency channel (accounts/signup-webhook.ts).
  manager: { recipient: 'Agency sign-ups chat', summary: 'New manager' },
};

/** "grace@agency.test" → "g•••@agency.test": enough to tell recipients apart, not to read the address. */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${address[0]}•••${address.slice(at)}`;
}

/** "+15125550100" → "••• ••• 0100". */
export function maskPhone(number: string): string {
  const digits = number.replace(/\D/g, '');
  return digits.length >= 4 ? `••• ••• ${digits.slice(-4)}` : '•••';
}

export function subjectForStaff(subject: string): string {
  const prefix = VISITOR_TYPED_SUBJECTS.find((start) => subject.startsWith(start));
  return prefix ? `${prefix}…` : subject;
}

export function presentUndelivered(row: UndeliveredRow): UndeliveredItem {
  const base = { id: row.id, failedAt: row.failedAt.toISOString(), attempts: row.attempts, lastError: row.lastError };
  switch (row.job) {
    case 'send-mail':
      return { ...base, kind: 'email', recipient: row.mailTo ? maskEmail(row.mailTo) : '•••', summary: row.mailSubject ? subjectForStaff(row.mailSubject) : 'Email' };
    case 'send-sms':
      return { ...base, kind: 'sms', recipient: row.smsTo ? maskPhone(row.smsTo) : '•••', summary: 'Text message' };
    case 'signup-webhook': {
      const chat = CHATS[String(row.data.target)] ?? CHATS.agency!;
      return { ...base, kind: 'signup-chat', ...chat };
    }
    case 'referral-alerts': {
      // A post's job names no one: it alerts every therapist offered the referral not alerted yet.
      const ids = row.data.therapistIds;
      const recipient = Array.isArray(ids) ? `${ids.length} ${ids.length === 1 ? 'therapist' : 'therapists'}` : 'Therapists offered it';
      return { ...base, kind: 'referral-alerts', recipient, summary: 'Alerts about a newly posted referral' };
    }
    case 'referral-alert':
      return { ...base, kind: 'referral-alert', recipient: 'A therapist', summary: 'Email and text alert about a newly posted referral' };
  }
}
