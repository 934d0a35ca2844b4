import type { Db } from '../db/database';
import type { BookingRow } from './bookings.repository';

/** The rows of a business's export (SQL only here). */
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
}
