import type { Geocoder } from './geocoder';
import { locateZip } from './zip-centroids';

/**
 * The built-in stand-in for the Census Geocoder, used outside production when GEOCODER_URL is not
 * set: it places every address at its ZIP's centroid (not found: a ZIP the zipcodes package does
 * not know). Its answers are recorded as the stand-in's, so the patient's page says so and visit
 * verification treats the point as what it is, the ZIP's center (domain/home-location.ts).
 */
export function createGeocoderStandIn(): Geocoder {
  return {
    kind: 'stand-in',
    async locate(address) {
      const centroid = locateZip(address.zip);
      return centroid ? { found: true, point: { latitude: centroid.latitude, longitude: centroid.longitude } } : { found: false };
    },
  };
}
