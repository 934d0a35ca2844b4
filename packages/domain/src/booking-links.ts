import type { BookingActor } from './booking-status';

/**
 * Where a party opens one booking's card (issue 29): the customer's profile with the card opened in
 * its tab and in view, the business's Manage Requests with the card in view. Every email about a
 * booking links here (the server prefixes APP_URL), and the web reads the same parameters.
 */
export const BOOKING_LINK_PARAM = 'booking';

export function bookingCardPath(reader: BookingActor, bookingId: string): string {
  const query = new URLSearchParams(
    reader === 'business'
      ? { tab: 'requests', [BOOKING_LINK_PARAM]: bookingId }
      : { [BOOKING_LINK_PARAM]: bookingId },
  );
  return `${reader === 'business' ? '/admin' : '/profile'}?${query.toString()}`;
}
