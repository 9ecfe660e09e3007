import type { FastifyReply } from 'fastify';

/** The content codings the server sends besides identity. */
export type ContentCoding = 'br' | 'gzip';

/**
 * The coding to send for an Accept-Encoding header (RFC 9110 §12.5.3): brotli, else gzip, else none
 * (identity). A coding the client weighs `q=0` is refused; `*` stands for any coding not named.
 * Between two acceptable codings the client's higher weight wins, and at equal weight the first
 * of `order`: brotli unless said otherwise, as it makes the smaller files.
 */
export function preferredCoding(
  header: string | string[] | undefined,
  order: readonly ContentCoding[] = ['br', 'gzip'],
): ContentCoding | undefined {
  if (header === undefined) return undefined;
  const weights = weightsOf(Array.isArray(header) ? header.join(',') : header);
  let best: ContentCoding | undefined;
  let bestWeight = 0;
  for (const coding of order) {
    const weight = weights.get(coding) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) [best, bestWeight] = [coding, weight];
  }
  return best;
}

/** The weights of the headers seen lately: a browser sends the same one on every request. */
const recentWeights = new Map<string, Map<string, number>>();
const MAX_REMEMBERED = 64;

/** Each coding's weight in an Accept-Encoding header. */
function weightsOf(header: string): Map<string, number> {
  const known = recentWeights.get(header);
  if (known) return known;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...parameters] = part.split(';');
    const coding = name.trim().toLowerCase();
    if (coding === '') continue;
    const q = parameters.map((parameter) => /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(parameter)?.[1]).find((value) => value !== undefined);
    weights.set(coding === 'x-gzip' ? 'gzip' : coding, q === undefined ? 1 : Number(q) || 0);
  }
  // Bounded, so a client sending a new header each time cannot grow it: it starts over when full.
  if (recentWeights.size >= MAX_REMEMBERED) recentWeights.clear();
  recentWeights.set(header, weights);
  return weights;
}

/**
 * Adds Accept-Encoding to the reply's Vary header, keeping what is there (CORS puts Origin there):
 * a cache must not hand a brotli answer to a client that did not ask for one.
 */
export function varyOnAcceptEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  const current = Array.isArray(vary) ? vary.join(', ') : vary === undefined ? '' : String(vary);
  if (/(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i.test(current)) return;
  reply.header('vary', current ? `${current}, Accept-Encoding` : 'Accept-Encoding');
}
