/** Distances on the Earth's surface, treated as a sphere (good to about 0.5% — far finer than a ZIP centroid). */

export type GeoPoint = { latitude: number; longitude: number };

/** Mean Earth radius (IUGG) in statute miles. */
export const EARTH_RADIUS_MILES = 3958.8;

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in miles between two points given in decimal degrees (haversine formula). */
export function greatCircleMiles(a: GeoPoint, b: GeoPoint): number {
  const dLatitude = toRadians(b.latitude - a.latitude);
  const dLongitude = toRadians(b.longitude - a.longitude);
  const h =
    Math.sin(dLatitude / 2) ** 2 +
    Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLongitude / 2) ** 2;
  // Rounding can push h a hair past 1 for near-antipodal points, where sqrt(1 - h) would be NaN.
  const clamped = Math.min(1, Math.max(0, h));
  return 2 * EARTH_RADIUS_MILES * Math.atan2(Math.sqrt(clamped), Math.sqrt(1 - clamped));
}
