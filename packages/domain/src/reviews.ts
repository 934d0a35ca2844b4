import { z } from 'zod';
import { idSchema } from './bookings';
import { MAX_ID_LENGTH } from './constants';
import { inappropriateContentError } from './profanity';
import {
  REVIEW_AVERAGE_MIN_COUNT,
  REVIEW_MAX_RATING,
  REVIEW_MIN_RATING,
  REVIEW_REASON_MAX_LENGTH,
  REVIEW_TEXT_MAX_LENGTH,
} from './review-limits';
import { REVIEW_MESSAGES } from './review-window';
import { ruleString } from './zod-helpers';

// Verified reviews (api-contract §8.6, §8.9): only the booking's customer, only after an agreed
// appointment's hour has ended, within 30 days of it (review-window.ts), once per booking.
// Its own module: the comment's profanity check pulls in the word list.

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
