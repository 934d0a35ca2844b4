import {
  appointmentEndsAt,
  bookingCardPath,
  holdsSlot,
  isBookingStatus,
  reviewWindowClosesAt,
  utcToLondonWallClock,
} from '@app/domain';
import type { Db } from '../../db/database';
import { reviewInviteEmail } from '../../mail/review-templates';
import { formatBookingTime } from '../../mail/templates';
import { type BookingRow, BookingsRepository, businessNameOf } from '../../repositories/bookings.repository';
import { ReviewsRepository } from '../../repositories/reviews.repository';
import type { Outbox } from '../outbox/outbox.service';

export interface ReviewInvitesDeps {
  db: Db;
  outbox: Outbox;
  /** Public address, for the link in the email. */
  appUrl: string;
}

/**
 * The customer's invitation to review an agreed appointment (api-contract §8.6): written with the
 * change that agreed it, due when its hour ends, sent only if the booking is still agreed and
 * unreviewed and the customer still wants booking updates.
 */
export class ReviewInvites {
  constructor(private readonly deps: ReviewInvitesDeps) {
    const bookings = new BookingsRepository(deps.db);
    const reviews = new ReviewsRepository(deps.db);
    deps.outbox.handle('review_invite', {
      setting: 'notify_booking_updates',
      skipReason: async (row) => {
        const status = row.booking_id ? await bookings.statusOf(row.booking_id) : undefined;
        if (!status || !isBookingStatus(status) || !holdsSlot(status)) {
          return 'The booking is no longer Approved or Confirmed.';
        }
        if (row.booking_id && (await reviews.findByBooking(row.booking_id))) {
          return 'The appointment has been reviewed already.';
        }
        return null;
      },
    });
  }

  /** Writes the invitation in `trx`, the transaction that agreed the booking (once per booking). */
  async schedule(trx: Db, booking: BookingRow): Promise<void> {
    const writeBy = utcToLondonWallClock(reviewWindowClosesAt(booking.starts_at)).slice(0, 10);
    await this.deps.outbox.enqueue(
      trx,
      reviewInviteEmail(booking.customer_email, {
        businessName: businessNameOf(booking),
        bookingDateTime: booking.starts_at,
        link: `${this.deps.appUrl}${bookingCardPath('customer', booking.id)}`,
        writeBy: formatBookingTime(writeBy),
      }),
      {
        kind: 'review_invite',
        recipientId: booking.customer_id,
        bookingId: booking.id,
        dedupeKey: `review-invite:${booking.id}`,
        notBefore: appointmentEndsAt(booking.starts_at),
      },
    );
  }
}
