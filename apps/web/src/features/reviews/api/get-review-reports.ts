import type { ReportedReviewsResponse } from '@app/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * GET /booking/review-reports (the Admin) → { reviews }: every reported or hidden review with its
 * business, its reports (newest first) and whether and why it is hidden (api-contract §8.6).
 */
export const getReviewReports = (): Promise<ReportedReviewsResponse> =>
  apiClient.get<ReportedReviewsResponse>('/booking/review-reports');

export const reviewReportsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.reportedReviews, queryFn: getReviewReports });
