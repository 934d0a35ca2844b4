import type { MyReviewsResponse } from '@app/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /booking/my-reviews (a customer): every review the caller wrote, with its booking and deadline. */
export const getMyReviews = (): Promise<MyReviewsResponse> =>
  apiClient.get<MyReviewsResponse>('/booking/my-reviews');

export const myReviewsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.myReviews, queryFn: getMyReviews });

export const useMyReviews = () => useQuery(myReviewsQueryOptions());
