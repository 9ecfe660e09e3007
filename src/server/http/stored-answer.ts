import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { preferredCoding, varyOnAcceptEncoding, type ContentCoding } from './accept-encoding';

/** Below this a compressed body saves less than the bytes of its headers. */
const MIN_COMPRESSED_BYTES = 1024;

interface Representation {
  body: Buffer;
  /** How the body is compressed; none for the answer as it is. */
  coding?: ContentCoding;
  /** Strong: a hash of the body as sent, so each coding has its own (RFC 9110 §8.8.3). */
  etag: string;
}

/**
 * An answer that changes only with a deploy (a public JSON answer, a page of the web app): made,
 * compressed and tagged once, sent many times.
 */
export interface StoredAnswer {
  readonly type: string;
  representation(coding: ContentCoding | undefined): Representation;
}

/**
 * The answer of `body()`, of this content type, made once, on first use; its brotli and gzip forms
 * are made at their best quality the first time a client asks for each. Lazy, so an app that never
 * serves it (most test apps) pays nothing at start-up.
 */
export function storedAnswer(type: string, body: () => Buffer): StoredAnswer {
  let identity: Representation | undefined;
  const compressed = new Map<ContentCoding, Representation | undefined>();
  const plain = () => (identity ??= representationOf(body(), undefined));
  return {
    type,
    representation(coding) {
      if (!coding) return plain();
      if (!compressed.has(coding)) compressed.set(coding, compressedForm(plain().body, coding));
      return compressed.get(coding) ?? plain();
    },
  };
}

/**
 * The JSON answer `value()` gives, stored: checked and whitelisted by the route's response schema as
 * the route's serializer would (so the schema stays the truth of what is sent), then serialized.
 */
export function storedJson<T extends z.ZodType>(schema: T, value: () => z.output<T>): StoredAnswer {
  return storedAnswer('application/json; charset=utf-8', () => Buffer.from(JSON.stringify(z.encode(schema, value()))));
}

function representationOf(body: Buffer, coding: ContentCoding | undefined): Representation {
  return { body, coding, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"` };
}

function compressedForm(body: Buffer, coding: ContentCoding): Representation | undefined {
  if (body.length < MIN_COMPRESSED_BYTES) return undefined;
  const squeezed =
    coding === 'br'
      ? brotliCompressSync(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        })
      : gzipSync(body, { level: constants.Z_BEST_COMPRESSION });
  return representationOf(squeezed, coding);
}

/**
 * Sends a stored answer: in the coding the request prefers, with its ETag, or 304 without a body
 * when If-None-Match already names it. `no-cache` rather than a max-age: a client revalidates on
 * every use, so the answer is never older than the deploy that serves it (a new web app never
 * reads an old deploy's JSON, a page never names an old deploy's scripts), and a revalidation that
 * finds it unchanged costs a 304 of a few headers.
 */
export function sendStored(request: FastifyRequest, reply: FastifyReply, stored: StoredAnswer): FastifyReply {
  const coding = preferredCoding(request.headers['accept-encoding']);
  const sent = stored.representation(coding);
  reply.header('cache-control', 'no-cache').header('etag', sent.etag);
  varyOnAcceptEncoding(reply);
  if (ifNoneMatch(request.headers['if-none-match'], sent.etag)) return reply.code(304).send();
  if (sent.coding) reply.header('content-encoding', sent.coding);
  return reply.type(stored.type).send(sent.body);
}

/** Whether an If-None-Match header names this tag (weak comparison, as RFC 9110 §13.1.2 asks) or is `*`. */
function ifNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const candidate = tag.trim();
    return candidate === '*' || candidate.replace(/^W\//, '') === etag;
  });
}

/** The OpenAPI description of the 304 a stored answer gives to a matching If-None-Match. */
export const notModifiedSchema = z.null().describe('Not Modified: the ETag in If-None-Match is the current one; no body');
