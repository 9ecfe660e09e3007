import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readCookie, verifySignedValue } from './session-cookie';

const secret = 'a-test-secret-of-at-least-32-characters';
/** As better-call's setSignedCookie writes it (before URI-encoding). */
const signed = (value: string, key = secret) => `${value}.${createHmac('sha256', key).update(value).digest('base64')}`;

describe('readCookie', () => {
  it('finds a cookie among others and URI-decodes it', () => {
    const header = `theme=dark; carerelay.session_token=${encodeURIComponent('abc.def+/=')}; other=1`;
    expect(readCookie(header, 'carerelay.session_token')).toBe('abc.def+/=');
    expect(readCookie(header, 'theme')).toBe('dark');
  });

  it('takes the first of two cookies with the same name, as better-auth does', () => {
    expect(readCookie('a=first; a=second', 'a')).toBe('first');
  });

  it('answers null when the cookie is absent, and ignores pairs without a value', () => {
    expect(readCookie('flag; a=1', 'a')).toBe('1');
    expect(readCookie('a=1; b=2', 'carerelay.session_token')).toBeNull();
    expect(readCookie('', 'a')).toBeNull();
    // A name that only ends like the wanted one is another cookie.
    expect(readCookie('x-carerelay.session_token=1', 'carerelay.session_token')).toBeNull();
  });

  it('drops quotes and keeps a value that is not valid URI encoding as it is', () => {
    expect(readCookie('a="quoted"', 'a')).toBe('quoted');
    expect(readCookie('a=100%', 'a')).toBe('100%');
  });
});

describe('verifySignedValue', () => {
  it('returns the value when the signature is ours', () => {
    expect(verifySignedValue(signed('session-token-1'), secret)).toBe('session-token-1');
    // Tokens may contain dots: the signature is what follows the last one.
    expect(verifySignedValue(signed('a.b.c'), secret)).toBe('a.b.c');
  });

  it('refuses a changed value, a changed or missing signature, and another secret', () => {
    const good = signed('session-token-1');
    expect(verifySignedValue(good.replace('token-1', 'token-2'), secret)).toBeNull();
    expect(verifySignedValue(`${good.slice(0, -2)}A=`, secret)).toBeNull();
    expect(verifySignedValue('session-token-1', secret)).toBeNull();
    expect(verifySignedValue('session-token-1.', secret)).toBeNull();
    expect(verifySignedValue(`.${good.split('.')[1]}`, secret)).toBeNull();
    expect(verifySignedValue(signed('session-token-1', 'another-secret-of-at-least-32-chars!!'), secret)).toBeNull();
  });
});
