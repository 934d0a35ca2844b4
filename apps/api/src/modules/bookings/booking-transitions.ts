import {
  assertNever,
  BOOKING_TRANSITIONS,
  type Booking,
  type BookingAction,
  type BookingActor,
  type BookingStatus,
  type BookingTransition,
  bookingTimeOf,
  type CancelBookingRequestSchema,
  type CounterRequestSchema,
  counterResponseAction,
  findTransition,
  freeMemberAt,
  hasBookingStarted,
  heldTimesFrom,
  holdsSlot,
  isTooLateToCancel,
  type RespondToCounterRequestSchema,
  releasesSlot,
  type SetStatusRequestSchema,
  setStatusAction,
  tooLateToCancel,
} from '@app/domain';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import {
  type BookingChanges,
  type BookingRow,
  BookingsRepository,
  businessNameOf,
} from '../../repositories/bookings.repository';
import type { ThreadLineRow } from '../../repositories/threads.repository';
import type { UserRow } from '../../repositories/users.repository';
import { CatalogService } from '../catalog/catalog.service';
import type { LiveEvents } from '../events/live-events';
import { PaymentRefunds } from '../payments/payment-refunds';
import { type PaymentTermsRules, paymentTermsOf } from '../payments/payment-terms';
import { toThreadMessage } from '../threads/threads.mapper';
import { parseAvailability, toAwayRange } from '../users/users.mapper';
import type { BookingEmails } from './booking-emails';
import {
  inTransaction,
  invalidField,
  invalidTransition,
  notFound,
  type Repositories,
  slotTaken,
} from './booking-transaction';
import { toBookingWithAddress } from './bookings.mapper';
import { BOOKING_MESSAGES } from './bookings.messages';
import { type TeamDiary, teamDiaries } from './team-diaries';

export type SetStatusInput = z.output<typeof SetStatusRequestSchema>;
export type CounterInput = z.output<typeof CounterRequestSchema>;
export type RespondToCounterInput = z.output<typeof RespondToCounterRequestSchema>;
export type CancelBookingInput = z.output<typeof CancelBookingRequestSchema>;

/** What a transition carries beyond its status: a counter's price, a business's cancellation reason. */
export interface TransitionDetails {
  newPrice?: number;
  reason?: string;
  /** The team member an approval names (api-contract §9.3). */
  memberId?: string;
}

/** A status change as committed: the booking after it, its thread line, the status before it. */
export interface AppliedTransition {
  booking: BookingRow;
  line: ThreadLineRow;
  from: BookingStatus;
  /** How many refunds the change wrote (the worker is woken after it commits). */
  refunds?: number;
}

export interface BookingTransitionsDeps {
  db: Db;
  clock: Clock;
  emails: BookingEmails;
  /** Where each status change goes to the parties' open streams after it commits. */
  liveEvents: LiveEvents;
  /** Told of each status change after it commits (`from` null: a new request); the metrics count them. */
  onTransition?: (from: BookingStatus | null, to: BookingStatus) => void;
  /** Whether an agreement may ask for money online, and PAYMENT_WINDOW (api-contract §9.2). */
  payments: PaymentTermsRules;
  /** Woken when a cancellation wrote refunds. */
  refunds?: Pick<PaymentRefunds, 'wake'>;
}

/** The status each action leads to (from the transition table). */
function targetOf(action: BookingAction): BookingStatus {
  const transition = BOOKING_TRANSITIONS.find((t) => t.action === action);
  if (!transition) throw new Error(`No transition for action ${action}`);
  return transition.to;
}

/**
 * The transition engine (api-contract §4, §8.4): every status change of a booking goes through the
 * shared transition table, inside a transaction that holds the business's lock, so two bookings
 * of one business never hold overlapping hours whatever the concurrency; the customer's
 * cancellation keeps to the business's notice.
 */
export class BookingTransitions {
  private readonly bookings: BookingsRepository;
  private readonly catalog: CatalogService;

  constructor(private readonly deps: BookingTransitionsDeps) {
    this.bookings = new BookingsRepository(deps.db);
    this.catalog = new CatalogService(deps);
  }

  /** PATCH /booking/setstatus: approve or deny (business), cancel (customer). */
  setStatus(callerId: string, input: SetStatusInput): Promise<Booking> {
    const memberId = input.memberId === undefined ? undefined : String(input.memberId);
    return this.transition(callerId, input, setStatusAction(input.status), input.status, { memberId });
  }

  /** PATCH /booking/counter (business). */
  counter(callerId: string, input: CounterInput): Promise<Booking> {
    return this.transition(callerId, input, 'counter', targetOf('counter'), { newPrice: input.newPrice });
  }

  /** PATCH /booking/respond-to-counter (customer): accept or decline. */
  respondToCounter(callerId: string, input: RespondToCounterInput): Promise<Booking> {
    const action = counterResponseAction(input.response);
    return this.transition(callerId, input, action, targetOf(action));
  }

  /** PATCH /booking/cancel (the business): an agreed appointment, before it starts, with a reason. */
  cancelByBusiness(callerId: string, input: CancelBookingInput): Promise<Booking> {
    return this.transition(callerId, input, 'withdraw', targetOf('withdraw'), { reason: input.reason });
  }

  /**
   * One status change: the caller must be the booking's business or customer (404 otherwise, or
   * when businessId does not match), the change must be in the transition table (409 otherwise),
   * and a change to a slot-holding status re-checks overlap under the business's lock; the
   * partial unique index is the last line of defence. The change and its history row are one
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
    const { applied, business } = await inTransaction(this.deps.db, async (repositories) => {
      const business = await repositories.users.lockAndRead(found.business_id);
      const current = await repositories.bookings.findById(found.id);
      if (!current) throw notFound(BOOKING_MESSAGES.bookingNotFound);
      const transition = action ? findTransition(current.status, actor, action) : undefined;
      if (!transition) throw invalidTransition(current.status, requestedStatus);
      const applied = await this.apply(repositories, current, transition, callerId, details, now, business);
      return { applied, business };
    });
    this.committed(applied);
    // The business's address as the caller may see it (api-contract §8.5), from its row as it was
    // under the lock (nothing changes it before the commit).
    return toBookingWithAddress(applied.booking, business, actor);
  }

  /**
   * One status change of `current` inside the caller's transaction, which holds the business's
   * lock: the checks of its timing, notice and hours, the change, its history row and thread line,
   * and the other party's email. A commitment, and the business's cancellation, must come before
   * the booking starts; the customer's cancellation of an agreed appointment before the notice.
   * `locked`: the business's row as the caller read it under the lock (read here when not given).
   */
  async apply(
    repositories: Repositories,
    current: BookingRow,
    transition: BookingTransition,
    callerId: string,
    details: TransitionDetails,
    now: Date,
    locked?: UserRow,
  ): Promise<AppliedTransition> {
    const { users, bookings, threads } = repositories;
    const nowIso = now.toISOString();
    const mustPrecedeStart =
      transition.action === 'counter' || transition.action === 'withdraw' || holdsSlot(transition.to);
    if (mustPrecedeStart && hasBookingStarted(current.starts_at, now)) {
      throw invalidTransition(current.status, transition.to, BOOKING_MESSAGES.timeHasPassed);
    }
    const business = locked ?? (await users.findById(current.business_id));
    if (transition.actor === 'customer' && releasesSlot(transition)) {
      // The notice in force now (the business's lock orders this after a policy change).
      const noticeHours = business?.cancellation_notice_hours ?? 0;
      if (isTooLateToCancel(current.starts_at, noticeHours, now)) {
        throw new AppError('TooLateToCancel', tooLateToCancel(businessNameOf(current), noticeHours));
      }
    }
    // The team member who does it (api-contract §9.3), with the hours in force now (the lock
    // orders this after any change of hours, away dates or team that committed first).
    const member = holdsSlot(transition.to)
      ? await this.memberFor(repositories, business, current, transition, details.memberId)
      : undefined;
    const changes: BookingChanges = changesFor(transition, current, details);
    if (member) Object.assign(changes, { member_id: member.id, member_name: member.name });
    if (holdsSlot(transition.to)) {
      // What the agreement asks the customer to pay online, by the business's settings now.
      const agreedPrice = changes.final_price ?? current.price;
      Object.assign(
        changes,
        await paymentTermsOf(repositories.payments, current, agreedPrice, now, this.deps.payments),
      );
    }
    if (releasesSlot(transition) && current.payment_status === 'Due' && current.amount_paid_pence === 0) {
      // Nothing was paid: nothing is asked any more.
      Object.assign(changes, { payment_status: 'NotRequired', amount_due_pence: 0, payment_due_by: null });
    }
    // A cancellation within the rules gives back everything paid (api-contract §9.2).
    const refunds =
      releasesSlot(transition) && current.amount_paid_pence > current.amount_refunded_pence
        ? await PaymentRefunds.schedule(repositories.trx, current.id, now)
        : 0;
    const booking = await bookings.applyTransition(current.id, current.status, changes, nowIso);
    if (!booking) throw invalidTransition(current.status, transition.to);
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
    await this.deps.emails.statusChanged(repositories, transition, booking, now, business);
    return { booking, line, from: current.status, refunds };
  }

  /**
   * Who does an agreed booking, for its whole length (api-contract §9.3): the member the business
   * names, else the one the customer asked for, else the first of the team who does the service
   * and is free. The business may have closed that time since the request (400 on a named member
   * who does not do it; 409 InvalidTransition outside everyone's hours; 409 SlotTaken when the
   * ones who could are booked). The database's overlap guard backs this check.
   */
  private async memberFor(
    { users, bookings, trx }: Repositories,
    business: UserRow | undefined,
    current: BookingRow,
    transition: BookingTransition,
    named: string | undefined,
  ): Promise<TeamDiary> {
    if (!business) throw invalidTransition(current.status, transition.to, BOOKING_MESSAGES.outsideHours);
    const [{ members }, awayDates, held] = await Promise.all([
      this.catalog.catalogOf(business, trx),
      users.listAwayDates(business.id),
      bookings.listHeldTimes(business.id, heldTimesFrom(current.starts_at.slice(0, 10))),
    ]);
    const asked = named ?? current.member_id ?? undefined;
    const choice = { serviceId: current.service_id, memberId: asked };
    let team = teamDiaries(members, held, choice);
    if (named !== undefined && team.members.length === 0) {
      throw invalidField('memberId', BOOKING_MESSAGES.unknownMember);
    }
    // The customer's choice is gone from the team (or no longer does it): anyone who does.
    if (team.members.length === 0) team = teamDiaries(members, held, { serviceId: current.service_id });
    const time = bookingTimeOf(current.starts_at, current.duration_minutes);
    const rules = {
      availability: parseAvailability(business.availability),
      awayDates: awayDates.map(toAwayRange),
    };
    const free = freeMemberAt(time, { ...rules, ...team });
    if (free) return free;
    const anyHours = freeMemberAt(time, {
      ...rules,
      members: team.members.map((member) => ({ ...member, taken: [] })),
    });
    if (!anyHours) throw invalidTransition(current.status, transition.to, BOOKING_MESSAGES.outsideHours);
    throw slotTaken();
  }

  /**
   * What follows a committed status change (`from` null: a new request): both parties' open
   * streams get its thread line (`message`) and the booking's new status (`booking`); the metrics
   * count it.
   */
  committed({
    booking,
    line,
    from,
    refunds,
  }: {
    booking: BookingRow;
    line: ThreadLineRow;
    from: BookingStatus | null;
    refunds?: number;
  }) {
    if (refunds) this.deps.refunds?.wake();
    publishToParties(this.deps.liveEvents, booking, line);
    this.deps.onTransition?.(from, booking.status);
  }
}

/** After a commit: both parties' open streams get the thread's new line and the booking's change. */
export function publishToParties(liveEvents: LiveEvents, booking: BookingRow, line: ThreadLineRow) {
  const recipients = [booking.customer_id, booking.business_id];
  liveEvents.publish({
    type: 'message',
    recipients,
    bookingId: booking.id,
    message: toThreadMessage(line, booking),
  });
  liveEvents.publish({ type: 'booking', recipients, bookingId: booking.id, status: booking.status });
}

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
