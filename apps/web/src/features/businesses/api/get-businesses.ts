import type { BusinessesResponse } from '@app/domain';
import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { ApiError, apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { type BusinessFilters, searchOfFilters } from './business-filters';

// NOTE: BUSINESS_SEARCH_MESSAGES.cursor, copied: this module is in the entry, and the domain module
// holding that constant brings zod with it. get-businesses.test.ts checks the two are the same.
export const STALE_CURSOR_MESSAGE = 'This list has changed since that page: start again from the first page';

/** A 400 for a `cursor` from before the list changed: the search must start again from its first page. */
export function isStaleCursorError(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status === 400 &&
    (error.message === STALE_CURSOR_MESSAGE || error.fieldErrors.cursor === STALE_CURSOR_MESSAGE)
  );
}

/** GET /booking/businesses (public): one page of confirmed, listed businesses matching `filters`. */
export const getBusinessesPage = async (
  filters: BusinessFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<BusinessesResponse> => {
  const search = searchOfFilters(filters);
  // The API's default sort is ours too, but the request says which order its cursor belongs to.
  search.set('sort', filters.sort);
  if (cursor) search.set('cursor', cursor);
  return apiClient.get<BusinessesResponse>(`/booking/businesses?${search}`, { signal });
};

export const businessesQueryOptions = (filters: BusinessFilters) =>
  infiniteQueryOptions({
    queryKey: queryKeys.businessSearch(filters),
    queryFn: ({ pageParam, signal }) => getBusinessesPage(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });

/**
 * The pages of one search. While a new search loads, the previous one's results stay on screen
 * (`isPlaceholderData`). A stale cursor (from "Show more", or a refetch of several pages) resets the
 * search to its first page.
 */
export function useBusinessesSearch(filters: BusinessFilters) {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery({ ...businessesQueryOptions(filters), placeholderData: keepPreviousData });
  const queryKey = useRef(queryKeys.businessSearch(filters));
  queryKey.current = queryKeys.businessSearch(filters);
  const { error } = query;
  useEffect(() => {
    // The first page takes no cursor, so this never repeats.
    if (isStaleCursorError(error)) void queryClient.resetQueries({ queryKey: queryKey.current, exact: true });
  }, [error, queryClient]);
  return query;
}
