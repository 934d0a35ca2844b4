import { z } from 'zod';

// Response shapes of verified reviews (api-contract §8.6, §8.9).

/** A business's rating: the mean of its visible reviews (one decimal, half-up), null below 3. */
export const RatingSchema = z
  .object({
    average: z.number().nullable().describe('One decimal, rounded half-up; null below 3 reviews'),
    count: z.number().int().nonnegative().describe('Visible (not hidden) reviews'),
  })
  .meta({ id: 'Rating' });
export type Rating = z.infer<typeof RatingSchema>;

/** One review as anyone may read it. */
export const ReviewSchema = z
  .object({
    id: z.string(),
    rating: z.number().int().min(1).max(5),
    comment: z.string().describe('Plain text as written (never HTML); empty when none'),
    authorName: z.string().describe('First name and last initial'),
    visitedOn: z.string().describe('YYYY-MM-DD, the appointment’s day'),
    reply: z.string().nullable().describe('The business’s reply'),
    createdAt: z.string().describe('ISO-8601 UTC'),
  })
  .meta({ id: 'Review' });
export type Review = z.infer<typeof ReviewSchema>;

/** POST /booking/review → 201, PUT /booking/review → 200. */
export const ReviewResponseSchema = z.object({ review: ReviewSchema });
export type ReviewResponse = z.infer<typeof ReviewResponseSchema>;

/** GET /booking/reviews (public): newest first. */
export const ReviewsResponseSchema = z.object({
  reviews: z.array(ReviewSchema),
  nextCursor: z.string().nullable(),
  rating: RatingSchema,
});
export type ReviewsResponse = z.infer<typeof ReviewsResponseSchema>;

/** One of the customer's own reviews (GET /booking/my-reviews), by booking. */
export const MyReviewSchema = ReviewSchema.extend({
  bookingId: z.string(),
  editableUntil: z.string().describe('ISO-8601 UTC: the review may be changed until then'),
  hidden: z.boolean().describe('Hidden by the Admin (it then leaves the business’s page and average)'),
});
export type MyReview = z.infer<typeof MyReviewSchema>;

/** GET /booking/my-reviews (a customer): every review the caller wrote. */
export const MyReviewsResponseSchema = z.object({ reviews: z.array(MyReviewSchema) });
export type MyReviewsResponse = z.infer<typeof MyReviewsResponseSchema>;

/** A review the Admin moderates (GET /booking/review-reports): reported or hidden. */
export const ReportedReviewSchema = ReviewSchema.extend({
  businessId: z.string(),
  businessName: z.string(),
  hidden: z.boolean(),
  hiddenReason: z.string().nullable(),
  reportCount: z.number().int().nonnegative(),
  reports: z
    .array(z.object({ reason: z.string(), createdAt: z.string() }))
    .describe('The newest reports first (at most 20)'),
  lastReportedAt: z.string().nullable(),
});
export type ReportedReview = z.infer<typeof ReportedReviewSchema>;

export const ReportedReviewsResponseSchema = z.object({ reviews: z.array(ReportedReviewSchema) });
export type ReportedReviewsResponse = z.infer<typeof ReportedReviewsResponseSchema>;

/** PUT /booking/review-reply and PUT /booking/review-moderation → 200. */
export const ReviewReplyResponseSchema = z.object({ message: z.string(), review: ReviewSchema });
export type ReviewReplyResponse = z.infer<typeof ReviewReplyResponseSchema>;
