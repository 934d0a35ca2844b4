import { REVIEW_MESSAGES, REVIEW_TEXT_MAX_LENGTH, type Review, reviewReplyError } from '@app/domain';
import { Button, Group, Stack, Textarea } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { serverMessageOf } from '@/lib/server-message';
import { toast } from '@/lib/toast';
import { useSingleFlight } from '@/lib/use-single-flight';
import { usePutReviewReplyMutation } from '../api/put-review-reply';

const REPLY_FAILED = 'Reply not saved';
const REPLY_FAILED_FALLBACK = 'Could not save your reply. Please try again.';

/**
 * The business's reply to one review, written in place under it (api-contract §8.6): one reply
 * per review, which an edit replaces. The rules are the API's own (`reviewReplyError`); the list
 * is read again before the form closes, so the saved reply shows at once.
 */
export function ReviewReplyForm({ review, onDone }: { review: Review; onDone: () => void }) {
  const [reply, setReply] = useState(review.reply ?? '');
  const [isTouched, setIsTouched] = useState(false);
  const putReply = usePutReviewReplyMutation();
  const sending = useSingleFlight();
  const isEdit = review.reply !== null;

  const error = reviewReplyError(reply);
  // Too long is said at once; an empty reply only once the person tries to send it.
  const shownError = isTouched || error === REVIEW_MESSAGES.replyTooLong ? error : null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending.isInFlight()) return;
    setIsTouched(true);
    if (error) return;
    void sending.run(() =>
      putReply.mutateAsync({ reviewId: review.id, reply: reply.trim() }).then(
        (response) => {
          toast.success(response.message);
          onDone();
        },
        (failure: unknown) =>
          toast.error({
            title: REPLY_FAILED,
            message: serverMessageOf(failure, { includeStatusText: true }) ?? REPLY_FAILED_FALLBACK,
          }),
      ),
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label={isEdit ? 'Edit your reply' : 'Reply to this review'}>
      <Stack gap="xs">
        <Textarea
          label="Your reply"
          description={`Shown under the review on your booking page. At most ${REVIEW_TEXT_MAX_LENGTH} characters.`}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          rows={4}
          value={reply}
          onChange={(event) => setReply(event.currentTarget.value)}
          error={shownError}
          autoFocus
        />
        <Group gap="sm">
          <Button type="submit" loading={sending.isRunning}>
            {isEdit ? 'Save reply' : 'Post reply'}
          </Button>
          <Button variant="default" onClick={onDone} disabled={sending.isRunning}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
