import { z } from 'zod';
import { assertNever, type BookingStatus, type CancelledBy } from './booking-status';
import { MAX_ID_LENGTH } from './constants';
import { londonWallClockToUtc } from './slots';

// Messages about a booking (api-contract §8.8): one thread per booking between its customer and its
// business, with the booking's status changes in line as system lines.

/** A message's body, after trimming: 1 to this many characters. */
export const MESSAGE_MAX_LENGTH = 1000;
/** A thread closes this many days after the appointment's hour, or after a final status. */
export const THREAD_OPEN_DAYS = 14;
/** Messages an account may post per window, then 429. */
export const MESSAGES_PER_WINDOW = 30;
export const MESSAGES_WINDOW_MINUTES = 10;
/**
 * Unread messages are emailed this long after the first of them (api-contract §8.9: 60–120 s; the
 * worker's poll and the sending fit in what is left) …
 */
export const MESSAGE_EMAIL_DELAY_SECONDS = 90;
/** … and at most once per this many minutes per thread. */
export const MESSAGE_EMAIL_INTERVAL_MINUTES = 10;
/** GET /booking/messages answers at most this many lines after `after`; ask again from the last. */
export const THREAD_PAGE_SIZE = 100;

/** Who wrote a line: one of the two parties, or the system (a status change). */
export const THREAD_SENDERS = ['customer', 'business', 'system'] as const;
export type ThreadSender = (typeof THREAD_SENDERS)[number];

/** The thread's user-facing messages (ours: the spec has none for messages). */
export const THREAD_MESSAGES = {
  bodyRequired: 'Write a message first',
  bodyTooLong: `A message can be at most ${MESSAGE_MAX_LENGTH} characters`,
  closed: 'This conversation is closed',
  // The bookings API's own 404 text, so every call about a booking says it the same way.
  bookingNotFound: 'Booking not found.',
  upToRequired: 'upTo is required',
} as const;

/** Statuses after which a booking can no longer change: its thread closes 14 days later. */
const FINAL_STATUSES: ReadonlySet<BookingStatus> = new Set(['Denied', 'Declined', 'Cancelled']);

const DAY_MS = 86_400_000;

/**
 * When a booking's thread closes (api-contract §8.8): 14 days after the appointment's hour, or 14
 * days after it became Denied, Declined or Cancelled (`finalAt`, ISO), whichever is first.
 */
export function threadClosesAt(booking: {
  startsAt: string;
  status: BookingStatus;
  finalAt: string | null;
}): Date {
  const afterHour = londonWallClockToUtc(booking.startsAt.slice(0, 16)).getTime() + THREAD_OPEN_DAYS * DAY_MS;
  if (!FINAL_STATUSES.has(booking.status) || booking.finalAt === null) return new Date(afterHour);
  return new Date(Math.min(afterHour, Date.parse(booking.finalAt) + THREAD_OPEN_DAYS * DAY_MS));
}

export function isThreadOpen(
  booking: { startsAt: string; status: BookingStatus; finalAt: string | null },
  now: Date,
): boolean {
  return now.getTime() < threadClosesAt(booking).getTime();
}

/** A status change as its system line shows it. */
export interface SystemLine {
  /** The status the booking moved to. */
  status: BookingStatus;
  /** Who moved it (the system: a payment deadline passed). */
  actor: CancelledBy;
  /** The price the change recorded (the offer, the counter, the agreed price), if any. */
  price: number | null;
  /** The business's reason when it cancelled an agreed appointment. */
  reason?: string | null;
}

/** The text of a system line: what happened, with its price where it has one. */
export function systemLineText(line: SystemLine): string {
  const price = line.price === null ? '' : `: £${line.price}`;
  switch (line.status) {
    case 'Requested':
      return `Booking requested${price}`;
    case 'Approved':
      return `Approved${price}`;
    case 'Denied':
      return 'Request denied';
    case 'Countered':
      return `Counter offer${price}`;
    case 'Confirmed':
      return `Counter offer accepted${price}`;
    case 'Declined':
      return 'Counter offer declined';
    case 'Cancelled':
      switch (line.actor) {
        case 'business':
          return `Cancelled by the business${line.reason ? `: ${line.reason}` : ''}`;
        case 'customer':
          return 'Cancelled by the customer';
        case 'system':
          return `Cancelled${line.reason ? `: ${line.reason}` : ''}`;
        default:
          return assertNever(line.actor);
      }
    default:
      return assertNever(line.status);
  }
}

// ---- Requests -----------------------------------------------------------------------------------

const threadId = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(MAX_ID_LENGTH, `${field} is at most ${MAX_ID_LENGTH} characters`);

/** 1 to 1000 characters once trimmed; kept exactly as sent (api-contract §8.9). */
const messageBody = z
  .string({ error: THREAD_MESSAGES.bodyRequired })
  .refine((body) => body.trim().length >= 1, THREAD_MESSAGES.bodyRequired)
  .refine((body) => body.trim().length <= MESSAGE_MAX_LENGTH, THREAD_MESSAGES.bodyTooLong);

/** GET /booking/messages?bookingId=&after= */
export const ThreadQuerySchema = z.object({
  bookingId: threadId('bookingId'),
  after: threadId('after').optional().describe('A message id: only the lines after it'),
});
export type ThreadQuery = z.output<typeof ThreadQuerySchema>;

/** POST /booking/messages */
export const PostMessageRequestSchema = z.object({ bookingId: threadId('bookingId'), body: messageBody });
export type PostMessageRequest = z.input<typeof PostMessageRequestSchema>;

/** POST /booking/messages/read: everything up to and including `upTo` (a message id) is read. */
export const MarkThreadReadRequestSchema = z.object({
  bookingId: threadId('bookingId'),
  upTo: threadId('upTo'),
});
export type MarkThreadReadRequest = z.input<typeof MarkThreadReadRequestSchema>;

/** The body field's rule, for the web's form (the same as the server's). */
export function messageBodyError(body: string): string | null {
  const result = messageBody.safeParse(body);
  return result.success ? null : (result.error.issues[0]?.message ?? THREAD_MESSAGES.bodyRequired);
}
