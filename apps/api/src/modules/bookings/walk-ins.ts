import { randomUUID } from 'node:crypto';
import {
  AWAY_MAX_AHEAD_YEARS,
  type Booking,
  bookingTimeOf,
  bookingTimesOverlap,
  heldTimesFrom,
  SERVICE_MESSAGES,
  todayInLondon,
  WALK_IN_CUSTOMER_ID,
  yearsAfter,
} from '@app/domain';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { type BookingRow, NO_PAYMENT, NOT_MOVED } from '../../repositories/bookings.repository';
import { CatalogRepository } from '../../repositories/catalog.repository';
import { USER_MESSAGES } from '../users/users.messages';
import { fullName, inTransaction, invalidField, notFound } from './booking-transaction';
import { toBookingWithAddress } from './bookings.mapper';
import { BOOKING_MESSAGES } from './bookings.messages';
import { teamDiaries } from './team-diaries';

/** A walk-in as the body of POST /user/walk-ins gives it, parsed (WalkInRequestSchema). */
export interface WalkInInput {
  serviceId?: string;
  memberId?: string;
  bookingDateTime: string;
  customerName: string;
  customerPhone: string;
  price: number;
}

/**
 * Walk-in and phone bookings (issue 32 item 6): the business books a named customer without an
 * account into a member's diary, agreed at once. Its customer id is WALK_IN_CUSTOMER_ID, which no
 * account has, so no customer list, action, thread, review or email reaches anyone; the business
 * sees it, cancels it and marks attendance as any agreed booking. The member must be free for the
 * whole length (agreed bookings and blocked time), under the business's lock, and the database's
 * guard refuses an overlap whatever the concurrency (migration 0020); the business's hours are its
 * own to bend, so a walk-in may fall outside them.
 */
export class WalkIns {
  constructor(private readonly deps: { db: Db; clock: Clock }) {}

  async book(businessId: string, input: WalkInInput): Promise<Booking> {
    const now = this.deps.clock();
    const nowIso = now.toISOString();
    const today = todayInLondon(now);
    const day = input.bookingDateTime.slice(0, 10);
    if (day < today || day > yearsAfter(today, AWAY_MAX_AHEAD_YEARS)) {
      throw invalidField('bookingDateTime', SERVICE_MESSAGES.walkInDay);
    }
    return inTransaction(this.deps.db, async ({ trx, users, bookings }) => {
      await users.lockAccount(businessId);
      const business = await users.findById(businessId);
      if (!business) throw notFound(USER_MESSAGES.businessNotFound);
      const catalog = new CatalogRepository(trx);
      await catalog.ensureDefaults(business, nowIso);
      const services = await catalog.listServices(businessId);
      const service =
        input.serviceId === undefined ? services[0] : services.find((row) => row.id === input.serviceId);
      if (!service) throw invalidField('serviceId', BOOKING_MESSAGES.unknownService);
      const members = await catalog.listMembers(businessId);
      const held = await bookings.listHeldTimes(businessId, heldTimesFrom(day));
      const team = teamDiaries(members, held, { serviceId: service.id, memberId: input.memberId });
      if (input.memberId !== undefined && team.members.length === 0) {
        throw invalidField('memberId', BOOKING_MESSAGES.unknownMember);
      }
      const time = bookingTimeOf(input.bookingDateTime, service.duration_minutes);
      const clashes = (taken: readonly string[]) => taken.some((other) => bookingTimesOverlap(other, time));
      const member = clashes(team.unassigned)
        ? undefined
        : team.members.find((candidate) => !clashes(candidate.taken));
      if (!member) throw new AppError('SlotTaken', SERVICE_MESSAGES.noMemberFree);

      const booking: BookingRow = {
        id: randomUUID(),
        business_id: businessId,
        customer_id: WALK_IN_CUSTOMER_ID,
        status: 'Approved',
        starts_at: input.bookingDateTime,
        price: input.price,
        original_price: null,
        counter_price: null,
        final_price: input.price,
        is_home_visit: 0,
        customer_address: null,
        customer_name: input.customerName,
        customer_email: '',
        customer_phone: input.customerPhone.replace(/\s+/g, ''),
        barber_name: fullName(business),
        business_name: business.business_name ?? '',
        cancelled_by: null,
        cancellation_reason: null,
        service_id: service.id,
        service_name: service.name,
        duration_minutes: service.duration_minutes,
        member_id: member.id,
        member_name: member.name,
        ...NO_PAYMENT,
        ...NOT_MOVED,
        created_at: nowIso,
        updated_at: nowIso,
      };
      await bookings.insert(booking);
      await bookings.recordTransition({
        bookingId: booking.id,
        from: null,
        to: 'Approved',
        actorId: businessId,
        price: booking.price,
        now: nowIso,
      });
      // An hour taken: the business's kept next free hour is due (api-contract §8.5).
      await users.markSlotsChanged(businessId);
      return toBookingWithAddress(booking, business, 'business');
    });
  }
}
