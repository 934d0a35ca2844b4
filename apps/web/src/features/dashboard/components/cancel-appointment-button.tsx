import { type Booking, CANCELLATION_REASON_MAX_LENGTH, MESSAGES } from '@app/domain';
import { Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { ConfirmButton } from '@/components/confirm-button';
import { formatBookingDateTime } from '@/lib/booking-format';
import { whenEngagedOrIdle } from '@/lib/idle';
import { useCancelBookingMutation } from '../api/cancel-booking';
import { bookingRefOf } from '../api/update-booking';

type ReasonRule = (value: string) => string | null;

let loadedReasonRule: ReasonRule | undefined;
let loadingReasonRule: Promise<ReasonRule> | undefined;

/** Fetches the reason's rule (domain `cancellationReasonError`, with the profanity word list), once. */
function preloadReasonRule(): Promise<ReasonRule> {
  loadingReasonRule ??= import('../utils/cancellation-reason').then(
    (module) => {
      loadedReasonRule = module.cancellationReasonError;
      return loadedReasonRule;
    },
    (error: unknown) => {
      loadingReasonRule = undefined; // a failed download may be tried again
      throw error;
    },
  );
  return loadingReasonRule;
}

/**
 * Until the full rule has arrived (it loads on the page's first engagement or idle time), only the
 * missing and overlong checks run here; the server applies the whole rule and its message is shown.
 */
function basicReasonError(value: string): string | null {
  const reason = value.trim();
  if (!reason) return MESSAGES.cancellationReasonRequired;
  return reason.length > CANCELLATION_REASON_MAX_LENGTH ? MESSAGES.cancellationReasonMax : null;
}

/** The reason's rule: the domain's once loaded, the basic checks before. */
function useReasonRule(): ReasonRule {
  const [rule, setRule] = useState<ReasonRule | undefined>(() => loadedReasonRule);
  useEffect(() => {
    if (rule) return;
    let isMounted = true;
    const cancel = whenEngagedOrIdle(() => {
      preloadReasonRule().then(
        (loaded) => {
          if (isMounted) setRule(() => loaded);
        },
        () => {}, // the basic checks stay; the server still checks the rest
      );
    });
    return () => {
      isMounted = false;
      cancel();
    };
  }, [rule]);
  return rule ?? basicReasonError;
}

/**
 * 'Cancel' on an Approved or Confirmed appointment that has not started (api-contract §8.4): the
 * first dialog asks for the reason the customer will see (required, at most 200 characters, no
 * inappropriate words), the second confirms; then PATCH /booking/cancel.
 */
export function CancelAppointmentButton({
  booking,
  customer,
  runChange,
}: {
  booking: Booking;
  /** The customer's name as the card shows it. */
  customer: string;
  runChange: (change: () => Promise<unknown>, success: string) => Promise<boolean>;
}) {
  const cancel = useCancelBookingMutation();
  const [reason, setReason] = useState('');
  const [isTouched, setIsTouched] = useState(false);
  const reasonError = useReasonRule();
  const error = reasonError(reason);
  // Too long is said at once; a missing reason once the person tries to go on.
  const shownError = isTouched || reason.trim().length > CANCELLATION_REASON_MAX_LENGTH ? error : null;
  const when = formatBookingDateTime(booking.BookingDateTime);

  return (
    <ConfirmButton
      label="Cancel"
      keepLabel="Keep Booking"
      first={{
        title: 'Cancel this booking?',
        body: `Cancel ${customer}’s appointment on ${when}? Tell them why: they will see your reason.`,
        fields: (
          <Textarea
            label="Reason for cancelling"
            description={`Shown to ${customer} and emailed to them. At most ${CANCELLATION_REASON_MAX_LENGTH} characters.`}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            onBlur={() => setIsTouched(true)}
            error={shownError}
            rows={3}
            required
            data-autofocus
          />
        ),
        confirmLabel: 'Continue',
      }}
      canContinue={() => {
        setIsTouched(true);
        return error === null;
      }}
      final={{
        title: 'Are you sure?',
        body: `This cannot be undone. ${customer} will be emailed that you cancelled, with your reason, and the time will be free to book again.`,
        confirmLabel: 'Yes, Cancel Booking',
      }}
      onConfirm={async () => {
        const isCancelled = await runChange(
          () => cancel.mutateAsync({ ...bookingRefOf(booking), reason: reason.trim() }),
          'Booking cancelled',
        );
        if (isCancelled) {
          setReason('');
          setIsTouched(false);
        }
      }}
      isPending={cancel.isPending}
    />
  );
}
