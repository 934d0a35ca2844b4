import {
  MESSAGE_MAX_LENGTH,
  MESSAGES_PER_WINDOW,
  MESSAGES_WINDOW_MINUTES,
  messageBodyError,
  THREAD_MESSAGES,
} from '@app/domain';
import { Alert, Button, Group, Text } from '@mantine/core';
import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import { IconSend } from '@/components/icons';
import { ApiError } from '@/lib/api-client';
import { serverMessageOf } from '@/lib/server-message';
import { useSingleFlight } from '@/lib/use-single-flight';
import { usePostMessageMutation } from '../api/post-message';
import classes from './booking-thread.module.css';

/** Said after 429: the limit is per account, so waiting is the only way on. */
export const TOO_MANY_MESSAGES = `You can send ${MESSAGES_PER_WINDOW} messages every ${MESSAGES_WINDOW_MINUTES} minutes. Please wait a few minutes, then send your message again.`;
export const MESSAGE_NOT_SENT = 'Your message was not sent. Please try again.';

/** The counter shows once a message is this close to the limit. */
const COUNTER_FROM = MESSAGE_MAX_LENGTH - 100;

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

function sendFailureMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 429) return TOO_MANY_MESSAGES;
    if (error.code === 'ValidationError') return error.fieldErrors.body ?? error.message;
  }
  return serverMessageOf(error, { includeNetworkError: true }) ?? MESSAGE_NOT_SENT;
}

/**
 * Writes a message: the server's rule for its length (1 to MESSAGE_MAX_LENGTH characters after
 * trimming) with a counter near the limit, sent once however often Send is pressed, with
 * Ctrl+Enter (⌘+Enter on a Mac) too. A closed thread takes no more messages.
 */
export function MessageComposer({
  bookingId,
  isClosed,
  takesFocus,
}: {
  bookingId: string;
  isClosed: boolean;
  /** Focused when the thread opens (not on a phone, where the keyboard would cover the thread). */
  takesFocus: boolean;
}) {
  const [body, setBody] = useState('');
  const [isTouched, setIsTouched] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const post = usePostMessageMutation();
  const sending = useSingleFlight();
  const id = useId();

  const rule = messageBodyError(body);
  const length = body.trim().length;
  const isOverLimit = length > MESSAGE_MAX_LENGTH;
  // Too long is said at once; an empty message only once the person tries to send it.
  const shownError = isTouched || isOverLimit ? rule : null;

  const send = async () => {
    setIsTouched(true);
    if (rule || isClosed) return;
    await sending.run(async () => {
      setFailure(null);
      try {
        await post.mutateAsync({ bookingId, body });
        setBody('');
        setIsTouched(false);
      } catch (error) {
        // A closed thread says so in place of the composer (the mutation marks it closed).
        if (!(error instanceof ApiError && error.code === 'ThreadClosed'))
          setFailure(sendFailureMessage(error));
      }
    });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void send();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void send();
    }
  };

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <form onSubmit={onSubmit} noValidate className={classes.composer}>
      {isClosed ? (
        <Text size="sm" c="dimmed" mb="xs" role="status">
          {THREAD_MESSAGES.closed}
        </Text>
      ) : null}
      {failure ? (
        <Alert color="red" variant="light" role="alert" p="xs" mb="xs">
          <Text size="sm">{failure}</Text>
        </Alert>
      ) : null}
      {/* NOTE: a plain textarea, not Mantine's Textarea: sharing that input's code with this lazy
          chunk split it out of the sign-in form's chunk, and /login went over its budget. */}
      <textarea
        id={id}
        className={classes.textarea}
        aria-label="Your message"
        aria-invalid={shownError ? true : undefined}
        aria-describedby={shownError ? `${errorId} ${hintId}` : hintId}
        placeholder={isClosed ? undefined : 'Write a message…'}
        value={body}
        onChange={(event) => setBody(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        disabled={isClosed}
        rows={3}
        data-autofocus={takesFocus || undefined}
      />
      {shownError ? (
        <Text id={errorId} size="xs" c="red.7" mt={4}>
          {shownError}
        </Text>
      ) : null}
      <Group justify="space-between" align="center" mt="xs" wrap="nowrap">
        <Text id={hintId} size="xs" c="dimmed" className={classes.composerHint}>
          {isClosed ? null : (
            <>
              <span>{isMac() ? '⌘' : 'Ctrl'}+Enter to send</span>
              {length >= COUNTER_FROM ? (
                <span className={classes.counter} data-over={isOverLimit || undefined}>
                  {length}/{MESSAGE_MAX_LENGTH}
                </span>
              ) : null}
            </>
          )}
        </Text>
        <Button
          type="submit"
          size="sm"
          leftSection={<IconSend size={16} />}
          loading={sending.isRunning}
          disabled={isClosed}
        >
          Send
        </Button>
      </Group>
    </form>
  );
}
