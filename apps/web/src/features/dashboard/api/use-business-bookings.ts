import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  type BusinessBookingsFilter,
  businessBookingsQueryOptions,
  monthBookingsQueryOptions,
} from './get-business-bookings';

/** One of the business's booking lists, page by page (fetchNextPage while hasNextPage). */
export const useBusinessBookingPages = (filter: BusinessBookingsFilter) =>
  useInfiniteQuery(businessBookingsQueryOptions(filter));

/** The calendar's month of appointments. */
export const useMonthBookings = (month: string) => useQuery(monthBookingsQueryOptions(month));
