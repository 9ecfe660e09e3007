import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32Combine, crc32Shift } from './crc32-combine';

describe('crc32Combine', () => {
  it.each([0, 1, 7, 50, 1024, 40_000, 70_001])('gives the CRC-32 of two strings joined, the second %i bytes long', (length) => {
    for (const first of [Buffer.alloc(0), Buffer.from('<!doctype html><html><head>'), randomBytes(300)]) {
      const second = randomBytes(length);
      expect(crc32Combine(crc32(first), crc32(second), crc32Shift(length))).toBe(crc32(Buffer.concat([first, second])));
    }
  });
});
