import { z } from 'zod';

/**
 * Locating the patient's home for visit verification: a job asks the geocoder (the US Census
 * Geocoder) for the point of the street address the agency saved. The point itself is PHI, sealed
 * with the patient's details and never sent to a page; what is shown is only how far locating got.
 *
 * pending (queued) → located | not_found (final answers) | unreachable (the geocoder did not
 * answer: tried again while retries are left). Saving a changed address starts again at pending.
 */

export const homeLocationStatuses = ['pending', 'located', 'not_found', 'unreachable'] as const;
export type HomeLocationStatus = (typeof homeLocationStatuses)[number];

/** Who located it: the Census Geocoder, or the built-in stand-in used outside production without GEOCODER_URL. */
export const geocoderKinds = ['census', 'stand-in'] as const;
export type GeocoderKind = (typeof geocoderKinds)[number];

/** How far locating the patient's address got (no coordinates), on the patient's details and the visit page. */
export const homeLocationViewSchema = z.object({
  status: z.enum(homeLocationStatuses),
  /** When the status was set; null for a patient saved before addresses were located, until start-up queues it. */
  at: z.string().nullable(),
  /** For `unreachable`: whether another try is queued. */
  retrying: z.boolean(),
  /** Located by the built-in stand-in geocoder, which places every address at its ZIP's center. */
  standIn: z.boolean(),
});
export type HomeLocationView = z.infer<typeof homeLocationViewSchema>;

/**
 * Whether check-ins are measured from the address's own point. A stand-in's point is only the ZIP's
 * center, so a check against it is a ZIP check and is made (and worded) as one.
 */
export const measuresFromAddress = (view: { status: HomeLocationStatus; standIn: boolean }): boolean => view.status === 'located' && !view.standIn;

/** One short line saying what check-ins are compared with, and why. */
export function homeLocationText(view: HomeLocationView): string {
  switch (view.status) {
    case 'pending':
      return 'Locating the address… Until then, check-ins are compared with the ZIP area.';
    case 'located':
      return view.standIn
        ? 'Address placed at its ZIP’s center by the built-in stand-in geocoder, not the Census Geocoder: check-ins are compared with the ZIP area.'
        : 'Address located for visit verification.';
    case 'not_found':
      return 'Address not found by the geocoder: check-ins are compared with the ZIP area.';
    case 'unreachable':
      return view.retrying
        ? 'The geocoder could not be reached; retrying. Until then, check-ins are compared with the ZIP area.'
        : 'The geocoder could not be reached: check-ins are compared with the ZIP area. Saving the details again tries once more.';
  }
}

/** The parts of the patient's details the geocoder is asked about. */
export interface PatientAddress {
  addressLine: string;
  city: string;
  state: string;
  zip: string;
}

const sameAddress = (a: PatientAddress, b: PatientAddress) => a.addressLine === b.addressLine && a.city === b.city && a.state === b.state && a.zip === b.zip;

/**
 * Whether saving the patient's details should (re)locate the address: new details, a changed
 * address (or earlier details that no longer open), or an address whose last try found the geocoder
 * unreachable with no retry left. An unchanged address that was located or not found is not asked again.
 */
export function needsLocating(previous: PatientAddress | null, next: PatientAddress, state: { status: HomeLocationStatus; retrying: boolean } | null): boolean {
  if (!previous || !state || !sameAddress(previous, next)) return true;
  return state.status === 'unreachable' && !state.retrying;
}

/** Whether a geocoder's answer about `asked` still belongs to the details saved now (they may have changed meanwhile). */
export const answersAddress = (asked: PatientAddress, saved: PatientAddress): boolean => sameAddress(asked, saved);
