import type { ThreadMessage } from '@app/domain';
import { Text } from '@mantine/core';
import { useLayoutEffect, useRef } from 'react';
import type { BookingThreadTarget } from '@/lib/booking-thread-launcher';
import { formatMessageTime } from '../utils/message-time';
import classes from './booking-thread.module.css';

function LineTime({ createdAt, now }: { createdAt: string; now: Date }) {
  return <time dateTime={createdAt}>{formatMessageTime(createdAt, now)}</time>;
}

/**
 * A thread's lines, oldest first: the reader's own on the right, the other party's on the left,
 * status changes (with their price) in the middle. Bodies are text: whatever was typed shows as
 * typed, markup included.
 */
export function ThreadLines({
  lines,
  target,
}: {
  lines: readonly ThreadMessage[];
  target: Pick<BookingThreadTarget, 'viewer' | 'otherName'>;
}) {
  const logRef = useRef<HTMLDivElement>(null);
  const lastId = lines.at(-1)?.id;
  const now = new Date();

  // The newest line in view: on opening and whenever one is added.
  useLayoutEffect(() => {
    const log = logRef.current;
    if (log && lastId) log.scrollTop = log.scrollHeight;
  }, [lastId]);

  return (
    // Focusable so that the lines can be scrolled with the keyboard; a log, so new lines are read out.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
    <div ref={logRef} role="log" aria-label="Conversation" tabIndex={0} className={classes.log}>
      {lines.length === 0 ? (
        <Text size="sm" c="dimmed" className={classes.empty}>
          No messages yet. Ask a question, agree the details or say you are running late: only you and{' '}
          {target.otherName} can read this conversation.
        </Text>
      ) : (
        <ol className={classes.lines}>
          {lines.map((line) => {
            if (line.from === 'system') {
              return (
                <li key={line.id} className={classes.system}>
                  <span className={classes.systemText}>{line.body}</span> ·{' '}
                  <LineTime createdAt={line.createdAt} now={now} />
                </li>
              );
            }
            const isMine = line.from === target.viewer;
            return (
              <li key={line.id} className={isMine ? classes.mine : classes.theirs}>
                <span className={classes.meta}>
                  {isMine ? 'You' : target.otherName} · <LineTime createdAt={line.createdAt} now={now} />
                </span>
                <div className={classes.bubble}>{line.body}</div>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
