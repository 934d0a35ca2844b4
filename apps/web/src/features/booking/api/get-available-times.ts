import { type AvailableTimesResponse, generateBookableSlots } from '@app/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /booking/available-times?businessId= (public). Unknown business: 404. */
export const getAvailableTimes = async (businessId: string): Promise<AvailableTimesResponse> => {
  const response = await apiClient.get<AvailableTimesResponse>(
    `/booking/available-times?businessId=${encodeURIComponent(businessId)}`,
  );
  // The server sends `slots`; the shared rules give the same answer should it ever be absent.
  const slots = Array.isArray(response.slots)
    ? response.slots
    : generateBookableSlots({ availability: response.availability, awayDates: response.awayDates });
  return { ...response, slots };
};

export const availableTimesQueryOptions = (businessId: string) =>
  queryOptions({
    queryKey: queryKeys.availableTimes(businessId),
    queryFn: () => getAvailableTimes(businessId),
  });

export const useAvailableTimes = (businessId: string) => useQuery(availableTimesQueryOptions(businessId));
