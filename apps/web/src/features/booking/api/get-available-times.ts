import { type AvailableTimesResponse, generateBookableSlots } from '@app/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The service and barber the free times are for (api-contract §9.3); left out: the first, anyone. */
export interface TimesChoice {
  serviceId?: string;
  memberId?: string | null;
}

/** GET /booking/available-times?businessId=&serviceId=&memberId= (public). Unknown business: 404. */
export const getAvailableTimes = async (
  businessId: string,
  { serviceId, memberId }: TimesChoice = {},
): Promise<AvailableTimesResponse> => {
  const query = new URLSearchParams({ businessId });
  if (serviceId) query.set('serviceId', serviceId);
  if (memberId) query.set('memberId', memberId);
  const response = await apiClient.get<AvailableTimesResponse>(`/booking/available-times?${query}`);
  // The server sends `slots`; the shared rules give the same answer should it ever be absent.
  const slots = Array.isArray(response.slots)
    ? response.slots
    : generateBookableSlots({ availability: response.availability, awayDates: response.awayDates });
  return { ...response, slots };
};

export const availableTimesQueryOptions = (businessId: string, choice: TimesChoice = {}) =>
  queryOptions({
    queryKey:
      choice.serviceId || choice.memberId
        ? [...queryKeys.availableTimes(businessId), choice.serviceId ?? null, choice.memberId ?? null]
        : queryKeys.availableTimes(businessId),
    queryFn: () => getAvailableTimes(businessId, choice),
  });

export const useAvailableTimes = (businessId: string) => useQuery(availableTimesQueryOptions(businessId));

/** The free times for a chosen service and barber; off (undefined data) while `enabled` is false. */
export const useChosenTimes = (businessId: string, choice: TimesChoice, enabled: boolean) =>
  useQuery({ ...availableTimesQueryOptions(businessId, choice), enabled });
