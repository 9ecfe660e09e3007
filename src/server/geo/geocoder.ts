import type { GeocoderKind, PatientAddress } from '../../domain/home-location';
import type { GeoPoint } from '../../domain/geo';
import type { Config } from '../config';
import { createGeocoderStandIn } from './geocoder-stand-in';

/**
 * Locating a street address. The real adapter asks the US Census Geocoder's "locations/address"
 * service (keyless): GET {base}locations/address?street=&city=&state=&zip=&benchmark=Public_AR_Current&format=json
 * answers `{ result: { addressMatches: [{ coordinates: { x: longitude, y: latitude }, matchedAddress, … }] } }`,
 * an empty list when it knows no such address.
 */

/** The geocoder's answer: the address's point, or that it knows no such address (final: check-ins fall back to the ZIP). */
export type GeocodeAnswer = { found: true; point: GeoPoint } | { found: false };

/** No answer could be had (network error, timeout, non-200, an answer that is not the service's): retried, never a verdict. */
export class GeocoderUnreachableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GeocoderUnreachableError';
  }
}

export interface Geocoder {
  /** 'census', or 'stand-in' for the built-in geocoder used outside production without GEOCODER_URL. */
  kind: GeocoderKind;
  /** Throws GeocoderUnreachableError when no answer could be had. Its messages never quote the address. */
  locate(address: PatientAddress): Promise<GeocodeAnswer>;
}

/** A lookup that takes longer than this counts as unreachable (and is retried by the job). */
const LOOKUP_TIMEOUT_MS = 10_000;

interface CensusAnswer {
  result?: { addressMatches?: Array<{ coordinates?: { x?: unknown; y?: unknown } }> };
}

const isLatitude = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= 90;
const isLongitude = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= 180;

/** The Census Geocoder at `baseUrl` (its /geocoder/ address). */
export function createCensusGeocoder(baseUrl: string, options: { timeoutMs?: number } = {}): Geocoder {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  return {
    kind: 'census',
    async locate(address) {
      const url = new URL('locations/address', base);
      url.searchParams.set('street', address.addressLine);
      url.searchParams.set('city', address.city);
      url.searchParams.set('state', address.state);
      url.searchParams.set('zip', address.zip);
      url.searchParams.set('benchmark', 'Public_AR_Current');
      url.searchParams.set('format', 'json');
      let response: Response;
      try {
        response = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(options.timeoutMs ?? LOOKUP_TIMEOUT_MS) });
      } catch (error) {
        // The error may quote the URL, which holds the address: only what kind of failure leaves here.
        const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
        throw new GeocoderUnreachableError(timedOut ? 'no answer within the time limit' : 'the connection failed');
      }
      if (!response.ok) {
        await response.body?.cancel().catch(() => {});
        throw new GeocoderUnreachableError(`it answered HTTP ${response.status}`);
      }
      const body = (await response.json().catch(() => null)) as CensusAnswer | null;
      const matches = body?.result?.addressMatches;
      if (!Array.isArray(matches)) throw new GeocoderUnreachableError('its answer was not the Census Geocoder’s');
      const first = matches[0];
      if (!first) return { found: false };
      const { x, y } = first.coordinates ?? {};
      if (!isLatitude(y) || !isLongitude(x)) throw new GeocoderUnreachableError('its match had no coordinates');
      return { found: true, point: { latitude: y, longitude: x } };
    },
  };
}

/** The Census Geocoder when GEOCODER_URL is set (always in production), else the built-in stand-in. */
export function createGeocoder(config: Pick<Config, 'geocoderUrl'>): Geocoder {
  return config.geocoderUrl ? createCensusGeocoder(config.geocoderUrl) : createGeocoderStandIn();
}
