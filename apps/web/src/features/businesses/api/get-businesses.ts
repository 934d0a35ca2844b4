import type { BusinessesResponse, BusinessSummary } from '@app/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /booking/businesses (public): confirmed, listed businesses; unlisted ones never arrive. */
export const getBusinesses = async (): Promise<BusinessSummary[]> => {
  const response = await apiClient.get<BusinessesResponse>('/booking/businesses');
  return response.businesses;
};

export const businessesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.businesses, queryFn: getBusinesses });

export const useBusinesses = () => useQuery(businessesQueryOptions());
