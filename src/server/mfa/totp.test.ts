import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, matchTotp, totpCode, totpUri } from './totp';

// RFC 6238 appendix B test vectors (SHA-1 key "12345678901234567890"), last six digits.
const rfcSecret = base32Encode(Buffer.from('12345678901234567890'));

describe('TOTP', () => {
  it.each([
    [59, '287082'],
    [1111111109, '081804'],
    [1111111111, '050471'],
    [1234567890, '005924'],
    [2000000000, '279037'],
  ])('matches RFC 6238 at T=%i', (seconds, code) => {
    expect(totpCode(rfcSecret, Math.floor(seconds / 30))).toBe(code);
  });

  it('round-trips base32', () => {
    const bytes = Buffer.from('any bytes at all!');
    expect(base32Decode(base32Encode(bytes))).toEqual(bytes);
  });

  it('accepts one step of drift either way, no more', () => {
    const now = 1_700_000_000_000;
    const step = Math.floor(now / 30_000);
    expect(matchTotp(rfcSecret, totpCode(rfcSecret, step - 1), now)).toBe(step - 1);
    expect(matchTotp(rfcSecret, totpCode(rfcSecret, step + 1), now)).toBe(step + 1);
    expect(matchTotp(rfcSecret, totpCode(rfcSecret, step - 2), now)).toBeNull();
    expect(matchTotp(rfcSecret, 'abcdef', now)).toBeNull();
  });

  it('builds an otpauth URI authenticator apps read', () => {
    expect(totpUri({ secret: 'ABC', issuer: 'CareRelay', account: 'a@b.test' })).toBe(
      'otpauth://totp/CareRelay:a%40b.test?secret=ABC&issuer=CareRelay&algorithm=SHA1&digits=6&period=30',
    );
  });
});
