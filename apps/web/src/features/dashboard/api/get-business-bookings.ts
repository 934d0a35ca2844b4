import { type AllBookingsResponse, BOOKING_LIST_LIMIT } from '@app/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /booking/getallbookings?limit=1000 → { bookings }: the business's own, newest first. */
export const getBusinessBookings = (): Promise<AllBookingsResponse> =>
  apiClient.get<AllBookingsResponse>(`/booking/getallbookings?limit=${BOOKING_LIST_LIMIT}`);

export const businessBookingsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.businessBookings, queryFn: getBusinessBookings });

export const useBusinessBookings = () => useQuery(businessBookingsQueryOptions());
