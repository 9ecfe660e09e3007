import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MAX_ATTACHMENT_BYTES } from '../../domain/documentation';
import { decodeFileNameHeader, FILE_NAME_HEADER } from './file-name';

/**
 * Uploads are the raw file (no multipart support in the app), its name percent-encoded in
 * X-File-Name (never the URL, which is logged). A plugin that calls `acceptRawUploads` takes any
 * body as bytes up to the limit, so its handler can answer a wrong type with a clear message.
 */
export function acceptRawUploads(app: FastifyInstance) {
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_ATTACHMENT_BYTES }, (_request, body, done) => done(null, body));
}

/** The uploaded file of a request: its claimed type, bytes and (decoded) name; a bad name is a 400 naming `fileName`. */
export function rawUploadOf(request: FastifyRequest): { contentType: string; body: Buffer; fileName: string } {
  const contentType = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  // The app's JSON parser outranks the catch-all: a JSON body arrives parsed, and is no file.
  const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
  return { contentType, body, fileName: decodeFileNameHeader(request.headers[FILE_NAME_HEADER]) };
}
