import { z } from 'zod';
import { idSchema } from './bookings';
import { MESSAGES } from './messages';
import { isDateTime } from './slots';

// Moving an appointment (api-contract §9.4, issue 33 item 1): either party proposes a new time,
// the other accepts or declines; the same booking moves.

export const MOVE_MESSAGES = {
  notAgreed: 'Only an approved or confirmed booking that has not started can be moved.',
  tooLate: (businessName: string, hours: number) =>
    `This booking can no longer be moved online: ${businessName} asks for ${hours} hours' notice`,
  proposalOpen: 'A new time is already proposed for this booking: answer or wait for that one first.',
  sameTime: 'Choose a time other than the booking’s own.',
  notOffered: 'That time is not free for this booking. Choose another.',
  ownProposal: 'The other party answers a proposal, not the one who made it.',
  noProposal: 'That proposal is no longer open.',
  walkIn: 'A walk-in has no account to agree a new time: cancel it and add the new time to the diary.',
} as const;

/** POST /booking/reschedule. */
export const RescheduleRequestSchema = z.object({
  bookingId: idSchema('bookingId'),
  bookingDateTime: z
    .string({ error: MESSAGES.bookingDateTimeFormat })
    .max(16, MESSAGES.bookingDateTimeFormat)
    .refine(isDateTime, MESSAGES.bookingDateTimeFormat),
});
export type RescheduleRequest = z.input<typeof RescheduleRequestSchema>;

/** PATCH /booking/reschedule. */
export const RescheduleAnswerSchema = z.object({
  proposalId: idSchema('proposalId'),
  response: z.enum(['Accepted', 'Declined'], { error: 'response must be Accepted or Declined' }),
});
export type RescheduleAnswer = z.input<typeof RescheduleAnswerSchema>;

/** A proposal of a new time, as POST /booking/reschedule answers it. */
export const MoveProposalSchema = z
  .object({
    id: z.string(),
    bookingId: z.string(),
    from: z.string().describe('The booking’s start now, "YYYY-MM-DD HH:MM"'),
    to: z.string().describe('The proposed start'),
    proposedBy: z.enum(['customer', 'business']),
    status: z.literal('Proposed'),
  })
  .meta({ id: 'MoveProposal' });
export type MoveProposal = z.infer<typeof MoveProposalSchema>;

export const MoveProposalResultSchema = z.object({ proposal: MoveProposalSchema });

/** GET /booking/reschedule/times: the starts a booking could move to now. */
export const MoveTimesSchema = z
  .object({ slots: z.array(z.string()).describe('"YYYY-MM-DD HH:MM" starts, in order') })
  .meta({ id: 'MoveTimes' });
export type MoveTimes = z.infer<typeof MoveTimesSchema>;

export const MoveTimesQuerySchema = z.object({ bookingId: idSchema('bookingId') });
