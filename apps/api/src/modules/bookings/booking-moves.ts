import { randomUUID } from 'node:crypto';
import {
  type Booking,
  type BookingActor,
  hasBookingStarted,
  heldTimesFrom,
  holdsSlot,
  isBookingStatus,
  isTeamBookableSlot,
  isTooLateToCancel,
  MOVE_MESSAGES,
  type MoveProposal,
  type MoveTimes,
  paymentDueBy,
  teamBookableSlots,
  todayInLondon,
  WALK_IN_CUSTOMER_ID,
} from '@app/domain';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { formatBookingTime } from '../../mail/templates';
import { type BookingRow, BookingsRepository, businessNameOf } from '../../repositories/bookings.repository';
import { CatalogRepository } from '../../repositories/catalog.repository';
import { UsersRepository } from '../../repositories/users.repository';
import type { LiveEvents } from '../events/live-events';
import type { PaymentTermsRules } from '../payments/payment-terms';
import { parseAvailability, toAwayRange } from '../users/users.mapper';
import type { BookingEmails } from './booking-emails';
import { inTransaction, invalidField, notFound, type Repositories, slotTaken } from './booking-transaction';
import { publishToParties } from './booking-transitions';
import { toBookingWithAddress } from './bookings.mapper';
import { BOOKING_MESSAGES } from './bookings.messages';
import { teamDiaries } from './team-diaries';

export interface BookingMovesDeps {
  db: Db;
  clock: Clock;
  emails: BookingEmails;
  /** Where each step goes to both parties' open streams after it commits. */
  liveEvents: LiveEvents;
  /** PAYMENT_WINDOW: a payment still due keeps a deadline before the new start. */
  payments: Pick<PaymentTermsRules, 'window'>;
}

const otherParty = (actor: BookingActor): BookingActor => (actor === 'customer' ? 'business' : 'customer');

/**
 * Moving an appointment (api-contract §9.4, issue 33 item 1): either party of an agreed booking
 * that has not started proposes a new time (the customer only until the business's notice); the
 * other accepts or declines. Accepting moves the same booking (id, price, payment and thread
 * stay) under the business's lock, the new time checked free for its member and service as a new
 * request's would be, and the database's overlap guard behind it: book the new time, then free the
 * old, in one transaction. Each step is a line of the booking's thread.
 */
export class BookingMoves {
  constructor(private readonly deps: BookingMovesDeps) {}

  /** POST /booking/reschedule. */
  async propose(
    callerId: string,
    input: { bookingId: string; bookingDateTime: string },
  ): Promise<MoveProposal> {
    const now = this.deps.clock();
    const proposed = await inTransaction(this.deps.db, async (repositories) => {
      const { booking, actor } = await this.lockedParty(repositories, callerId, input.bookingId);
      this.mustBeAgreedAhead(booking, now);
      if (booking.customer_id === WALK_IN_CUSTOMER_ID) {
        throw new AppError('InvalidTransition', MOVE_MESSAGES.walkIn);
      }
      if (actor === 'customer') {
        const business = await repositories.users.findById(booking.business_id);
        const noticeHours = business?.cancellation_notice_hours ?? 0;
        if (isTooLateToCancel(booking.starts_at, noticeHours, now)) {
          throw new AppError(
            'TooLateToReschedule',
            MOVE_MESSAGES.tooLate(businessNameOf(booking), noticeHours),
          );
        }
      }
      if (booking.move_proposal_id) throw new AppError('ProposalOpen', MOVE_MESSAGES.proposalOpen);
      if (input.bookingDateTime === booking.starts_at) {
        throw invalidField('bookingDateTime', MOVE_MESSAGES.sameTime);
      }
      if (!(await this.fits(repositories, booking, input.bookingDateTime, now))) {
        throw invalidField('bookingDateTime', MOVE_MESSAGES.notOffered);
      }
      const proposal = { id: randomUUID(), to: input.bookingDateTime, by: actor, now: now.toISOString() };
      if (!(await repositories.bookings.proposeMove(booking.id, proposal))) {
        throw new AppError('ProposalOpen', MOVE_MESSAGES.proposalOpen);
      }
      const line = await this.note(
        repositories,
        booking,
        `Move proposed by the ${actor}: ${formatBookingTime(proposal.to)}`,
        now,
      );
      await this.deps.emails.moveProposal(repositories, booking, 'proposed', proposal.to, otherParty(actor));
      return {
        booking,
        line,
        proposal: {
          id: proposal.id,
          bookingId: booking.id,
          from: booking.starts_at,
          to: proposal.to,
          proposedBy: actor,
          status: 'Proposed' as const,
        },
      };
    });
    publishToParties(this.deps.liveEvents, proposed.booking, proposed.line);
    return proposed.proposal;
  }

  /** PATCH /booking/reschedule: the other party accepts (the booking moves) or declines. */
  async answer(
    callerId: string,
    input: { proposalId: string; response: 'Accepted' | 'Declined' },
  ): Promise<Booking> {
    const now = this.deps.clock();
    const found = await new BookingsRepository(this.deps.db).findByMoveProposal(input.proposalId);
    if (!found) throw notFound(MOVE_MESSAGES.noProposal);
    const moved = await inTransaction(this.deps.db, async (repositories) => {
      const { booking, actor } = await this.lockedParty(repositories, callerId, found.id);
      if (booking.move_proposal_id !== input.proposalId || !booking.move_proposed_to) {
        throw new AppError('Conflict', MOVE_MESSAGES.noProposal);
      }
      if (booking.move_proposed_by === actor) {
        throw new AppError('InvalidTransition', MOVE_MESSAGES.ownProposal);
      }
      const to = booking.move_proposed_to;
      const nowIso = now.toISOString();
      if (input.response === 'Declined') {
        await repositories.bookings.clearMoveProposal(booking.id, nowIso);
        const line = await this.note(repositories, booking, `Move to ${formatBookingTime(to)} declined`, now);
        await this.deps.emails.moveProposal(
          repositories,
          booking,
          'declined',
          to,
          booking.move_proposed_by ?? otherParty(actor),
        );
        return { booking: (await repositories.bookings.findById(booking.id)) ?? booking, line };
      }
      this.mustBeAgreedAhead(booking, now);
      // Book the new time, then free the old: the new one must still be free (409 otherwise, and
      // the booking keeps its time); the database's overlap guard backs this check.
      if (!(await this.fits(repositories, booking, to, now))) throw slotTaken();
      await repositories.bookings.moveTo(booking, to, nowIso, this.paymentDueAfterMove(booking, to, now));
      await repositories.users.markSlotsChanged(booking.business_id);
      const line = await this.note(
        repositories,
        booking,
        `Moved from ${formatBookingTime(booking.starts_at)} to ${formatBookingTime(to)}`,
        now,
      );
      const after = await repositories.bookings.findById(booking.id);
      if (!after) throw new Error('booking vanished inside its transaction');
      await this.deps.emails.moved(repositories, booking, after, otherParty(actor), now);
      return { booking: after, line };
    });
    publishToParties(this.deps.liveEvents, moved.booking, moved.line);
    return toBookingWithAddress(
      moved.booking,
      await new UsersRepository(this.deps.db).findById(moved.booking.business_id),
      found.customer_id === callerId ? 'customer' : 'business',
    );
  }

  /**
   * GET /booking/reschedule/times: the starts this booking could move to now, for its service and
   * member (anyone who does the service, for a booking of none), with its own time left out of the
   * taken ones, so a start overlapping it is offered when nothing else holds it. Its parties only.
   */
  async times(callerId: string, bookingId: string): Promise<MoveTimes> {
    const booking = await new BookingsRepository(this.deps.db).findById(bookingId);
    if (!booking || (booking.business_id !== callerId && booking.customer_id !== callerId)) {
      throw notFound(BOOKING_MESSAGES.bookingNotFound);
    }
    const now = this.deps.clock();
    const rules = await this.rulesFor(
      {
        users: new UsersRepository(this.deps.db),
        bookings: new BookingsRepository(this.deps.db),
        trx: this.deps.db,
      },
      booking,
      todayInLondon(now),
      now,
    );
    return { slots: rules ? teamBookableSlots(rules).filter((slot) => slot !== booking.starts_at) : [] };
  }

  /**
   * A payment still due must be paid before the appointment: moved earlier, its deadline comes
   * forward as an agreement at this moment would set it (never later than it was); otherwise it
   * stays.
   */
  private paymentDueAfterMove(booking: BookingRow, to: string, now: Date): string | null {
    if (booking.payment_status !== 'Due' || !booking.payment_due_by) return booking.payment_due_by;
    const forNewStart = paymentDueBy(now, to, this.deps.payments.window).getTime();
    return new Date(Math.min(Date.parse(booking.payment_due_by), forNewStart)).toISOString();
  }

  /** The booking under its business's lock, and which party the caller is (404 for anyone else). */
  private async lockedParty(
    { users, bookings }: Repositories,
    callerId: string,
    bookingId: string,
  ): Promise<{ booking: BookingRow; actor: BookingActor }> {
    const found = await bookings.findById(bookingId);
    const actorOf = (row: BookingRow): BookingActor | null =>
      row.business_id === callerId ? 'business' : row.customer_id === callerId ? 'customer' : null;
    if (!found || !actorOf(found)) throw notFound(BOOKING_MESSAGES.bookingNotFound);
    await users.lockAccount(found.business_id);
    const booking = await bookings.findById(bookingId);
    const actor = booking ? actorOf(booking) : null;
    if (!booking || !actor) throw notFound(BOOKING_MESSAGES.bookingNotFound);
    return { booking, actor };
  }

  private mustBeAgreedAhead(booking: BookingRow, now: Date): void {
    const agreed = isBookingStatus(booking.status) && holdsSlot(booking.status);
    if (!agreed || hasBookingStarted(booking.starts_at, now)) {
      throw new AppError('InvalidTransition', MOVE_MESSAGES.notAgreed);
    }
  }

  /**
   * Whether `to` is a start a new request for the booking's service could take with its member (or
   * anyone who does it, for a booking of no member): on the grid, inside their hours, not away, free
   * for its whole length, the booking itself left out of the taken times.
   */
  private async fits(repositories: Repositories, booking: BookingRow, to: string, now: Date) {
    const rules = await this.rulesFor(repositories, booking, to.slice(0, 10), now);
    return rules !== null && isTeamBookableSlot(to, rules);
  }

  /**
   * The rules a new request for the booking's service would meet from `fromDate` on, with its member
   * (or anyone who does it), the booking itself left out of the taken times.
   */
  private async rulesFor(
    { users, bookings, trx }: Pick<Repositories, 'users' | 'bookings' | 'trx'>,
    booking: BookingRow,
    fromDate: string,
    now: Date,
  ) {
    const business = await users.findById(booking.business_id);
    if (!business) return null;
    const catalog = new CatalogRepository(trx);
    await catalog.ensureDefaults(business, now.toISOString());
    const [members, awayDates, held] = await Promise.all([
      catalog.listMembers(business.id),
      users.listAwayDates(business.id),
      bookings.listHeldTimes(business.id, heldTimesFrom(fromDate), booking.id),
    ]);
    const team = teamDiaries(members, held, {
      serviceId: booking.service_id,
      memberId: booking.member_id ?? undefined,
    });
    return {
      availability: parseAvailability(business.availability),
      awayDates: awayDates.map(toAwayRange),
      now,
      durationMinutes: booking.duration_minutes,
      stepMinutes: business.slot_step_minutes,
      ...team,
    };
  }

  /** A line of the booking's thread saying what happened (a system line with its own words). */
  private note({ threads }: Repositories, booking: BookingRow, text: string, now: Date) {
    return threads.appendSystemNote(booking, { id: randomUUID(), body: text, now: now.toISOString() });
  }
}
