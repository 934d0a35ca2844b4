import { type Booking, CANCELLATION_REASON_MAX_LENGTH } from '@app/domain';
import { Textarea } from '@mantine/core';
import { useState } from 'react';
import { ConfirmButton } from '@/components/confirm-button';
import { formatBookingDateTime } from '@/lib/booking-format';
import { useCancelBookingMutation } from '../api/cancel-booking';
import { bookingRefOf } from '../api/update-booking';
import { useReasonRule } from '../utils/use-reason-rule';

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
