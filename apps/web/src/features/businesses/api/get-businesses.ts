import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** One card of the businesses list (api-contract §4, GET /booking/businesses). */
export interface Business {
  id: string;
  FirstName: string;
  LastName: string;
  BusinessName: string | null;
  BusinessDescription?: string | null;
  minimumPrice: number;
  homeVisitsEnabled: boolean;
}

export interface BusinessesResponse {
  businesses: Business[];
}

/** GET /booking/businesses (public): confirmed, listed businesses; unlisted ones never arrive. */
export const getBusinesses = async (): Promise<Business[]> => {
  const response = await apiClient.get<BusinessesResponse>('/booking/businesses');
  return response?.businesses ?? [];
};

export const businessesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.businesses, queryFn: getBusinesses });

export const useBusinesses = () => useQuery(businessesQueryOptions());
