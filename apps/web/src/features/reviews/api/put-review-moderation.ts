import type { ReviewModerationRequest, ReviewReplyResponse } from '@app/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * PUT /booking/review-moderation (the Admin; anyone else 403) → 200 { message, review }:
 * `{ reviewId, hidden: true, reason }` hides a review (it leaves the business's page and average;
 * the author and the business are emailed), `{ reviewId, hidden: false }` restores it.
 */
export const putReviewModeration = (request: ReviewModerationRequest): Promise<ReviewReplyResponse> =>
  apiClient.put<ReviewReplyResponse>('/booking/review-moderation', request);

/** Hides or restores a review; the reported list, the business's page and its rating are read again. */
export function usePutReviewModerationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putReviewModeration,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.reviews }),
        // A business's rating is on its card in the list.
        queryClient.invalidateQueries({ queryKey: queryKeys.businesses }),
      ]),
  });
}
