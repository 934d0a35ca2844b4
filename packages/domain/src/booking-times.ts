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

/** The minute of the day a booking of `durationMinutes` from `startsAt` ends (at most 23:59). */
function endMinuteOf(startsAt: string, durationMinutes: number): number {
  const [hours, minutes] = startsAt.slice(11, 16).split(':').map(Number) as [number, number];
  return Math.min(hours * 60 + minutes + durationMinutes, 23 * 60 + 59);
}

const clock = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/**
 * A booking's time with its length, as the slot rules read it (api-contract §9.3): the start alone
 * for an hour (the form every booking had before services), else 'YYYY-MM-DD HH:MM-HH:MM'. A length
 * that would pass midnight ends at 23:59 (no business hours go past it).
 */
export function bookingTimeOf(startsAt: string, durationMinutes: number): string {
  if (durationMinutes === BOOKING_DURATION_MINUTES) return startsAt;
  return `${startsAt.slice(0, 16)}-${clock(endMinuteOf(startsAt, durationMinutes))}`;
}

/** When a booking ends on the wall clock, 'YYYY-MM-DD HH:MM' (EndDateTime). */
export const bookingEndOf = (startsAt: string, durationMinutes: number): string =>
  `${startsAt.slice(0, 10)} ${clock(endMinuteOf(startsAt, durationMinutes))}`;
