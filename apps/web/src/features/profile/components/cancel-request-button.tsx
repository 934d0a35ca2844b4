import { ConfirmButton } from '@/components/confirm-button';

interface CancelCopy {
  label: string;
  keepLabel: string;
  firstTitle: string;
  finalBody: string;
}

interface CancelButtonProps {
  /** What is being cancelled, e.g. 'your request to Fade & Co for Sat 5 Dec 2026, 10:00'. */
  description: string;
  /** Sends the cancellation and reports the outcome; the dialog closes when it settles. */
  onConfirm: () => Promise<void>;
  isPending: boolean;
}

function CancelButton({ copy, description, onConfirm, isPending }: CancelButtonProps & { copy: CancelCopy }) {
  return (
    <ConfirmButton
      label={copy.label}
      keepLabel={copy.keepLabel}
      first={{
        title: copy.firstTitle,
        body: `Do you want to cancel ${description}?`,
        confirmLabel: 'Yes, Cancel It',
      }}
      final={{ title: 'Are you sure?', body: copy.finalBody, confirmLabel: 'Confirm Cancellation' }}
      onConfirm={onConfirm}
      isPending={isPending}
    />
  );
}

const REQUEST: CancelCopy = {
  label: 'Cancel Request',
  keepLabel: 'Keep Request',
  firstTitle: 'Cancel this request?',
  finalBody:
    'This cannot be undone. The business will be told you cancelled, and you would need to send a new request for this time.',
};

const APPOINTMENT: CancelCopy = {
  label: 'Cancel Booking',
  keepLabel: 'Keep Booking',
  firstTitle: 'Cancel this booking?',
  finalBody:
    'This cannot be undone. The business will be emailed that you cancelled, and the time will be offered to other customers.',
};

/** 'Cancel Request' behind two confirmations (spec §4). */
export const CancelRequestButton = (props: CancelButtonProps) => <CancelButton copy={REQUEST} {...props} />;

/**
 * 'Cancel Booking' on an Approved or Confirmed appointment, behind two confirmations like a request
 * (api-contract §8.4: the customer may cancel until the business's notice).
 */
export const CancelAppointmentButton = (props: CancelButtonProps) => (
  <CancelButton copy={APPOINTMENT} {...props} />
);
