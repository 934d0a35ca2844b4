import type { WaitlistEntry, WaitlistRequest } from '@app/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /booking/waitlist: tell me if a time opens at the business on the day (api-contract §9.4). */
export function useJoinWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: WaitlistRequest) =>
      apiClient.post<{ entry: WaitlistEntry }>('/booking/waitlist', request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.waitlist }),
  });
}
