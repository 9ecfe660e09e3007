import type { S3Settings } from './s3-attachment-store';

/** Where attachments are kept, from ATTACHMENT_STORAGE and the S3_* settings (config.ts). */
export type AttachmentStorageSettings = { kind: 'postgres' } | ({ kind: 's3' } & S3Settings);

export interface StorageEnv {
  ATTACHMENT_STORAGE: 'postgres' | 's3';
  S3_BUCKET: string | undefined;
  S3_REGION: string | undefined;
  S3_ENDPOINT: string | undefined;
  S3_ACCESS_KEY_ID: string | undefined;
  S3_SECRET_ACCESS_KEY: string | undefined;
  S3_FORCE_PATH_STYLE: string | undefined;
}

const s3Names = ['S3_BUCKET', 'S3_REGION', 'S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'] as const;

/**
 * The settings that only make sense together, checked together (each value's own form is checked
 * by config.ts's schema). An S3 setting without ATTACHMENT_STORAGE=s3 is refused rather than
 * ignored: the operator meant files to go to the bucket, and they would silently go elsewhere.
 * Messages never quote a value (the secret key is one).
 */
export function parseAttachmentStorage(e: StorageEnv): { storage: AttachmentStorageSettings } | { problems: string[] } {
  const problems: string[] = [];
  if (e.ATTACHMENT_STORAGE === 'postgres') {
    for (const name of s3Names) {
      if (e[name] !== undefined) problems.push(`Configuration error: ${name} is set but ATTACHMENT_STORAGE is not s3 (set ATTACHMENT_STORAGE=s3 to keep attachments in S3)`);
    }
    return problems.length > 0 ? { problems } : { storage: { kind: 'postgres' } };
  }
  if (e.S3_BUCKET === undefined) problems.push('Configuration error: S3_BUCKET is required when ATTACHMENT_STORAGE=s3 (the bucket attachments are kept in)');
  if (e.S3_REGION === undefined) problems.push("Configuration error: S3_REGION is required when ATTACHMENT_STORAGE=s3 (the bucket's region, e.g. us-east-1)");
  if ((e.S3_ACCESS_KEY_ID === undefined) !== (e.S3_SECRET_ACCESS_KEY === undefined)) {
    const missing = e.S3_ACCESS_KEY_ID === undefined ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY';
    problems.push(`Configuration error: ${missing} is required with ${missing === 'S3_ACCESS_KEY_ID' ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'} (or leave both unset to use the instance's role)`);
  }
  if (problems.length > 0 || e.S3_BUCKET === undefined || e.S3_REGION === undefined) return { problems };
  return {
    storage: {
      kind: 's3',
      bucket: e.S3_BUCKET,
      region: e.S3_REGION,
      endpoint: e.S3_ENDPOINT,
      credentials: e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY } : undefined,
      forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
    },
  };
}
