import {
  type MyReview,
  REVIEW_MESSAGES,
  REVIEW_TEXT_MAX_LENGTH,
  type ReviewRequest,
  reviewCommentError,
} from '@app/domain';
import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type FormEvent, useEffect, useState } from 'react';
import { DeferredModal } from '@/components/deferred-modal';
import { IconAlert } from '@/components/icons';
import { ApiError } from '@/lib/api-client';
import { serverMessageOf } from '@/lib/server-message';
import { toast } from '@/lib/toast';
import { useSingleFlight } from '@/lib/use-single-flight';
import { usePostReviewMutation } from '../api/post-review';
import { usePutReviewMutation } from '../api/put-review';
import classes from './reviews.module.css';
import { StarRatingInput } from './star-rating-input';

/** Phones: the dialog takes the whole screen (the on-screen keyboard leaves little room). */
const PHONE_QUERY = '(max-width: 36em)';

export const REVIEW_SAVED = 'Thank you: your review is published';
export const REVIEW_UPDATED = 'Your review has been updated';
const REVIEW_FAILED = 'Your review could not be saved';

export interface ReviewDialogProps {
  bookingId: string;
  businessName: string;
  /** The appointment as the card says it ('Sat 5 Dec 2026, 10:00'). */
  when: string;
  /** The review being edited, or null for a new one. */
  existing: MyReview | null;
  opened: boolean;
  onClose: () => void;
}

/**
 * Writing or editing the review of one appointment: 1–5 stars (radio buttons, so arrow keys and
 * screen readers work as in any radio group) and an optional comment under the server's own rules.
 */
export function ReviewDialog({
  bookingId,
  businessName,
  when,
  existing,
  opened,
  onClose,
}: ReviewDialogProps) {
  const isPhone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const create = usePostReviewMutation();
  const edit = usePutReviewMutation();
  const saving = useSingleFlight();
  const [rating, setRating] = useState(existing?.rating ?? 0);
  const [comment, setComment] = useState(existing?.comment ?? '');
  const [isSubmitted, setSubmitted] = useState(false);
  const [commentServerError, setCommentServerError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // Mounted by the first opening: open one render later, because Mantine notes the element to give
  // focus back to (the card's button) only when `opened` changes, not on mount.
  const [isMounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);

  // Each opening starts from the review as saved (or empty); a refetch while open changes nothing.
  const [wasOpened, setWasOpened] = useState(opened);
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (opened) {
      setRating(existing?.rating ?? 0);
      setComment(existing?.comment ?? '');
      setSubmitted(false);
      setCommentServerError(null);
      setFailure(null);
    }
  }

  const ratingError = isSubmitted && rating < 1 ? REVIEW_MESSAGES.ratingRequired : null;
  const commentRuleError = reviewCommentError(comment);
  // Too long is said at once (the counter shows it too); the other rules once the person sends.
  const shownCommentError =
    commentServerError ??
    (isSubmitted || commentRuleError === REVIEW_MESSAGES.commentTooLong ? commentRuleError : null);
  const isPending = create.isPending || edit.isPending;

  const close = () => {
    if (!saving.isInFlight()) onClose();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving.isInFlight()) return;
    setSubmitted(true);
    if (rating < 1 || commentRuleError) return;
    const request: ReviewRequest = { bookingId, rating, comment: comment.trim() };
    void saving.run(async () => {
      setFailure(null);
      setCommentServerError(null);
      try {
        await (existing ? edit : create).mutateAsync(request);
        toast.success(existing ? REVIEW_UPDATED : REVIEW_SAVED);
        onClose();
      } catch (error) {
        const fieldError = error instanceof ApiError ? error.fieldErrors.comment : undefined;
        if (fieldError) setCommentServerError(fieldError);
        else setFailure(serverMessageOf(error, { includeNetworkError: true }) ?? REVIEW_FAILED);
      }
    });
  };

  return (
    <DeferredModal
      opened={opened && isMounted}
      onClose={close}
      title={existing ? 'Edit your review' : 'Write a review'}
      fullScreen={isPhone}
      size="lg"
      centered
      classNames={{ title: classes.modalTitle }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Your appointment at {businessName}, {when}. Your first name and last initial show with your
            review.
          </Text>
          {existing?.hidden ? (
            <Alert color="orange" variant="light" icon={<IconAlert />}>
              The moderators have hidden this review: it does not show on the business’s page or count in its
              rating.
            </Alert>
          ) : null}
          <StarRatingInput value={rating} onChange={setRating} error={ratingError} />
          <Textarea
            label="Your review (optional)"
            value={comment}
            onChange={(event) => {
              setComment(event.currentTarget.value);
              setCommentServerError(null);
            }}
            rows={5}
            autosize={false}
            resize="vertical"
            error={shownCommentError}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            description={
              <span
                className={classes.counter}
                data-over={comment.trim().length > REVIEW_TEXT_MAX_LENGTH || undefined}
              >
                {comment.trim().length}/{REVIEW_TEXT_MAX_LENGTH}
              </span>
            }
          />
          {failure ? (
            <Alert color="red" variant="light" icon={<IconAlert />} role="alert">
              {failure}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={isPending}>
              {existing ? 'Save Changes' : 'Publish Review'}
            </Button>
          </Group>
        </Stack>
      </form>
    </DeferredModal>
  );
}
