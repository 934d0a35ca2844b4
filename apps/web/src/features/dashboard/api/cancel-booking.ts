import type { BookingResult, CancelBookingRequest } from '@app/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * PATCH /booking/cancel: the business cancels an Approved or Confirmed booking before it starts,
 * with a reason the customer is shown and emailed (api-contract §8.4).
 */
export const cancelBookingAsBusiness = (request: CancelBookingRequest): Promise<BookingResult> =>
  apiClient.patch<BookingResult>('/booking/cancel', request);

export function useCancelBookingMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelBookingAsBusiness,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.bookings }),
  });
}
