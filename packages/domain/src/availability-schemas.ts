// The request schemas of availability (zod), apart from its rules in availability.ts so that pages
// which only read availability or slots do not load zod.
import { z } from 'zod';
import { availabilityFormatError, normaliseAvailabilityLenient, validateAvailability } from './availability';
import { AgreedBookingsDecisionSchema } from './cancellation';
import { MAX_SLOTS_PER_DAY } from './constants';
import { MESSAGES } from './messages';

const TimeRangeInputSchema = z.union(
  [z.string().max(32), z.object({ start: z.string().max(16), end: z.string().max(16) })],
  { error: MESSAGES.invalidTimeSlot },
);

/**
 * Raw availability → its saved form. Rejects unknown weekdays and malformed ranges; does not
 * check range order or emptiness. `missing` is the message when the value is absent or not a map.
 */
export function availabilityInputSchema(missing: string) {
  return z
    .record(z.string().max(32), z.array(TimeRangeInputSchema).max(MAX_SLOTS_PER_DAY).nullish(), {
      error: missing,
    })
    .superRefine((input, ctx) => {
      const problem = availabilityFormatError(input);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .transform((input) => normaliseAvailabilityLenient(input));
}

export const AvailabilityInputSchema = availabilityInputSchema(MESSAGES.setAtLeastOneSlot);

/** Availability the admin saves: format, at least one range, start < end, no overlap. */
export const AvailabilitySchema = AvailabilityInputSchema.superRefine((availability, ctx) => {
  const problem = validateAvailability(availability);
  if (problem)
    ctx.addIssue({ code: 'custom', message: problem.message, path: problem.day ? [problem.day] : [] });
});

/**
 * PUT /user/availability. `agreedBookings` says what to do with the agreed bookings the new hours
 * leave out (POST /user/availability/check lists them).
 */
export const AvailabilityRequestSchema = z.object({
  availability: AvailabilitySchema,
  agreedBookings: AgreedBookingsDecisionSchema.optional(),
});

/** POST /user/availability/check: the hours alone. */
export const AvailabilityCheckRequestSchema = z.object({ availability: AvailabilitySchema });
export type AvailabilityRequest = z.input<typeof AvailabilityRequestSchema>;
