import {
  type AllBookingsQuery,
  type AllBookingsResponse,
  addDays,
  type Booking,
  holdsSlot,
} from '@app/domain';
import type { Db } from '../../db/database';
import { BookingsRepository } from '../../repositories/bookings.repository';
import { toBooking, toBookingWithAddress } from './bookings.mapper';
import {
  businessBookingsOrder,
  decodeBusinessBookingsCursor,
  encodeBusinessBookingsCursor,
} from './business-bookings-cursor';

/** What each party reads of its bookings (api-contract §4, §8.5). */
export class BookingReads {
  private readonly bookings: BookingsRepository;

  constructor(db: Db) {
    this.bookings = new BookingsRepository(db);
  }

  /** GET /booking/user-bookings: the customer's requests, and the agreed ones among them. */
  async listForCustomer(customerId: string): Promise<{ requests: Booking[]; bookings: Booking[] }> {
    const rows = await this.bookings.listForCustomer(customerId);
    const requests = rows.map((row) => toBookingWithAddress(row, row, 'customer'));
    return { requests, bookings: requests.filter((booking) => holdsSlot(booking.Status)) };
  }

  /**
   * GET /booking/getallbookings: one page of the business's bookings (api-contract §8.5), read
   * one row past the limit to know whether another page follows.
   */
  async listForBusiness(businessId: string, query: AllBookingsQuery): Promise<AllBookingsResponse> {
    const order = businessBookingsOrder(query);
    const rows = await this.bookings.listForBusiness(businessId, {
      order,
      startsFrom: query.from === undefined ? undefined : `${query.from} 00:00`,
      // The last day there is has no next day: no upper bound then.
      startsBefore: query.to === undefined || query.to >= '9999-12-31' ? undefined : addDays(query.to, 1),
      statuses: query.status,
      after:
        query.cursor === undefined
          ? undefined
          : decodeBusinessBookingsCursor(businessId, query, query.cursor),
      limit: query.limit + 1,
    });
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    const nextCursor =
      rows.length > query.limit && last
        ? encodeBusinessBookingsCursor(businessId, query, {
            key: order === 'starts' ? last.starts_at : last.created_at,
            id: last.id,
          })
        : null;
    return { bookings: page.map(toBooking), nextCursor };
  }
}
