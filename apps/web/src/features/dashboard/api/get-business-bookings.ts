import {
  type AllBookingsResponse,
  addDays,
  type BookingStatus,
  DASHBOARD_PAGE_SIZE,
  PENDING_STATUSES,
  SLOT_HOLDING_STATUSES,
  todayInLondon,
} from '@app/domain';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * One of the business's booking lists (api-contract §8.5): GET /booking/getallbookings with
 * `from`/`to` (inclusive days; the list then runs by BookingDateTime, earliest first, else newest
 * first), `status` and `limit`. The dashboard asks only for what it shows.
 */
export interface BusinessBookingsFilter {
  from?: string;
  to?: string;
  status: readonly BookingStatus[];
  limit: number;
}

/** GET /booking/getallbookings → { bookings, nextCursor }: one page of a list. */
export function getBusinessBookings(
  filter: BusinessBookingsFilter,
  cursor: string | null = null,
): Promise<AllBookingsResponse> {
  const params = new URLSearchParams();
  if (filter.from) params.set('from', filter.from);
  if (filter.to) params.set('to', filter.to);
  params.set('status', filter.status.join(','));
  params.set('limit', String(filter.limit));
  if (cursor) params.set('cursor', cursor);
  return apiClient.get<AllBookingsResponse>(`/booking/getallbookings?${params.toString()}`);
}

const ENDED_STATUSES = ['Denied', 'Declined', 'Cancelled'] as const satisfies readonly BookingStatus[];

/** Requests waiting for the business or the customer (Pending, Counter Offers Sent), newest first. */
export const pendingFilter = (): BusinessBookingsFilter => ({
  status: PENDING_STATUSES,
  limit: DASHBOARD_PAGE_SIZE.pending,
});

/** Appointments from today on (Approved), earliest first. */
export const upcomingFilter = (today: string = todayInLondon()): BusinessBookingsFilter => ({
  from: today,
  status: SLOT_HOLDING_STATUSES,
  limit: DASHBOARD_PAGE_SIZE.upcoming,
});

/**
 * The history, newest first, a page at a time ('Show older'): requests that ended without an
 * appointment (Denied) and appointments (Approved, kept only when before today: the later ones
 * are the upcoming list's).
 */
export const historyFilter = (): BusinessBookingsFilter => ({
  status: [...SLOT_HOLDING_STATUSES, ...ENDED_STATUSES],
  limit: DASHBOARD_PAGE_SIZE.history,
});

/**
 * The calendar's month 'YYYY-MM': its appointments. Each holds an hour of its own, so a month has
 * at most 31 × 24 of them, under one page's limit (1000).
 */
export function monthFilter(month: string): BusinessBookingsFilter {
  const first = `${month}-01`;
  const nextMonth = addDays(`${month}-28`, 4).slice(0, 7);
  return { from: first, to: addDays(`${nextMonth}-01`, -1), status: SLOT_HOLDING_STATUSES, limit: 1000 };
}

/** A list, page by page: nextCursor asks for the next one until it is null. */
export const businessBookingsQueryOptions = (filter: BusinessBookingsFilter) =>
  infiniteQueryOptions({
    queryKey: [...queryKeys.businessBookings, filter],
    queryFn: ({ pageParam }) => getBusinessBookings(filter, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

/** The calendar's month (one page). */
export const monthBookingsQueryOptions = (month: string) => {
  const filter = monthFilter(month);
  return queryOptions({
    queryKey: [...queryKeys.businessBookings, filter],
    queryFn: () => getBusinessBookings(filter),
    // Choosing a day in the month just shown reads nothing again (a booking change invalidates it).
    staleTime: 30 * 1000,
  });
};

/** What Manage Requests shows first: pending work, upcoming appointments and the history's first page. */
export const manageRequestsFilters = (today: string = todayInLondon()) => [
  pendingFilter(),
  upcomingFilter(today),
  historyFilter(),
];
