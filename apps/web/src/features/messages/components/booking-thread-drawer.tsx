import { MOBILE_BREAKPOINT_PX } from '@app/domain';
import { Drawer } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import type { BookingThreadTarget } from '@/lib/booking-thread-launcher';
import { BookingThread } from './booking-thread';
import classes from './booking-thread.module.css';

/** Phones (spec §9's mobile breakpoint): the thread takes the whole screen. */
export const PHONE_THREAD_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX}px)`;

/**
 * The open booking's thread: a full-screen drawer on a phone, a panel on the right on a larger
 * screen. Its own chunk: it loads when a thread is first opened, or ahead once the page is idle.
 */
export default function BookingThreadDrawer({
  target,
  isLive,
  onClose,
}: {
  target: BookingThreadTarget | null;
  isLive: boolean;
  onClose: () => void;
}) {
  const isPhone = useMediaQuery(PHONE_THREAD_QUERY, false, { getInitialValueInEffect: false });
  // The thread stays on screen while the drawer slides away.
  const [shown, setShown] = useState(target);
  if (target && target !== shown) setShown(target);
  // Mounted by the first opening: open one render later, because Mantine notes the element to give
  // focus back to (the Messages button) only when `opened` changes, not on mount.
  const [isMounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);

  return (
    <Drawer
      opened={target !== null && isMounted}
      onClose={onClose}
      position="right"
      size={isPhone ? '100%' : 480}
      title={shown ? `Messages with ${shown.otherName}` : 'Messages'}
      closeOnEscape
      closeOnClickOutside
      overlayProps={{ backgroundOpacity: 0.35 }}
      classNames={{ content: classes.drawerContent, body: classes.drawerBody, title: classes.drawerTitle }}
    >
      {shown ? (
        <BookingThread key={shown.bookingId} target={shown} isLive={isLive} isPhone={isPhone} />
      ) : null}
    </Drawer>
  );
}
