import type { Booking } from '@app/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /booking/userbookings (api-contract §4). */
export interface UserBookingsResponse {
  /** Every booking the caller made as a customer, any status, newest first. */
  requests: Booking[];
  /** The Approved or Confirmed subset of `requests`. */
  bookings: Booking[];
}

export const getUserBookings = (): Promise<UserBookingsResponse> =>
  apiClient.get<UserBookingsResponse>('/booking/userbookings');

export const userBookingsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.userBookings, queryFn: getUserBookings });

export const useUserBookings = () => useQuery(userBookingsQueryOptions());
