import { z } from 'zod';
import type { BookingStatus } from './booking-status';
import { idSchema } from './bookings';
import { MAX_ID_LENGTH } from './constants';
import { inappropriateContentError } from './profanity';
import {
  REVIEW_AVERAGE_MIN_COUNT,
  REVIEW_MAX_RATING,
  REVIEW_MIN_RATING,
  REVIEW_REASON_MAX_LENGTH,
  REVIEW_TEXT_MAX_LENGTH,
  REVIEW_WINDOW_DAYS,
} from './review-limits';
import { londonWallClockToUtc } from './slots';
import { ruleString } from './zod-helpers';

// Verified reviews (api-contract §8.6, §8.9): only the booking's customer, only after an agreed
// appointment's hour has ended, within 30 days of it, once per booking.
// Its own module: the comment's profanity check pulls in the word list.

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

/** The mean of `count` ratings summing to `sum`, rounded half-up to one decimal; null below 3. */
export function ratingAverage(sum: number, count: number): number | null {
  if (count < REVIEW_AVERAGE_MIN_COUNT) return null;
  // Integer arithmetic: round(10 * sum / count) half-up, without binary fractions.
  return Math.floor((20 * sum + count) / (2 * count)) / 10;
}

/** How a review's author is shown: first name and last initial ("Aisling B."). */
export function reviewAuthorName(firstName: string, lastName: string): string {
  const first = firstName.trim();
  const initial = Array.from(lastName.trim())[0];
  return initial ? `${first} ${initial.toLocaleUpperCase('en-GB')}.` : first;
}

// ---- Rules shared by the forms and the requests ------------------------------------------------

/** A comment is optional: empty is fine; else ≤ 1000 characters and no profanity. */
export function reviewCommentError(value: string): string | null {
  const comment = value.trim();
  if (comment.length > REVIEW_TEXT_MAX_LENGTH) return REVIEW_MESSAGES.commentTooLong;
  return comment ? inappropriateContentError(comment, 'Review') : null;
}

export function reviewReplyError(value: string): string | null {
  const reply = value.trim();
  if (!reply) return REVIEW_MESSAGES.replyRequired;
  if (reply.length > REVIEW_TEXT_MAX_LENGTH) return REVIEW_MESSAGES.replyTooLong;
  return inappropriateContentError(reply, 'Reply');
}

export function reviewReasonError(value: string): string | null {
  const reason = value.trim();
  if (!reason) return REVIEW_MESSAGES.reasonRequired;
  if (reason.length > REVIEW_REASON_MAX_LENGTH) return REVIEW_MESSAGES.reasonTooLong;
  return null;
}

/** Whole stars 1–5 (a number; numeric text is refused like a decimal). */
export const ReviewRatingSchema = z
  .number({ error: REVIEW_MESSAGES.ratingRequired })
  .int(REVIEW_MESSAGES.ratingRequired)
  .min(REVIEW_MIN_RATING, REVIEW_MESSAGES.ratingRequired)
  .max(REVIEW_MAX_RATING, REVIEW_MESSAGES.ratingRequired);

// Raw length caps leave room for surrounding spaces; the rules check the trimmed text.
const RAW_TEXT_MAX = REVIEW_TEXT_MAX_LENGTH + 200;
const RAW_REASON_MAX = REVIEW_REASON_MAX_LENGTH + 100;

const reviewComment = ruleString(RAW_TEXT_MAX, reviewCommentError, REVIEW_MESSAGES.commentTooLong, {
  multiline: true,
});

/** POST /booking/review (the booking's customer) and PUT /booking/review (an edit, same shape). */
export const ReviewRequestSchema = z.object({
  bookingId: idSchema('bookingId'),
  rating: ReviewRatingSchema,
  comment: reviewComment
    .optional()
    .default('')
    .describe(`Optional; at most ${REVIEW_TEXT_MAX_LENGTH} characters`),
});
export type ReviewRequest = z.input<typeof ReviewRequestSchema>;

const reviewIdField = idSchema('reviewId');

/** PUT /booking/review-reply (the reviewed business); a reply replaces the previous one. */
export const ReviewReplyRequestSchema = z.object({
  reviewId: reviewIdField,
  reply: ruleString(RAW_TEXT_MAX, reviewReplyError, REVIEW_MESSAGES.replyRequired, { multiline: true }),
});
export type ReviewReplyRequest = z.input<typeof ReviewReplyRequestSchema>;

/** POST /booking/review-report (anyone signed in). */
export const ReviewReportRequestSchema = z.object({
  reviewId: reviewIdField,
  reason: ruleString(RAW_REASON_MAX, reviewReasonError, REVIEW_MESSAGES.reasonRequired, { multiline: true }),
});
export type ReviewReportRequest = z.input<typeof ReviewReportRequestSchema>;

/** PUT /booking/review-moderation (the Admin): hide with a reason, or restore. */
export const ReviewModerationRequestSchema = z.discriminatedUnion(
  'hidden',
  [
    z.object({
      reviewId: reviewIdField,
      hidden: z.literal(true),
      reason: ruleString(RAW_REASON_MAX, reviewReasonError, REVIEW_MESSAGES.reasonRequired, {
        multiline: true,
      }),
    }),
    z.object({
      reviewId: reviewIdField,
      hidden: z.literal(false),
      reason: z.string().max(RAW_REASON_MAX).optional(),
    }),
  ],
  { error: REVIEW_MESSAGES.hiddenFlagRequired },
);
export type ReviewModerationRequest = z.input<typeof ReviewModerationRequestSchema>;

/** GET /booking/reviews?businessId=&cursor= (public). */
export const ReviewsQuerySchema = z.object({
  businessId: z
    .string({ error: 'businessId is required' })
    .trim()
    .min(1, 'businessId is required')
    .max(MAX_ID_LENGTH, `businessId is at most ${MAX_ID_LENGTH} characters`),
  cursor: z.string().max(512).optional().describe('nextCursor of the previous page'),
});
export type ReviewsQuery = z.output<typeof ReviewsQuerySchema>;
