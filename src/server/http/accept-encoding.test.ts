import { describe, expect, it } from 'vitest';
import { preferredCoding } from './accept-encoding';

describe('preferredCoding', () => {
  it('prefers brotli, then gzip, and sends identity when neither is accepted', () => {
    expect(preferredCoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredCoding('gzip, deflate')).toBe('gzip');
    expect(preferredCoding('x-gzip')).toBe('gzip');
    expect(preferredCoding('deflate')).toBeUndefined();
    expect(preferredCoding('identity')).toBeUndefined();
    expect(preferredCoding('')).toBeUndefined();
    expect(preferredCoding(undefined)).toBeUndefined();
  });

  it('follows the weights the client gives, and never sends a coding it weighs 0', () => {
    expect(preferredCoding('br;q=0, gzip')).toBe('gzip');
    expect(preferredCoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(preferredCoding('BR;Q=1, gzip;q=1')).toBe('br');
    expect(preferredCoding('br;q=0, gzip;q=0')).toBeUndefined();
  });

  it('reads * as any coding not named', () => {
    expect(preferredCoding('*')).toBe('br');
    expect(preferredCoding('br;q=0, *')).toBe('gzip');
    expect(preferredCoding('*;q=0')).toBeUndefined();
  });
});
