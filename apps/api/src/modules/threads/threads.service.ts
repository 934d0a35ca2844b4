import { randomUUID } from 'node:crypto';
import {
  type BookingActor,
  isThreadOpen,
  type MarkThreadReadRequest,
  MESSAGES_PER_WINDOW,
  MESSAGES_WINDOW_MINUTES,
  type PostMessageRequest,
  THREAD_MESSAGES,
  THREAD_PAGE_SIZE,
  type ThreadMessage,
  type ThreadQuery,
  type ThreadResponse,
  type UnreadResponse,
  WALK_IN_CUSTOMER_ID,
} from '@app/domain';
import { type Db, isPostgres } from '../../db/database';
import { addMs, type Clock, MINUTE_MS } from '../../lib/clock';
import { AppError, RateLimitError } from '../../lib/errors';
import { type BookingRow, BookingsRepository } from '../../repositories/bookings.repository';
import { RateLimitsRepository } from '../../repositories/rate-limits.repository';
import { type ThreadLineRow, ThreadsRepository } from '../../repositories/threads.repository';
import type { LiveEvents } from '../events/live-events';
import type { Outbox } from '../outbox/outbox.service';
import { scheduleMessageEmail, writeMessageEmail } from './message-emails';
import { toThreadMessage } from './threads.mapper';
import { THREAD_API_MESSAGES } from './threads.messages';

export interface ThreadsServiceDeps {
  db: Db;
  clock: Clock;
  /** Where a posted message goes to the parties' open streams after it commits. */
  liveEvents: LiveEvents;
  /** The other party's email about unread messages is scheduled in the post's transaction. */
  outbox: Outbox;
  /** Public address, for the links in emails. */
  appUrl: string;
}

const WINDOW_MS = MESSAGES_WINDOW_MINUTES * MINUTE_MS;

const notFound = () => new AppError('NotFound', THREAD_MESSAGES.bookingNotFound);
const notInThread = (field: 'after' | 'upTo') => {
  const message = THREAD_API_MESSAGES.notInThread(field);
  return new AppError('ValidationError', message, undefined, { [field]: message });
};

/** The caller's side of the booking, or null when they are neither its customer nor its business. */
function partyOf(booking: BookingRow, userId: string): BookingActor | null {
  // A walk-in has no customer to write to (issue 32 item 6): no thread.
  if (booking.customer_id === WALK_IN_CUSTOMER_ID) return null;
  if (booking.customer_id === userId) return 'customer';
  if (booking.business_id === userId) return 'business';
  return null;
}

/**
 * Is the booking's thread still open (api-contract §8.8)? `finalAt` is the booking's last change:
 * threadClosesAt reads it only for a final status, after which the row never changes again.
 */
export const isBookingThreadOpen = (booking: BookingRow, now: Date) =>
  isThreadOpen({ startsAt: booking.starts_at, status: booking.status, finalAt: booking.updated_at }, now);

/**
 * A booking's thread (api-contract §8.8): only its customer and its business read or write it
 * (anyone else, like an unknown booking, is a 404). Status changes are written into it by the
 * bookings service, in the change's own transaction.
 */
export class ThreadsService {
  private readonly bookings: BookingsRepository;
  private readonly threads: ThreadsRepository;

  constructor(private readonly deps: ThreadsServiceDeps) {
    this.bookings = new BookingsRepository(deps.db);
    this.threads = new ThreadsRepository(deps.db);
    // The email about unread messages is written when it goes, from what is unread then.
    const writer = { db: deps.db, appUrl: deps.appUrl, postgres: isPostgres(deps.db) };
    deps.outbox.handle('messages', {
      setting: 'notify_messages',
      write: (row, to) => writeMessageEmail(writer, row, to),
    });
  }

  /** The booking and the caller's side of it; 404 for an unknown booking or a stranger. */
  private async bookingOf(userId: string, bookingId: string, bookings = this.bookings) {
    const booking = await bookings.findById(bookingId);
    const party = booking ? partyOf(booking, userId) : null;
    if (!booking || !party) throw notFound();
    return { booking, party };
  }

  /** A line of the booking's thread named by the request; 400 when it is not one of its lines. */
  private async lineOf(bookingId: string, field: 'after' | 'upTo', id: string): Promise<ThreadLineRow> {
    const line = await this.threads.findLine(bookingId, id);
    if (!line) throw notInThread(field);
    return line;
  }

  /** GET /booking/messages: the lines after `after` (from the start without it), oldest first. */
  async thread(userId: string, query: ThreadQuery): Promise<ThreadResponse> {
    const { booking } = await this.bookingOf(userId, query.bookingId);
    const afterSeq =
      query.after === undefined ? 0 : (await this.lineOf(booking.id, 'after', query.after)).seq;
    const lines = await this.threads.listAfter(booking.id, afterSeq, THREAD_PAGE_SIZE);
    return {
      messages: lines.map((line) => toThreadMessage(line, booking)),
      open: isBookingThreadOpen(booking, this.deps.clock()),
    };
  }

  /**
   * POST /booking/messages: 409 ThreadClosed once the thread has closed; 429 past
   * MESSAGES_PER_WINDOW messages of the account in MESSAGES_WINDOW_MINUTES (counted in the
   * database, in the message's transaction, so a refused or failed post does not count). The line,
   * its number and the sender's read position are one transaction; the parties' streams hear of it
   * after it commits.
   */
  async post(userId: string, input: PostMessageRequest): Promise<ThreadMessage> {
    const now = this.deps.clock();
    const nowIso = now.toISOString();
    const { booking, line } = await this.deps.db.transaction().execute(async (trx) => {
      const { booking, party } = await this.bookingOf(userId, input.bookingId, new BookingsRepository(trx));
      if (!isBookingThreadOpen(booking, now)) throw new AppError('ThreadClosed', THREAD_MESSAGES.closed);
      const bucket = await new RateLimitsRepository(trx).hit(
        `messages:${userId}`,
        nowIso,
        addMs(now, -WINDOW_MS).toISOString(),
      );
      if (bucket.count > MESSAGES_PER_WINDOW) {
        const reopensAt = Date.parse(bucket.window_start) + WINDOW_MS;
        throw new RateLimitError(Math.max(1, Math.ceil((reopensAt - now.getTime()) / 1000)));
      }
      const line = await new ThreadsRepository(trx).appendMessage(booking, {
        id: randomUUID(),
        sender: party,
        senderId: userId,
        body: input.body,
        now: nowIso,
      });
      await scheduleMessageEmail(this.deps.outbox, trx, booking, party, now);
      return { booking, line };
    });
    const message = toThreadMessage(line, booking);
    this.deps.liveEvents.publish({
      type: 'message',
      recipients: [booking.customer_id, booking.business_id],
      bookingId: booking.id,
      message,
    });
    return message;
  }

  /** POST /booking/messages/read: the caller has read the thread up to `upTo` (never moves back). */
  async markRead(userId: string, input: MarkThreadReadRequest): Promise<void> {
    const { booking, party } = await this.bookingOf(userId, input.bookingId);
    const line = await this.lineOf(booking.id, 'upTo', input.upTo);
    await this.threads.markRead(booking.id, party, line.seq);
  }

  /** GET /booking/unread: the other party's unread lines per thread of the caller, and their sum. */
  async unread(userId: string): Promise<UnreadResponse> {
    const counts = await this.threads.unreadCounts(userId);
    const byBooking: Record<string, number> = {};
    let total = 0;
    for (const { booking_id, unread } of counts) {
      byBooking[booking_id] = unread;
      total += unread;
    }
    return { total, byBooking };
  }
}
