import { type BookingStatus, cannotChangeBooking } from '@app/domain';
import { type Db, isOverlapViolation, isUniqueViolation } from '../../db/database';
import { AppError } from '../../lib/errors';
import { BookingsRepository } from '../../repositories/bookings.repository';
import { PaymentsRepository } from '../../repositories/payments.repository';
import { ThreadsRepository } from '../../repositories/threads.repository';
import { type UserRow, UsersRepository } from '../../repositories/users.repository';
import { BOOKING_MESSAGES } from './bookings.messages';

/** The repositories of one write transaction, and the transaction itself (the outbox writes in it). */
export interface Repositories {
  trx: Db;
  users: UsersRepository;
  bookings: BookingsRepository;
  threads: ThreadsRepository;
  payments: PaymentsRepository;
}

export const notFound = (message: string) => new AppError('NotFound', message);
export const slotTaken = () => new AppError('SlotTaken', BOOKING_MESSAGES.slotTaken);
export const invalidTransition = (from: BookingStatus, to: BookingStatus, reason?: string) =>
  new AppError(
    'InvalidTransition',
    reason ? `${cannotChangeBooking(from, to)}: ${reason}` : cannotChangeBooking(from, to),
  );
export const invalidField = (field: string, message: string) =>
  new AppError('ValidationError', message, undefined, { [field]: message });

export const fullName = (user: Pick<UserRow, 'first_name' | 'last_name'>) =>
  `${user.first_name} ${user.last_name}`.trim();

/**
 * Runs `work` in one transaction of `db`: every booking write goes through here, so a double
 * booking caught by the database (a member's overlap guard, or a unique index) is a 409 SlotTaken,
 * whoever wrote it.
 */
export async function inTransaction<T>(db: Db, work: (repositories: Repositories) => Promise<T>): Promise<T> {
  try {
    return await db.transaction().execute((trx) =>
      work({
        trx,
        users: new UsersRepository(trx),
        bookings: new BookingsRepository(trx),
        threads: new ThreadsRepository(trx),
        payments: new PaymentsRepository(trx),
      }),
    );
  } catch (error) {
    if (isOverlapViolation(error) || isUniqueViolation(error)) throw slotTaken();
    throw error;
  }
}
