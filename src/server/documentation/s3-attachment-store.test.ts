import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3Double } from '../../../test/s3-double';
import { loadConfig } from '../config';
import type { AttachmentStore } from './attachment-store';
import { createS3AttachmentStore } from './s3-attachment-store';

/** The real adapter, through the real AWS SDK, against a local double of the S3 API. */

const s3 = new S3Double();
let store: AttachmentStore;
const storeWith = (env: Record<string, string>) => {
  const { attachmentStorage } = loadConfig({ ...s3.env, ...env });
  if (attachmentStorage.kind !== 's3') throw new Error('expected the S3 store');
  return createS3AttachmentStore(attachmentStorage);
};
beforeAll(async () => {
  await s3.start();
  store = storeWith({});
});
afterAll(() => s3.stop());

const key = () => randomBytes(24).toString('hex');

describe('the S3 attachment store', () => {
  it('puts, reads back, tells and removes a file, signed requests to /bucket/attachments/<key>', async () => {
    const name = key();
    const sealed = randomBytes(4096);
    await store.put(name, sealed);
    expect(s3.objects.get(`attachments/${name}`)?.equals(sealed)).toBe(true);
    expect((await store.get(name))?.equals(sealed)).toBe(true);
    expect(await store.has(name)).toBe(true);
    await store.remove(name);
    expect(s3.objects.has(`attachments/${name}`)).toBe(false);
    expect(await store.get(name)).toBeNull();
    expect(await store.has(name)).toBe(false);
    const ours = s3.requests.filter((request) => request.path.endsWith(name));
    expect(ours.map((request) => request.method)).toEqual(['PUT', 'GET', 'HEAD', 'DELETE', 'GET', 'HEAD']);
    for (const request of ours) {
      expect(request.path).toBe(`/${s3.bucket}/attachments/${name}`);
      expect(request.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDCARERELAYTEST\/\d{8}\/us-test-1\/s3\/aws4_request/);
    }
  });

  it('keeps a whole 10 MB file', async () => {
    const name = key();
    const sealed = randomBytes(10 * 1024 * 1024 + 28);
    await store.put(name, sealed);
    expect((await store.get(name))?.equals(sealed)).toBe(true);
  });

  it('removing a key that holds nothing is not an error', async () => {
    await expect(store.remove(key())).resolves.toBeUndefined();
  });

  it('wrong credentials are refused by the service and fail the call', async () => {
    const wrong = storeWith({ S3_SECRET_ACCESS_KEY: 'not-the-secret' });
    const name = key();
    await expect(wrong.put(name, randomBytes(16))).rejects.toThrow();
    expect(s3.objects.has(`attachments/${name}`)).toBe(false);
    await store.put(name, randomBytes(16));
    await expect(wrong.get(name)).rejects.toThrow();
  });

  it('an outage fails the call instead of answering "not there"', async () => {
    const name = key();
    await store.put(name, randomBytes(16));
    s3.down = true;
    try {
      await expect(store.get(name)).rejects.toThrow();
      await expect(store.has(name)).rejects.toThrow();
    } finally {
      s3.down = false;
    }
    expect(await store.has(name)).toBe(true);
  });
});
