import type { ReviewReportRequest } from '@app/domain';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/**
 * POST /booking/review-report { reviewId, reason } (anyone signed in): asks the Admin to look at a
 * review. Limited per account (429 with the API's message).
 */
export const postReviewReport = (request: ReviewReportRequest): Promise<unknown> =>
  apiClient.post<unknown>('/booking/review-report', request);

export const usePostReviewReportMutation = () => useMutation({ mutationFn: postReviewReport });
