import helmet, { type HelmetOptions } from 'helmet';
import type { FrameStep } from './request-frame';

/**
 * The security headers of every response, computed once. A page, a script, an image, an error page:
 * everything but the JSON API gets helmet's document headers, whose text does not change while the
 * app runs, so helmet is run once, here, and each response is given the headers it wrote (running
 * helmet per response, as @fastify/helmet does, parses every CSP directive each time: about a sixth
 * of a public endpoint's time).
 *
 * An answer of the API (`isApiAnswer`, given by app.ts) gets the few that govern an answer no browser renders as a
 * document, after OWASP's REST Security Cheat Sheet: a policy that loads nothing and lets nothing
 * frame it, `nosniff`, helmet's same-origin resource policy and frame options, and HSTS when it is
 * on. The others (COOP, Origin-Agent-Cluster, Referrer-Policy, X-DNS-Prefetch-Control,
 * X-Download-Options, X-Permitted-Cross-Domain-Policies, X-XSS-Protection) govern a document's
 * window, links and scripts, so on JSON they did nothing but cost each answer time: its head fell
 * from 884 to 496 bytes, and `GET /api/site` under load rose from 0.46–0.56× bare Fastify to
 * 0.54–0.67× (alternating runs, 2026-12-03).
 */
export function securityHeaders(options: HelmetOptions, isApiAnswer: (url: string) => boolean): FrameStep {
  const headers = headersOf(options);
  const fixed = Object.fromEntries(headers);
  const api = apiHeaders(headers);
  // No more than copying the headers: nothing computed.
  return (request, reply) => {
    reply.headers(isApiAnswer(request.url) ? api : fixed);
    return undefined;
  };
}

/** What an API answer's policy allows: nothing loaded, no frame (should one ever be opened as a page). */
const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** Of helmet's headers, those an API answer keeps (besides its own policy). */
const API_HEADER_NAMES = ['x-content-type-options', 'cross-origin-resource-policy', 'x-frame-options', 'strict-transport-security'];

function apiHeaders(document: Map<string, string>): Record<string, string> {
  const kept = API_HEADER_NAMES.filter((name) => document.has(name)).map((name) => [name, document.get(name)!]);
  return { 'content-security-policy': API_CONTENT_SECURITY_POLICY, ...Object.fromEntries(kept) };
}

/** The headers helmet sets for these options, by lower-case name, in its order. */
function headersOf(options: HelmetOptions): Map<string, string> {
  const headers = new Map<string, string>();
  const response = {
    setHeader(name: string, value: string | number) {
      headers.set(name.toLowerCase(), String(value));
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  let failure: unknown;
  // Helmet calls back synchronously once every header is set (or one of its options is wrong).
  helmet(options)({} as never, response as never, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return headers;
}
