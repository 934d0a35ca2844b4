import {
  type Attendance,
  type Booking,
  hasBookingStarted,
  holdsSlot,
  isBookingStatus,
  PAYMENT_MESSAGES,
  paymentStatusOnAttendance,
} from '@app/domain';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { BookingsRepository } from '../../repositories/bookings.repository';
import { UsersRepository } from '../../repositories/users.repository';
import { inTransaction, notFound } from './booking-transaction';
import { toBookingWithAddress } from './bookings.mapper';
import { BOOKING_MESSAGES } from './bookings.messages';

/**
 * Attendance (api-contract §9.2): once an agreed appointment has started, its business says whether
 * the customer came. A no-show keeps what was paid (`Kept`); the business may correct its word
 * (Attended after NoShow gives `Kept` back its `Paid`). Under the business's lock, like every
 * booking write, so a payment or a refund is ordered before or after it.
 */
export class BookingAttendance {
  constructor(private readonly deps: { db: Db; clock: Clock }) {}

  /** PATCH /booking/attendance: that booking's business only (404 otherwise). */
  async mark(callerId: string, input: { bookingId: string; attendance: Attendance }): Promise<Booking> {
    const found = await new BookingsRepository(this.deps.db).findById(input.bookingId);
    if (!found || found.business_id !== callerId) throw notFound(BOOKING_MESSAGES.bookingNotFound);
    const now = this.deps.clock();
    const booking = await inTransaction(this.deps.db, async ({ users, bookings }) => {
      await users.lockAccount(found.business_id);
      const current = await bookings.findById(found.id);
      if (!current) throw notFound(BOOKING_MESSAGES.bookingNotFound);
      if (!isBookingStatus(current.status) || !holdsSlot(current.status)) {
        throw new AppError(
          'InvalidTransition',
          `Attendance can only be marked for an Approved or Confirmed booking; this one is ${current.status}`,
        );
      }
      if (!hasBookingStarted(current.starts_at, now)) {
        throw new AppError('InvalidTransition', PAYMENT_MESSAGES.attendanceTooSoon);
      }
      await bookings.updatePayment(
        current.id,
        {
          payment_status: paymentStatusOnAttendance(
            {
              PaymentStatus: current.payment_status,
              AmountPaidPence: current.amount_paid_pence,
              AmountRefundedPence: current.amount_refunded_pence,
            },
            input.attendance,
          ),
          amount_paid_pence: current.amount_paid_pence,
          amount_refunded_pence: current.amount_refunded_pence,
          attendance: input.attendance,
        },
        now.toISOString(),
      );
      return (await bookings.findById(current.id)) ?? current;
    });
    return toBookingWithAddress(
      booking,
      await new UsersRepository(this.deps.db).findById(booking.business_id),
      'business',
    );
  }
}
