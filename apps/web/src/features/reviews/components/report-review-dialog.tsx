import { REVIEW_REASON_MAX_LENGTH, type Review, reviewReasonError } from '@app/domain';
import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type FormEvent, useEffect, useState } from 'react';
import { DeferredModal } from '@/components/deferred-modal';
import { IconAlert } from '@/components/icons';
import { ApiError } from '@/lib/api-client';
import { serverMessageOf } from '@/lib/server-message';
import { toast } from '@/lib/toast';
import { useSingleFlight } from '@/lib/use-single-flight';
import { usePostReviewReportMutation } from '../api/post-review-report';
import classes from './reviews.module.css';

const PHONE_QUERY = '(max-width: 36em)';
export const REPORT_SENT = 'Thank you: the review has been reported to the moderators';
const REPORT_FAILED = 'The report could not be sent';

/**
 * Reporting a review to the Admin with a reason (ReviewReportRequestSchema's rule). The API limits
 * reports per account; its 429 message is shown as it comes.
 */
export function ReportReviewDialog({ review, onClose }: { review: Review | null; onClose: () => void }) {
  const isPhone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const report = usePostReviewReportMutation();
  const sending = useSingleFlight();
  const [reason, setReason] = useState('');
  const [isSubmitted, setSubmitted] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // The review stays on screen while the dialog closes.
  const [shown, setShown] = useState(review);
  if (review && review !== shown) {
    setShown(review);
    setReason('');
    setSubmitted(false);
    setFailure(null);
  }
  // Opened one render after mounting, so that Mantine gives focus back to the Report button.
  const [isMounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);

  const error = reviewReasonError(reason);
  const isTooLong = reason.trim().length > REVIEW_REASON_MAX_LENGTH;
  const shownError = isSubmitted || isTooLong ? error : null;

  const close = () => {
    if (!sending.isInFlight()) onClose();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!shown || sending.isInFlight()) return;
    setSubmitted(true);
    if (error) return;
    void sending.run(async () => {
      setFailure(null);
      try {
        await report.mutateAsync({ reviewId: shown.id, reason: reason.trim() });
        toast.success(REPORT_SENT);
        onClose();
      } catch (failed) {
        const fieldError = failed instanceof ApiError ? failed.fieldErrors.reason : undefined;
        setFailure(fieldError ?? serverMessageOf(failed, { includeNetworkError: true }) ?? REPORT_FAILED);
      }
    });
  };

  return (
    <DeferredModal
      opened={review !== null && isMounted}
      onClose={close}
      title="Report this review"
      fullScreen={isPhone}
      centered
      classNames={{ title: classes.modalTitle }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">
            Tell the moderators what is wrong with {shown ? `${shown.authorName}’s review` : 'this review'}:
            for example abuse, personal details, or that it is not about an appointment. They may hide it.
          </Text>
          <Textarea
            label="Reason"
            required
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            rows={4}
            autosize={false}
            error={shownError}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            description={
              <span className={classes.counter} data-over={isTooLong || undefined}>
                {reason.trim().length}/{REVIEW_REASON_MAX_LENGTH}
              </span>
            }
            data-autofocus
          />
          {failure ? (
            <Alert color="red" variant="light" icon={<IconAlert />} role="alert">
              {failure}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={report.isPending}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={report.isPending}>
              Send Report
            </Button>
          </Group>
        </Stack>
      </form>
    </DeferredModal>
  );
}
