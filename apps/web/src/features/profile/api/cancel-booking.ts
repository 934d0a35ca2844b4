import { type Booking, customerStatusError } from '@app/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface BookingRef {
  businessId: string;
  bookingId: string;
}

export interface BookingChangeResponse {
  message: string;
  booking: Booking;
}

/**
 * PATCH /booking/setstatus as a customer. Spec §4: a customer may only ask for Requested or
 * Cancelled; anything else is refused here, before any request, with the spec's message.
 */
export async function setCustomerBookingStatus(
  request: BookingRef & { status: string },
): Promise<BookingChangeResponse> {
  const refusal = customerStatusError(request.status);
  if (refusal) throw new ApiError(400, 'InvalidStatus', refusal);
  return apiClient.patch<BookingChangeResponse>('/booking/setstatus', request);
}

/** Cancels one of the customer's Requested bookings. */
export const cancelBooking = (ref: BookingRef): Promise<BookingChangeResponse> =>
  setCustomerBookingStatus({ ...ref, status: 'Cancelled' });

export function useCancelBookingMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelBooking,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.bookings }),
  });
}
