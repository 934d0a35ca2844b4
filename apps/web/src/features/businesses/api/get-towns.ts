import type { TownsResponse } from '@app/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /booking/towns (public): the towns of listed businesses, by name, with how many are in each. */
export const getTowns = async (): Promise<TownsResponse['towns']> => {
  const response = await apiClient.get<TownsResponse>('/booking/towns');
  return response.towns;
};

export const townsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.businessTowns, queryFn: getTowns, staleTime: 5 * 60_000 });

export const useTowns = () => useQuery(townsQueryOptions());
