import type { AvailabilityInput } from './availability';
import type { AwayDateRange } from './away-dates';
import { isWithinBusinessHours } from './bookings';

/** A business's hours and away periods, as the slot rules read them. */
export interface BusinessSchedule {
  availability: AvailabilityInput | null | undefined;
  awayDates?: readonly AwayDateRange[] | null;
}

/** What a business may do with the agreed bookings a change of hours or away dates falls on (issue 29). */
export const AGREED_BOOKINGS_ACTIONS = ['keep', 'cancel'] as const;
export type AgreedBookingsAction = (typeof AGREED_BOOKINGS_ACTIONS)[number];

/**
 * The agreed bookings (Approved or Confirmed, not yet started: the caller's choice) that a change
 * from `current` to `next` would leave outside the business's hours or on an away day. A booking
 * that is already outside `current` was kept through an earlier change: it is not asked about again.
 */
export function bookingsLeftOutBy<T>(
  bookings: readonly T[],
  startsAt: (booking: T) => string,
  current: BusinessSchedule,
  next: BusinessSchedule,
): T[] {
  return bookings.filter(
    (booking) =>
      isWithinBusinessHours(startsAt(booking), current) && !isWithinBusinessHours(startsAt(booking), next),
  );
}

/** 'Your away dates fall on 2 agreed bookings' (the dialog's title and the 409's message). */
export function agreedBookingsAffectedText(count: number, change: 'awayDates' | 'availability'): string {
  const what = change === 'awayDates' ? 'These away dates fall on' : 'These hours leave out';
  return `${what} ${count} agreed ${count === 1 ? 'booking' : 'bookings'}`;
}
