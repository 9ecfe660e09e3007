import zipcodes from 'zipcodes';
import { EARTH_RADIUS_MILES, greatCircleMiles, type GeoPoint } from '../../domain/geo';

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

/** Every US ZIP centroid the package places (not Canada's codes, nor the military ZIPs it puts at 0°, 0°). */
let usCentroids: GeoPoint[] | undefined;
const MILES_PER_DEGREE = (Math.PI * EARTH_RADIUS_MILES) / 180;
const nearestOther = new Map<string, number | null>();

/**
 * Miles from a ZIP's centroid to the nearest centroid of another ZIP at another place: the spacing
 * that sizes the ZIP's area when a check-in can only be judged against the ZIP (domain/evv-distance.ts).
 * ZIPs the package puts at this very point (PO-box and single-building ZIPs at their town's center)
 * bound no area and are passed over. One pass over the ~42,000 centroids (a few milliseconds),
 * remembered per ZIP; null for a ZIP the package does not know.
 */
export function nearestOtherZipMiles(zip: string): number | null {
  const place = locateZip(zip);
  if (!place) return null;
  const known = nearestOther.get(place.zip);
  if (known !== undefined) return known;
  usCentroids ??= Object.values(zipcodes.codes)
    .filter((code) => /^\d{5}$/.test(code.zip) && !(code.latitude === 0 && code.longitude === 0))
    .map((code) => ({ latitude: code.latitude, longitude: code.longitude }));
  let nearest: number | null = null;
  for (const other of usCentroids) {
    if (other.latitude === place.latitude && other.longitude === place.longitude) continue;
    // A degree of latitude is never less than MILES_PER_DEGREE of great circle: farther north or south than the nearest so far cannot be nearer.
    if (nearest !== null && Math.abs(other.latitude - place.latitude) * MILES_PER_DEGREE >= nearest) continue;
    const miles = greatCircleMiles(place, other);
    if (nearest === null || miles < nearest) nearest = miles;
  }
  nearestOther.set(place.zip, nearest);
  return nearest;
}
