import {
  ApiErrorSchema,
  MyReviewsResponseSchema,
  REVIEW_AVERAGE_MIN_COUNT,
  REVIEW_PAGE_SIZE,
  REVIEW_REPORTS_PER_WINDOW,
  REVIEW_REPORTS_WINDOW_MINUTES,
  REVIEW_TEXT_MAX_LENGTH,
  REVIEW_WINDOW_DAYS,
  ReportedReviewsResponseSchema,
  ReviewModerationRequestSchema,
  ReviewReplyRequestSchema,
  ReviewReplyResponseSchema,
  ReviewReportRequestSchema,
  ReviewRequestSchema,
  ReviewResponseSchema,
  ReviewsQuerySchema,
  ReviewsResponseSchema,
} from '@app/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CACHED_READ_CONFIG, sendCached, serializeWith } from '../../lib/http-cache';
import type { ReadCache } from '../../lib/read-cache';
import type { ReviewsService } from './reviews.service';

export interface ReviewsRoutesOptions {
  reviews: ReviewsService;
  /** The public reads' micro-cache (docs/decisions/0006-read-caching.md). */
  readCache: ReadCache;
}

const errors = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((status) => [status, ApiErrorSchema]));
/** Error responses of an authenticated body route, plus the ones listed. */
const bodyErrors = (...statuses: number[]) => errors(400, 401, 413, 415, ...statuses);

const WHO_REVIEWS = `Only the booking’s customer (404 for anyone else, as for an unknown booking, whether or not it was reviewed), for an Approved or Confirmed booking whose hour has ended, within ${REVIEW_WINDOW_DAYS} days of that (400 NotReviewable otherwise). rating is a whole number 1–5; comment is optional plain text, at most ${REVIEW_TEXT_MAX_LENGTH} characters, profanity refused; it comes back exactly as sent (never HTML).`;

/** /api/booking/review* and /api/booking/my-reviews: verified reviews (api-contract §8.6). */
export const reviewsRoutes: FastifyPluginAsyncZod<ReviewsRoutesOptions> = async (
  app,
  { reviews, readCache },
) => {
  app.post(
    '/review',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['booking'],
        summary: 'Review an appointment that took place (its customer, once per booking)',
        description: `${WHO_REVIEWS} 409 AlreadyReviewed for a second review of the booking (edit it with PUT).`,
        security: [{ bearerAuth: [] }],
        body: ReviewRequestSchema,
        response: { 201: ReviewResponseSchema, ...bodyErrors(404, 409) },
      },
    },
    async (request, reply) => {
      const review = await reviews.create(request.requireUser().id, request.body);
      return reply.code(201).send({ review });
    },
  );

  app.put(
    '/review',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['booking'],
        summary: 'Change one’s review of an appointment (its customer, within the 30 days)',
        description: `${WHO_REVIEWS} 404 when the booking has no review yet. A hidden review stays hidden.`,
        security: [{ bearerAuth: [] }],
        body: ReviewRequestSchema,
        response: { 200: ReviewResponseSchema, ...bodyErrors(404) },
      },
    },
    async (request) => ({ review: await reviews.edit(request.requireUser().id, request.body) }),
  );

  app.get(
    '/reviews',
    {
      config: CACHED_READ_CONFIG,
      schema: {
        tags: ['booking'],
        summary: 'A business’s reviews, newest first, and its rating (public)',
        description: `At most ${REVIEW_PAGE_SIZE} visible reviews per page; pass nextCursor as cursor for the next (400 for a cursor that is not one). rating.average is the mean of the visible reviews rounded half-up to one decimal, null below ${REVIEW_AVERAGE_MIN_COUNT} reviews. Unlisted or unknown businesses: 404, as for available-times. Served from a per-instance cache of at most a couple of seconds, emptied by every write this instance handles. Sends an ETag (If-None-Match → 304) and gzip when Accept-Encoding allows it.`,
        querystring: ReviewsQuerySchema,
        response: { 200: ReviewsResponseSchema, ...errors(400, 404) },
      },
    },
    async (request, reply) => {
      const { businessId, cursor } = request.query;
      const body = await readCache.get(`reviews:${JSON.stringify([businessId, cursor])}`, async () =>
        serializeWith(ReviewsResponseSchema, await reviews.page(request.query)),
      );
      return sendCached(request, reply, body);
    },
  );

  app.get(
    '/my-reviews',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['booking'],
        summary: 'Every review the caller wrote, newest first, by booking',
        description:
          'With each review’s bookingId, until when it may be changed (editableUntil) and whether the Admin hid it. A business has none.',
        security: [{ bearerAuth: [] }],
        response: { 200: MyReviewsResponseSchema, ...errors(401) },
      },
    },
    async (request) => reviews.mine(request.requireUser().id),
  );

  app.put(
    '/review-reply',
    {
      onRequest: [app.authenticate, app.requireRole('Business', 'Admin')],
      schema: {
        tags: ['booking'],
        summary: 'Reply to a review of one’s business (a new reply replaces the last)',
        description: `Only the reviewed business: 403 for customers, 404 for another business or an unknown review. reply is plain text, 1–${REVIEW_TEXT_MAX_LENGTH} characters, profanity refused. A business can neither hide nor delete a review.`,
        security: [{ bearerAuth: [] }],
        body: ReviewReplyRequestSchema,
        response: { 200: ReviewReplyResponseSchema, ...bodyErrors(403, 404) },
      },
    },
    async (request) => reviews.reply(request.requireUser().id, request.body),
  );

  app.post(
    '/review-report',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['booking'],
        summary: 'Report a review to the moderators (anyone signed in)',
        description: `With a reason. One report per account and review (a second replaces its reason). 404 for an unknown or hidden review; 429 after ${REVIEW_REPORTS_PER_WINDOW} reports of the account in ${REVIEW_REPORTS_WINDOW_MINUTES} minutes.`,
        security: [{ bearerAuth: [] }],
        body: ReviewReportRequestSchema,
        response: { 201: z.object({ message: z.string() }), ...bodyErrors(404, 429) },
      },
    },
    async (request, reply) => {
      const answer = await reviews.report(request.requireUser().id, request.body);
      return reply.code(201).send(answer);
    },
  );

  app.get(
    '/review-reports',
    {
      onRequest: [app.authenticate, app.requireRole('Admin')],
      schema: {
        tags: ['booking'],
        summary: 'Reported and hidden reviews, the newest report first (the Admin)',
        description:
          'Each with its business, its report count and newest reports, and whether it is hidden and why.',
        security: [{ bearerAuth: [] }],
        response: { 200: ReportedReviewsResponseSchema, ...errors(401, 403) },
      },
    },
    async () => reviews.moderationQueue(),
  );

  app.put(
    '/review-moderation',
    {
      onRequest: [app.authenticate, app.requireRole('Admin')],
      schema: {
        tags: ['booking'],
        summary: 'Hide a review with a reason, or restore it (the Admin)',
        description:
          '`hidden: true` with a reason takes it off the business’s page and average and emails its author and the business; `hidden: false` puts it back. 403 for anyone but the Admin; 404 for an unknown review.',
        security: [{ bearerAuth: [] }],
        body: ReviewModerationRequestSchema,
        response: { 200: ReviewReplyResponseSchema, ...bodyErrors(403, 404) },
      },
    },
    async (request) => reviews.moderate(request.body),
  );
};
