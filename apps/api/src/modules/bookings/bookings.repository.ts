import { randomUUID } from 'node:crypto';
import { ACTIVE_STATUSES, PENDING_STATUSES, SLOT_HOLDING_STATUSES } from '@app/domain';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { BookingStatusValue, BookingsTable } from '../../db/schema';

export type BookingRow = Selectable<BookingsTable>;
export type NewBookingRow = Insertable<BookingsTable>;
export type BookingChanges = Pick<
  Updateable<BookingsTable>,
  'status' | 'original_price' | 'counter_price' | 'final_price' | 'cancelled_by' | 'cancellation_reason'
>;

export interface TransitionRecord {
  bookingId: string;
  from: BookingStatusValue | null;
  to: BookingStatusValue;
  actorId: string | null;
  price: number | null;
  now: string;
}

/** Bookings and their transition history. Booking times are 'YYYY-MM-DD HH:MM' text, so they compare as strings. */
export class BookingsRepository {
  constructor(private readonly db: Db) {}

  findById(id: string): Promise<BookingRow | undefined> {
    return this.db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insert(booking: NewBookingRow): Promise<void> {
    await this.db.insertInto('bookings').values(booking).execute();
  }

  async recordTransition(record: TransitionRecord): Promise<void> {
    await this.db
      .insertInto('booking_transitions')
      .values({
        id: randomUUID(),
        booking_id: record.bookingId,
        from_status: record.from,
        to_status: record.to,
        actor_id: record.actorId,
        price: record.price,
        created_at: record.now,
      })
      .execute();
  }

  /**
   * Moves the booking on only if it still has status `from`; false when another request changed it
   * first. Throws a unique violation when the new status would double-book the hour.
   */
  async applyTransition(
    id: string,
    from: BookingStatusValue,
    changes: BookingChanges,
    now: string,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('bookings')
      .set({ ...changes, updated_at: now })
      .where('id', '=', id)
      .where('status', '=', from)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /** Every booking the person made as a customer, newest first. */
  listForCustomer(customerId: string): Promise<BookingRow[]> {
    return this.db
      .selectFrom('bookings')
      .selectAll()
      .where('customer_id', '=', customerId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  /** The business's bookings, newest first. */
  listForBusiness(businessId: string, limit: number): Promise<BookingRow[]> {
    return this.db
      .selectFrom('bookings')
      .selectAll()
      .where('business_id', '=', businessId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /**
   * Start times of the business's Approved/Confirmed bookings from `from` on (inclusive): the
   * hours already held.
   */
  async listHeldTimes(businessId: string, from: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('bookings')
      .select('starts_at')
      .where('business_id', '=', businessId)
      .where('status', 'in', SLOT_HOLDING_STATUSES)
      .where('starts_at', '>=', from)
      .orderBy('starts_at')
      .execute();
    return rows.map((row) => row.starts_at);
  }

  /** The customer's open (Requested or Countered) booking with the business at that time, if any. */
  findOpenRequest(customerId: string, businessId: string, startsAt: string): Promise<BookingRow | undefined> {
    return this.db
      .selectFrom('bookings')
      .selectAll()
      .where('customer_id', '=', customerId)
      .where('business_id', '=', businessId)
      .where('starts_at', '=', startsAt)
      .where('status', 'in', PENDING_STATUSES)
      .executeTakeFirst();
  }

  /**
   * True when the account has a Requested, Countered, Approved or Confirmed booking, as customer
   * or as business, that has not ended (`startedAfter` = `latestEndedBookingStart(now)`).
   */
  async hasActiveBookings(userId: string, startedAfter: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('bookings')
      .select('id')
      .where((eb) => eb.or([eb('customer_id', '=', userId), eb('business_id', '=', userId)]))
      .where('status', 'in', ACTIVE_STATUSES)
      .where('starts_at', '>', startedAfter)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Deletes bookings (and, by cascade, their history) that started before `cutoff`. */
  async deleteStartedBefore(cutoff: string): Promise<number> {
    const result = await this.db.deleteFrom('bookings').where('starts_at', '<', cutoff).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
