import { assertNever, type Booking, type BookingStatus, holdsSlot } from '@app/domain';
import { bookingDateOf } from '@/lib/booking-format';
import { byLatestFirst, bySoonestFirst, sortUpcomingThenPast } from '@/lib/booking-order';

/**
 * How Manage Requests sorts a business's bookings (spec §2 'Admin dashboard'): Pending,
 * Counter Offers Sent, Approved and Denied.
 */

export type RequestSection = 'pending' | 'countered' | 'approved' | 'denied';

export const REQUEST_SECTIONS: readonly { value: RequestSection; title: string; stat: string }[] = [
  { value: 'pending', title: 'Pending', stat: 'Pending' },
  { value: 'countered', title: 'Counter Offers Sent', stat: 'Counter Offers' },
  { value: 'approved', title: 'Approved', stat: 'Approved' },
  { value: 'denied', title: 'Denied', stat: 'Denied' },
];

/**
 * Where a booking shows. Approved holds the appointments (Approved, and Confirmed: a counter offer
 * the customer accepted). Denied holds every booking that ended without an appointment: denied by
 * the business, a counter offer the customer declined, or a request or appointment either side
 * cancelled (api-contract §8.4).
 */
export function requestSection(status: BookingStatus): RequestSection {
  switch (status) {
    case 'Requested':
      return 'pending';
    case 'Countered':
      return 'countered';
    case 'Approved':
    case 'Confirmed':
      return 'approved';
    case 'Denied':
    case 'Declined':
    case 'Cancelled':
      return 'denied';
    default:
      return assertNever(status);
  }
}

export type GroupedRequests = Record<RequestSection, Booking[]>;

/**
 * Groups the business's bookings. Open lists show what is coming soonest first, then past ones
 * latest first; Denied runs latest first.
 */
export function groupRequests(bookings: readonly Booking[], now: Date = new Date()): GroupedRequests {
  const groups: GroupedRequests = { pending: [], countered: [], approved: [], denied: [] };
  for (const booking of bookings) groups[requestSection(booking.Status)].push(booking);
  for (const [section, list] of Object.entries(groups) as [RequestSection, Booking[]][]) {
    if (section === 'denied') list.sort(byLatestFirst);
    else sortUpcomingThenPast(list, now);
  }
  return groups;
}

/** The appointments (Approved or Confirmed) by day 'YYYY-MM-DD', each day's in time order. */
export function appointmentsByDate(bookings: readonly Booking[]): Map<string, Booking[]> {
  const byDate = new Map<string, Booking[]>();
  for (const booking of bookings) {
    if (!holdsSlot(booking.Status)) continue;
    const date = bookingDateOf(booking);
    byDate.set(date, [...(byDate.get(date) ?? []), booking]);
  }
  for (const list of byDate.values()) {
    list.sort(bySoonestFirst);
  }
  return byDate;
}
