import {
  REVIEW_MESSAGES,
  REVIEW_REASON_MAX_LENGTH,
  type ReportedReview,
  reviewReasonError,
} from '@app/domain';
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { DeferredModal } from '@/components/deferred-modal';
import { useSingleFlight } from '@/lib/use-single-flight';
import { reviewCardName } from './dashboard-review-card';

/**
 * 'Hide' (the Admin, api-contract §8.6): a hidden review leaves the business's page and average;
 * the reason, which is required, goes to its author and the business by email.
 */
export function HideReviewDialog({
  review,
  onClose,
  onHide,
}: {
  /** The review to hide; null while the dialog is closed. */
  review: ReportedReview | null;
  onClose: () => void;
  /** Sends the change; resolves true once it is saved (the caller says how it went). */
  onHide: (review: ReportedReview, reason: string) => Promise<boolean>;
}) {
  const [reason, setReason] = useState('');
  const [isTouched, setIsTouched] = useState(false);
  const sending = useSingleFlight();
  const opened = review !== null;

  useEffect(() => {
    if (opened) {
      setReason('');
      setIsTouched(false);
    }
  }, [opened]);

  const error = reviewReasonError(reason);
  const shownError = isTouched || error === REVIEW_MESSAGES.reasonTooLong ? error : null;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!review || sending.isInFlight()) return;
    setIsTouched(true);
    if (error) return;
    const hidden = await sending.run(() => onHide(review, reason.trim()));
    if (hidden) onClose();
  };

  return (
    <DeferredModal
      opened={opened}
      onClose={() => {
        if (!sending.isInFlight()) onClose();
      }}
      title="Hide this review"
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {review ? (
            <Text size="sm">
              The review by {reviewCardName(review)} at {review.businessName} will leave the business's page
              and its average. Its author and the business are emailed your reason. You can restore it later.
            </Text>
          ) : null}
          <Textarea
            label="Reason"
            description={`Sent to the author and the business. At most ${REVIEW_REASON_MAX_LENGTH} characters.`}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            required
            rows={4}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={shownError}
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={sending.isRunning}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={sending.isRunning}>
              Hide review
            </Button>
          </Group>
        </Stack>
      </form>
    </DeferredModal>
  );
}
