import {
  type AgreedBookingsDecisionSchema,
  type Availability,
  type AwayDateInput,
  agreedBookingsAffectedText,
  type Booking,
  type BusinessSchedule,
  bookingsLeftOutBy,
  bookingTimeOf,
  findTransition,
  hasBookingStarted,
  MAX_AGREED_BOOKINGS_DECIDED,
  MESSAGES,
  utcToLondonWallClock,
} from '@app/domain';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { BookingRow } from '../../repositories/bookings.repository';
import { CatalogRepository } from '../../repositories/catalog.repository';
import { mergedAwayDates, toAwayDateRows } from '../users/away-dates';
import { parseAvailability, toAwayRange } from '../users/users.mapper';
import { inTransaction, notFound, type Repositories } from './booking-transaction';
import type { BookingTransitions } from './booking-transitions';
import { toBooking } from './bookings.mapper';
import { BOOKING_MESSAGES } from './bookings.messages';

export type AgreedBookingsDecisionInput = z.output<typeof AgreedBookingsDecisionSchema>;
/** A change of the business's schedule: its whole away list, or its weekly hours. */
export type ScheduleChange = { awayDates: AwayDateInput[] } | { availability: Availability };

export interface ScheduleChangesDeps {
  db: Db;
  clock: Clock;
  /** A cancelled booking is the business's cancellation (api-contract §8.4). */
  transitions: BookingTransitions;
}

/**
 * A business's new hours or away dates over its agreed bookings (issue 29, decision 25): the check
 * lists the Approved or Confirmed bookings a change leaves out; the change is stored only with a
 * decision on each of them (keep, or cancel with a reason), in one transaction under the
 * business's lock, so no approval slips in between.
 */
export class ScheduleChanges {
  constructor(private readonly deps: ScheduleChangesDeps) {}

  /**
   * POST /user/away-dates/check and /user/availability/check: the agreed bookings (Approved or
   * Confirmed, not started) the change would leave outside the business's hours.
   */
  async check(businessId: string, change: ScheduleChange): Promise<Booking[]> {
    const now = this.deps.clock();
    const affected = await inTransaction(this.deps.db, async (repositories) => {
      const { left } = await this.prepare(repositories, businessId, change, now, { lock: false });
      return left;
    });
    return affected.map(toBooking);
  }

  /**
   * PUT /user/away-dates and /user/availability: unless `decision` names every booking the change
   * leaves out, nothing changes: 409 AgreedBookingsChanged (the client checks again). Kept bookings
   * stay agreed; cancelled ones are cancelled by the business with the reason (emails and all).
   */
  async change(
    businessId: string,
    change: ScheduleChange,
    decision: AgreedBookingsDecisionInput | undefined,
  ): Promise<void> {
    const now = this.deps.clock();
    const cancelled = await inTransaction(this.deps.db, async (repositories) => {
      const { left, write } = await this.prepare(repositories, businessId, change, now, { lock: true });
      if (left.length > MAX_AGREED_BOOKINGS_DECIDED) {
        throw new AppError('AgreedBookingsChanged', BOOKING_MESSAGES.tooManyAgreedBookings(left.length));
      }
      if (left.length > 0) {
        if (!decision) {
          const kind = 'awayDates' in change ? 'awayDates' : 'availability';
          throw new AppError(
            'AgreedBookingsChanged',
            `${agreedBookingsAffectedText(left.length, kind)}. ${MESSAGES.agreedBookingsChoice}.`,
          );
        }
        const decided = new Set(decision.bookingIds);
        if (left.some((booking) => !decided.has(booking.id))) {
          throw new AppError('AgreedBookingsChanged', MESSAGES.agreedBookingsChanged);
        }
      }
      await write();
      if (decision?.action !== 'cancel') return [];
      const results = [];
      for (const booking of left) {
        const withdraw = findTransition(booking.status, 'business', 'withdraw');
        if (!withdraw) throw new Error(`an agreed booking cannot be withdrawn from ${booking.status}`);
        const details = { reason: decision.reason };
        results.push(
          await this.deps.transitions.apply(repositories, booking, withdraw, businessId, details, now),
        );
      }
      return results;
    });
    for (const applied of cancelled) this.deps.transitions.committed(applied);
  }

  /**
   * Reads the business's schedule and agreed bookings (under its lock for a change), and works out
   * the change: the bookings it leaves out, and how to write it.
   */
  private async prepare(
    { users, bookings, trx }: Repositories,
    businessId: string,
    change: ScheduleChange,
    now: Date,
    { lock }: { lock: boolean },
  ): Promise<{ left: BookingRow[]; write: () => Promise<void> }> {
    // Two saves at once: the second waits and works from what the first stored; an approval waits
    // for the change, and then finds the hour closed. A check only reads.
    if (lock) await users.lockAccount(businessId);
    const business = await users.findById(businessId);
    if (!business) throw notFound('Account not found.');
    const awayRows = await users.listAwayDates(businessId);
    const current = {
      availability: parseAvailability(business.availability),
      awayDates: awayRows.map(toAwayRange),
    };
    let next: BusinessSchedule;
    let write: () => Promise<void>;
    if ('awayDates' in change) {
      const merged = mergedAwayDates(awayRows, change.awayDates, now);
      next = { ...current, awayDates: merged };
      write = async () => {
        await users.replaceAwayDates(businessId, toAwayDateRows(businessId, merged));
        await users.markSlotsChanged(businessId);
      };
    } else {
      next = { ...current, availability: change.availability };
      // The slots change with the hours: the kept next free hour is due (api-contract §8.5).
      write = () =>
        users.update(
          businessId,
          { availability: JSON.stringify(change.availability), next_available_until: '' },
          now.toISOString(),
        );
    }
    const agreed = await bookings.listAgreedFrom(businessId, utcToLondonWallClock(now));
    let upcoming = agreed.filter((booking) => !hasBookingStarted(booking.starts_at, now));
    if (!('awayDates' in change)) {
      // A member with weekly hours of their own keeps them whatever the shop's (api-contract §9.3):
      // a change of the shop's hours leaves none of their bookings out.
      const ownHours = new Set(
        (await new CatalogRepository(trx).listMembers(businessId))
          .filter((member) => member.availability !== null)
          .map((member) => member.id),
      );
      upcoming = upcoming.filter((booking) => booking.member_id === null || !ownHours.has(booking.member_id));
    }
    return {
      left: bookingsLeftOutBy(
        upcoming,
        (booking) => bookingTimeOf(booking.starts_at, booking.duration_minutes),
        current,
        next,
      ),
      write,
    };
  }
}
