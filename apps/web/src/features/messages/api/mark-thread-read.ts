import type { MarkThreadReadRequest, UnreadResponse } from '@app/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /booking/messages/read { bookingId, upTo }: every line up to `upTo` is read (api-contract §8.8). */
export const markThreadRead = (request: MarkThreadReadRequest): Promise<void> =>
  apiClient.post<void>('/booking/messages/read', request);

/** Marks a thread read; its unread count goes at once, and the counts are asked again after. */
export function useMarkThreadReadMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markThreadRead,
    onMutate: async ({ bookingId }) => {
      // An answer already on its way would put the count back.
      await queryClient.cancelQueries({ queryKey: queryKeys.unreadMessages });
      queryClient.setQueryData<UnreadResponse>(queryKeys.unreadMessages, (unread) => {
        const count = unread?.byBooking[bookingId];
        if (!unread || !count) return unread;
        const { [bookingId]: _read, ...byBooking } = unread.byBooking;
        return { total: Math.max(0, unread.total - count), byBooking };
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.unreadMessages }),
  });
}
