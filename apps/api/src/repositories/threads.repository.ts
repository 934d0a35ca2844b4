import type { BookingActor, CancelledBy } from '@app/domain';
import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { prepared } from '../db/prepared';
import type { BookingMessagesTable, BookingStatusValue } from '../db/schema';

export type ThreadLineRow = Selectable<BookingMessagesTable>;

/** The booking columns a thread needs: its parties. */
export interface ThreadParties {
  id: string;
  customer_id: string;
  business_id: string;
}

/** A party's message, as posted. */
export interface NewMessage {
  id: string;
  sender: BookingActor;
  senderId: string;
  body: string;
  now: string;
}

/** A status change, as its system line records it. */
export interface NewSystemLine {
  /** The transition's id: the line takes it. */
  id: string;
  status: BookingStatusValue;
  /** Who moved the booking. */
  actor: CancelledBy;
  price: number | null;
  now: string;
}

export interface UnreadCount {
  booking_id: string;
  unread: number;
}

const readSeqOf = (party: BookingActor) =>
  party === 'customer' ? ('customer_read_seq' as const) : ('business_read_seq' as const);
const readSeqSet = (party: BookingActor, seq: number) =>
  party === 'customer' ? { customer_read_seq: seq } : { business_read_seq: seq };
const otherParty = (party: BookingActor): BookingActor => (party === 'customer' ? 'business' : 'customer');

// A booking request's two inserts, compiled once (db/prepared): a new thread at line 1 (see
// `insertThread`) and a line.
const newThreadStatement = prepared(
  (db, bookingId: string, customerId: string, businessId: string, now: string) =>
    db.insertInto('booking_threads').values({
      booking_id: bookingId,
      customer_id: customerId,
      business_id: businessId,
      last_seq: 1,
      customer_read_seq: 1,
      business_read_seq: 1,
      created_at: now,
    }),
);
const lineStatement = prepared(
  (
    db,
    id: string,
    bookingId: string,
    seq: number,
    sender: ThreadLineRow['sender'],
    senderId: string | null,
    body: string,
    status: BookingStatusValue | null,
    price: number | null,
    createdAt: string,
  ) =>
    db.insertInto('booking_messages').values({
      id,
      booking_id: bookingId,
      seq,
      sender,
      sender_id: senderId,
      body,
      status,
      price,
      created_at: createdAt,
    }),
);
const insertLine = (db: Db, row: ThreadLineRow) =>
  lineStatement(
    db,
    row.id,
    row.booking_id,
    row.seq,
    row.sender,
    row.sender_id,
    row.body,
    row.status,
    row.price,
    row.created_at,
  );

/**
 * Booking threads (migration 0011). Lines are numbered per booking under the thread row's lock
 * (`nextSeq`), so call the writing methods inside the transaction that writes the line.
 */
export class ThreadsRepository {
  constructor(private readonly db: Db) {}

  /** Appends a party's message; its sender has read it (see `markOwnLineRead`). */
  async appendMessage(booking: ThreadParties, message: NewMessage): Promise<ThreadLineRow> {
    const seq = await this.nextSeq(booking, message.now);
    const row: ThreadLineRow = {
      id: message.id,
      booking_id: booking.id,
      seq,
      sender: message.sender,
      sender_id: message.senderId,
      body: message.body,
      status: null,
      price: null,
      created_at: await this.notBeforePrevious(booking.id, seq, message.now),
    };
    await insertLine(this.db, row);
    await this.markOwnLineRead(booking.id, message.sender, seq);
    return row;
  }

  /** Appends a status change as a system line; the party who made the change has read it. */
  async appendSystemLine(booking: ThreadParties, line: NewSystemLine): Promise<ThreadLineRow> {
    return this.appendSystem(booking, {
      id: line.id,
      body: '',
      status: line.status,
      price: line.price,
      now: line.now,
    });
  }

  /**
   * A new booking's thread and its first line, the request (read by both parties, as every system
   * line): two inserts where `appendSystemLine` on a thread of lines takes five statements.
   */
  async open(booking: ThreadParties, line: NewSystemLine): Promise<ThreadLineRow> {
    await newThreadStatement(this.db, booking.id, booking.customer_id, booking.business_id, line.now);
    const row: ThreadLineRow = {
      id: line.id,
      booking_id: booking.id,
      seq: 1,
      sender: 'system',
      sender_id: null,
      body: '',
      status: line.status,
      price: line.price,
      created_at: line.now,
    };
    await insertLine(this.db, row);
    return row;
  }

  /**
   * A step the booking took that is not a status change (a move proposed, accepted or declined,
   * api-contract §9.4): a system line with its words, read by both parties at once like the others.
   */
  appendSystemNote(booking: ThreadParties, note: { id: string; body: string; now: string }) {
    return this.appendSystem(booking, { ...note, status: null, price: null });
  }

  /** A system line: its text made when read from its status, or its own words. */
  private async appendSystem(
    booking: ThreadParties,
    line: { id: string; body: string; status: BookingStatusValue | null; price: number | null; now: string },
  ): Promise<ThreadLineRow> {
    const seq = await this.nextSeq(booking, line.now);
    const row: ThreadLineRow = {
      id: line.id,
      booking_id: booking.id,
      seq,
      sender: 'system',
      sender_id: null,
      body: line.body,
      status: line.status,
      price: line.price,
      created_at: await this.notBeforePrevious(booking.id, seq, line.now),
    };
    await insertLine(this.db, row);
    // System lines are never unread (api-contract §8.9): each party's read position moves past it
    // unless a line of the other party is still unread before it.
    await this.markOwnLineRead(booking.id, 'customer', seq);
    await this.markOwnLineRead(booking.id, 'business', seq);
    return row;
  }

  /**
   * A line's time: `now`, or the previous line's time if that is later (a writer that took its time
   * before waiting for the thread's lock), so times never run backwards against the numbers.
   */
  private async notBeforePrevious(bookingId: string, seq: number, now: string): Promise<string> {
    if (seq <= 1) return now;
    const previous = await this.db
      .selectFrom('booking_messages')
      .select('created_at')
      .where('booking_id', '=', bookingId)
      .where('seq', '=', seq - 1)
      .executeTakeFirst();
    return previous && previous.created_at > now ? previous.created_at : now;
  }

  /**
   * The thread's next line number. NOTE: the UPDATE … RETURNING locks the thread's row until the
   * transaction ends, so a later number always commits later, and a reader paging with `after`
   * never skips a line that was still being written. The row is made when the booking has none yet
   * (bookings made before threads, or straight in the database).
   */
  private async nextSeq(booking: ThreadParties, now: string): Promise<number> {
    const next = () =>
      this.db
        .updateTable('booking_threads')
        .set((eb) => ({ last_seq: eb('last_seq', '+', 1) }))
        .where('booking_id', '=', booking.id)
        .returning('last_seq')
        .executeTakeFirst();
    const row = await next();
    if (row) return row.last_seq;
    await this.insertThread(booking, 0, now)
      .onConflict((oc) => oc.column('booking_id').doNothing())
      .execute();
    const made = await next();
    if (!made) throw new Error(`booking ${booking.id} has no thread`);
    return made.last_seq;
  }

  /** A booking's thread at line `seq`, read that far by both parties. */
  private insertThread(booking: ThreadParties, seq: number, now: string) {
    return this.db.insertInto('booking_threads').values({
      booking_id: booking.id,
      customer_id: booking.customer_id,
      business_id: booking.business_id,
      last_seq: seq,
      customer_read_seq: seq,
      business_read_seq: seq,
      created_at: now,
    });
  }

  /**
   * The writer's own line is read by them: their read position moves to it, but only when no line
   * of the other party is still unread before it. NOTE: otherwise a reply posted before a message
   * that arrived meanwhile was seen would mark that message read (no badge, no email).
   */
  private async markOwnLineRead(bookingId: string, party: BookingActor, seq: number): Promise<void> {
    const column = readSeqOf(party);
    await this.db
      .updateTable('booking_threads')
      .set(readSeqSet(party, seq))
      .where('booking_id', '=', bookingId)
      .where(column, '<', seq)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('booking_messages as m')
              .select(sql`1`.as('one'))
              .where('m.booking_id', '=', bookingId)
              .where('m.seq', '>', sql.ref<number>(`booking_threads.${column}`))
              .where('m.seq', '<', seq)
              .where('m.sender', '=', otherParty(party)),
          ),
        ),
      )
      .execute();
  }

  /** A line of the booking's thread by its id (undefined when it is not one of this thread's). */
  findLine(bookingId: string, id: string): Promise<ThreadLineRow | undefined> {
    return this.db
      .selectFrom('booking_messages')
      .selectAll()
      .where('id', '=', id)
      .where('booking_id', '=', bookingId)
      .executeTakeFirst();
  }

  /** At most `limit` lines after `afterSeq`, oldest first. */
  listAfter(bookingId: string, afterSeq: number, limit: number): Promise<ThreadLineRow[]> {
    return this.db
      .selectFrom('booking_messages')
      .selectAll()
      .where('booking_id', '=', bookingId)
      .where('seq', '>', afterSeq)
      .orderBy('seq')
      .limit(limit)
      .execute();
  }

  /** The party has read up to line `seq`: its read position moves there, never back. */
  async markRead(bookingId: string, party: BookingActor, seq: number): Promise<void> {
    await this.db
      .updateTable('booking_threads')
      .set(readSeqSet(party, seq))
      .where('booking_id', '=', bookingId)
      .where(readSeqOf(party), '<', seq)
      .execute();
  }

  /**
   * Per thread where the person is a party, the other party's lines after the person's read
   * position (not system lines, not their own); threads with none are left out. One query: each
   * side reads only the person's threads with lines after their read position (a partial index,
   * migration 0012), and counts each one's lines from the (booking_id, seq) index in a correlated
   * subquery, so neither database can choose to scan every line by sender instead.
   */
  async unreadCounts(userId: string): Promise<UnreadCount[]> {
    const side = (party: BookingActor) => {
      const readSeq = sql.ref<number>(`t.${readSeqOf(party)}`);
      return this.db
        .selectFrom('booking_threads as t')
        .select((eb) => [
          't.booking_id',
          eb
            .selectFrom('booking_messages as m')
            .select(eb.fn.countAll<number>().as('n'))
            .whereRef('m.booking_id', '=', 't.booking_id')
            .where('m.seq', '>', readSeq)
            .where('m.sender', '=', otherParty(party))
            .as('unread'),
        ])
        .where(party === 'customer' ? 't.customer_id' : 't.business_id', '=', userId)
        .where('t.last_seq', '>', readSeq);
    };
    const rows = await side('customer').unionAll(side('business')).execute();
    return rows
      .map((row) => ({ booking_id: row.booking_id, unread: Number(row.unread ?? 0) }))
      .filter((row) => row.unread > 0);
  }
}
