import type { ReviewReplyRequest, ReviewReplyResponse } from '@app/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * PUT /booking/review-reply { reviewId, reply } → 200 { message, review } by the reviewed business
 * (api-contract §8.6, §8.9); a reply replaces the previous one. A customer gets 403, another
 * business 404.
 */
export const putReviewReply = (request: ReviewReplyRequest): Promise<ReviewReplyResponse> =>
  apiClient.put<ReviewReplyResponse>('/booking/review-reply', request);

/** Replies to a review (or edits the reply); every list of reviews is read again after it. */
export function usePutReviewReplyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putReviewReply,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.reviews }),
  });
}
