import type { Booking } from '@app/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface BookingRef {
  businessId: string;
  bookingId: string;
}

export interface BookingChangeResponse {
  message: string;
  booking: Booking;
}

/** The ids a PATCH /booking/* call names a booking by. */
export const bookingRefOf = (booking: Booking): BookingRef => ({
  businessId: booking.businessId ?? booking.BusinessID,
  bookingId: booking.bookingId ?? booking.id,
});

/** PATCH /booking/setstatus as the business: approve or deny a Requested booking. */
export const setBookingStatus = (
  request: BookingRef & { status: 'Approved' | 'Denied' },
): Promise<BookingChangeResponse> => apiClient.patch<BookingChangeResponse>('/booking/setstatus', request);

/** PATCH /booking/counter: a counter offer of whole pounds, £1–£300. */
export const counterBooking = (request: BookingRef & { newPrice: number }): Promise<BookingChangeResponse> =>
  apiClient.patch<BookingChangeResponse>('/booking/counter', request);

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
