import type { Config } from '../config';
import type { Database } from '../db/client';
import type { AttachmentStore } from './attachment-store';
import { createPostgresAttachmentStore } from './postgres-attachment-store';
import { createS3AttachmentStore } from './s3-attachment-store';

/** The S3-compatible bucket when ATTACHMENT_STORAGE=s3, otherwise PostgreSQL. */
export function createAttachmentStore(config: Pick<Config, 'attachmentStorage'>, database: Database): AttachmentStore {
  const { attachmentStorage: storage } = config;
  return storage.kind === 's3' ? createS3AttachmentStore(storage) : createPostgresAttachmentStore(database);
}
