import { Button } from '@mantine/core';
import { type BookingThreadTarget, openBookingThread } from '@/lib/booking-thread-launcher';
import { useUnreadCount } from '@/lib/unread-messages';
import { IconMessage } from './icons';
import classes from './messages-button.module.css';

/**
 * A booking's Messages button, on both sides' booking cards: it opens the booking's thread (shown
 * by the messages feature) and carries the thread's unread count, which its name says too
 * ('Messages, 2 unread').
 */
export function MessagesButton({ target }: { target: BookingThreadTarget }) {
  const unread = useUnreadCount(target.bookingId);
  return (
    <Button
      size="sm"
      variant="default"
      leftSection={<IconMessage size={16} />}
      rightSection={
        unread > 0 ? (
          <span className={classes.unread} aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null
      }
      aria-label={unread > 0 ? `Messages, ${unread} unread` : 'Messages'}
      aria-haspopup="dialog"
      onClick={() => openBookingThread(target)}
    >
      Messages
    </Button>
  );
}
