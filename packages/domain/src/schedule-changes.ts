import type { AvailabilityInput } from './availability';
import { type AwayDateRange, isDateAway } from './away-dates';
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
 * from `current` to `next` newly leaves out: their day becomes an away day, or their hour leaves the
 * weekly hours. Each reason is asked about once: a booking kept on an away day is not asked about
 * again for the same away day, but is when the hours then leave it out too, and one kept outside
 * narrowed hours is when an away day then falls on it.
 */
export function bookingsLeftOutBy<T>(
  bookings: readonly T[],
  startsAt: (booking: T) => string,
  current: BusinessSchedule,
  next: BusinessSchedule,
): T[] {
  return bookings.filter((booking) => {
    const at = startsAt(booking);
    const day = at.slice(0, 10);
    const becomesAway = !isDateAway(day, current.awayDates) && isDateAway(day, next.awayDates);
    const leavesHours =
      isWithinBusinessHours(at, { availability: current.availability }) &&
      !isWithinBusinessHours(at, { availability: next.availability });
    return becomesAway || leavesHours;
  });
}

/** 'These away dates fall on 2 agreed bookings' (the dialog's title and the 409's message). */
export function agreedBookingsAffectedText(count: number, change: 'awayDates' | 'availability'): string {
  const what = change === 'awayDates' ? 'These away dates fall on' : 'These hours leave out';
  return `${what} ${count} agreed ${count === 1 ? 'booking' : 'bookings'}`;
}
