import type { ReviewRequest, ReviewResponse } from '@app/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * PUT /booking/review { bookingId, rating, comment } → 200 { review }: the customer's edit of their
 * review, within 30 days of the appointment (api-contract §8.6).
 */
export const putReview = (request: ReviewRequest): Promise<ReviewResponse> =>
  apiClient.put<ReviewResponse>('/booking/review', request);

/** Edits a review; the reviews and the businesses (their rating) are read again after it. */
export function usePutReviewMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putReview,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.reviews });
      void queryClient.invalidateQueries({ queryKey: queryKeys.businesses });
    },
  });
}
