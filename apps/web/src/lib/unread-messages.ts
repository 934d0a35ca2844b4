import type { UnreadResponse } from '@app/domain';
import { hashKey, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { apiClient } from './api-client';
import { queryKeys } from './query-keys';

/**
 * The signed-in user's unread messages (api-contract §8.8): the navigation bar's count and the
 * booking cards' Messages buttons. The messages feature asks for them and keeps them fresh, live
 * from the event stream or polled while it is down (features/messages/hooks/use-live-messages.ts);
 * a signed-in page's first load starts the first answer (app/signed-in-page.tsx), which the feature
 * then joins. The bar and the cards only read the answer.
 *
 * NOTE: no `./auth` here (the bar checks the session itself): importing it split the API client
 * out of the entry into a chunk of its own, which put /login over its budget.
 */

/** GET /booking/unread → { total, byBooking: { [bookingId]: n } } (only threads with unread lines). */
export const getUnreadMessages = (): Promise<UnreadResponse> =>
  apiClient.get<UnreadResponse>('/booking/unread');

export const unreadMessagesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.unreadMessages, queryFn: getUnreadMessages });

/** The unread counts as last read (undefined before the first answer); never asks by itself. */
export function useUnreadMessages(): UnreadResponse | undefined {
  return useQuery({ ...unreadMessagesQueryOptions(), enabled: false }).data;
}

const UNREAD_HASH = hashKey(queryKeys.unreadMessages);

/**
 * How many unread lines one booking's thread has. Every booking card has one, so it reads the cache
 * directly rather than through a query observer per card, and its component renders again only when
 * that booking's count changes (not whenever the counts arrive or change for another booking).
 */
export function useUnreadCount(bookingId: string): number {
  const queryClient = useQueryClient();
  const subscribe = useCallback(
    (onChange: () => void) =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.query.queryHash === UNREAD_HASH) onChange();
      }),
    [queryClient],
  );
  return useSyncExternalStore(
    subscribe,
    () => queryClient.getQueryData<UnreadResponse>(queryKeys.unreadMessages)?.byBooking[bookingId] ?? 0,
  );
}
