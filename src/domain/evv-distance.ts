/**
 * What a check-in or check-out location reading is measured from, and how far it may be.
 *
 * The patient's home is the point the geocoder found for their street address (patients'
 * home location): a reading more than EVV_MAX_DISTANCE_MILES from it is an exception. Until that
 * point is known (the address is still being located, the geocoder did not find it or could not be
 * reached), the only place known is the ZIP code, so the reading is measured from the ZIP's
 * centroid, and the distance allowed is wider: `zipAreaAllowedMiles`.
 */

/** A reading farther than this from the patient's geocoded address is an exception. */
export const EVV_MAX_DISTANCE_MILES = 1;

/** The address's geocoded point, or the center of the patient's ZIP code area when no point is known. */
export const evvMeasuredFrom = ['address', 'zip_area'] as const;
export type EvvMeasuredFrom = (typeof evvMeasuredFrom)[number];

/** The least a ZIP-area check allows: even a small city ZIP is a couple of miles across. */
export const ZIP_AREA_MIN_ALLOWED_MILES = 3;
/** The most it allows: beyond this a ZIP check says little, so a reading farther off needs a reason even in the largest ZIPs. */
export const ZIP_AREA_MAX_ALLOWED_MILES = 30;

/**
 * How far from its ZIP's centroid a reading may be when only the ZIP is known.
 *
 * A ZIP's area is taken as the land nearer to its centroid than to any other ZIP's (the Voronoi
 * cell of its centroid), so its size follows the spacing of centroids around it: `nearestOtherMiles`,
 * the distance to the nearest other ZIP centroid. For evenly spaced centroids a home is at most
 * about 0.58 of that spacing from its own centroid (the corner of a hexagonal cell), and real ZIPs
 * are irregular, so the whole spacing is allowed, plus the address check's own EVV_MAX_DISTANCE_MILES
 * for the reading's error and the size of the home's lot. The result is kept between
 * ZIP_AREA_MIN_ALLOWED_MILES and ZIP_AREA_MAX_ALLOWED_MILES: an Austin ZIP (next centroid 2 mi away)
 * allows 3 mi, a West Texas ranch ZIP (12 mi) 13 mi, the largest rural ZIPs of Montana or Alaska 30 mi.
 * Null (no other centroid known) allows the most.
 */
export function zipAreaAllowedMiles(nearestOtherMiles: number | null): number {
  if (nearestOtherMiles === null || !Number.isFinite(nearestOtherMiles)) return ZIP_AREA_MAX_ALLOWED_MILES;
  return Math.min(ZIP_AREA_MAX_ALLOWED_MILES, Math.max(ZIP_AREA_MIN_ALLOWED_MILES, EVV_MAX_DISTANCE_MILES + nearestOtherMiles));
}

/** A reading as it was judged: from which place, how far it was, and how far it was allowed to be. */
export interface EvvMeasurement {
  from: EvvMeasuredFrom;
  miles: number;
  allowedMiles: number;
}

/** Whether a measured reading is too far from the patient to pass without a reason. */
export const isFarFromPatient = (measurement: EvvMeasurement): boolean => measurement.miles > measurement.allowedMiles;
