import { randomUUID } from 'node:crypto';
import { ACTIVE_STATUSES, bookingTimeOf, PENDING_STATUSES, SLOT_HOLDING_STATUSES } from '@app/domain';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../db/database';
import { prepared } from '../db/prepared';
import type { BookingStatusValue, BookingsTable } from '../db/schema';

export type BookingRow = Selectable<BookingsTable>;
export type NewBookingRow = Insertable<BookingsTable>;
/** A booking with its business's address and notice columns (null when the business account is gone). */
export type BookingWithBusinessRow = BookingRow & {
  business_address: string | null;
  show_full_address: number | null;
  cancellation_notice_hours: number | null;
};
export type BookingChanges = Pick<
  Updateable<BookingsTable>,
  | 'status'
  | 'original_price'
  | 'counter_price'
  | 'final_price'
  | 'cancelled_by'
  | 'cancellation_reason'
  | 'payment_status'
  | 'amount_due_pence'
  | 'payment_due_by'
  | 'amount_paid_pence'
  | 'amount_refunded_pence'
  | 'attendance'
>;

/**
 * One page of a business's bookings: by starts_at then id (earliest first), or by created_at then
 * id (newest first), after a position of that order, within a starts_at range and statuses.
 */
export interface BusinessBookingsPage {
  order: 'starts' | 'created';
  /** Inclusive lower bound of starts_at ('YYYY-MM-DD 00:00'). */
  startsFrom?: string;
  /** Exclusive upper bound of starts_at (the day after the last, 'YYYY-MM-DD'). */
  startsBefore?: string;
  statuses?: readonly BookingStatusValue[];
  after?: { key: string; id: string };
  limit: number;
}

export interface TransitionRecord {
  bookingId: string;
  from: BookingStatusValue | null;
  to: BookingStatusValue;
  actorId: string | null;
  price: number | null;
  now: string;
}

/** A booking's payment columns before an agreement asks for money (api-contract §9.2). */
export const NO_PAYMENT = {
  payment_status: 'NotRequired',
  amount_due_pence: 0,
  payment_due_by: null,
  amount_paid_pence: 0,
  amount_refunded_pence: 0,
  attendance: null,
  refund_retrying: 0,
} as const satisfies Partial<BookingRow>;

/** A booking's move columns before it ever moves (api-contract §9.4, migration 0024). */
export const NOT_MOVED = {
  rescheduled_from: null,
  move_count: 0,
  move_proposal_id: null,
  move_proposed_to: null,
  move_proposed_by: null,
  move_proposed_at: null,
} as const satisfies Partial<BookingRow>;

/** The name a booking shows for its business: as captured at booking time. */
export const businessNameOf = (row: Pick<BookingRow, 'business_name' | 'barber_name'>) =>
  row.business_name || row.barber_name;

/** Bookings and their transition history. Booking times are 'YYYY-MM-DD HH:MM' text, so they compare as strings. */
/** An agreed booking's time with its length, and whose diary it fills (null: no member's yet). */
export interface HeldTime {
  memberId: string | null;
  time: string;
}

// The statements of a booking request and an approval, compiled once (db/prepared).
/** Every column of a booking, in the order the prepared insert binds them. */
const BOOKING_COLUMNS = [
  'id',
  'business_id',
  'customer_id',
  'status',
  'starts_at',
  'price',
  'original_price',
  'counter_price',
  'final_price',
  'is_home_visit',
  'customer_address',
  'customer_name',
  'customer_email',
  'customer_phone',
  'barber_name',
  'business_name',
  'cancelled_by',
  'cancellation_reason',
  'payment_status',
  'amount_due_pence',
  'payment_due_by',
  'amount_paid_pence',
  'amount_refunded_pence',
  'attendance',
  'refund_retrying',
  'service_id',
  'service_name',
  'duration_minutes',
  'member_id',
  'member_name',
  'rescheduled_from',
  'move_count',
  'move_proposal_id',
  'move_proposed_to',
  'move_proposed_by',
  'move_proposed_at',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof BookingRow)[];
// Every column is listed: a column added to the table without being added here fails to compile.
type UnlistedColumn = Exclude<keyof BookingRow, (typeof BOOKING_COLUMNS)[number]>;
const allListed: [UnlistedColumn] extends [never] ? true : UnlistedColumn = true;
void allListed;
const insertStatement = prepared((db, ...values: unknown[]) =>
  db
    .insertInto('bookings')
    .values(Object.fromEntries(BOOKING_COLUMNS.map((column, index) => [column, values[index]])) as never),
);
const bumpVersionStatement = prepared((db, businessId: string) =>
  db
    .updateTable('users')
    .set((eb) => ({ bookings_version: eb('bookings_version', '+', 1) }))
    .where('id', '=', businessId),
);
const transitionStatement = prepared(
  (
    db,
    id: string,
    bookingId: string,
    from: BookingStatusValue | null,
    to: BookingStatusValue,
    actorId: string | null,
    price: number | null,
    now: string,
  ) =>
    db.insertInto('booking_transitions').values({
      id,
      booking_id: bookingId,
      from_status: from,
      to_status: to,
      actor_id: actorId,
      price,
      created_at: now,
    }),
);
/** The agreed bookings from `from` on (one moved may be left out) and the blocked times, in one round trip. */
const heldTimes = (db: Db, businessId: string, from: string, exceptBookingId?: string) => {
  let bookings = db
    .selectFrom('bookings')
    .select(['starts_at', 'duration_minutes', 'member_id'])
    .where('business_id', '=', businessId)
    .where('status', 'in', SLOT_HOLDING_STATUSES)
    .where('starts_at', '>=', from);
  // A booking being moved does not stand in its own way.
  if (exceptBookingId !== undefined) bookings = bookings.where('id', '!=', exceptBookingId);
  return bookings
    .unionAll(
      db
        .selectFrom('member_blocks')
        .select(['starts_at', 'duration_minutes', 'member_id'])
        .where('business_id', '=', businessId)
        .where('starts_at', '>=', from),
    )
    .orderBy('starts_at');
};
const heldTimesStatement = prepared((db, businessId: string, from: string) =>
  heldTimes(db, businessId, from),
);
const heldTimesExceptStatement = prepared((db, businessId: string, from: string, exceptBookingId: string) =>
  heldTimes(db, businessId, from, exceptBookingId),
);
const openRequestStatement = prepared((db, customerId: string, businessId: string, startsAt: string) =>
  db
    .selectFrom('bookings')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('business_id', '=', businessId)
    .where('starts_at', '=', startsAt)
    .where('status', 'in', PENDING_STATUSES),
);

export class BookingsRepository {
  constructor(private readonly db: Db) {}

  findById(id: string): Promise<BookingRow | undefined> {
    return this.db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The booking's status now (an email's send-time check). */
  async statusOf(id: string): Promise<string | undefined> {
    const row = await this.db.selectFrom('bookings').select('status').where('id', '=', id).executeTakeFirst();
    return row?.status;
  }

  /** Inserts the booking; its business's bookings version moves on (call inside a transaction). */
  /**
   * A whole row (every booking the product writes) goes through the statement compiled once; a
   * row that leaves columns to their defaults (the tests' and benchmarks' seeds) through the builder.
   */
  async insert(booking: NewBookingRow): Promise<void> {
    if (BOOKING_COLUMNS.every((column) => column in booking)) {
      await insertStatement(this.db, ...BOOKING_COLUMNS.map((column) => booking[column]));
      await this.bumpVersion([booking.business_id]);
      return;
    }
    await this.db.insertInto('bookings').values(booking).execute();
    await this.bumpVersion([booking.business_id]);
  }

  /**
   * The one place the version moves: every method here that writes bookings calls it in the same
   * transaction, after the bookings themselves (rows locked in one order: bookings, then users).
   */
  private async bumpVersion(businessIds: readonly string[]): Promise<void> {
    if (businessIds.length === 0) return;
    if (businessIds.length === 1) {
      await bumpVersionStatement(this.db, businessIds[0]!);
      return;
    }
    await this.db
      .updateTable('users')
      .set((eb) => ({ bookings_version: eb('bookings_version', '+', 1) }))
      .where('id', 'in', businessIds)
      .execute();
  }

  /** Records a status change; returns its id (the change's line in the booking's thread takes it). */
  async recordTransition(record: TransitionRecord): Promise<string> {
    const id = randomUUID();
    await transitionStatement(
      this.db,
      id,
      record.bookingId,
      record.from,
      record.to,
      record.actorId,
      record.price,
      record.now,
    );
    return id;
  }

  /**
   * Moves the booking on only if it still has status `from`, and gives its row as it is then;
   * undefined when another request changed it first. Throws a unique violation when the new
   * status would double-book the hour.
   */
  async applyTransition(
    id: string,
    from: BookingStatusValue,
    changes: BookingChanges,
    now: string,
  ): Promise<BookingRow | undefined> {
    const updated = await this.db
      .updateTable('bookings')
      .set({ ...changes, updated_at: now })
      .where('id', '=', id)
      .where('status', '=', from)
      .returningAll()
      .executeTakeFirst();
    if (!updated) return undefined;
    await this.bumpVersion([updated.business_id]);
    return updated;
  }

  /**
   * Where the booking's money stands after a movement the provider confirmed (api-contract §9.2):
   * the caller read the row under the business's lock and works out the totals and status.
   */
  async updatePayment(
    id: string,
    payment: Pick<BookingRow, 'payment_status' | 'amount_paid_pence' | 'amount_refunded_pence'> &
      Partial<Pick<BookingRow, 'attendance' | 'refund_retrying'>>,
    now: string,
  ): Promise<void> {
    const updated = await this.db
      .updateTable('bookings')
      .set({ ...payment, updated_at: now })
      .where('id', '=', id)
      .returning('business_id')
      .executeTakeFirst();
    if (updated) await this.bumpVersion([updated.business_id]);
  }

  /** A refund of the booking was refused or out of reach: its business's card says so until it goes. */
  async markRefundRetrying(id: string, now: string): Promise<void> {
    const updated = await this.db
      .updateTable('bookings')
      .set({ refund_retrying: 1, updated_at: now })
      .where('id', '=', id)
      .where('refund_retrying', '=', 0)
      .returning('business_id')
      .executeTakeFirst();
    if (updated) await this.bumpVersion([updated.business_id]);
  }

  /**
   * Agreed bookings still Due at `now` past their payment deadline, earliest deadline first: the
   * system cancels them (api-contract §9.2).
   */
  listPastPaymentDeadline(now: string, limit: number): Promise<Pick<BookingRow, 'id' | 'business_id'>[]> {
    return this.db
      .selectFrom('bookings')
      .select(['id', 'business_id'])
      .where('payment_status', '=', 'Due')
      .where('payment_due_by', '<=', now)
      .where('status', 'in', SLOT_HOLDING_STATUSES)
      .orderBy('payment_due_by')
      .limit(limit)
      .execute();
  }

  /**
   * Every booking the person made as a customer, newest first, with its business's current
   * address and notice columns (null when the business account is gone).
   */
  listForCustomer(customerId: string): Promise<BookingWithBusinessRow[]> {
    return this.db
      .selectFrom('bookings')
      .leftJoin('users as business', 'business.id', 'bookings.business_id')
      .selectAll('bookings')
      .select([
        'business.business_address',
        'business.show_full_address',
        'business.cancellation_notice_hours',
      ])
      .where('bookings.customer_id', '=', customerId)
      .orderBy('bookings.created_at', 'desc')
      .orderBy('bookings.id', 'desc')
      .execute();
  }

  /** One page of the business's bookings (see BusinessBookingsPage). */
  listForBusiness(businessId: string, page: BusinessBookingsPage): Promise<BookingRow[]> {
    const byStart = page.order === 'starts';
    const key = byStart ? 'starts_at' : 'created_at';
    let query = this.db.selectFrom('bookings').selectAll().where('business_id', '=', businessId);
    if (page.startsFrom !== undefined) query = query.where('starts_at', '>=', page.startsFrom);
    if (page.startsBefore !== undefined) query = query.where('starts_at', '<', page.startsBefore);
    if (page.statuses !== undefined) query = query.where('status', 'in', page.statuses);
    const after = page.after;
    if (after) {
      // NOTE: the key's own bound first, so both databases read the index from the cursor on
      // (a row-value comparison or a bare OR would not use it as a range).
      query = byStart
        ? query
            .where('starts_at', '>=', after.key)
            .where((eb) => eb.or([eb('starts_at', '>', after.key), eb('id', '>', after.id)]))
        : query
            .where('created_at', '<=', after.key)
            .where((eb) => eb.or([eb('created_at', '<', after.key), eb('id', '<', after.id)]));
    }
    const direction = byStart ? 'asc' : 'desc';
    return query.orderBy(key, direction).orderBy('id', direction).limit(page.limit).execute();
  }

  /**
   * The times already held from `from` on (inclusive): the business's Approved/Confirmed bookings
   * and the time blocked on its members' diaries (migration 0021), each with its own length.
   */
  async listHeldTimes(businessId: string, from: string, exceptBookingId?: string): Promise<HeldTime[]> {
    const { rows } =
      exceptBookingId === undefined
        ? await heldTimesStatement(this.db, businessId, from)
        : await heldTimesExceptStatement(this.db, businessId, from, exceptBookingId);
    // Each with its own length (api-contract §9.3): the start alone for an hour, else a range.
    return rows.map((row) => ({
      memberId: row.member_id,
      time: bookingTimeOf(row.starts_at, row.duration_minutes),
    }));
  }

  /** Whether a team member has an Approved or Confirmed booking starting at or after `from`. */
  async memberHasAgreedFrom(memberId: string, from: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('bookings')
      .select('id')
      .where('member_id', '=', memberId)
      .where('status', 'in', SLOT_HOLDING_STATUSES)
      .where('starts_at', '>=', from)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The business's Approved and Confirmed bookings starting at or after `from`, earliest first. */
  listAgreedFrom(businessId: string, from: string): Promise<BookingRow[]> {
    return this.db
      .selectFrom('bookings')
      .selectAll()
      .where('business_id', '=', businessId)
      .where('status', 'in', SLOT_HOLDING_STATUSES)
      .where('starts_at', '>=', from)
      .orderBy('starts_at')
      .orderBy('id')
      .execute();
  }

  /** The customer's open (Requested or Countered) booking with the business at that time, if any. */
  async findOpenRequest(
    customerId: string,
    businessId: string,
    startsAt: string,
  ): Promise<BookingRow | undefined> {
    return (await openRequestStatement(this.db, customerId, businessId, startsAt)).rows[0];
  }

  /**
   * True when the account has a Requested, Countered, Approved or Confirmed booking, as customer
   * or as business, that has not ended (`startedAfter` = `latestEndedBookingStart(now)`).
   */
  async hasActiveBookings(userId: string, startedAfter: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('bookings')
      .select('id')
      .where((eb) => eb.or([eb('customer_id', '=', userId), eb('business_id', '=', userId)]))
      .where('status', 'in', ACTIVE_STATUSES)
      .where('starts_at', '>', startedAfter)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Deletes bookings (and, by cascade, their history) that started before `cutoff`, and moves on
   * the versions of the businesses they belonged to (call inside a transaction).
   */
  async deleteStartedBefore(cutoff: string): Promise<number> {
    const deleted = await this.db
      .deleteFrom('bookings')
      .where('starts_at', '<', cutoff)
      .returning('business_id')
      .execute();
    await this.bumpVersion([...new Set(deleted.map((row) => row.business_id))]);
    return deleted.length;
  }

  /** Proposes a new time: only while the booking has none open (false when one is). */
  async proposeMove(
    id: string,
    proposal: { id: string; to: string; by: 'customer' | 'business'; now: string },
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('bookings')
      .set({
        move_proposal_id: proposal.id,
        move_proposed_to: proposal.to,
        move_proposed_by: proposal.by,
        move_proposed_at: proposal.now,
        updated_at: proposal.now,
      })
      .where('id', '=', id)
      .where('move_proposal_id', 'is', null)
      .returning('business_id')
      .executeTakeFirst();
    // The business's lists show the proposal: their kept answers are due.
    if (result) await this.bumpVersion([result.business_id]);
    return result !== undefined;
  }

  /** The open proposal ends (declined). */
  async clearMoveProposal(id: string, now: string): Promise<void> {
    const updated = await this.db
      .updateTable('bookings')
      .set({
        move_proposal_id: null,
        move_proposed_to: null,
        move_proposed_by: null,
        move_proposed_at: null,
        updated_at: now,
      })
      .where('id', '=', id)
      .returning('business_id')
      .executeTakeFirst();
    if (updated) await this.bumpVersion([updated.business_id]);
  }

  /**
   * Moves the booking to `to`: the same row, its old start kept, its move counted, no proposal open,
   * its payment deadline as given.
   */
  async moveTo(
    booking: Pick<BookingRow, 'id' | 'business_id' | 'starts_at'>,
    to: string,
    now: string,
    paymentDueBy: string | null,
  ): Promise<void> {
    await this.db
      .updateTable('bookings')
      .set((eb) => ({
        starts_at: to,
        payment_due_by: paymentDueBy,
        rescheduled_from: booking.starts_at,
        move_count: eb('move_count', '+', 1),
        move_proposal_id: null,
        move_proposed_to: null,
        move_proposed_by: null,
        move_proposed_at: null,
        updated_at: now,
      }))
      .where('id', '=', booking.id)
      .execute();
    await this.bumpVersion([booking.business_id]);
  }

  /** The booking whose open proposal has this id. */
  findByMoveProposal(proposalId: string): Promise<BookingRow | undefined> {
    return this.db
      .selectFrom('bookings')
      .selectAll()
      .where('move_proposal_id', '=', proposalId)
      .executeTakeFirst();
  }
}
