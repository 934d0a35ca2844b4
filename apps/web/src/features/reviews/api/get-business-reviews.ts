import type { ReviewsResponse } from '@app/domain';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * GET /booking/reviews?businessId=&cursor= (public): one page of a business's visible reviews,
 * newest first, with its rating (api-contract §8.6).
 */
export const getBusinessReviewsPage = (
  businessId: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ReviewsResponse> => {
  const search = new URLSearchParams({ businessId });
  if (cursor) search.set('cursor', cursor);
  return apiClient.get<ReviewsResponse>(`/booking/reviews?${search}`, { signal });
};

export const businessReviewsQueryOptions = (businessId: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.businessReviews(businessId),
    queryFn: ({ pageParam, signal }) => getBusinessReviewsPage(businessId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });

/** The pages read so far of a business's reviews ("Show more reviews" reads the next). */
export const useBusinessReviews = (businessId: string) =>
  useInfiniteQuery(businessReviewsQueryOptions(businessId));
