import type { UnreadResponse } from '@app/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from './api-client';
import { queryKeys } from './query-keys';

/**
 * The signed-in user's unread messages (api-contract §8.8): the navigation bar's count and the
 * booking cards' Messages buttons. The messages feature asks for them and keeps them fresh, live
 * from the event stream or polled while it is down (features/messages/hooks/use-live-messages.ts);
 * the bar and the cards only read its answer.
 *
 * NOTE: no `./auth` here (the bar checks the session itself): importing it split the API client
 * out of the entry into a chunk of its own, which put /login over its 150 kB budget.
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

/** How many unread lines one booking's thread has. */
export function useUnreadCount(bookingId: string): number {
  return useUnreadMessages()?.byBooking[bookingId] ?? 0;
}
