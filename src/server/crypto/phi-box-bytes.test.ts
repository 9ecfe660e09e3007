import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createPhiBox, PhiUnreadableError } from './phi-box';

const box = createPhiBox(randomBytes(32).toString('base64'));
const file = Buffer.concat([Buffer.from('%PDF-1.7\nPatient: Dolores Abernathy\n'), randomBytes(4096)]);

describe('the PHI box, binary form (attachments)', () => {
  it('opens what it sealed for the same record, and the sealed bytes do not contain the plaintext', () => {
    const sealed = box.sealBytes(file, 'attachment-a');
    expect(sealed.includes(Buffer.from('Dolores'))).toBe(false);
    expect(sealed.length).toBe(file.length + 29);
    expect(box.openBytes(sealed, 'attachment-a').equals(file)).toBe(true);
    expect(box.openBytes(box.sealBytes(Buffer.alloc(0), 'x'), 'x')).toEqual(Buffer.alloc(0));
  });

  it.each([
    ['a flipped ciphertext byte', (b: Buffer) => (b[b.length - 1] = (b[b.length - 1] ?? 0) ^ 1)],
    ['a flipped tag byte', (b: Buffer) => (b[20] = (b[20] ?? 0) ^ 1)],
    ['a flipped iv byte', (b: Buffer) => (b[1] = (b[1] ?? 0) ^ 1)],
    ['an unknown version', (b: Buffer) => (b[0] = 0x02)],
  ])('refuses %s', (_, tamper) => {
    const sealed = box.sealBytes(file, 'attachment-a');
    tamper(sealed);
    expect(() => box.openBytes(sealed, 'attachment-a')).toThrow(PhiUnreadableError);
  });

  it('refuses a file bound to another record, a truncated file and another key', () => {
    const sealed = box.sealBytes(file, 'attachment-a');
    expect(() => box.openBytes(sealed, 'attachment-b')).toThrow(PhiUnreadableError);
    expect(() => box.openBytes(sealed.subarray(0, 20), 'attachment-a')).toThrow(PhiUnreadableError);
    expect(() => box.openBytes(sealed.subarray(0, sealed.length - 1), 'attachment-a')).toThrow(PhiUnreadableError);
    expect(() => createPhiBox(randomBytes(32).toString('base64')).openBytes(sealed, 'attachment-a')).toThrow(PhiUnreadableError);
  });
});
