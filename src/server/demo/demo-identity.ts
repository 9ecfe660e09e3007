import { createHash } from 'node:crypto';
import { DEMO_EMAIL_DOMAIN } from './demo-people';

/** A demo person's email: their key at the reserved `.test` domain, so no mail reaches anyone. */
export function demoEmail(key: string): string {
  return `${key}@${DEMO_EMAIL_DOMAIN}`;
}

/** Whether an email belongs to the demo cast (what the reset deletes and "Sign in as" accepts). */
export function isDemoEmail(email: string): boolean {
  return email.toLowerCase().endsWith(`@${DEMO_EMAIL_DOMAIN}`);
}

/**
 * A UUID-shaped id derived from the email (name-based, like UUID v5), so the same demo person has
 * the same id in every database — handy when comparing logs or bug reports across machines.
 */
export function demoUserId(email: string): string {
  const hex = createHash('sha1').update(`carerelay-demo:${email}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `demo-${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The id of the demo person with this key. */
export const demoIdOf = (key: string) => demoUserId(demoEmail(key));
