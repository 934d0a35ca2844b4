import type { BookingResult, RespondToCounterRequest } from '@app/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** PATCH /booking/respond-to-counter: Accepted → Confirmed, Declined → Declined. */
export const respondToCounter = (request: RespondToCounterRequest): Promise<BookingResult> =>
  apiClient.patch<BookingResult>('/booking/respond-to-counter', request);

export function useRespondToCounterMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: respondToCounter,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.bookings }),
  });
}
