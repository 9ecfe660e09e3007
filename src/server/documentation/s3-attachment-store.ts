import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { AttachmentStore } from './attachment-store';

export interface S3Settings {
  bucket: string;
  region: string;
  /** Unset: AWS S3 itself; otherwise the address of an S3-compatible service (MinIO, R2, a test double). */
  endpoint: string | undefined;
  /** Unset: the SDK's own credential chain (environment, instance or task role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Bucket in the path (`/bucket/key`) rather than the host name, as most S3-compatible services want. */
  forcePathStyle: boolean;
}

/** Objects are named under this prefix, so the bucket may hold other things too. */
const objectKey = (key: string) => `attachments/${key}`;

const notFound = (error: unknown) => error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404;

/**
 * The attachment store on S3-compatible object storage, through the official AWS SDK. It acts at
 * once, outside any database transaction (`transactional` false): the use cases remove an object
 * whose row did not commit, and remove an object only after its row's removal committed.
 */
export function createS3AttachmentStore(settings: S3Settings): AttachmentStore {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    // Like the database: an unreachable store fails a request in seconds instead of holding it.
    requestHandler: { connectionTimeout: 5000, requestTimeout: 30_000, throwOnRequestTimeout: true },
    maxAttempts: 3,
    // The sealed bytes carry their own integrity check (AES-GCM's tag), and S3-compatible services
    // that predate the SDK's default CRC checksums refuse requests carrying them: only when required.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = settings.bucket;
  return {
    name: 's3',
    transactional: false,
    async put(key, sealed) {
      await client.send(new PutObjectCommand({ Bucket, Key: objectKey(key), Body: sealed, ContentType: 'application/octet-stream' }));
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
        if (!object.Body) return null;
        return Buffer.from(await object.Body.transformToByteArray());
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    },
    async has(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }));
        return true;
      } catch (error) {
        if (notFound(error)) return false;
        throw error;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },
  };
}
