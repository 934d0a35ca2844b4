import { z } from 'zod';
import { bookingRef } from './bookings';
import { CANCELLATION_REASON_MAX_LENGTH } from './constants';
import { MESSAGES } from './messages';
import { inappropriateContentError } from './profanity';
import { ruleString } from './zod-helpers';

// Its own module: the reason's profanity check pulls in the word list, which the customer's pages
// (that import the other booking schemas) must not download.

/** A business's reason for cancelling an agreed appointment: required, ≤ 200 characters, not profane. */
export function cancellationReasonError(value: string): string | null {
  const reason = value.trim();
  if (!reason) return MESSAGES.cancellationReasonRequired;
  if (reason.length > CANCELLATION_REASON_MAX_LENGTH) return MESSAGES.cancellationReasonMax;
  return inappropriateContentError(reason, 'Reason');
}

/** PATCH /booking/cancel (the business): the reason is shown to the customer. */
export const CancelBookingRequestSchema = z.object({
  ...bookingRef,
  reason: ruleString(
    CANCELLATION_REASON_MAX_LENGTH,
    cancellationReasonError,
    MESSAGES.cancellationReasonRequired,
  ),
});
export type CancelBookingRequest = z.input<typeof CancelBookingRequestSchema>;
