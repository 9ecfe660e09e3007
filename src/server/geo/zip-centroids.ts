import zipcodes from 'zipcodes';
import type { GeoPoint } from '../../domain/geo';

/** Where a US ZIP code is, as the centroid the zipcodes package maintains (coarse: never an address). */
export type ZipCentroid = GeoPoint & { zip: string; city: string; state: string };

const ZIP = /^(\d{5})(?:-?\d{4})?$/;

/**
 * The centroid, city and state of a five-digit ZIP, or of a ZIP+4 (`78701-1234` or `787011234`)
 * by its first five digits; null for anything else or a ZIP the package does not know.
 */
export function locateZip(zip: string): ZipCentroid | null {
  const five = ZIP.exec(zip.trim())?.[1];
  if (!five) return null;
  const place = zipcodes.lookup(five);
  if (!place) return null;
  // Whitelisted rather than spread, so nothing else the package adds leaks into our records.
  return { zip: place.zip, city: place.city, state: place.state, latitude: place.latitude, longitude: place.longitude };
}
