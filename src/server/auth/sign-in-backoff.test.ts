import { describe, expect, it } from 'vitest';
import {
  accountKey,
  accountOfUnlockToken,
  isKnownDevice,
  knownDeviceCookieName,
  knownDeviceCookieValue,
  UNLOCK_LINK_SECONDS,
  unlockToken,
  waitSeconds,
} from './sign-in-backoff';

const secret = 'a-test-secret-that-is-long-enough-0123456789';

describe('per-account sign-in backoff', () => {
  it('lets five wrong passwords through, then doubles the wait from a minute up to fifteen', () => {
    expect([4, 5, 6, 7, 8, 9, 10, 40].map(waitSeconds)).toEqual([0, 60, 120, 240, 480, 900, 900, 900]);
  });

  it('names an account by a keyed hash of its address, whatever its case or spaces', () => {
    const key = accountKey(secret, 'Owner@Example.test ');
    expect(key).toBe(accountKey(secret, 'owner@example.test'));
    expect(key).not.toContain('owner');
    expect(accountKey('another-secret-that-is-long-enough-000000', 'owner@example.test')).not.toBe(key);
  });

  it('accepts an unlock token until it expires, for its own account only, and nothing tampered', () => {
    const account = accountKey(secret, 'owner@example.test');
    const token = unlockToken(secret, account);
    expect(accountOfUnlockToken(secret, token)).toBe(account);
    expect(accountOfUnlockToken(secret, unlockToken(secret, account, Date.now() - (UNLOCK_LINK_SECONDS + 1) * 1000))).toBeNull();
    const [, expires, signature] = token.split('.');
    expect(accountOfUnlockToken(secret, `${accountKey(secret, 'other@example.test')}.${expires}.${signature}`)).toBeNull();
    expect(accountOfUnlockToken(secret, `${account}.${Number(expires) + 60}.${signature}`)).toBeNull();
    expect(accountOfUnlockToken('another-secret-that-is-long-enough-000000', token)).toBeNull();
  });

  it('recognises a known-device cookie of the account, not of another account, nor a stale one', () => {
    const account = accountKey(secret, 'owner@example.test');
    const other = accountKey(secret, 'other@example.test');
    const cookie = (forAccount: string, value: string) => `a=b; ${knownDeviceCookieName(forAccount)}=${value}`;
    expect(isKnownDevice(cookie(account, knownDeviceCookieValue(secret, account)), secret, account)).toBe(true);
    expect(isKnownDevice(cookie(account, knownDeviceCookieValue(secret, other)), secret, account)).toBe(false);
    const stale = knownDeviceCookieValue(secret, account, Date.now() - 181 * 24 * 60 * 60 * 1000);
    expect(isKnownDevice(cookie(account, stale), secret, account)).toBe(false);
    expect(isKnownDevice(undefined, secret, account)).toBe(false);
  });
});
