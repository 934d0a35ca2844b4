import type { CounterResponse } from '@app/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { BookingChangeResponse, BookingRef } from './cancel-booking';

/** PATCH /booking/respond-to-counter: Accepted → Confirmed, Declined → Declined. */
export const respondToCounter = (
  request: BookingRef & { response: CounterResponse },
): Promise<BookingChangeResponse> =>
  apiClient.patch<BookingChangeResponse>('/booking/respond-to-counter', request);

export function useRespondToCounterMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: respondToCounter,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.bookings }),
  });
}
