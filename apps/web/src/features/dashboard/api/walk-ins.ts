import type { BookingResult, WalkInRequest } from '@app/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /user/walk-ins: a walk-in or phone booking, agreed at once (issue 32 item 6). */
export function useBookWalkIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WalkInRequest) => apiClient.post<BookingResult>('/user/walk-ins', body),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.bookings }),
        queryClient.invalidateQueries({ queryKey: queryKeys.businesses }),
      ]),
  });
}
