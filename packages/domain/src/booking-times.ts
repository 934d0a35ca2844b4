import { BOOKING_DURATION_MINUTES } from './constants';
import { utcToLondonWallClock } from './slots';

const MINUTE_MS = 60_000;

/** The booking's start, 'YYYY-MM-DD HH:MM' (NI wall clock); a trailing '-HH:MM' end is ignored. */
const startOf = (bookingDateTime: string) => bookingDateTime.slice(0, 16);

/** True from the booking's start minute (Northern Ireland clock) on. */
export function hasBookingStarted(bookingDateTime: string, now: Date): boolean {
  return startOf(bookingDateTime) <= utcToLondonWallClock(now);
}

const HOUR_MS = 60 * MINUTE_MS;

/**
 * True once a customer may no longer cancel an agreed booking online: the business asks for
 * `noticeHours` of notice (api-contract §8.4), so from `noticeHours` before the start on (real
 * hours, so a clock change in between counts as it passes). With no notice: from the start.
 */
export function isTooLateToCancel(bookingDateTime: string, noticeHours: number, now: Date): boolean {
  return hasBookingStarted(bookingDateTime, new Date(now.getTime() + noticeHours * HOUR_MS));
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
