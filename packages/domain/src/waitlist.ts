import { z } from 'zod';
import { idSchema } from './bookings';
import { isIsoDate } from './dates';

// The waiting list (api-contract §9.4, issue 33 item 2): a customer waits for a time to open at a
// business on a day, and is emailed once per opening.

/** Open entries a customer may hold at once. */
export const MAX_WAITLIST_ENTRIES = 3;

export const WAITLIST_MESSAGES = {
  date: 'Choose a day you can book: from today, within the booking window',
  tooMany: `You can wait for at most ${MAX_WAITLIST_ENTRIES} days at once. Remove one first.`,
  already: 'You are already waiting for a time on this day.',
  notFound: 'Waiting list entry not found.',
  customersOnly: 'Only customers can wait for a time.',
} as const;

/** POST /booking/waitlist. */
export const WaitlistRequestSchema = z.object({
  businessId: idSchema('businessId'),
  date: z
    .string({ error: WAITLIST_MESSAGES.date })
    .max(10, WAITLIST_MESSAGES.date)
    .refine((value) => isIsoDate(value), WAITLIST_MESSAGES.date),
});
export type WaitlistRequest = z.input<typeof WaitlistRequestSchema>;

/** One entry: the customer waits for a time at the business on the day. */
export const WaitlistEntrySchema = z
  .object({
    id: z.string(),
    businessId: z.string(),
    businessName: z.string(),
    date: z.string().describe('YYYY-MM-DD'),
  })
  .meta({ id: 'WaitlistEntry' });
export type WaitlistEntry = z.infer<typeof WaitlistEntrySchema>;

export const WaitlistEntryResultSchema = z.object({ entry: WaitlistEntrySchema });
export const WaitlistResponseSchema = z.object({
  entries: z.array(WaitlistEntrySchema).describe('Open entries, soonest day first'),
});
export type WaitlistResponse = z.infer<typeof WaitlistResponseSchema>;
