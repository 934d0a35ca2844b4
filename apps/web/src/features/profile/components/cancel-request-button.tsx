import { TwoStepConfirmButton } from '@/components/two-step-confirm-button';

/** 'Cancel Request' behind two confirmations (spec §4). */
export function CancelRequestButton({
  description,
  onConfirm,
  isPending,
}: {
  /** What is being cancelled, e.g. 'your request to Fade & Co for Sat 5 Dec 2026, 10:00'. */
  description: string;
  /** Sends the cancellation and reports the outcome; the dialog closes when it settles. */
  onConfirm: () => Promise<void>;
  isPending: boolean;
}) {
  return (
    <TwoStepConfirmButton
      label="Cancel Request"
      keepLabel="Keep Request"
      first={{
        title: 'Cancel this request?',
        body: `Do you want to cancel ${description}?`,
        confirmLabel: 'Yes, Cancel It',
      }}
      final={{
        title: 'Are you sure?',
        body: 'This cannot be undone. The business will be told you cancelled, and you would need to send a new request for this time.',
        confirmLabel: 'Confirm Cancellation',
      }}
      onConfirm={onConfirm}
      isPending={isPending}
    />
  );
}

/**
 * 'Cancel Booking' on an Approved or Confirmed appointment, behind two confirmations like a request
 * (api-contract §8.4: the customer may cancel until the business's notice).
 */
export function CancelAppointmentButton({
  description,
  onConfirm,
  isPending,
}: {
  /** What is being cancelled, e.g. 'your appointment at Fade & Co on Sat 5 Dec 2026, 10:00'. */
  description: string;
  onConfirm: () => Promise<void>;
  isPending: boolean;
}) {
  return (
    <TwoStepConfirmButton
      label="Cancel Booking"
      keepLabel="Keep Booking"
      first={{
        title: 'Cancel this booking?',
        body: `Do you want to cancel ${description}?`,
        confirmLabel: 'Yes, Cancel It',
      }}
      final={{
        title: 'Are you sure?',
        body: 'This cannot be undone. The business will be emailed that you cancelled, and the time will be offered to other customers.',
        confirmLabel: 'Confirm Cancellation',
      }}
      onConfirm={onConfirm}
      isPending={isPending}
    />
  );
}
