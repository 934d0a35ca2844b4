import { SLOT_HOLDING_STATUSES } from '@app/domain';
import type { Db } from '../db/database';
import type { BookingRow } from './bookings.repository';

/** The account a feed token belongs to, with what the feed shows of it. */
export interface FeedOwner {
  id: string;
  businessName: string | null;
  businessAddress: string | null;
}

/** Calendar feeds (one per account, only the token's hash) and the bookings a feed lists. */
export class CalendarRepository {
  constructor(private readonly db: Db) {}

  /** Keeps this hash as the account's only feed: the previous one, if any, is replaced. */
  async saveFeed(userId: string, tokenHash: string, now: string): Promise<void> {
    await this.db
      .insertInto('calendar_feeds')
      .values({ user_id: userId, token_hash: tokenHash, created_at: now })
      .onConflict((conflict) =>
        conflict.column('user_id').doUpdateSet({ token_hash: tokenHash, created_at: now }),
      )
      .execute();
  }

  async deleteFeed(userId: string): Promise<void> {
    await this.db.deleteFrom('calendar_feeds').where('user_id', '=', userId).execute();
  }

  /** The Business or Admin whose feed has this token hash (through its unique index). */
  findOwner(tokenHash: string): Promise<FeedOwner | undefined> {
    return this.db
      .selectFrom('calendar_feeds')
      .innerJoin('users', 'users.id', 'calendar_feeds.user_id')
      .select([
        'users.id as id',
        'users.business_name as businessName',
        'users.business_address as businessAddress',
      ])
      .where('calendar_feeds.token_hash', '=', tokenHash)
      .where('users.user_type', 'in', ['Business', 'Admin'])
      .executeTakeFirst();
  }

  /**
   * The business's bookings from `startsFrom` on (by start time, through the (business_id,
   * starts_at, status) index): Approved and Confirmed, and the agreed ones (a final price) that were
   * cancelled at or after `cancelledSince`.
   */
  listFeedBookings(businessId: string, startsFrom: string, cancelledSince: string): Promise<BookingRow[]> {
    return this.db
      .selectFrom('bookings')
      .selectAll()
      .where('business_id', '=', businessId)
      .where('starts_at', '>=', startsFrom)
      .where((eb) =>
        eb.or([
          eb('status', 'in', SLOT_HOLDING_STATUSES),
          eb.and([
            eb('status', '=', 'Cancelled'),
            eb('final_price', 'is not', null),
            eb('updated_at', '>=', cancelledSince),
          ]),
        ]),
      )
      .orderBy('starts_at')
      .orderBy('id')
      .execute();
  }
}
