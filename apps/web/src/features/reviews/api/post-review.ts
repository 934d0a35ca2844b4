import type { ReviewRequest, ReviewResponse } from '@app/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * POST /booking/review { bookingId, rating, comment } → 201 { review } by the booking's customer,
 * for an Approved or Confirmed appointment whose hour has ended, within 30 days, once per booking
 * (api-contract §8.6: 400 NotReviewable, 409 AlreadyReviewed).
 */
export const postReview = (request: ReviewRequest): Promise<ReviewResponse> =>
  apiClient.post<ReviewResponse>('/booking/review', request);

/** Writes a review; the reviews and the businesses (their rating) are read again after it. */
export function usePostReviewMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postReview,
    // Not awaited: the dialog closes at once, the lists follow.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.reviews });
      void queryClient.invalidateQueries({ queryKey: queryKeys.businesses });
    },
  });
}
