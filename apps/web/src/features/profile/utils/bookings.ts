import {
  assertNever,
  type Booking,
  type BookingStatus,
  hasBookingEnded,
  holdsSlot,
  isActiveStatus,
  latestEndedBookingStart,
  MESSAGES,
} from '@app/domain';
import { paths } from '@/config/paths';
import { byLatestFirst, sortUpcomingThenPast } from '@/lib/booking-order';

/**
 * How the profile's bookings panel sorts a customer's bookings (spec §2 'Customer profile'):
 * five tabs plus a separate Confirmed Bookings section, and a Past tab (issue 29: the visits that
 * have ended, so Approved and Confirmed hold only what is to come).
 */

export type BookingTab = 'approved' | 'past' | 'requested' | 'countered' | 'cancelled' | 'denied';
export type BookingSection = BookingTab | 'confirmed';

/** The tabs in the spec's order, with their labels; Past follows Approved. */
export const BOOKING_TABS: readonly { value: BookingTab; label: string; empty: string }[] = [
  { value: 'approved', label: 'Approved', empty: 'No approved bookings.' },
  { value: 'past', label: 'Past', empty: 'No past visits yet.' },
  { value: 'requested', label: 'Requested', empty: 'No pending requests.' },
  { value: 'countered', label: 'Counter Offers', empty: 'No counter offers.' },
  { value: 'cancelled', label: 'Cancelled', empty: 'No cancelled or declined bookings.' },
  { value: 'denied', label: 'Denied', empty: 'No denied requests.' },
];

/**
 * Where a booking shows. An agreed visit (Approved or Confirmed) whose hour is over is Past. Declined
 * (the customer turned down a counter offer) sits with Cancelled: both are bookings the customer
 * ended; Denied is kept for the business's refusals.
 */
export function bookingSection(booking: Booking, now: Date = new Date()): BookingSection {
  const status: BookingStatus = booking.Status;
  if (holdsSlot(status) && hasBookingEnded(booking.BookingDateTime, now)) return 'past';
  switch (status) {
    case 'Approved':
      return 'approved';
    case 'Requested':
      return 'requested';
    case 'Countered':
      return 'countered';
    case 'Cancelled':
    case 'Declined':
      return 'cancelled';
    case 'Denied':
      return 'denied';
    case 'Confirmed':
      return 'confirmed';
    default:
      return assertNever(status);
  }
}

/**
 * Every booking of GET /booking/userbookings once: `requests` holds them all, and `bookings`
 * (Approved or Confirmed) is merged in by id so nothing is lost if either list lacks one.
 */
function allBookings(requests: readonly Booking[], bookings: readonly Booking[]): Booking[] {
  const byId = new Map<string, Booking>();
  for (const booking of [...bookings, ...requests]) byId.set(booking.id, booking);
  return [...byId.values()];
}

export type GroupedBookings = Record<BookingSection, Booking[]>;

/** Lists of bookings that have ended, by their status or their hour: the latest first. */
const ENDED_SECTIONS: ReadonlySet<BookingSection> = new Set(['past', 'cancelled', 'denied']);

/**
 * Groups the response of GET /booking/userbookings. `requests` holds every booking; `bookings`
 * (Approved or Confirmed) is merged in by id so nothing is lost if either list lacks one.
 * Each list shows what is coming soonest first, then past ones latest first; the ended lists
 * (past, cancelled, denied) run latest first.
 */
export function groupBookings(
  requests: readonly Booking[],
  bookings: readonly Booking[] = [],
  now: Date = new Date(),
): GroupedBookings {
  const groups: GroupedBookings = {
    approved: [],
    past: [],
    requested: [],
    countered: [],
    cancelled: [],
    denied: [],
    confirmed: [],
  };
  for (const booking of allBookings(requests, bookings)) groups[bookingSection(booking, now)].push(booking);
  for (const [section, list] of Object.entries(groups) as [BookingSection, Booking[]][]) {
    if (ENDED_SECTIONS.has(section)) list.sort(byLatestFirst);
    else sortUpcomingThenPast(list, now);
  }
  return groups;
}

export const businessNameOf = (booking: Booking): string =>
  booking.BusinessName?.trim() || MESSAGES.unknownBusiness;

/**
 * The bookings that stop an account's deletion, as the server counts them (409 ActiveBookings):
 * requested, countered or agreed, and not yet over. Soonest first.
 */
export function bookingsBlockingDeletion(
  requests: readonly Booking[],
  bookings: readonly Booking[] = [],
  now: Date = new Date(),
): Booking[] {
  const latestEnded = latestEndedBookingStart(now);
  return allBookings(requests, bookings)
    .filter((booking) => isActiveStatus(booking.Status) && booking.BookingDateTime > latestEnded)
    .sort((a, b) => a.BookingDateTime.localeCompare(b.BookingDateTime));
}

/** The profile address that opens a booking's card, in its tab and in view. */
export function bookingCardHref(booking: Booking): string {
  const section = bookingSection(booking);
  // Confirmed bookings have a section of their own beside the tabs.
  return paths.profile.getHref({ tab: section === 'confirmed' ? undefined : section, booking: booking.id });
}
