import { Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import {
  closeBookingThread,
  getOpenBookingThread,
  subscribeToBookingThread,
} from '@/lib/booking-thread-launcher';
import { whenEngagedOrIdle } from '@/lib/idle';
import { preloadable } from '@/lib/preloadable';
import { useLiveMessages } from '../hooks/use-live-messages';

const BookingThreadDrawer = preloadable(() => import('./booking-thread-drawer').then((m) => m.default));

/**
 * The signed-in user's messages, mounted once by the navigation bar: the live stream (or polling)
 * that keeps the unread counts and the threads current, and the drawer of the thread a booking
 * card's Messages button opens. Loaded only for a signed-in user, after the page.
 */
export default function MessagesHost() {
  const { isLive } = useLiveMessages();
  const target = useSyncExternalStore(subscribeToBookingThread, getOpenBookingThread, () => null);
  const [isDrawerMounted, setDrawerMounted] = useState(false);
  if (target && !isDrawerMounted) setDrawerMounted(true);

  // The thread's code is fetched ahead once the page is idle; a thread left open goes with sign-out.
  useEffect(() => whenEngagedOrIdle(() => void BookingThreadDrawer.preload().catch(() => {})), []);
  useEffect(() => closeBookingThread, []);

  return isDrawerMounted ? (
    <Suspense fallback={null}>
      <BookingThreadDrawer target={target} isLive={isLive} onClose={closeBookingThread} />
    </Suspense>
  ) : null;
}
