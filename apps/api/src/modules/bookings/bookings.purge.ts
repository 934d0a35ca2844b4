import { BOOKING_HISTORY_YEARS, todayInLondon, utcToLondonWallClock, yearsBefore } from '@app/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { type Clock, DAY_MS } from '../../lib/clock';
import { BookingsRepository } from '../../repositories/bookings.repository';
import { WaitlistRepository } from '../../repositories/waitlist.repository';

/** The oldest booking time still kept: now (NI wall clock) minus BOOKING_HISTORY_YEARS years. */
export function bookingRetentionCutoff(now: Date): string {
  const time = utcToLondonWallClock(now).slice(11);
  return `${yearsBefore(todayInLondon(now), BOOKING_HISTORY_YEARS)} ${time}`;
}

/**
 * api-contract §5: booking history is kept 7 years from the booking's time, then purged with its
 * transition history. Returns how many bookings went.
 */
export function purgeExpiredBookings(db: Db, now: Date): Promise<number> {
  const cutoff = bookingRetentionCutoff(now);
  return db.transaction().execute((trx) => new BookingsRepository(trx).deleteStartedBefore(cutoff));
}

/** Purges (old bookings, passed waiting-list days) once now and then daily; the timer never keeps the process alive. Returns a stop function. */
export function scheduleBookingPurge(
  db: Db,
  clock: Clock,
  logger: FastifyBaseLogger,
  intervalMs: number = DAY_MS,
): () => void {
  const run = () => {
    purgeExpiredBookings(db, clock())
      .then((purged) => {
        if (purged > 0) logger.info({ purged }, `purged bookings older than ${BOOKING_HISTORY_YEARS} years`);
      })
      .catch((error: unknown) => logger.error({ err: error }, 'booking purge failed'));
    // Waiting-list entries whose day has passed (api-contract §9.4): never read again.
    new WaitlistRepository(db)
      .deleteBefore(todayInLondon(clock()))
      .catch((error: unknown) => logger.error({ err: error }, 'waiting list purge failed'));
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
