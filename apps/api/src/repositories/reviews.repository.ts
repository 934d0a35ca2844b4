import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { ReviewReportsTable, ReviewsTable } from '../db/schema';

export type ReviewRow = Selectable<ReviewsTable>;
export type ReviewReportRow = Selectable<ReviewReportsTable>;
/** A customer's review with its booking's time (null once the booking was purged). */
export type MyReviewRow = ReviewRow & { starts_at: string | null };
/** A reported or hidden review with its business's name and its reports' count and newest time. */
export type ReviewStanding = {
  business_name: string | null;
  report_count: number | string;
  last_reported_at: string | null;
};
export type ReportedReviewRow = ReviewRow & ReviewStanding;

/** A page's end: the last review's time and id (newest first). */
export interface ReviewPagePosition {
  createdAt: string;
  id: string;
}

/**
 * Reviews and their reports (migration 0013). Every write that adds, removes, hides or restores a
 * review, or changes a visible one's rating, must also call `adjustTotals` in its transaction.
 */
export class ReviewsRepository {
  constructor(private readonly db: Db) {}

  findById(id: string): Promise<ReviewRow | undefined> {
    return this.db.selectFrom('reviews').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByBooking(bookingId: string): Promise<ReviewRow | undefined> {
    return this.db.selectFrom('reviews').selectAll().where('booking_id', '=', bookingId).executeTakeFirst();
  }

  /**
   * Reads a review and takes its row's write lock until the transaction ends, so two changes of one
   * review (an edit, a hide, a restore) apply their totals one after the other from what the other
   * left. NOTE: a no-op UPDATE … RETURNING rather than SELECT … FOR UPDATE, as in
   * UsersRepository.lockAccount: it works on both dialects. Call it first in the transaction.
   */
  lockById(id: string): Promise<ReviewRow | undefined> {
    return this.lockWhere('id', id);
  }

  /** `lockById` for the review of a booking. */
  lockByBooking(bookingId: string): Promise<ReviewRow | undefined> {
    return this.lockWhere('booking_id', bookingId);
  }

  private lockWhere(column: 'id' | 'booking_id', value: string): Promise<ReviewRow | undefined> {
    return this.db
      .updateTable('reviews')
      .set({ updated_at: sql`updated_at` })
      .where(column, '=', value)
      .returningAll()
      .executeTakeFirst();
  }

  /** A new review; a second one of the booking is a unique violation (reviews_booking_idx). */
  async insert(row: ReviewRow): Promise<void> {
    await this.db.insertInto('reviews').values(row).execute();
  }

  async update(
    id: string,
    changes: Partial<
      Pick<ReviewRow, 'rating' | 'comment' | 'reply' | 'reply_at' | 'hidden' | 'hidden_reason' | 'hidden_at'>
    >,
    now: string,
  ): Promise<ReviewRow> {
    return this.db
      .updateTable('reviews')
      .set({ ...changes, updated_at: now })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /**
   * Moves the business's kept totals of visible reviews (users.review_count, review_sum) by the
   * given amounts. NOTE: relative UPDATEs, so concurrent review writes of one business add up
   * without reading the totals first.
   */
  async adjustTotals(businessId: string, count: number, sum: number): Promise<void> {
    if (count === 0 && sum === 0) return;
    await this.db
      .updateTable('users')
      .set((eb) => ({
        review_count: eb('review_count', '+', count),
        review_sum: eb('review_sum', '+', sum),
      }))
      .where('id', '=', businessId)
      .execute();
  }

  /** At most `limit` visible reviews of the business after `after`, newest first (reviews_business_page_idx). */
  visiblePage(
    businessId: string,
    after: ReviewPagePosition | undefined,
    limit: number,
  ): Promise<ReviewRow[]> {
    let query = this.db
      .selectFrom('reviews')
      .selectAll()
      .where('business_id', '=', businessId)
      .where('hidden', '=', 0);
    if (after) {
      query = query.where((eb) =>
        eb.or([
          eb('created_at', '<', after.createdAt),
          eb.and([eb('created_at', '=', after.createdAt), eb('id', '<', after.id)]),
        ]),
      );
    }
    return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  }

  /** Every review the customer wrote, newest first, with its booking's time. */
  listByCustomer(customerId: string): Promise<MyReviewRow[]> {
    return this.db
      .selectFrom('reviews as r')
      .leftJoin('bookings as b', 'b.id', 'r.booking_id')
      .selectAll('r')
      .select('b.starts_at')
      .where('r.customer_id', '=', customerId)
      .orderBy('r.created_at', 'desc')
      .orderBy('r.id', 'desc')
      .execute();
  }

  /** One report per account and review: a second one replaces the first's reason and time. */
  async upsertReport(report: ReviewReportRow): Promise<void> {
    await this.db
      .insertInto('review_reports')
      .values(report)
      .onConflict((oc) =>
        oc.columns(['review_id', 'reporter_id']).doUpdateSet({
          reason: report.reason,
          created_at: report.created_at,
        }),
      )
      .execute();
  }

  /**
   * The reviews the Admin moderates: reported or hidden, the newest report first (then the newest
   * hidden), at most `limit`.
   */
  async moderationQueue(limit: number): Promise<ReportedReviewRow[]> {
    const lastReport = sql<
      string | null
    >`(select max(rr.created_at) from review_reports rr where rr.review_id = r.id)`;
    const reportCount = sql<number>`(select count(*) from review_reports rr where rr.review_id = r.id)`;
    const rows = await this.db
      .selectFrom('reviews as r')
      .leftJoin('users as u', 'u.id', 'r.business_id')
      .selectAll('r')
      .select(['u.business_name', lastReport.as('last_reported_at'), reportCount.as('report_count')])
      .where((eb) =>
        eb.or([
          eb('r.hidden', '=', 1),
          eb.exists(eb.selectFrom('review_reports as x').select('x.id').whereRef('x.review_id', '=', 'r.id')),
        ]),
      )
      .execute();
    // Few rows (reported or hidden ones): ordered here, nulls (hidden, never reported) last.
    return rows
      .sort(
        (a, b) =>
          (b.last_reported_at ?? '').localeCompare(a.last_reported_at ?? '') ||
          (b.hidden_at ?? '').localeCompare(a.hidden_at ?? '') ||
          b.id.localeCompare(a.id),
      )
      .slice(0, limit);
  }

  /** The reports of these reviews, newest first. */
  reportsOf(reviewIds: readonly string[]): Promise<ReviewReportRow[]> {
    if (reviewIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('review_reports')
      .selectAll()
      .where('review_id', 'in', reviewIds)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  /**
   * An account's deletion: its reports go, and its reviews as their author (each business's totals
   * lose the visible ones) or as the reviewed business. Returns nothing; call in the deletion's
   * transaction.
   */
  async deleteForAccount(userId: string): Promise<void> {
    await this.db.deleteFrom('review_reports').where('reporter_id', '=', userId).execute();
    const written = await this.db
      .selectFrom('reviews')
      .select(['business_id', 'rating', 'hidden'])
      .where('customer_id', '=', userId)
      .execute();
    const totals = new Map<string, { count: number; sum: number }>();
    for (const review of written) {
      if (review.hidden === 1) continue;
      const total = totals.get(review.business_id) ?? { count: 0, sum: 0 };
      total.count += 1;
      total.sum += review.rating;
      totals.set(review.business_id, total);
    }
    for (const [businessId, total] of totals) await this.adjustTotals(businessId, -total.count, -total.sum);
    // Reports of the removed reviews go with them (foreign key, on delete cascade).
    await this.db
      .deleteFrom('reviews')
      .where((eb) => eb.or([eb('customer_id', '=', userId), eb('business_id', '=', userId)]))
      .execute();
  }
}
