import { z } from 'zod';
import { bookingRef } from './bookings';
import { CANCELLATION_REASON_MAX_LENGTH, MAX_AGREED_BOOKINGS_DECIDED, MAX_ID_LENGTH } from './constants';
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

const BookingIdsSchema = z
  .array(z.string().min(1, MESSAGES.invalidId).max(MAX_ID_LENGTH, MESSAGES.invalidId), {
    error: MESSAGES.agreedBookingsChoice,
  })
  .max(MAX_AGREED_BOOKINGS_DECIDED);

/**
 * With PUT /user/away-dates or /user/availability: what to do with the agreed bookings the change
 * falls on (issue 29), each named by id as the check listed them. Keep: they stay agreed (the day
 * stays open for them). Cancel: each is cancelled by the business with the reason (api-contract §8.4).
 */
export const AgreedBookingsDecisionSchema = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('keep'), bookingIds: BookingIdsSchema }),
    z.object({
      action: z.literal('cancel'),
      bookingIds: BookingIdsSchema,
      reason: ruleString(
        CANCELLATION_REASON_MAX_LENGTH,
        cancellationReasonError,
        MESSAGES.cancellationReasonRequired,
      ),
    }),
  ],
  { error: MESSAGES.agreedBookingsChoice },
);
export type AgreedBookingsDecision = z.input<typeof AgreedBookingsDecisionSchema>;
