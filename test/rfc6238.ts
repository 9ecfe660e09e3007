import { createHmac } from 'node:crypto';

/**
 * An independent RFC 6238 implementation for tests (written separately from src/server/mfa/totp.ts
 * so a shared mistake cannot hide): what an authenticator app on the user's phone computes.
 */
export function authenticatorCode(base32Secret: string, at: Date = new Date()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const bitString = [...base32Secret.toUpperCase()].map((c) => alphabet.indexOf(c).toString(2).padStart(5, '0')).join('');
  const key = Buffer.from(bitString.match(/.{8}/g)!.map((byte) => parseInt(byte, 2)));
  const counter = Math.floor(at.getTime() / 30_000);
  const message = Buffer.from(counter.toString(16).padStart(16, '0'), 'hex');
  const digest = createHmac('sha1', key).update(message).digest();
  const offset = digest[19]! & 0xf;
  const value = ((digest[offset]! & 0x7f) << 24) | (digest[offset + 1]! << 16) | (digest[offset + 2]! << 8) | digest[offset + 3]!;
  return String(value % 1_000_000).padStart(6, '0');
}
