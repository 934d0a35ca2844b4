import { type MyReview, type ReportedReview, type Review, reviewWindowClosesAt } from '@app/domain';
import type {
  MyReviewRow,
  ReportedReviewRow,
  ReviewReportRow,
  ReviewRow,
} from '../../repositories/reviews.repository';

/** The one place a review row becomes the contract's Review: the comment and reply as written. */
export function toReview(row: ReviewRow): Review {
  return {
    id: row.id,
    rating: row.rating,
    comment: row.comment,
    authorName: row.author_name,
    visitedOn: row.visited_on,
    reply: row.reply,
    createdAt: row.created_at,
  };
}

/**
 * One of the customer's own reviews, with the booking it reviews and until when it may be changed
 * (from the booking's time; a review outliving its purged booking is no longer editable).
 */
export function toMyReview(row: MyReviewRow): MyReview {
  return {
    ...toReview(row),
    bookingId: row.booking_id,
    editableUntil: row.starts_at ? reviewWindowClosesAt(row.starts_at).toISOString() : row.created_at,
    hidden: row.hidden === 1,
  };
}

/** A review as the Admin moderates it, with its newest reports. */
export function toReportedReview(
  row: ReportedReviewRow,
  reports: readonly ReviewReportRow[],
): ReportedReview {
  return {
    ...toReview(row),
    businessId: row.business_id,
    businessName: row.business_name ?? '',
    hidden: row.hidden === 1,
    hiddenReason: row.hidden_reason,
    reportCount: Number(row.report_count),
    reports: reports.map((report) => ({ reason: report.reason, createdAt: report.created_at })),
    lastReportedAt: row.last_reported_at,
  };
}
