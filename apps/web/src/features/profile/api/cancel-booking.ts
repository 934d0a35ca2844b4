import { type BookingResult, customerStatusError, type SetStatusRequest } from '@app/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The ids a PATCH /booking/* call names a booking by. */
export type BookingRef = Pick<SetStatusRequest, 'businessId' | 'bookingId'>;

/**
 * PATCH /booking/setstatus as a customer. Spec §4: a customer may only ask for Requested or
 * Cancelled; anything else is refused here, before any request, with the spec's message.
 */
export async function setCustomerBookingStatus(request: SetStatusRequest): Promise<BookingResult> {
  const refusal = customerStatusError(request.status);
  if (refusal) throw new ApiError(400, 'ValidationError', refusal);
  return apiClient.patch<BookingResult>('/booking/setstatus', request);
}

/**
 * Cancels one of the customer's bookings: a Requested one, or an Approved or Confirmed one until the
 * business's notice (later the server answers 409 TooLateToCancel with its message).
 */
export const cancelBooking = (ref: BookingRef): Promise<BookingResult> =>
  setCustomerBookingStatus({ ...ref, status: 'Cancelled' });

export function useCancelBookingMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelBooking,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.bookings }),
  });
}
