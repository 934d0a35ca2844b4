import { randomUUID } from 'node:crypto';
import {
  bookingCardPath,
  type MyReviewsResponse,
  REVIEW_MESSAGES,
  REVIEW_PAGE_SIZE,
  REVIEW_REPORTS_PER_WINDOW,
  REVIEW_REPORTS_WINDOW_MINUTES,
  type ReportedReviewsResponse,
  type Review,
  type ReviewModerationRequestSchema,
  type ReviewReplyRequestSchema,
  type ReviewReplyResponse,
  type ReviewReportRequestSchema,
  type ReviewRequestSchema,
  type ReviewsQuery,
  type ReviewsResponse,
  reviewAuthorName,
  reviewBlocker,
} from '@app/domain';
import { z } from 'zod';
import { type Db, isUniqueViolation } from '../../db/database';
import { addMs, type Clock, MINUTE_MS } from '../../lib/clock';
import { AppError, RateLimitError } from '../../lib/errors';
import { reviewHiddenAuthorEmail, reviewHiddenBusinessEmail } from '../../mail/review-templates';
import { BookingsRepository } from '../../repositories/bookings.repository';
import { RateLimitsRepository } from '../../repositories/rate-limits.repository';
import {
  type ReviewPagePosition,
  type ReviewRow,
  ReviewsRepository,
} from '../../repositories/reviews.repository';
import { UsersRepository } from '../../repositories/users.repository';
import type { Outbox } from '../outbox/outbox.service';
import { toRating } from '../users/users.mapper';
import { USER_MESSAGES } from '../users/users.messages';
import { toMyReview, toReportedReview, toReview } from './reviews.mapper';
import { REVIEW_API_MESSAGES } from './reviews.messages';

export type ReviewInput = z.output<typeof ReviewRequestSchema>;
export type ReviewReplyInput = z.output<typeof ReviewReplyRequestSchema>;
export type ReviewReportInput = z.output<typeof ReviewReportRequestSchema>;
export type ReviewModerationInput = z.output<typeof ReviewModerationRequestSchema>;

export interface ReviewsServiceDeps {
  db: Db;
  clock: Clock;
  /** The emails about a hidden review are written in the moderation's transaction. */
  outbox: Outbox;
  /** Public address, for the links in emails. */
  appUrl: string;
}

/** The Admin's list holds at most this many reviews; each with its newest reports. */
const MODERATION_LIST_SIZE = 200;
const REPORTS_SHOWN = 20;
const REPORT_WINDOW_MS = REVIEW_REPORTS_WINDOW_MINUTES * MINUTE_MS;

const bookingNotFound = () => new AppError('NotFound', REVIEW_MESSAGES.bookingNotFound);
const reviewNotFound = () => new AppError('NotFound', REVIEW_MESSAGES.reviewNotFound);
const alreadyReviewed = () => new AppError('AlreadyReviewed', REVIEW_MESSAGES.alreadyReviewed);
const invalidField = (field: string, message: string) =>
  new AppError('ValidationError', message, undefined, { [field]: message });

const CursorSchema = z.object({ c: z.string().max(40), i: z.string().max(100) });

const encodeCursor = (row: ReviewRow) =>
  Buffer.from(JSON.stringify({ c: row.created_at, i: row.id }), 'utf8').toString('base64url');

function decodeCursor(cursor: string): ReviewPagePosition {
  try {
    const { c, i } = CursorSchema.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    return { createdAt: c, id: i };
  } catch {
    throw invalidField('cursor', REVIEW_API_MESSAGES.cursor);
  }
}

/** What a review adds to its business's totals of visible reviews. */
const weightOf = (review: Pick<ReviewRow, 'hidden' | 'rating'>) =>
  review.hidden === 1 ? { count: 0, sum: 0 } : { count: 1, sum: review.rating };

/**
 * Verified reviews (api-contract §8.6): only a booking's customer reviews it, once, after an agreed
 * appointment's hour and within 30 days; its business replies; anyone signed in reports; the Admin
 * hides or restores. Every write moves the business's kept totals of visible reviews in its own
 * transaction, so the list's rating is right as soon as it commits.
 */
export class ReviewsService {
  private readonly reviews: ReviewsRepository;
  private readonly users: UsersRepository;

  constructor(private readonly deps: ReviewsServiceDeps) {
    this.reviews = new ReviewsRepository(deps.db);
    this.users = new UsersRepository(deps.db);
  }

  /**
   * The caller's booking to review, checked in the contract's order: ownership (404 for an unknown
   * booking or anyone but its customer, reviewed or not), then its state (400 NotReviewable).
   */
  private async reviewableBooking(customerId: string, bookingId: string, now: Date) {
    const booking = await new BookingsRepository(this.deps.db).findById(bookingId);
    if (!booking || booking.customer_id !== customerId) throw bookingNotFound();
    const blocker = reviewBlocker({ status: booking.status, bookingDateTime: booking.starts_at }, now);
    return { booking, blocker };
  }

  /** POST /booking/review: 409 AlreadyReviewed for a second one (the unique index settles a race). */
  async create(customerId: string, input: ReviewInput): Promise<Review> {
    const now = this.deps.clock();
    const nowIso = now.toISOString();
    const { booking, blocker } = await this.reviewableBooking(customerId, input.bookingId, now);
    if (await this.reviews.findByBooking(booking.id)) throw alreadyReviewed();
    if (blocker) throw new AppError('NotReviewable', blocker);
    const customer = await this.users.findById(customerId);
    if (!customer) throw bookingNotFound();
    const row: ReviewRow = {
      id: randomUUID(),
      booking_id: booking.id,
      business_id: booking.business_id,
      customer_id: customerId,
      rating: input.rating,
      comment: input.comment,
      author_name: reviewAuthorName(customer.first_name, customer.last_name),
      visited_on: booking.starts_at.slice(0, 10),
      reply: null,
      reply_at: null,
      hidden: 0,
      hidden_reason: null,
      hidden_at: null,
      created_at: nowIso,
      updated_at: nowIso,
    };
    try {
      await this.deps.db.transaction().execute(async (trx) => {
        const reviews = new ReviewsRepository(trx);
        await reviews.insert(row);
        await reviews.adjustTotals(row.business_id, 1, row.rating);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw alreadyReviewed();
      throw error;
    }
    return toReview(row);
  }

  /** PUT /booking/review: the author changes the rating and comment while the 30 days last. */
  async edit(customerId: string, input: ReviewInput): Promise<Review> {
    const now = this.deps.clock();
    const { booking, blocker } = await this.reviewableBooking(customerId, input.bookingId, now);
    if (!(await this.reviews.findByBooking(booking.id))) {
      throw new AppError('NotFound', REVIEW_API_MESSAGES.noReviewYet);
    }
    if (blocker) throw new AppError('NotReviewable', blocker);
    const updated = await this.deps.db.transaction().execute(async (trx) => {
      const reviews = new ReviewsRepository(trx);
      const current = await reviews.lockByBooking(booking.id);
      if (!current) throw new AppError('NotFound', REVIEW_API_MESSAGES.noReviewYet);
      const updated = await reviews.update(
        current.id,
        { rating: input.rating, comment: input.comment },
        now.toISOString(),
      );
      const [before, after] = [weightOf(current), weightOf(updated)];
      await reviews.adjustTotals(current.business_id, after.count - before.count, after.sum - before.sum);
      return updated;
    });
    return toReview(updated);
  }

  /** GET /booking/reviews: a listed business's visible reviews, newest first, and its rating. */
  async page(query: ReviewsQuery): Promise<ReviewsResponse> {
    const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
    const business = await this.users.findBookableBusiness(query.businessId);
    if (!business) throw new AppError('NotFound', USER_MESSAGES.businessNotFound);
    const rows = await this.reviews.visiblePage(business.id, after, REVIEW_PAGE_SIZE + 1);
    const page = rows.slice(0, REVIEW_PAGE_SIZE);
    const last = page.at(-1);
    return {
      reviews: page.map(toReview),
      nextCursor: rows.length > REVIEW_PAGE_SIZE && last ? encodeCursor(last) : null,
      rating: toRating(business),
    };
  }

  /** GET /booking/my-reviews: every review the caller wrote (none for a business). */
  async mine(userId: string): Promise<MyReviewsResponse> {
    return { reviews: (await this.reviews.listByCustomer(userId)).map(toMyReview) };
  }

  /** PUT /booking/review-reply: the reviewed business's reply, replacing any earlier one (404 for another). */
  async reply(businessId: string, input: ReviewReplyInput): Promise<ReviewReplyResponse> {
    const review = await this.reviews.findById(input.reviewId);
    if (!review || review.business_id !== businessId) throw reviewNotFound();
    const nowIso = this.deps.clock().toISOString();
    const updated = await this.reviews.update(review.id, { reply: input.reply, reply_at: nowIso }, nowIso);
    return { message: REVIEW_API_MESSAGES.replied, review: toReview(updated) };
  }

  /**
   * POST /booking/review-report: anyone signed in, about a visible review (404 otherwise); one report
   * per account and review (a second replaces its reason). 429 past REVIEW_REPORTS_PER_WINDOW reports
   * of the account in the window, counted in the database in the report's transaction.
   */
  async report(reporterId: string, input: ReviewReportInput): Promise<{ message: string }> {
    const now = this.deps.clock();
    const nowIso = now.toISOString();
    await this.deps.db.transaction().execute(async (trx) => {
      const reviews = new ReviewsRepository(trx);
      const review = await reviews.findById(input.reviewId);
      if (!review || review.hidden === 1) throw reviewNotFound();
      const bucket = await new RateLimitsRepository(trx).hit(
        `review-reports:${reporterId}`,
        nowIso,
        addMs(now, -REPORT_WINDOW_MS).toISOString(),
      );
      if (bucket.count > REVIEW_REPORTS_PER_WINDOW) {
        const reopensAt = Date.parse(bucket.window_start) + REPORT_WINDOW_MS;
        throw new RateLimitError(Math.max(1, Math.ceil((reopensAt - now.getTime()) / 1000)));
      }
      await reviews.upsertReport({
        id: randomUUID(),
        review_id: review.id,
        reporter_id: reporterId,
        reason: input.reason,
        created_at: nowIso,
      });
    });
    return { message: REVIEW_API_MESSAGES.reported };
  }

  /** GET /booking/review-reports: reported or hidden reviews, the newest report first. */
  async moderationQueue(): Promise<ReportedReviewsResponse> {
    const rows = await this.reviews.moderationQueue(MODERATION_LIST_SIZE);
    const reports = await this.reviews.reportsOf(rows.map((row) => row.id));
    return {
      reviews: rows.map((row) =>
        toReportedReview(
          row,
          reports.filter((report) => report.review_id === row.id).slice(0, REPORTS_SHOWN),
        ),
      ),
    };
  }

  /**
   * PUT /booking/review-moderation: the Admin hides a review with a reason (it leaves the page and
   * the average; its author and its business are emailed) or restores it. The totals and the emails
   * are in the change's transaction; hiding a hidden review only updates its reason.
   */
  async moderate(input: ReviewModerationInput): Promise<ReviewReplyResponse> {
    const now = this.deps.clock();
    const nowIso = now.toISOString();
    const updated = await this.deps.db.transaction().execute(async (trx) => {
      const reviews = new ReviewsRepository(trx);
      const current = await reviews.lockById(input.reviewId);
      if (!current) throw reviewNotFound();
      const updated = input.hidden
        ? await reviews.update(
            current.id,
            { hidden: 1, hidden_reason: input.reason, hidden_at: current.hidden_at ?? nowIso },
            nowIso,
          )
        : await reviews.update(current.id, { hidden: 0, hidden_reason: null, hidden_at: null }, nowIso);
      const [before, after] = [weightOf(current), weightOf(updated)];
      await reviews.adjustTotals(current.business_id, after.count - before.count, after.sum - before.sum);
      if (input.hidden && current.hidden === 0) await this.tellHidden(trx, updated);
      return updated;
    });
    return {
      message: input.hidden ? REVIEW_API_MESSAGES.hidden : REVIEW_API_MESSAGES.restored,
      review: toReview(updated),
    };
  }

  /** The author and the business hear that the review was hidden, and why (through the outbox). */
  private async tellHidden(trx: Db, review: ReviewRow): Promise<void> {
    const users = new UsersRepository(trx);
    const [author, business] = await Promise.all([
      users.findById(review.customer_id),
      users.findById(review.business_id),
    ]);
    const facts = {
      businessName: business?.business_name || [business?.first_name, business?.last_name].join(' ').trim(),
      visitedOn: review.visited_on,
      reason: review.hidden_reason ?? '',
    };
    if (author) {
      await this.deps.outbox.enqueue(
        trx,
        reviewHiddenAuthorEmail(author.email, {
          ...facts,
          link: `${this.deps.appUrl}${bookingCardPath('customer', review.booking_id)}`,
        }),
        { kind: 'booking', recipientId: author.id, bookingId: review.booking_id },
      );
    }
    if (business) {
      await this.deps.outbox.enqueue(
        trx,
        reviewHiddenBusinessEmail(business.email, { ...facts, link: `${this.deps.appUrl}/admin` }),
        { kind: 'booking', recipientId: business.id, bookingId: review.booking_id },
      );
    }
  }
}
