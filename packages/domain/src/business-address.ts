import { addressSegments, INVITE_POSTCODE_PATTERN, lastAddressSegment } from './address-parts';
import { type BookingActor, type BookingStatus, holdsSlot } from './booking-status';

// Where the shop is (api-contract §8.5): the town, the public form of the address, directions.

/** The address's postcode (its last part, upper-cased) when that is a Northern Irish one, else ''. */
export function businessPostcodeOf(address: string): string {
  const last = lastAddressSegment(address);
  return INVITE_POSTCODE_PATTERN.test(last) ? last.toUpperCase() : '';
}

/**
 * The town of a business address: the segment before the postcode ('2 High Street, Belfast,
 * BT1 2AB' → 'Belfast'). NOTE: an address whose last part is no postcode (only data older than the
 * postcode rule) reads its last part as the town; an address of a postcode alone has no town ('').
 */
export function businessTownOf(address: string): string {
  const segments = addressSegments(address);
  if (segments.length === 0) return '';
  if (!businessPostcodeOf(address)) return segments.at(-1) ?? '';
  return segments.at(-2) ?? '';
}

/**
 * The address customers see (api-contract §8.5): as registered, or only its town and postcode
 * ('Belfast, BT1 2AB') when the business turned `showFullAddress` off, e.g. one that works from home.
 */
export function publicBusinessAddress(address: string, showFullAddress: boolean): string {
  if (showFullAddress) return address.trim();
  return [businessTownOf(address), businessPostcodeOf(address)].filter(Boolean).join(', ');
}

/**
 * The business's address on a booking (`BusinessAddress` of the Booking object): its customer sees
 * the full address once the booking is Approved or Confirmed (they need to find the door), and the
 * public form (publicBusinessAddress) otherwise; the business itself always sees its full address.
 * '' when the address is unknown (the business account is gone).
 */
export function bookingBusinessAddress(
  business: { address: string | null | undefined; showFullAddress: boolean } | undefined,
  status: BookingStatus,
  reader: BookingActor,
): string {
  const address = business?.address?.trim() ?? '';
  if (!address) return '';
  const isFull = reader === 'business' || business?.showFullAddress === true || holdsSlot(status);
  return publicBusinessAddress(address, isFull);
}

/** A maps search for an address (no tiles, no key): what a "Directions" link opens. */
export function directionsUrl(address: string): string {
  const query = addressSegments(address).join(', ');
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}
