import type { BookingResult, CreateBookingRequest } from '@app/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * POST /booking/book (customers only) → 201 { message, booking } with Status Requested.
 * `price` travels as text without '£'; `customerAddress` only for home visits (spec §3).
 */
export const createBooking = (request: CreateBookingRequest): Promise<BookingResult> =>
  apiClient.post<BookingResult>('/booking/book', request);

export function useCreateBookingMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBooking,
    // Success or not, the lists and this business's free times may have changed (a slot taken meanwhile).
    // Not awaited: the confirmation must not wait for the refetches.
    onSettled: (_data, _error, request) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.bookings });
      void queryClient.invalidateQueries({ queryKey: queryKeys.availableTimes(String(request.businessId)) });
    },
  });
}
