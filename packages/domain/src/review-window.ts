import type { BookingStatus } from './booking-status';
import { REVIEW_REASON_MAX_LENGTH, REVIEW_TEXT_MAX_LENGTH, REVIEW_WINDOW_DAYS } from './review-limits';
import { londonWallClockToUtc } from './slots';

// When an appointment may be reviewed, and the reviews' messages (api-contract §8.6), in a module
// without the review rules' zod schemas and profanity word list (reviews.ts): a customer's booking
// card asks reviewBlocker whether to offer "Write a review", and must not load those with it.

/** The appointment is one hour (spec §9); a review opens when it ends. */
const APPOINTMENT_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** The statuses of an appointment that took place (as agreed). */
const REVIEWABLE_STATUSES: ReadonlySet<BookingStatus> = new Set(['Approved', 'Confirmed']);

/** The user-facing messages of reviews (ours: the spec has none). */
export const REVIEW_MESSAGES = {
  ratingRequired: 'Choose a rating from 1 to 5 stars',
  commentTooLong: `A review can be at most ${REVIEW_TEXT_MAX_LENGTH} characters`,
  replyRequired: 'Write a reply first',
  replyTooLong: `A reply can be at most ${REVIEW_TEXT_MAX_LENGTH} characters`,
  reasonRequired: 'Say why, please',
  reasonTooLong: `A reason can be at most ${REVIEW_REASON_MAX_LENGTH} characters`,
  notReviewable: 'This booking cannot be reviewed',
  notYet: 'You can review this appointment once it has ended',
  tooLate: `Reviews can be written or changed only within ${REVIEW_WINDOW_DAYS} days of the appointment`,
  alreadyReviewed: 'You have already reviewed this appointment',
  reviewNotFound: 'Review not found.',
  bookingNotFound: 'Booking not found.',
  hiddenFlagRequired: 'hidden must be true or false',
} as const;

/** When the appointment's hour ends (its start is a Northern Ireland wall clock 'YYYY-MM-DD HH:MM'). */
export function appointmentEndsAt(bookingDateTime: string): Date {
  return new Date(londonWallClockToUtc(bookingDateTime.slice(0, 16)).getTime() + APPOINTMENT_MS);
}

/** The last moment a review of this appointment may be written or edited. */
export function reviewWindowClosesAt(bookingDateTime: string): Date {
  return new Date(appointmentEndsAt(bookingDateTime).getTime() + REVIEW_WINDOW_DAYS * DAY_MS);
}

/**
 * Why a booking cannot be reviewed now (its message), or null when it can: an Approved or Confirmed
 * booking whose hour has ended, within 30 days of the end. (Ownership and "already reviewed" are
 * the caller's checks.)
 */
export function reviewBlocker(
  booking: { status: BookingStatus; bookingDateTime: string },
  now: Date,
): string | null {
  if (!REVIEWABLE_STATUSES.has(booking.status)) return REVIEW_MESSAGES.notReviewable;
  if (now.getTime() < appointmentEndsAt(booking.bookingDateTime).getTime()) return REVIEW_MESSAGES.notYet;
  if (now.getTime() > reviewWindowClosesAt(booking.bookingDateTime).getTime()) return REVIEW_MESSAGES.tooLate;
  return null;
}
