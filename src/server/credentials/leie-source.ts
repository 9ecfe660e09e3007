import { createReadStream } from 'node:fs';
import { STAND_IN_LEIE_CSV, STAND_IN_LEIE_SOURCE } from './leie-stand-in';

/** The whole download may take this long (the full list is some 15 MB); longer is a failed import, retried. */
const DOWNLOAD_TIMEOUT_MS = 5 * 60_000;

export interface LeieSource {
  /** Where the list comes from, in words for the managers' page and the imports table. */
  description: string;
  /** The CSV's text as it arrives. Throws (possibly part-way) when the source fails. */
  open(): AsyncIterable<string>;
}

/**
 * Where the monthly import reads the LEIE CSV (config.trust.leieCsvSource): an http(s) URL, a
 * path to a downloaded copy, or (unset, outside production) the built-in stand-in list.
 */
export function leieSourceOf(location: string | undefined, options: { timeoutMs?: number } = {}): LeieSource {
  if (!location) {
    return {
      description: STAND_IN_LEIE_SOURCE,
      async *open() {
        yield STAND_IN_LEIE_CSV;
      },
    };
  }
  if (/^https?:\/\//i.test(location)) {
    return {
      description: location,
      async *open() {
        const response = await fetch(location, { signal: AbortSignal.timeout(options.timeoutMs ?? DOWNLOAD_TIMEOUT_MS) }).catch((error: unknown) => {
          throw new Error(`The list could not be downloaded (${error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'connection failed'})`);
        });
        if (!response.ok || !response.body) throw new Error(`The list could not be downloaded (HTTP ${response.status})`);
        // Node's web streams are async-iterable; the DOM typings in this project do not say so.
        yield* response.body.pipeThrough(new TextDecoderStream()) as unknown as AsyncIterable<string>;
      },
    };
  }
  return {
    description: location,
    async *open() {
      yield* createReadStream(location, { encoding: 'utf8' }) as AsyncIterable<string>;
    },
  };
}
