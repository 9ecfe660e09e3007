import { createDecipheriv, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createPhiBox, PhiUnreadableError } from './phi-box';

const key = randomBytes(32).toString('base64');
const box = createPhiBox(key);
const details = JSON.stringify({ firstName: 'Dolores', lastName: 'Abernathy', dateOfBirth: '1948-03-14', diagnosisCode: 'M17.11' });
const referralA = '0b6d3c1e-6a43-4f0e-9d3a-0d6f7b1e2a01';
const referralB = '0b6d3c1e-6a43-4f0e-9d3a-0d6f7b1e2a02';

/** Replaces one dot-separated part of a sealed value. */
function withPart(sealed: string, index: number, change: (part: string) => string): string {
  const parts = sealed.split('.');
  parts[index] = change(parts[index] ?? '');
  return parts.join('.');
}

const flipFirstByte = (part: string) => {
  const bytes = Buffer.from(part, 'base64url');
  bytes[0] = (bytes[0] ?? 0) ^ 0x01;
  return bytes.toString('base64url');
};

describe('the PHI box', () => {
  it('opens what it sealed for the same record, unicode included', () => {
    const text = `${details} José Ñúñez 👵`;
    expect(box.open(box.seal(text, referralA), referralA)).toBe(text);
    expect(box.open(box.seal('', referralA), referralA)).toBe('');
  });

  it('writes v1.<iv>.<tag>.<ciphertext> in base64url, with none of the plain text', () => {
    const sealed = box.seal(details, referralA);
    expect(sealed).toMatch(/^v1\.[\w-]{16}\.[\w-]{22}\.[\w-]+$/);
    for (const plain of ['Dolores', 'Abernathy', '1948-03-14', 'M17.11']) expect(sealed).not.toContain(plain);
  });

  it('uses a fresh IV each time, so equal details never look equal', () => {
    expect(box.seal(details, referralA)).not.toBe(box.seal(details, referralA));
  });

  it('is standard AES-256-GCM with the record bound as additional data (readable by any implementation)', () => {
    const [, iv, tag, ciphertext] = box.seal(details, referralA).split('.');
    const decipher = createDecipheriv('aes-256-gcm', Buffer.from(key, 'base64'), Buffer.from(iv ?? '', 'base64url'));
    decipher.setAAD(Buffer.from(`carerelay.phi.v1:${referralA}`));
    decipher.setAuthTag(Buffer.from(tag ?? '', 'base64url'));
    expect(Buffer.concat([decipher.update(Buffer.from(ciphertext ?? '', 'base64url')), decipher.final()]).toString('utf8')).toBe(details);
  });

  it('refuses a value moved to another record', () => {
    const sealed = box.seal(details, referralA);
    expect(() => box.open(sealed, referralB)).toThrow(PhiUnreadableError);
  });

  it('refuses a tampered IV, tag or ciphertext, a truncated value and an unknown version', () => {
    const sealed = box.seal(details, referralA);
    const tampered = [
      withPart(sealed, 1, flipFirstByte),
      withPart(sealed, 2, flipFirstByte),
      withPart(sealed, 3, flipFirstByte),
      withPart(sealed, 3, (part) => part.slice(0, -4)),
      withPart(sealed, 0, () => 'v2'),
      sealed.split('.').slice(0, 3).join('.'),
      `${sealed}.extra`,
      'not sealed at all',
      '',
    ];
    for (const value of tampered) expect(() => box.open(value, referralA), value).toThrow(PhiUnreadableError);
  });

  it('refuses a value sealed with another key', () => {
    const other = createPhiBox(randomBytes(32).toString('base64'));
    expect(() => other.open(box.seal(details, referralA), referralA)).toThrow(PhiUnreadableError);
  });

  it('never quotes the plain text or the sealed value in its error', () => {
    const sealed = box.seal(details, referralA);
    let message = '';
    try {
      box.open(sealed, referralB);
    } catch (error) {
      message = `${(error as Error).message} ${String((error as Error).stack)}`;
    }
    expect(message).toContain('could not be opened');
    expect(message).not.toContain('Dolores');
    expect(message).not.toContain(sealed.split('.')[3]);
  });

  it('needs a 32-byte key', () => {
    expect(() => createPhiBox(randomBytes(16).toString('base64'))).toThrow('32 bytes');
    expect(() => createPhiBox('')).toThrow('32 bytes');
  });
});
