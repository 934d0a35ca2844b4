import type { Selectable } from 'kysely';
import type { Db } from '../db/database';
import type { BookingMessagesTable, ReviewsTable } from '../db/schema';
import type { BookingRow } from './bookings.repository';

/** Thread lines are read for this many bookings a query (well under every driver's parameter limit). */
const CHUNK = 500;

/** The rows of a business's export and of a person's own data (SQL only here). */
export class ExportsRepository {
  constructor(private readonly db: Db) {}

  /**
   * Every booking of the business starting in [startsFrom, startsBefore), by start time, through
   * the (business_id, starts_at, status) index.
   */
  listBookingsBetween(businessId: string, startsFrom: string, startsBefore: string): Promise<BookingRow[]> {
    return this.db
      .selectFrom('bookings')
      .selectAll()
      .where('business_id', '=', businessId)
      .where('starts_at', '>=', startsFrom)
      .where('starts_at', '<', startsBefore)
      .orderBy('starts_at')
      .orderBy('id')
      .execute();
  }

  /** Every booking asked of the business, by start time. */
  listBookingsOf(businessId: string): Promise<BookingRow[]> {
    return this.db
      .selectFrom('bookings')
      .selectAll()
      .where('business_id', '=', businessId)
      .orderBy('starts_at')
      .orderBy('id')
      .execute();
  }

  /** The thread lines of these bookings, by booking and order. */
  async listThreadLines(bookingIds: readonly string[]): Promise<Selectable<BookingMessagesTable>[]> {
    const lines: Selectable<BookingMessagesTable>[] = [];
    for (let start = 0; start < bookingIds.length; start += CHUNK) {
      const chunk = bookingIds.slice(start, start + CHUNK);
      lines.push(
        ...(await this.db
          .selectFrom('booking_messages')
          .selectAll()
          .where('booking_id', 'in', chunk)
          .orderBy('booking_id')
          .orderBy('seq')
          .execute()),
      );
    }
    return lines;
  }

  /**
   * The reviews the account wrote (`customer_id`, hidden ones too: their author sees them) or
   * received (`business_id`, visible ones only: as the business's page shows them), oldest first.
   */
  listReviewsOf(column: 'customer_id' | 'business_id', userId: string): Promise<Selectable<ReviewsTable>[]> {
    let query = this.db.selectFrom('reviews').selectAll().where(column, '=', userId);
    if (column === 'business_id') query = query.where('hidden', '=', 0);
    return query.orderBy('created_at').orderBy('id').execute();
  }
}
