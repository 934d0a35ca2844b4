import { BOOKING_DURATION_MINUTES } from './constants';
import { utcToLondonWallClock } from './slots';

const MINUTE_MS = 60_000;

/** The booking's start, 'YYYY-MM-DD HH:MM' (NI wall clock); a trailing '-HH:MM' end is ignored. */
const startOf = (bookingDateTime: string) => bookingDateTime.slice(0, 16);

/** True from the booking's start minute (Northern Ireland clock) on. */
export function hasBookingStarted(bookingDateTime: string, now: Date): boolean {
  return startOf(bookingDateTime) <= utcToLondonWallClock(now);
}

/**
 * The latest start (NI wall clock) of a booking that has ended at `now`: the one-hour booking
 * started at least an hour ago. Queries compare `starts_at` with it as text.
 */
export function latestEndedBookingStart(now: Date): string {
  return utcToLondonWallClock(new Date(now.getTime() - BOOKING_DURATION_MINUTES * MINUTE_MS));
}

/** True once the booking's hour is over. */
export function hasBookingEnded(bookingDateTime: string, now: Date): boolean {
  return startOf(bookingDateTime) <= latestEndedBookingStart(now);
}
