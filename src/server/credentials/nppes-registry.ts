import type { Config } from '../config';
import { createNppesStandIn } from './nppes-stand-in';

/**
 * The NPPES NPI Registry (API version 2.1): GET {base}?version=2.1&number=<npi> answers
 * `{ result_count, results: [...] }`, `result_count: 0` for a number it does not know (or one that
 * was deactivated), and `{ Errors: [...] }` (still HTTP 200) for a query it refuses.
 */

/** The part of an NPPES record the check reads. */
export interface NppesRecord {
  number: string;
  enumeration_type: string;
  basic: { first_name?: string; last_name?: string; status?: string; organization_name?: string };
  taxonomies: Array<{ code: string; desc?: string; primary?: boolean; state?: string | null; license?: string | null }>;
}

export interface NppesAnswer {
  result_count: number;
  results?: NppesRecord[];
  Errors?: Array<{ description?: string; field?: string }>;
}

/** The registry could not be asked (network error, timeout, 5xx, an answer that is not the API's): retried, never a verdict. */
export class NppesUnreachableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NppesUnreachableError';
  }
}

export interface NppesRegistry {
  /** 'nppes', or 'stand-in' for the built-in registry used outside production without NPPES_API_URL. */
  kind: 'nppes' | 'stand-in';
  /** The query's URL, recorded as how a credential was verified. */
  queryUrl(npi: string): string;
  /** Throws NppesUnreachableError when no answer could be had. */
  lookup(npi: string): Promise<NppesAnswer>;
}

/** A lookup that takes longer than this counts as unreachable (and is retried by the job). */
const LOOKUP_TIMEOUT_MS = 10_000;

export function createNppesHttpRegistry(baseUrl: string, options: { timeoutMs?: number } = {}): NppesRegistry {
  const queryUrl = (npi: string) => {
    const url = new URL(baseUrl);
    url.searchParams.set('version', '2.1');
    url.searchParams.set('number', npi);
    return url.toString();
  };
  return {
    kind: 'nppes',
    queryUrl,
    async lookup(npi) {
      let response: Response;
      try {
        response = await fetch(queryUrl(npi), { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(options.timeoutMs ?? LOOKUP_TIMEOUT_MS) });
      } catch (error) {
        const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
        throw new NppesUnreachableError(timedOut ? 'no answer within the time limit' : 'the connection failed');
      }
      if (!response.ok) throw new NppesUnreachableError(`it answered HTTP ${response.status}`);
      const body = (await response.json().catch(() => null)) as NppesAnswer | null;
      if (!body || (typeof body.result_count !== 'number' && !Array.isArray(body.Errors))) {
        throw new NppesUnreachableError('its answer was not the NPI Registry API’s');
      }
      // The registry has sent `number` as a JSON number in some versions.
      return { ...body, results: body.results?.map((record) => ({ ...record, number: String(record.number) })) };
    },
  };
}

/** The real registry when NPPES_API_URL is set (always in production), else the built-in stand-in. */
export function createNppesRegistry(config: Pick<Config, 'trust'>): NppesRegistry {
  return config.trust.nppesApiUrl ? createNppesHttpRegistry(config.trust.nppesApiUrl) : createNppesStandIn();
}
