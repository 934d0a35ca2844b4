import { randomUUID } from 'node:crypto';
import {
  type AgreedBookingsDecisionSchema,
  type AllBookingsQuery,
  type AllBookingsResponse,
  type Availability,
  type AvailableTimesResponse,
  type AwayDateInput,
  addDays,
  agreedBookingsAffectedText,
  appointmentEndsAt,
  assertNever,
  BOOKING_TRANSITIONS,
  type Booking,
  type BookingAction,
  type BookingActor,
  type BookingStatus,
  type BookingTransition,
  type BusinessSchedule,
  bookingBusinessAddress,
  bookingCardPath,
  bookingsLeftOutBy,
  bookingTimesOverlap,
  type CancelBookingRequestSchema,
  type CounterRequestSchema,
  type CreateBookingRequestSchema,
  cannotChangeBooking,
  counterResponseAction,
  customerPriceError,
  findTransition,
  generateBookableSlots,
  hasBookingStarted,
  heldTimesFrom,
  holdsSlot,
  homeVisitAddressError,
  isBookableSlot,
  isTooLateToCancel,
  isWithinBusinessHours,
  joinAddress,
  MAX_AGREED_BOOKINGS_DECIDED,
  MESSAGES,
  MINIMUM_PRICE_DEFAULT,
  PRODUCT_NAME,
  type ReminderOffset,
  type RespondToCounterRequestSchema,
  releasesSlot,
  remindersToSchedule,
  reviewWindowClosesAt,
  type SetStatusRequestSchema,
  setStatusAction,
  splitAddress,
  todayInLondon,
  tooLateToCancel,
  utcToLondonWallClock,
} from '@app/domain';
import { type BookingIcsMethod, bookingIcs, bookingIcsLocation } from '@app/domain/calendar';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { type Db, isUniqueViolation } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { AppError, notAuthorized } from '../../lib/errors';
import type { MailAttachment, MailMessage } from '../../mail/mailer';
import {
  appointmentCancelledByBusinessEmail,
  appointmentCancelledByCustomerEmail,
  type BookingEmailFacts,
  bookingApprovedEmail,
  bookingCancelledEmail,
  bookingDeniedEmail,
  bookingRequestedEmail,
  counterAcceptedEmail,
  counterDeclinedEmail,
  counterOfferEmail,
  formatBookingTime,
  reminderEmail,
  reviewInviteEmail,
} from '../../mail/templates';
import type { LiveEvents } from '../events/live-events';
import type { Outbox } from '../outbox/outbox.service';
import { toThreadMessage } from '../threads/threads.mapper';
import { type ThreadLineRow, ThreadsRepository } from '../threads/threads.repository';
import { mergedAwayDates, toAwayDateRows } from '../users/away-dates';
import { districtsOf, parseAvailability, toAwayRange } from '../users/users.mapper';
import { type UserRow, UsersRepository } from '../users/users.repository';
import { toAvailableTimes, toBooking, toBookingWithAddress } from './bookings.mapper';
import { BOOKING_MESSAGES } from './bookings.messages';
import { type BookingChanges, type BookingRow, BookingsRepository } from './bookings.repository';
import {
  businessBookingsOrder,
  decodeBusinessBookingsCursor,
  encodeBusinessBookingsCursor,
} from './business-bookings-cursor';

export type CreateBookingInput = z.output<typeof CreateBookingRequestSchema>;
export type SetStatusInput = z.output<typeof SetStatusRequestSchema>;
export type CounterInput = z.output<typeof CounterRequestSchema>;
export type RespondToCounterInput = z.output<typeof RespondToCounterRequestSchema>;
export type CancelBookingInput = z.output<typeof CancelBookingRequestSchema>;
export type AgreedBookingsDecisionInput = z.output<typeof AgreedBookingsDecisionSchema>;
/** A change of the business's schedule: its whole away list, or its weekly hours. */
export type ScheduleChange = { awayDates: AwayDateInput[] } | { availability: Availability };

/** What a transition carries beyond its status: a counter's price, a business's cancellation reason. */
interface TransitionDetails {
  newPrice?: number;
  reason?: string;
}

export interface BookingsServiceDeps {
  db: Db;
  clock: Clock;
  outbox: Outbox;
  logger: FastifyBaseLogger;
  /** Public address, for the links in emails. */
  appUrl: string;
  /** Before each agreed appointment, a reminder at each (REMINDER_OFFSETS). */
  reminderOffsets: readonly ReminderOffset[];
  /** Where each status change goes to the parties' open streams after it commits. */
  liveEvents: LiveEvents;
  /** Told of each status change after it commits (`from` null: a new request); the metrics count them. */
  onTransition?: (from: BookingStatus | null, to: BookingStatus) => void;
}

interface Repositories {
  /** The transaction itself (the outbox writes in it). */
  trx: Db;
  users: UsersRepository;
  bookings: BookingsRepository;
  threads: ThreadsRepository;
}

const notFound = (message: string) => new AppError('NotFound', message);
const slotTaken = () => new AppError('SlotTaken', BOOKING_MESSAGES.slotTaken);
const invalidTransition = (from: BookingStatus, to: BookingStatus, reason?: string) =>
  new AppError(
    'InvalidTransition',
    reason ? `${cannotChangeBooking(from, to)}: ${reason}` : cannotChangeBooking(from, to),
  );
const invalidField = (field: string, message: string) =>
  new AppError('ValidationError', message, undefined, { [field]: message });

/** The status each action leads to (from the transition table). */
function targetOf(action: BookingAction): BookingStatus {
  const transition = BOOKING_TRANSITIONS.find((t) => t.action === action);
  if (!transition) throw new Error(`No transition for action ${action}`);
  return transition.to;
}

const fullName = (user: Pick<UserRow, 'first_name' | 'last_name'>) =>
  `${user.first_name} ${user.last_name}`.trim();

/**
 * The booking marketplace (api-contract §4): the businesses list, bookable times, requests and
 * every status change. Status changes only go through the shared transition table, inside a
 * transaction that holds the business's lock, so two bookings of one business can never hold
 * overlapping hours whatever the concurrency.
 */
export class BookingsService {
  private readonly users: UsersRepository;
  private readonly bookings: BookingsRepository;

  constructor(private readonly deps: BookingsServiceDeps) {
    this.users = new UsersRepository(deps.db);
    this.bookings = new BookingsRepository(deps.db);
    // A reminder says the place and the business's notice as they are when it goes (issue 29).
    deps.outbox.writeAtSend('reminder', (row, to) => this.writeReminder(row.booking_id, to));
  }

  /** Hours, away periods that have not ended, and the bookable slots from now on. */
  async availableTimes(businessId: string): Promise<AvailableTimesResponse> {
    const business = await this.users.findBookableBusiness(businessId);
    if (!business) throw notFound(BOOKING_MESSAGES.businessNotFound);
    const now = this.deps.clock();
    const today = todayInLondon(now);
    const [awayDates, held] = await Promise.all([
      this.users.listAwayDates(business.id),
      this.bookings.listHeldTimes(business.id, heldTimesFrom(today)),
    ]);
    const slots = generateBookableSlots({
      availability: parseAvailability(business.availability),
      awayDates: awayDates.map(toAwayRange),
      takenSlots: held,
      now,
    });
    return toAvailableTimes(
      business,
      awayDates.filter((away) => away.end_date >= today),
      slots,
    );
  }

  /** A customer's request (status Requested) for one of the business's bookable slots. */
  async book(customerId: string, input: CreateBookingInput): Promise<Booking> {
    const now = this.deps.clock();
    const nowIso = now.toISOString();
    const { booking, row, line } = await this.inTransaction(async ({ trx, users, bookings, threads }) => {
      // Lock first: every check below reads what the business's other writes have committed.
      await users.lockAccount(input.businessId);
      const business = await users.findBookableBusiness(input.businessId);
      if (!business) throw notFound(BOOKING_MESSAGES.businessNotFound);
      // The customer's row too, so a concurrent account deletion cannot miss this booking.
      if (!(await users.lockAccount(customerId))) throw notAuthorized();
      const customer = await users.findById(customerId);
      if (!customer) throw notAuthorized();

      const awayDates = await users.listAwayDates(business.id);
      // Taken hours are checked below, so that a slot taken meanwhile is a 409, not a 400.
      const isSlot = isBookableSlot(input.bookingDateTime, {
        availability: parseAvailability(business.availability),
        awayDates: awayDates.map(toAwayRange),
        now,
      });
      if (!isSlot) throw invalidField('bookingDateTime', BOOKING_MESSAGES.slotNotAvailable);
      const priceProblem = customerPriceError(input.price, business.minimum_price ?? MINIMUM_PRICE_DEFAULT);
      if (priceProblem) throw invalidField('price', priceProblem);
      if (input.isHomeVisit && business.home_visits_enabled !== 1) {
        throw invalidField('isHomeVisit', BOOKING_MESSAGES.noHomeVisits);
      }
      if (input.isHomeVisit && input.customerAddress) {
        // Any address for this visit (issue 29, item 19), by the profile's rules, where it travels.
        const problem = homeVisitAddressError(
          input.customerAddress,
          districtsOf(business.home_visit_districts),
          business.business_name || fullName(business),
        );
        if (problem) throw invalidField('customerAddress', problem);
      }

      if (await bookings.findOpenRequest(customer.id, business.id, input.bookingDateTime)) {
        throw new AppError('DuplicateRequest', BOOKING_MESSAGES.duplicateRequest);
      }
      const held = await bookings.listHeldTimes(
        business.id,
        heldTimesFrom(input.bookingDateTime.slice(0, 10)),
      );
      if (held.some((time) => bookingTimesOverlap(time, input.bookingDateTime))) throw slotTaken();

      // Names and contact details are captured now: bookings outlive accounts (api-contract §3).
      const booking: BookingRow = {
        id: randomUUID(),
        business_id: business.id,
        customer_id: customer.id,
        status: 'Requested',
        starts_at: input.bookingDateTime,
        price: input.price,
        original_price: null,
        counter_price: null,
        final_price: null,
        is_home_visit: input.isHomeVisit ? 1 : 0,
        // As the profile stores an address: its parts joined, the postcode in capitals.
        customer_address:
          input.isHomeVisit && input.customerAddress
            ? joinAddress(splitAddress(input.customerAddress))
            : null,
        customer_name: fullName(customer),
        customer_email: customer.email,
        customer_phone: customer.phone_number,
        barber_name: fullName(business),
        business_name: business.business_name ?? '',
        cancelled_by: null,
        cancellation_reason: null,
        created_at: nowIso,
        updated_at: nowIso,
      };
      await bookings.insert(booking);
      const transitionId = await bookings.recordTransition({
        bookingId: booking.id,
        from: null,
        to: 'Requested',
        actorId: customer.id,
        price: booking.price,
        now: nowIso,
      });
      // The request opens the booking's thread (api-contract §8.8).
      const line = await threads.appendSystemLine(booking, {
        id: transitionId,
        status: 'Requested',
        actor: 'customer',
        price: booking.price,
        now: nowIso,
      });
      await this.deps.outbox.enqueue(
        trx,
        bookingRequestedEmail(business.email, this.facts(booking, 'business', business)),
        {
          kind: 'booking',
          recipientId: business.id,
          bookingId: booking.id,
        },
      );
      return { booking: toBookingWithAddress(booking, business, 'customer'), row: booking, line };
    });
    this.publishStatusChange(row, line);
    this.deps.onTransition?.(null, row.status);
    return booking;
  }

  async listForCustomer(customerId: string): Promise<{ requests: Booking[]; bookings: Booking[] }> {
    const rows = await this.bookings.listForCustomer(customerId);
    const requests = rows.map((row) => toBookingWithAddress(row, row, 'customer'));
    return { requests, bookings: requests.filter((booking) => holdsSlot(booking.Status)) };
  }

  /** The business's bookings version (decision 12): read before computing an answer to keep. */
  businessBookingsVersion(businessId: string): Promise<number | undefined> {
    return this.bookings.versionOf(businessId);
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

  /** PATCH /booking/setstatus: approve or deny (business), cancel (customer). */
  setStatus(callerId: string, input: SetStatusInput): Promise<Booking> {
    return this.transition(callerId, input, setStatusAction(input.status), input.status);
  }

  /** PATCH /booking/counter (business). */
  counter(callerId: string, input: CounterInput): Promise<Booking> {
    return this.transition(callerId, input, 'counter', targetOf('counter'), { newPrice: input.newPrice });
  }

  /** PATCH /booking/cancel (the business): an agreed appointment, before it starts, with a reason. */
  cancelByBusiness(callerId: string, input: CancelBookingInput): Promise<Booking> {
    return this.transition(callerId, input, 'withdraw', targetOf('withdraw'), { reason: input.reason });
  }

  /**
   * POST /user/away-dates/check and /user/availability/check: the agreed bookings (Approved or
   * Confirmed, not started) the change would leave outside the business's hours (issue 29).
   */
  async checkScheduleChange(businessId: string, change: ScheduleChange): Promise<Booking[]> {
    const now = this.deps.clock();
    const affected = await this.inTransaction(async (repositories) => {
      const { left } = await this.scheduleChange(repositories, businessId, change, now, { lock: false });
      return left;
    });
    return affected.map(toBooking);
  }

  /**
   * PUT /user/away-dates and /user/availability: the business's new away periods or hours, and what
   * becomes of the agreed bookings they leave out (issue 29), in one transaction under the
   * business's lock (no approval slips in between). Unless `decision` names every such booking,
   * nothing changes: 409 AgreedBookingsChanged (the client checks again). Kept bookings stay agreed;
   * cancelled ones are cancelled by the business with the reason (api-contract §8.4, emails and all).
   */
  async changeSchedule(
    businessId: string,
    change: ScheduleChange,
    decision: AgreedBookingsDecisionInput | undefined,
  ): Promise<void> {
    const now = this.deps.clock();
    const cancelled = await this.inTransaction(async (repositories) => {
      const { left, write } = await this.scheduleChange(repositories, businessId, change, now, {
        lock: true,
      });
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
        results.push(
          await this.applyTransition(
            repositories,
            booking,
            withdraw,
            businessId,
            { reason: decision.reason },
            now,
          ),
        );
      }
      return results;
    });
    for (const { booking, line, from } of cancelled) this.afterTransition(booking, line, from);
  }

  /**
   * Reads the business's schedule and agreed bookings under its lock, and works out the change:
   * the bookings it leaves out, and how to write it.
   */
  private async scheduleChange(
    { users, bookings }: Repositories,
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
    const upcoming = agreed.filter((booking) => !hasBookingStarted(booking.starts_at, now));
    return { left: bookingsLeftOutBy(upcoming, (booking) => booking.starts_at, current, next), write };
  }

  /** PATCH /booking/respond-to-counter (customer): accept or decline. */
  respondToCounter(callerId: string, input: RespondToCounterInput): Promise<Booking> {
    const action = counterResponseAction(input.response);
    return this.transition(callerId, input, action, targetOf(action));
  }

  /**
   * One status change: the caller must be the booking's business or customer (404 otherwise, or
   * when businessId does not match), the change must be in the transition table (409 otherwise),
   * and a change to a slot-holding status re-checks overlap under the business's lock; the
   * partial unique index is the last line of defence. A commitment, and the business's
   * cancellation, must come before the booking starts; the customer's cancellation of an agreed
   * appointment before the business's notice. The change and its history row are one
   * transaction; the other party's email follows it.
   */
  private async transition(
    callerId: string,
    ref: { businessId: string; bookingId: string },
    action: BookingAction | null,
    requestedStatus: BookingStatus,
    details: TransitionDetails = {},
  ): Promise<Booking> {
    const found = await this.bookings.findById(ref.bookingId);
    if (!found || found.business_id !== ref.businessId) throw notFound(BOOKING_MESSAGES.bookingNotFound);
    const actor: BookingActor | null =
      found.business_id === callerId ? 'business' : found.customer_id === callerId ? 'customer' : null;
    if (!actor) throw notFound(BOOKING_MESSAGES.bookingNotFound);

    const now = this.deps.clock();
    const { booking, line, from } = await this.inTransaction(async (repositories) => {
      await repositories.users.lockAccount(found.business_id);
      const current = await repositories.bookings.findById(found.id);
      if (!current) throw notFound(BOOKING_MESSAGES.bookingNotFound);
      const transition = action ? findTransition(current.status, actor, action) : undefined;
      if (!transition) throw invalidTransition(current.status, requestedStatus);
      return this.applyTransition(repositories, current, transition, callerId, details, now);
    });
    this.afterTransition(booking, line, from);
    // The business's address as the caller may see it (api-contract §8.5), from its current row.
    return toBookingWithAddress(booking, await this.users.findById(booking.business_id), actor);
  }

  /** What follows a committed status change: the parties' open streams, and the metrics. */
  private afterTransition(booking: BookingRow, line: ThreadLineRow, from: BookingStatus): void {
    this.publishStatusChange(booking, line);
    this.deps.onTransition?.(from, booking.status);
  }

  /**
   * One status change of `current` inside the caller's transaction, which holds the business's
   * lock: the checks of its timing and hours, the change, its history row and thread line, and the
   * other party's email.
   */
  private async applyTransition(
    repositories: Repositories,
    current: BookingRow,
    transition: BookingTransition,
    callerId: string,
    details: TransitionDetails,
    now: Date,
  ): Promise<{ booking: BookingRow; line: ThreadLineRow; from: BookingStatus }> {
    const { users, bookings, threads } = repositories;
    const nowIso = now.toISOString();
    const mustPrecedeStart =
      transition.action === 'counter' || transition.action === 'withdraw' || holdsSlot(transition.to);
    if (mustPrecedeStart && hasBookingStarted(current.starts_at, now)) {
      throw invalidTransition(current.status, transition.to, BOOKING_MESSAGES.timeHasPassed);
    }
    if (transition.actor === 'customer' && releasesSlot(transition)) {
      // The notice in force now (the business's lock orders this after a policy change).
      const business = await users.findById(current.business_id);
      const noticeHours = business?.cancellation_notice_hours ?? 0;
      if (isTooLateToCancel(current.starts_at, noticeHours, now)) {
        throw new AppError('TooLateToCancel', tooLateToCancel(businessNameOf(current), noticeHours));
      }
    }
    if (holdsSlot(transition.to)) {
      // The hours in force now (the lock orders this after any change of hours or away dates
      // that committed first): the business may have closed this hour since the request.
      const business = await users.findById(current.business_id);
      const awayDates = await users.listAwayDates(current.business_id);
      const offered =
        business !== undefined &&
        isWithinBusinessHours(current.starts_at, {
          availability: parseAvailability(business.availability),
          awayDates: awayDates.map(toAwayRange),
        });
      if (!offered) throw invalidTransition(current.status, transition.to, BOOKING_MESSAGES.outsideHours);
      const held = await bookings.listHeldTimes(
        current.business_id,
        heldTimesFrom(current.starts_at.slice(0, 10)),
      );
      if (held.some((time) => bookingTimesOverlap(time, current.starts_at))) throw slotTaken();
    }
    const changes = changesFor(transition, current, details);
    if (!(await bookings.applyTransition(current.id, current.status, changes, nowIso))) {
      throw invalidTransition(current.status, transition.to);
    }
    const price = changes.final_price ?? changes.counter_price ?? null;
    const transitionId = await bookings.recordTransition({
      bookingId: current.id,
      from: current.status,
      to: transition.to,
      actorId: callerId,
      price,
      now: nowIso,
    });
    // The change as a line of the booking's thread (api-contract §8.8), with the price it recorded.
    const line = await threads.appendSystemLine(current, {
      id: transitionId,
      status: transition.to,
      actor: transition.actor,
      price,
      now: nowIso,
    });
    // An hour taken or freed: the business's kept next free hour is due (api-contract §8.5).
    if (holdsSlot(current.status) !== holdsSlot(transition.to)) {
      await users.markSlotsChanged(current.business_id);
    }
    const booking = await bookings.findById(current.id);
    if (!booking) throw new Error('booking vanished inside its transaction');
    await this.notify(repositories, transition, booking, now);
    return { booking, line, from: current.status };
  }

  /**
   * Writes the other party's email about a status change (api-contract §4) to the outbox, in the
   * change's transaction; the worker honours their notification settings when it sends.
   */
  private async notify(
    { trx, users }: Repositories,
    transition: BookingTransition,
    booking: BookingRow,
    now: Date,
  ): Promise<void> {
    const business = await users.findById(booking.business_id);
    // The notice in force now: the approval and the reminders tell the customer (api-contract §8.4).
    const noticeHours = business?.cancellation_notice_hours ?? 0;
    if (holdsSlot(transition.to)) {
      await this.scheduleReminders(trx, booking, business, noticeHours, now);
      await this.scheduleReviewInvite(trx, booking);
    }
    if (releasesSlot(transition)) await this.deps.outbox.skipReminders(trx, booking.id, now);

    const recipientId = transition.actor === 'business' ? booking.customer_id : booking.business_id;
    const recipient = recipientId === business?.id ? business : await users.findById(recipientId);
    if (!recipient) return;
    const facts = this.facts(booking, transition.actor === 'business' ? 'customer' : 'business', business);
    const message = ((email: string): MailMessage => {
      switch (transition.action) {
        case 'approve':
          return bookingApprovedEmail(email, facts, noticeHours);
        case 'deny':
          return bookingDeniedEmail(email, facts);
        case 'counter':
          return counterOfferEmail(email, facts, booking.counter_price ?? booking.price);
        case 'cancel':
          return releasesSlot(transition)
            ? appointmentCancelledByCustomerEmail(email, facts)
            : bookingCancelledEmail(email, facts);
        case 'withdraw':
          return appointmentCancelledByBusinessEmail(email, facts, booking.cancellation_reason ?? '');
        case 'accept':
          return counterAcceptedEmail(email, facts, booking.final_price ?? booking.price);
        case 'decline':
          return counterDeclinedEmail(email, facts, booking.counter_price ?? booking.price);
        default:
          return assertNever(transition.action);
      }
    })(recipient.email);
    // The agreed appointment, or its cancellation, as a calendar entry (api-contract §8.3).
    const method: BookingIcsMethod | null = holdsSlot(transition.to)
      ? 'PUBLISH'
      : releasesSlot(transition)
        ? 'CANCEL'
        : null;
    const attachments = method ? [this.calendarFile(booking, business, method, now)] : undefined;
    await this.deps.outbox.enqueue(trx, attachments ? { ...message, attachments } : message, {
      kind: 'booking',
      recipientId,
      bookingId: booking.id,
    });
  }

  /**
   * The customer's reminders of an agreed appointment (api-contract §8.3), written with the change
   * that agreed it: one per offset whose moment is still ahead, unique per booking and offset.
   */
  private async scheduleReminders(
    trx: Db,
    booking: BookingRow,
    business: UserRow | undefined,
    noticeHours: number,
    now: Date,
  ): Promise<void> {
    const facts = { ...this.facts(booking, 'customer', business), agreedPrice: agreedPriceOf(booking) };
    const where = this.placeOf(booking, business);
    for (const reminder of remindersToSchedule(booking.starts_at, this.deps.reminderOffsets, now)) {
      await this.deps.outbox.enqueue(trx, reminderEmail(booking.customer_email, facts, where, noticeHours), {
        kind: 'reminder',
        recipientId: booking.customer_id,
        bookingId: booking.id,
        dedupeKey: `reminder:${booking.id}:${reminder.key}`,
        notBefore: reminder.sendAt,
      });
    }
  }

  /**
   * A reminder as it goes: the business's notice and the place read now, so a shop that changed
   * its notice after the appointment was agreed is not misquoted (the outbox has already checked
   * the booking is still agreed and the customer still wants reminders).
   */
  private async writeReminder(bookingId: string | null, to: string): Promise<MailMessage | { skip: string }> {
    const booking = bookingId ? await this.bookings.findById(bookingId) : undefined;
    if (!booking) return { skip: 'The booking no longer exists.' };
    const business = await this.users.findById(booking.business_id);
    const facts = { ...this.facts(booking, 'customer', business), agreedPrice: agreedPriceOf(booking) };
    return reminderEmail(
      to,
      facts,
      this.placeOf(booking, business),
      business?.cancellation_notice_hours ?? 0,
    );
  }

  /**
   * The customer's invitation to review the appointment (api-contract §8.6), due when its hour ends,
   * written with the change that agreed it (once per booking). The worker sends it only if the
   * booking is still agreed and unreviewed and the customer still wants booking updates.
   */
  private async scheduleReviewInvite(trx: Db, booking: BookingRow): Promise<void> {
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

  /** For shop visits the business's name and address; for home visits the customer's address. */
  private placeOf(booking: BookingRow, business: UserRow | undefined): string {
    return bookingIcsLocation({
      isHomeVisit: booking.is_home_visit === 1,
      customerAddress: booking.customer_address,
      businessName: businessNameOf(booking),
      businessAddress: business?.business_address,
    });
  }

  /** `booking.ics`: PUBLISH (sequence 0) when agreed, CANCEL (sequence 1) when cancelled. */
  private calendarFile(
    booking: BookingRow,
    business: UserRow | undefined,
    method: BookingIcsMethod,
    now: Date,
  ): MailAttachment {
    const businessName = businessNameOf(booking);
    const price = agreedPriceOf(booking);
    const content = bookingIcs({
      bookingId: booking.id,
      host: new URL(this.deps.appUrl).host,
      bookingDateTime: booking.starts_at,
      summary: `Appointment at ${businessName}`,
      description: [`Price: £${price}`, `Status: ${booking.status}`, `Booked with ${PRODUCT_NAME}`].join(
        '\n',
      ),
      location: this.placeOf(booking, business),
      url: `${this.deps.appUrl}${bookingCardPath('customer', booking.id)}`,
      ...(business ? { organizer: { name: businessName, email: business.email } } : {}),
      method,
      sequence: method === 'PUBLISH' ? 0 : 1,
      dtstamp: now,
    });
    return {
      filename: 'booking.ics',
      contentType: `text/calendar; charset=utf-8; method=${method}`,
      content,
    };
  }

  private facts(
    booking: BookingRow,
    reader: 'business' | 'customer',
    business: UserRow | undefined,
  ): BookingEmailFacts {
    const isHomeVisit = booking.is_home_visit === 1;
    // A home visit is at the customer's address; a shop visit's address is news only to the customer.
    const shop = business && {
      address: business.business_address,
      showFullAddress: business.show_full_address === 1,
    };
    return {
      customerName: booking.customer_name,
      businessName: businessNameOf(booking),
      bookingDateTime: booking.starts_at,
      price: booking.price,
      isHomeVisit,
      address: isHomeVisit
        ? (booking.customer_address ?? '')
        : reader === 'customer'
          ? bookingBusinessAddress(shop, booking.status, 'customer')
          : '',
      link: `${this.deps.appUrl}${bookingCardPath(reader, booking.id)}`,
    };
  }

  /**
   * After a status change commits: both parties' streams get its thread line (`message`) and the
   * booking's new status (`booking`).
   */
  private publishStatusChange(booking: BookingRow, line: ThreadLineRow): void {
    const recipients = [booking.customer_id, booking.business_id];
    this.deps.liveEvents.publish({
      type: 'message',
      recipients,
      bookingId: booking.id,
      message: toThreadMessage(line, booking),
    });
    this.deps.liveEvents.publish({
      type: 'booking',
      recipients,
      bookingId: booking.id,
      status: booking.status,
    });
  }

  /** Runs `work` in a transaction; a double booking caught by the unique index is a 409 SlotTaken. */
  private async inTransaction<T>(work: (repositories: Repositories) => Promise<T>): Promise<T> {
    try {
      return await this.deps.db.transaction().execute((trx) =>
        work({
          trx,
          users: new UsersRepository(trx),
          bookings: new BookingsRepository(trx),
          threads: new ThreadsRepository(trx),
        }),
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw slotTaken();
      throw error;
    }
  }
}

/** The price agreed (approved or confirmed), else the customer's offer. */
const agreedPriceOf = (booking: BookingRow) => booking.final_price ?? booking.price;

/** The name a booking shows for its business: as captured at booking time. */
const businessNameOf = (booking: BookingRow) => booking.business_name || booking.barber_name;

/** The columns a transition changes (an exhaustive switch over the table's actions). */
function changesFor(
  transition: BookingTransition,
  current: BookingRow,
  { newPrice, reason }: TransitionDetails,
): BookingChanges {
  switch (transition.action) {
    case 'approve':
      // The customer's offer becomes the agreed price.
      return { status: transition.to, final_price: current.price };
    case 'counter':
      if (newPrice === undefined) throw new Error('a counter offer needs a price');
      return { status: transition.to, original_price: current.price, counter_price: newPrice };
    case 'accept':
      return { status: transition.to, final_price: current.counter_price };
    case 'cancel':
      return { status: transition.to, cancelled_by: 'customer' };
    case 'withdraw':
      if (reason === undefined) throw new Error('a business cancellation needs a reason');
      return { status: transition.to, cancelled_by: 'business', cancellation_reason: reason };
    case 'deny':
    case 'decline':
      return { status: transition.to };
    default:
      return assertNever(transition.action);
  }
}
