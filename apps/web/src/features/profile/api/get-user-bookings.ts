import type { UserBookingsResponse } from '@app/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * GET /booking/userbookings (api-contract §4): `requests` is every booking the caller made as a
 * customer, newest first; `bookings` its Approved or Confirmed subset.
 */
export const getUserBookings = (): Promise<UserBookingsResponse> =>
  apiClient.get<UserBookingsResponse>('/booking/userbookings');

export const userBookingsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.userBookings, queryFn: getUserBookings });

export const useUserBookings = () => useQuery(userBookingsQueryOptions());
