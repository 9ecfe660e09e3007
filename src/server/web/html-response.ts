import { brotliCompressSync, constants, crc32, deflateRawSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { preferredCoding, varyOnAcceptEncoding } from '../http/accept-encoding';
import { crc32Combine, crc32Shift } from './crc32-combine';
import { newStyleNonce, splitForNonce, styleNonceMeta } from './style-nonce';

/**
 * A page of the web app (index.html or a page rendered at build time), prepared once to be sent
 * many times. Each response carries its own CSP style nonce (style-nonce.ts) just before </body>,
 * so no response can be compressed ahead of time as a whole: all that comes before the nonce is
 * compressed once (on first use of each coding), and sendPage adds the nonce and the few bytes after it.
 */
export interface HtmlPage {
  /** Up to where the nonce goes; the whole page if it has no </body> (it gets none). */
  readonly before: Buffer;
  /** From </body> on: a few bytes. */
  readonly after: Buffer;
  readonly takesNonce: boolean;
  /** Made on the first response that is sent gzipped. */
  gzip?: GzipPieces;
  /** `before` as the start of a brotli stream, flushed; made on the first response sent in brotli. */
  brotli?: Buffer;
}

export function htmlPage(html: string): HtmlPage {
  const parts = splitForNonce(html);
  if (!parts) return { before: Buffer.from(html), after: Buffer.alloc(0), takesNonce: false };
  return { before: Buffer.from(parts.before), after: Buffer.from(parts.after), takesNonce: true };
}

/**
 * Sends a page with this response's nonce in it, revalidated on every use (`no-cache`: a new
 * deploy changes which assets it names), compressed when the request accepts it: brotli, else gzip.
 * Either stream is assembled from the page's start, compressed once at the best level, and the
 * nonce and the end of the page as they are (a stored block, an uncompressed meta-block), so a
 * response costs no compression: brotli's checksum-free stream costs a copy, gzip's the CRC of the
 * nonce (crc32-combine.ts). The landing page (57 kB) goes out as 7.2 kB in brotli, 8.7 kB in gzip.
 */
export function sendPage(request: FastifyRequest, reply: FastifyReply, page: HtmlPage): FastifyReply {
  reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
  varyOnAcceptEncoding(reply);
  // Only a page has a use for a style nonce: its own, in its CSP header and in its text alike.
  const nonce = page.takesNonce ? newStyleNonce() : undefined;
  if (nonce) reply.allowStyleNonce(nonce);
  const meta = nonce ? Buffer.from(styleNonceMeta(nonce)) : Buffer.alloc(0);
  const coding = preferredCoding(request.headers['accept-encoding']);
  if (coding === 'br') return reply.header('content-encoding', 'br').send(brotliOf(page, meta));
  if (coding === 'gzip') return reply.header('content-encoding', 'gzip').send(gzipOf(page, meta));
  return reply.send(Buffer.concat([page.before, meta, page.after]));
}

/**
 * The page with `meta` before its end, as one brotli stream (RFC 7932): its start compressed and
 * flushed (which leaves the stream byte-aligned, ready for another meta-block), then the rest in
 * uncompressed meta-blocks, then the empty last meta-block.
 */
function brotliOf(page: HtmlPage, meta: Buffer): Buffer {
  const start = (page.brotli ??= brotliCompressSync(page.before, {
    finishFlush: constants.BROTLI_OPERATION_FLUSH,
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: page.before.length,
    },
  }));
  return Buffer.concat([start, ...uncompressedMetaBlocks(Buffer.concat([meta, page.after])), BROTLI_LAST_EMPTY]);
}

/** ISLAST = 1, ISLASTEMPTY = 1: the stream's end (RFC 7932 §9.2). */
const BROTLI_LAST_EMPTY = Buffer.from([0b11]);
/** The most an uncompressed meta-block with a four-nibble length holds. */
const MAX_META_BLOCK = 1 << 16;

/** `bytes` as uncompressed, non-last meta-blocks (RFC 7932 §9.2), each starting on a byte boundary. */
function uncompressedMetaBlocks(bytes: Buffer): Buffer[] {
  const blocks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += MAX_META_BLOCK) {
    const chunk = bytes.subarray(at, at + MAX_META_BLOCK);
    // Bit 0 ISLAST = 0, bits 1-2 MNIBBLES = 0 (four nibbles), bits 3-18 MLEN - 1, bit 19
    // ISUNCOMPRESSED = 1, then zeros to the byte's end: three bytes, least significant bit first.
    const header = ((chunk.length - 1) << 3) | (1 << 19);
    blocks.push(Buffer.from([header & 0xff, (header >> 8) & 0xff, header >> 16]), chunk);
  }
  return blocks;
}

interface GzipPieces {
  /** The gzip header and the deflated start, ended by a full flush: byte-aligned, and nothing after it refers back into it. */
  start: Buffer;
  /** The deflated end, a stream of its own (it refers to nothing before itself) whose last block ends the member. */
  end: Buffer;
  beforeCrc: number;
  afterCrc: number;
  /** crc32Shift of the end's length: with afterCrc, the whole page's CRC without reading the end again. */
  afterShift: number;
}

// RFC 1952: magic, deflate, no flags, no time, no extra flags, unknown OS.
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/** The page with `meta` before its end, as one gzip member (RFC 1952) around one deflate stream (RFC 1951). */
function gzipOf(page: HtmlPage, meta: Buffer): Buffer {
  const pieces = (page.gzip ??= {
    start: Buffer.concat([GZIP_HEADER, deflateRawSync(page.before, { level: 9, finishFlush: constants.Z_FULL_FLUSH })]),
    end: deflateRawSync(page.after, { level: 9 }),
    beforeCrc: crc32(page.before),
    afterCrc: crc32(page.after),
    afterShift: crc32Shift(page.after.length),
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc32Combine(crc32(meta, pieces.beforeCrc), pieces.afterCrc, pieces.afterShift), 0);
  trailer.writeUInt32LE((page.before.length + meta.length + page.after.length) % 2 ** 32, 4);
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
