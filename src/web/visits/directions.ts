/** Links that leave the app from a visit's page: the maps app for directions, the phone's dialer. */

/** One line a maps service reads: "1200 Sweetwater Lane, Austin, TX 78704". */
export function addressLine(address: { addressLine: string; city: string; state: string; zip: string }): string {
  return `${address.addressLine}, ${address.city}, ${address.state} ${address.zip}`;
}

/**
 * Google Maps' documented cross-platform directions URL (Maps URLs, api=1): it opens the Maps app
 * on a phone and the website elsewhere, from the device's own location to the destination.
 */
export function directionsUrl(address: { addressLine: string; city: string; state: string; zip: string }): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(addressLine(address))}`;
}

/** A tel: link for a US number as stored (ten digits), in the E.164 form dialers read everywhere. */
export function telHref(phone: string): string {
  const digits = phone.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');
  return digits.length === 10 ? `tel:+1${digits}` : `tel:${phone.replace(/[^\d+]/g, '')}`;
}
