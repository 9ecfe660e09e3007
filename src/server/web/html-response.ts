import { brotliCompressSync, constants, crc32, deflateRawSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { preferredCoding, varyOnAcceptEncoding } from '../http/accept-encoding';
import { crc32Combine, crc32Shift } from './crc32-combine';
import { newStyleNonce, splitAtHead, styleNonceMeta } from './style-nonce';

/**
 * A page of the web app (index.html or a page rendered at build time), prepared once to be sent
 * many times. Each response carries its own CSP style nonce (style-nonce.ts) just after <head>, so
 * no response can be compressed ahead of time as a whole: what can be is done once (htmlPage and
 * the gzip pieces), and sendPage does the rest.
 */
export interface HtmlPage {
  /** Up to and with <head>, where the nonce goes; the whole page if it has no head (it gets none). */
  readonly head: Buffer;
  readonly rest: Buffer;
  readonly takesNonce: boolean;
  /** Made on the first response that is sent gzipped. */
  gzip?: GzipPieces;
}

export function htmlPage(html: string): HtmlPage {
  const parts = splitAtHead(html);
  if (!parts) return { head: Buffer.from(html), rest: Buffer.alloc(0), takesNonce: false };
  return { head: Buffer.from(parts.head), rest: Buffer.from(parts.rest), takesNonce: true };
}

/**
 * Sends a page with this response's nonce in it, revalidated on every use (`no-cache`: a new
 * deploy changes which assets it names), compressed when the request accepts it.
 *
 * gzip is preferred for pages even where brotli is accepted: its stream is assembled from the
 * page's two halves, each deflated once at the best level, around the nonce in a stored
 * (uncompressed) block, so a response costs the checksum of its nonce instead of a compression
 * (crc32-combine.ts), and comes out about as small as brotli at the quality a per-response
 * compression can afford (4; quality 11 takes some 75 times as long). A client that accepts brotli only gets the page compressed per
 * response at quality 4 (a few milliseconds for 50 kB).
 */
export function sendPage(request: FastifyRequest, reply: FastifyReply, page: HtmlPage): FastifyReply {
  reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
  varyOnAcceptEncoding(reply);
  // Only a page has a use for a style nonce: its own, in its CSP header and in its text alike.
  const nonce = page.takesNonce ? newStyleNonce() : undefined;
  if (nonce) reply.allowStyleNonce(nonce);
  const meta = nonce ? Buffer.from(styleNonceMeta(nonce)) : Buffer.alloc(0);
  const accepts = request.headers['accept-encoding'];
  if (preferredCoding(accepts, ['gzip', 'br']) === 'gzip') return reply.header('content-encoding', 'gzip').send(gzipOf(page, meta));
  const body = Buffer.concat([page.head, meta, page.rest]);
  if (preferredCoding(accepts) !== 'br') return reply.send(body);
  const brotli = brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 4,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
  return reply.header('content-encoding', 'br').send(brotli);
}

interface GzipPieces {
  /** The gzip header and the deflated head, ended by a full flush: byte-aligned, and nothing after it refers back into it. */
  start: Buffer;
  /** The deflated rest, a stream of its own (it refers to nothing before itself) whose last block ends the member. */
  end: Buffer;
  headCrc: number;
  restCrc: number;
  /** crc32Shift of the rest's length: with restCrc, the whole page's CRC without reading the rest again. */
  restShift: number;
}

// RFC 1952: magic, deflate, no flags, no time, no extra flags, unknown OS.
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/** The page with `meta` after its head, as one gzip member (RFC 1952) around one deflate stream (RFC 1951). */
function gzipOf(page: HtmlPage, meta: Buffer): Buffer {
  const pieces = (page.gzip ??= {
    start: Buffer.concat([GZIP_HEADER, deflateRawSync(page.head, { level: 9, finishFlush: constants.Z_FULL_FLUSH })]),
    end: deflateRawSync(page.rest, { level: 9 }),
    headCrc: crc32(page.head),
    restCrc: crc32(page.rest),
    restShift: crc32Shift(page.rest.length),
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc32Combine(crc32(meta, pieces.headCrc), pieces.restCrc, pieces.restShift), 0);
  trailer.writeUInt32LE((page.head.length + meta.length + page.rest.length) % 2 ** 32, 4);
  return Buffer.concat([pieces.start, storedBlock(meta), pieces.end, trailer]);
}

/** A non-final stored deflate block holding `bytes` as they are; the stream is byte-aligned where it goes. */
function storedBlock(bytes: Buffer): Buffer {
  // One byte for BFINAL 0, BTYPE 00 and the padding to the byte's end; then LEN and its ones' complement.
  const header = Buffer.alloc(5);
  header.writeUInt16LE(bytes.length, 1);
  header.writeUInt16LE(~bytes.length & 0xffff, 3);
  return Buffer.concat([header, bytes]);
}
