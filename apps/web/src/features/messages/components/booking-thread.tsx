import { MESSAGES, type ThreadMessage } from '@app/domain';
import { Alert, Button, Center, Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { BookingThreadTarget } from '@/lib/booking-thread-launcher';
import { useUnreadCount } from '@/lib/unread-messages';
import { bookingThreadQueryOptions } from '../api/get-booking-thread';
import { useMarkThreadReadMutation } from '../api/mark-thread-read';
import { POLL_INTERVAL_MS } from '../utils/polling';
import classes from './booking-thread.module.css';
import { MessageComposer } from './message-composer';
import { ThreadLines } from './thread-lines';

/**
 * Marks what the reader sees as read: on opening, and each time a line comes while the thread is
 * open (POST read with the last line's id). A thread whose last line is the reader's own or a
 * status change, with nothing unread, has nothing to mark.
 */
function useMarkReadWhileOpen(target: BookingThreadTarget, lines: readonly ThreadMessage[] | undefined) {
  const { mutate: markRead } = useMarkThreadReadMutation();
  const unread = useUnreadCount(target.bookingId);
  const markedUpTo = useRef<string | null>(null);
  const last = lines?.at(-1);

  useEffect(() => {
    if (!last || markedUpTo.current === last.id) return;
    // Only the other party's lines count as unread (not status changes, not the reader's own).
    const isTheirs = last.from !== 'system' && last.from !== target.viewer;
    if (!isTheirs && unread === 0) return;
    markedUpTo.current = last.id;
    markRead({ bookingId: target.bookingId, upTo: last.id });
  }, [last, unread, target.bookingId, target.viewer, markRead]);
}

/** One booking's conversation: its lines (polled while the live stream is down) and the composer. */
export function BookingThread({
  target,
  isLive,
  isPhone,
}: {
  target: BookingThreadTarget;
  isLive: boolean;
  isPhone: boolean;
}) {
  const thread = useQuery({
    ...bookingThreadQueryOptions(target.bookingId),
    refetchInterval: isLive ? false : POLL_INTERVAL_MS,
  });
  useMarkReadWhileOpen(target, thread.data?.messages);

  return (
    <>
      <Text size="sm" c="dimmed" className={classes.about}>
        {target.viewer === 'customer' ? 'Your booking' : 'Booking'}: {target.when}
      </Text>
      {thread.data ? (
        <ThreadLines lines={thread.data.messages} target={target} />
      ) : thread.isError ? (
        <div className={classes.log}>
          {/* NOTE: components/load-error-alert's look, written out: sharing that component with this
              chunk split it into one of its own, which put /login over its budget. */}
          <Alert color="red" variant="light" role="alert">
            <Text size="sm" mb="xs">
              {MESSAGES.failedToLoadData}
            </Text>
            <Button
              size="xs"
              variant="white"
              color="red"
              onClick={() => void thread.refetch()}
              loading={thread.isFetching}
            >
              Retry
            </Button>
          </Alert>
        </div>
      ) : (
        <Center className={classes.log}>
          <Loader size="sm" aria-label="Loading messages" />
        </Center>
      )}
      <MessageComposer
        bookingId={target.bookingId}
        isClosed={thread.data?.open === false}
        takesFocus={!isPhone}
      />
    </>
  );
}
