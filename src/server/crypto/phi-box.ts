import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';
/** First byte of a sealed file: the binary form's version. */
const BYTES_VERSION = 0x01;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Thrown when a sealed value cannot be opened; its message never quotes the value. */
export class PhiUnreadableError extends Error {
  constructor(reason: string) {
    super(`sealed PHI could not be opened: ${reason}`);
    this.name = 'PhiUnreadableError';
  }
}

/**
 * AES-256-GCM for patient details, with the raw 32-byte key (PHI_ENCRYPTION_KEY, base64), which is
 * not derived from the app secret so that rotating one never loses the other. Output:
 * "v1.<iv>.<tag>.<ciphertext>" in base64url.
 *
 * `boundTo` names the record a value belongs to (e.g. the referral id) and is authenticated as
 * additional data with the version: a value copied onto another record, or relabelled as another
 * version, fails to open instead of showing one patient's details on another's page.
 */
export function createPhiBox(keyBase64: string) {
  const key = Buffer.from(keyBase64, 'base64');
  if (key.length !== 32) throw new Error('the PHI key must be 32 bytes in base64');
  const aad = (boundTo: string) => Buffer.from(`carerelay.phi.${VERSION}:${boundTo}`, 'utf8');

  return {
    seal(plaintext: string, boundTo: string): string {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(aad(boundTo));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [VERSION, ...[iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url'))].join('.');
    },

    /** The plaintext, or a PhiUnreadableError when the value is malformed, tampered with or bound elsewhere. */
    open(sealed: string, boundTo: string): string {
      const [version, ivText, tagText, ciphertextText, ...rest] = sealed.split('.');
      if (version !== VERSION) throw new PhiUnreadableError('unknown version');
      if (ivText === undefined || tagText === undefined || ciphertextText === undefined || rest.length > 0) {
        throw new PhiUnreadableError('malformed');
      }
      const iv = Buffer.from(ivText, 'base64url');
      const tag = Buffer.from(tagText, 'base64url');
      if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new PhiUnreadableError('malformed');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
        decipher.setAAD(aad(boundTo));
        decipher.setAuthTag(tag);
        return Buffer.concat([decipher.update(Buffer.from(ciphertextText, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        // The cipher's own error is dropped on purpose: only the fact of failure leaves this function.
        throw new PhiUnreadableError('authentication failed');
      }
    },

    /** The binary form, for files: <version byte><iv><tag><ciphertext>, no encoding overhead. */
    sealBytes(plaintext: Buffer, boundTo: string): Buffer {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(aad(boundTo));
      const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
      return Buffer.concat([Buffer.of(BYTES_VERSION), iv, cipher.getAuthTag(), ciphertext]);
    },

    /** The bytes sealed by sealBytes, or a PhiUnreadableError (never partial or corrupt data). */
    openBytes(sealed: Buffer, boundTo: string): Buffer {
      if (sealed.length < 1 + IV_BYTES + TAG_BYTES) throw new PhiUnreadableError('malformed');
      if (sealed[0] !== BYTES_VERSION) throw new PhiUnreadableError('unknown version');
      const iv = sealed.subarray(1, 1 + IV_BYTES);
      const tag = sealed.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES);
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
        decipher.setAAD(aad(boundTo));
        decipher.setAuthTag(tag);
        return Buffer.concat([decipher.update(sealed.subarray(1 + IV_BYTES + TAG_BYTES)), decipher.final()]);
      } catch {
        throw new PhiUnreadableError('authentication failed');
      }
    },
  };
}
export type PhiBox = ReturnType<typeof createPhiBox>;
