import type { WaitlistResponse } from '@app/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /booking/waitlist: the days the customer waits for a time (api-contract §9.4). */
export const waitlistQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.waitlist,
    queryFn: () => apiClient.get<WaitlistResponse>('/booking/waitlist'),
  });

export const useWaitlist = (enabled: boolean) => useQuery({ ...waitlistQueryOptions(), enabled });

/** DELETE /booking/waitlist/{id}. */
export function useLeaveWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiClient.delete<void>(`/booking/waitlist/${encodeURIComponent(id)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.waitlist }),
  });
}
