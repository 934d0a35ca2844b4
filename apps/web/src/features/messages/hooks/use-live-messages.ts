import type { UnreadResponse } from '@app/domain';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { getOpenBookingThread } from '@/lib/booking-thread-launcher';
import { whenEngagedOrIdle } from '@/lib/idle';
import { connectLiveEvents } from '@/lib/live-events';
import { queryKeys } from '@/lib/query-keys';
import { getAccessToken } from '@/lib/session';
import { getUnreadMessages, unreadMessagesQueryOptions } from '@/lib/unread-messages';
import { POLL_INTERVAL_MS } from '../utils/polling';

const NO_UNREAD: UnreadResponse = { total: 0, byBooking: {} };

/**
 * Whatever was sent while the stream was not delivering: the unread counts, and every kept thread
 * from its last line (an open one at once, the others when next opened). Lines that also come live
 * are kept once (mergeThreadLines).
 */
function catchUp(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: queryKeys.unreadMessages });
  void queryClient.invalidateQueries({ queryKey: queryKeys.bookingThreads });
}

/**
 * Keeps the signed-in user's messages current (api-contract §8.8): the live stream appends new lines
 * to the threads kept, refreshes the unread counts and the bookings whose status changed; while it
 * is down, the unread counts (and an open thread, see BookingThread) are polled every
 * MESSAGES_POLL_SECONDS. Returns whether the stream is live.
 */
export function useLiveMessages(): { isLive: boolean } {
  const queryClient = useQueryClient();
  const [isLive, setIsLive] = useState(false);
  const [isStarted, setStarted] = useState(false);

  // The stream opens once the person engages with the page or it has been idle a while after
  // loading, never during the first load: a request that never ends would keep the page from ever
  // going quiet (Lighthouse, and anything else that waits for the network to settle, waits it out).
  // Until then the counts come from their first fetch and the polling below.
  useEffect(() => whenEngagedOrIdle(() => setStarted(true)), []);

  useEffect(() => {
    if (!isStarted) return;
    const connection = connectLiveEvents({
      onOpen: () => {
        setIsLive(true);
        catchUp(queryClient);
      },
      onDown: () => setIsLive(false),
      onMessage: ({ bookingId }) => {
        // A kept thread asks for everything after its last line rather than appending this one:
        // an event lost on the way (a dropped LISTEN connection, a failed NOTIFY) would otherwise
        // leave a gap that marking the thread read up to this line would hide for good.
        void queryClient.invalidateQueries({ queryKey: queryKeys.bookingThread(bookingId) });
        // An open thread marks its new lines read itself (BookingThread); any other has a new one.
        if (getOpenBookingThread()?.bookingId !== bookingId) {
          void queryClient.invalidateQueries({ queryKey: queryKeys.unreadMessages });
        }
      },
      onThreadChanged: (bookingId) => {
        void queryClient.invalidateQueries({ queryKey: queryKeys.bookingThread(bookingId) });
        if (getOpenBookingThread()?.bookingId !== bookingId) {
          void queryClient.invalidateQueries({ queryKey: queryKeys.unreadMessages });
        }
      },
      onBooking: () => {
        // The cards show the new status; the thread's system line comes as a message of its own.
        void queryClient.invalidateQueries({ queryKey: queryKeys.bookings });
      },
    });
    return () => connection.close();
  }, [queryClient, isStarted]);

  // The unread counts' query (a signed-in page's loader may have started its first answer): the
  // navigation bar and the cards read its answer.
  useQuery({
    ...unreadMessagesQueryOptions(),
    // Signing out (or deleting the account) clears the tokens and the cache a moment before this
    // unmounts: a refetch then must not ask the API with no token, whose 401 would send the person
    // to the sign-in page instead of where the sign-out was taking them.
    queryFn: () => (getAccessToken() ? getUnreadMessages() : Promise.resolve(NO_UNREAD)),
    refetchInterval: isLive ? false : POLL_INTERVAL_MS,
  });
  return { isLive };
}
