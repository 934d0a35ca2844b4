import { type Booking, hasBookingStarted } from '@app/domain';
import { bookingStartOf } from './booking-format';

/** How booking lists run, shared by the customer's bookings and the business's requests. */

type Timed = Pick<Booking, 'BookingDateTime'>;

/** Comparator: the earliest start first. */
export const bySoonestFirst = (a: Timed, b: Timed) => bookingStartOf(a).localeCompare(bookingStartOf(b));

/** Comparator: the latest start first. */
export const byLatestFirst = (a: Timed, b: Timed) => bookingStartOf(b).localeCompare(bookingStartOf(a));

/**
 * Sorts a list in place: what is still to come, soonest first, then what has started (by the
 * Northern Ireland clock), latest first.
 */
export function sortUpcomingThenPast<T extends Timed>(list: T[], now: Date): void {
  const upcoming = list
    .filter((booking) => !hasBookingStarted(booking.BookingDateTime, now))
    .sort(bySoonestFirst);
  const past = list.filter((booking) => hasBookingStarted(booking.BookingDateTime, now)).sort(byLatestFirst);
  list.splice(0, list.length, ...upcoming, ...past);
}
