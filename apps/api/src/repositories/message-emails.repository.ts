import type { BookingActor } from '@app/domain';
import type { Db } from '../db/database';

/** A thread's 'messages' email to one party, as the next one's timing reads it. */
export interface MessageEmailSlot {
  status: 'pending' | 'sent';
  not_before: string;
  sent_at: string | null;
  lease_until: string | null;
}

/** What an email about a thread's unread messages reads when it is written (at send time). */
export interface ThreadReadState {
  customer_id: string;
  business_id: string;
  customer_read_seq: number;
  business_read_seq: number;
}

export interface UnreadLine {
  body: string;
  created_at: string;
}

/**
 * The outbox rows and thread lines behind the emails about unread messages (api-contract §8.8):
 * the scheduling runs inside the posting transaction (pass it as `db`); the writing runs in the
 * outbox worker.
 */
export class MessageEmailsRepository {
  constructor(private readonly db: Db) {}

  /** The account's current address (undefined once the account is gone). */
  async emailOf(userId: string): Promise<string | undefined> {
    const row = await this.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
    return row?.email;
  }

  /**
   * The thread's latest email to the recipient that was sent or is still to go (by when it is or
   * was due), read in one statement: skipped and failed ones sent nothing, so they do not count.
   */
  lastEmailTo(bookingId: string, recipientId: string): Promise<MessageEmailSlot | undefined> {
    return this.db
      .selectFrom('outbox')
      .select(['status', 'not_before', 'sent_at', 'lease_until'])
      .where('booking_id', '=', bookingId)
      .where('kind', '=', 'messages')
      .where('recipient_id', '=', recipientId)
      .where('status', 'in', ['pending', 'sent'])
      .orderBy('not_before', 'desc')
      .limit(1)
      .executeTakeFirst() as Promise<MessageEmailSlot | undefined>;
  }

  /**
   * The thread's parties and read positions. NOTE: on PostgreSQL the row is read FOR SHARE, which
   * waits for a post still writing a line (it holds the row's lock from taking the line's number
   * to its commit): that post either saw this email as being sent and scheduled the next one, or
   * committed before this read and its line is in this email. Without the wait its line could be
   * in neither.
   */
  threadOf(bookingId: string, postgres: boolean): Promise<ThreadReadState | undefined> {
    let query = this.db
      .selectFrom('booking_threads')
      .select(['customer_id', 'business_id', 'customer_read_seq', 'business_read_seq'])
      .where('booking_id', '=', bookingId);
    if (postgres) query = query.forShare();
    return query.executeTakeFirst();
  }

  /** The party's messages after line `afterSeq`, oldest first (system lines are not emailed). */
  linesAfter(bookingId: string, sender: BookingActor, afterSeq: number): Promise<UnreadLine[]> {
    return this.db
      .selectFrom('booking_messages')
      .select(['body', 'created_at'])
      .where('booking_id', '=', bookingId)
      .where('seq', '>', afterSeq)
      .where('sender', '=', sender)
      .orderBy('seq')
      .execute();
  }
}
