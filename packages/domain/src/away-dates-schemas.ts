// The request schemas of away periods (zod), apart from their rules in away-dates.ts so that pages
// which only check a day against away periods (slots) do not load zod.
import { z } from 'zod';
import { awayDateError } from './away-dates';
import { AgreedBookingsDecisionSchema } from './cancellation';
import { AWAY_REASON_MAX_LENGTH, MAX_AWAY_DATES } from './constants';
import { todayInLondon } from './dates';
import { MESSAGES } from './messages';

const AwayDateStringSchema = z.string({ error: MESSAGES.awayDateFormat }).max(10, MESSAGES.awayDateFormat);

/** One away period as the client sends it; id, createdAt and status are the server's. */
export const AwayDateEntrySchema = z.object({
  id: z.guid({ error: MESSAGES.invalidId }).optional(),
  startDate: AwayDateStringSchema,
  endDate: AwayDateStringSchema,
  reason: z
    .string()
    .max(AWAY_REASON_MAX_LENGTH, MESSAGES.awayReasonMax)
    .trim()
    .nullish()
    .transform((reason) => reason || undefined),
  createdAt: z.number().int().nonnegative().optional(),
  status: z.literal('active', { error: MESSAGES.awayStatusActive }).optional(),
});
export type AwayDateEntry = z.input<typeof AwayDateEntrySchema>;

/**
 * PUT /user/away-dates: the whole list. Each entry: real dates, start ≤ end, reason ≤ 100
 * characters, end ≤ today + 1 year; entries without an id (new ones) must not start in the past.
 * The server should apply `awayDateError(entry, { isNew: true })` again to any entry whose id it
 * does not know, and build the stored list with `mergeAwayDates`. `agreedBookings` says what to do
 * with the agreed bookings the new list falls on (POST /user/away-dates/check lists them).
 */
/** POST /user/away-dates/check: the list alone. */
export const AwayDatesCheckRequestSchema = z.object({
  awayDates: z
    .array(AwayDateEntrySchema, { error: MESSAGES.awayDateFormat })
    .max(MAX_AWAY_DATES)
    .superRefine((entries, ctx) => {
      const today = todayInLondon();
      entries.forEach((entry, index) => {
        const problem = awayDateError(entry, { today, isNew: entry.id === undefined });
        if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: [index, problem.field] });
      });
    }),
});

export const AwayDatesRequestSchema = AwayDatesCheckRequestSchema.extend({
  agreedBookings: AgreedBookingsDecisionSchema.optional(),
});
export type AwayDatesRequest = z.input<typeof AwayDatesRequestSchema>;
