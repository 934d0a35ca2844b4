import type { Booking, BookingResult, CounterRequest, SetStatusRequest } from '@app/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The ids a PATCH /booking/* call names a booking by. */
export const bookingRefOf = (booking: Booking): Pick<SetStatusRequest, 'businessId' | 'bookingId'> => ({
  businessId: booking.businessId,
  bookingId: booking.bookingId,
});

/** PATCH /booking/setstatus as the business: approve or deny a Requested booking. */
export const setBookingStatus = (
  request: SetStatusRequest & { status: 'Approved' | 'Denied' },
): Promise<BookingResult> => apiClient.patch<BookingResult>('/booking/setstatus', request);

/** PATCH /booking/counter: a counter offer of whole pounds, £1–£300. */
export const counterBooking = (request: CounterRequest): Promise<BookingResult> =>
  apiClient.patch<BookingResult>('/booking/counter', request);

export function useSetBookingStatusMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setBookingStatus,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.bookings }),
  });
}

export function useCounterBookingMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: counterBooking,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.bookings }),
  });
}
