import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { preferredCoding, varyOnAcceptEncoding, type ContentCoding } from '../http/accept-encoding';

/*
 * A page is the one text the server cannot compress once: every response carries its own CSP style
 * nonce (style-nonce.ts), so its bytes differ each time. It is compressed per response, at the
 * settings that cost least for what they save on a page of a few to a few tens of kB: brotli
 * quality 4 (about a quarter of a millisecond for 12 kB, smaller than gzip at any level; quality 5
 * and up take two to three times as long for a few percent, 11 about 75 times as long) and gzip
 * at zlib's default level 6 (levels above save almost nothing on HTML).
 */
const compress: Record<ContentCoding, (page: Buffer) => Buffer> = {
  br: (page) =>
    brotliCompressSync(page, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 4,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: page.length,
      },
    }),
  gzip: (page) => gzipSync(page, { level: 6 }),
};

/**
 * Sends an HTML page of the web app (index.html or a prerendered page, its nonce already in it):
 * revalidated on every use (`no-cache`, as a new deploy changes which assets it names), compressed
 * with brotli or gzip when the request accepts either.
 */
export function sendHtml(request: FastifyRequest, reply: FastifyReply, html: string): FastifyReply {
  reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
  varyOnAcceptEncoding(reply);
  const coding = preferredCoding(request.headers['accept-encoding']);
  if (!coding) return reply.send(html);
  return reply.header('content-encoding', coding).send(compress[coding](Buffer.from(html)));
}
