import {
  assertNever,
  type Booking,
  type BookingStatus,
  MESSAGES,
  parseBookingDateTime,
  utcToLondonWallClock,
} from '@app/domain';

/**
 * How the profile's bookings panel sorts a customer's bookings (spec §2 'Customer profile'):
 * five tabs plus a separate Confirmed Bookings section.
 */

export type BookingTab = 'approved' | 'requested' | 'countered' | 'cancelled' | 'denied';
export type BookingSection = BookingTab | 'confirmed';

/** The tabs in the spec's order, with their labels. */
export const BOOKING_TABS: readonly { value: BookingTab; label: string; empty: string }[] = [
  { value: 'approved', label: 'Approved', empty: 'No approved bookings.' },
  { value: 'requested', label: 'Requested', empty: 'No pending requests.' },
  { value: 'countered', label: 'Counter Offers', empty: 'No counter offers.' },
  { value: 'cancelled', label: 'Cancelled', empty: 'No cancelled or declined bookings.' },
  { value: 'denied', label: 'Denied', empty: 'No denied requests.' },
];

/**
 * Where a booking shows. Declined (the customer turned down a counter offer) sits with Cancelled:
 * both are bookings the customer ended; Denied is kept for the business's refusals.
 */
export function bookingSection(status: BookingStatus): BookingSection {
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

export type GroupedBookings = Record<BookingSection, Booking[]>;

/** Lists of bookings that have ended by their status: the latest first. */
const ENDED_SECTIONS: ReadonlySet<BookingSection> = new Set(['cancelled', 'denied']);

/** The booking's start, 'YYYY-MM-DD HH:MM' (wall clock), comparable as text. */
const startOf = (booking: Booking) => booking.BookingDateTime.slice(0, 16);

/** True once the booking's start time (Northern Ireland) has passed. */
export function isPastBooking(booking: Booking, now: Date = new Date()): boolean {
  return startOf(booking) < utcToLondonWallClock(now);
}

/**
 * Groups the response of GET /booking/userbookings. `requests` holds every booking; `bookings`
 * (Approved or Confirmed) is merged in by id so nothing is lost if either list lacks one.
 * Each list shows what is coming soonest first, then past ones latest first; the ended lists
 * (cancelled, denied) run latest first.
 */
export function groupBookings(
  requests: readonly Booking[],
  bookings: readonly Booking[] = [],
  now: Date = new Date(),
): GroupedBookings {
  const byId = new Map<string, Booking>();
  for (const booking of [...bookings, ...requests]) byId.set(booking.id, booking);
  const groups: GroupedBookings = {
    approved: [],
    requested: [],
    countered: [],
    cancelled: [],
    denied: [],
    confirmed: [],
  };
  for (const booking of byId.values()) groups[bookingSection(booking.Status)].push(booking);
  const nowText = utcToLondonWallClock(now);
  const latestFirst = (a: Booking, b: Booking) => startOf(b).localeCompare(startOf(a));
  const soonestFirst = (a: Booking, b: Booking) => startOf(a).localeCompare(startOf(b));
  for (const [section, list] of Object.entries(groups) as [BookingSection, Booking[]][]) {
    if (ENDED_SECTIONS.has(section)) {
      list.sort(latestFirst);
      continue;
    }
    const upcoming = list.filter((booking) => startOf(booking) >= nowText).sort(soonestFirst);
    const past = list.filter((booking) => startOf(booking) < nowText).sort(latestFirst);
    list.splice(0, list.length, ...upcoming, ...past);
  }
  return groups;
}

const WEEKDAYS_SHORT = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTHS_SHORT = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

/**
 * A booking's wall-clock time (Northern Ireland) for people: '2026-12-05 10:00' → 'Sat 5 Dec 2026,
 * 10:00'; with a range, '… 10:00–11:00'. Text that is not a booking time is returned as it is.
 */
export function formatBookingDateTime(value: string): string {
  const parsed = parseBookingDateTime(value);
  if (!parsed) return value;
  const [year, month, day] = parsed.date.split('-').map(Number) as [number, number, number];
  // The date is a calendar day, not an instant: read it in UTC so no time zone shifts it.
  const weekday = WEEKDAYS_SHORT[new Date(Date.UTC(year, month - 1, day)).getUTCDay()];
  const time = parsed.end ? `${parsed.start}–${parsed.end}` : parsed.start;
  return `${weekday} ${day} ${MONTHS_SHORT[month - 1]} ${year}, ${time}`;
}

export const formatPounds = (amount: number) => `£${amount}`;

/** The price a booking stands at now: the final price once agreed, else the customer's offer. */
export function agreedPrice(booking: Booking): number | null {
  return booking.FinalPrice ?? booking.Price ?? booking.OriginalPrice;
}

/** What the customer offered, before any counter offer. */
export const offeredPrice = (booking: Booking): number | null => booking.OriginalPrice ?? booking.Price;

/** Where the appointment happens, as the booking card says it. */
export function bookingLocationText(booking: Booking): string {
  if (!booking.IsHomeVisit) return 'At the shop';
  return booking.CustomerAddress ? `Home visit: ${booking.CustomerAddress}` : 'Home visit';
}

export const businessNameOf = (booking: Booking): string =>
  booking.BusinessName?.trim() || MESSAGES.unknownBusiness;

/** Initials for the avatar: 'Aoife Byrne' → 'AB'. */
export function initialsOf(
  firstName: string | null | undefined,
  lastName: string | null | undefined,
): string {
  const initials = [firstName, lastName].map((name) => name?.trim().charAt(0).toUpperCase() ?? '').join('');
  return initials || '?';
}
