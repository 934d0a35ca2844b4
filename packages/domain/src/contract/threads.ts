import { z } from 'zod';
import { BOOKING_STATUSES } from '../booking-status';
import { THREAD_SENDERS } from '../booking-thread';

// Response shapes of the booking's messages (api-contract §8.8).

/** One line of a booking's thread: a party's message, or a status change (`from: 'system'`). */
export const ThreadMessageSchema = z.object({
  id: z.string(),
  from: z.enum(THREAD_SENDERS),
  body: z.string().describe('Plain text as typed (never HTML); for a system line, what happened'),
  createdAt: z.string().describe('ISO-8601 UTC'),
});
export type ThreadMessage = z.infer<typeof ThreadMessageSchema>;

/** GET /booking/messages */
export const ThreadResponseSchema = z.object({
  messages: z.array(ThreadMessageSchema).describe('Oldest first, at most 100 after `after`'),
  open: z.boolean().describe('False once the thread is closed (POST answers 409 ThreadClosed)'),
});
export type ThreadResponse = z.infer<typeof ThreadResponseSchema>;

/** GET /booking/unread */
export const UnreadResponseSchema = z.object({
  total: z.number().int().nonnegative(),
  byBooking: z.record(z.string(), z.number().int().positive()).describe('Only threads with unread lines'),
});
export type UnreadResponse = z.infer<typeof UnreadResponseSchema>;

/**
 * The live stream's events (GET /api/events, `text/event-stream`): `event: message` with a new
 * line of one of the caller's threads (theirs too, from another tab or device): the message object
 * with its `bookingId` (api-contract §8.9); `event: booking` when one of the caller's bookings
 * changes status. Each event's `id:` is the line's id for messages; a client that reconnects asks
 * GET /booking/messages with `after` for what it missed.
 */
export const LiveMessageEventSchema = ThreadMessageSchema.extend({ bookingId: z.string() });
export type LiveMessageEvent = z.infer<typeof LiveMessageEventSchema>;
export const LiveBookingEventSchema = z.object({ bookingId: z.string(), status: z.enum(BOOKING_STATUSES) });
export type LiveBookingEvent = z.infer<typeof LiveBookingEventSchema>;
