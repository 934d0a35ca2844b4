import { randomUUID } from 'node:crypto';
import { addDays, type BookingStatus, londonWallClockToUtc } from '@app/domain';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from '../../src/db/database';
import { createTestApp, type TestApp } from '../helpers/app';
import { type Actor, call, createBusiness, createCustomer, withFreshToken } from '../helpers/marketplace';
import { MODEL_TIMEOUT_MS, onEachDatabase, overlappingPairs, STATE_RUNS, setClock, testDay } from './support';

// ---- The oracle: api-contract §4, written out here rather than imported from the domain ----------

type Caller = 'business' | 'customer';
type Call =
  | { kind: 'setstatus'; status: BookingStatus }
  | { kind: 'counter'; newPrice: number }
  | { kind: 'respond'; response: 'Accepted' | 'Declined' }
  /** PATCH /booking/cancel (api-contract §8.4): the business's cancellation, with a reason. */
  | { kind: 'cancel'; reason: string };

const callKey = (c: Call) =>
  c.kind === 'setstatus' ? `setstatus ${c.status}` : c.kind === 'respond' ? `respond ${c.response}` : c.kind;

interface ContractRow {
  from: BookingStatus;
  caller: Caller;
  call: Call;
  to: BookingStatus;
}

/** "Who may do what" of api-contract §4. Anything else: 409 InvalidTransition, or 404 for strangers. */
const CONTRACT: readonly ContractRow[] = [
  { from: 'Requested', caller: 'business', call: { kind: 'setstatus', status: 'Approved' }, to: 'Approved' },
  { from: 'Requested', caller: 'business', call: { kind: 'setstatus', status: 'Denied' }, to: 'Denied' },
  { from: 'Requested', caller: 'business', call: { kind: 'counter', newPrice: 0 }, to: 'Countered' },
  {
    from: 'Requested',
    caller: 'customer',
    call: { kind: 'setstatus', status: 'Cancelled' },
    to: 'Cancelled',
  },
  { from: 'Countered', caller: 'customer', call: { kind: 'respond', response: 'Accepted' }, to: 'Confirmed' },
  { from: 'Countered', caller: 'customer', call: { kind: 'respond', response: 'Declined' }, to: 'Declined' },
  // api-contract §8.4: an agreed appointment may be cancelled by either party.
  {
    from: 'Approved',
    caller: 'customer',
    call: { kind: 'setstatus', status: 'Cancelled' },
    to: 'Cancelled',
  },
  {
    from: 'Confirmed',
    caller: 'customer',
    call: { kind: 'setstatus', status: 'Cancelled' },
    to: 'Cancelled',
  },
  { from: 'Approved', caller: 'business', call: { kind: 'cancel', reason: '' }, to: 'Cancelled' },
  { from: 'Confirmed', caller: 'business', call: { kind: 'cancel', reason: '' }, to: 'Cancelled' },
];
const contractTarget = (from: BookingStatus, caller: Caller, c: Call) =>
  CONTRACT.find((row) => row.from === from && row.caller === caller && callKey(row.call) === callKey(c))?.to;

/** No row of the table leaves these. */
const TERMINAL: readonly BookingStatus[] = ['Denied', 'Declined', 'Cancelled'];
const HOLDS_HOUR: readonly BookingStatus[] = ['Approved', 'Confirmed'];
const IN_PLAY: readonly BookingStatus[] = ['Requested', 'Countered'];
/** The status a call asks for, as the 409 message names it. */
const askedFor = (c: Call): BookingStatus =>
  c.kind === 'setstatus'
    ? c.status
    : c.kind === 'counter'
      ? 'Countered'
      : c.kind === 'cancel'
        ? 'Cancelled'
        : c.response === 'Accepted'
          ? 'Confirmed'
          : 'Declined';
/**
 * Moves refused once the hour has started: those that commit the business to the hour, and the
 * business's cancellation.
 */
const mustPrecedeStart = (c: Call) =>
  (c.kind === 'setstatus' && c.status === 'Approved') ||
  c.kind === 'counter' ||
  c.kind === 'cancel' ||
  (c.kind === 'respond' && c.response === 'Accepted');

// ---- The world of one run ------------------------------------------------------------------------

const CUSTOMERS = 4;
const BUSINESSES = 2;
const MINIMUM_PRICE = 20;
/** Each business's cancellation notice in hours (api-contract §8.4): two (so its first day's hours are already inside it), and none. */
const NOTICE_HOURS = [2, 0] as const;
const HOUR_MS = 3_600_000;
const MAX_COMMANDS = 60;
const DAY = testDay(2);
/** The clock starts at 08:45, so a tick or two start the 09:00 hour, and a few more 10:00. */
const START = `${DAY} 08:45`;
/** Three real slots of 09:00-17:00, one of them hot, so requests collide on it. */
const HOT_HOUR = `${DAY} 10:00`;
const HOURS = [`${DAY} 09:00`, HOT_HOUR, HOT_HOUR, HOT_HOUR, `${addDays(DAY, 1)} 09:00`];
/** Inside the hours but not on the hourly grid, so not a slot. */
const NOT_A_SLOT = `${DAY} 09:30`;
const isSlot = (time: string) => HOURS.includes(time);

interface ModelBooking {
  id: string;
  business: number;
  customer: number;
  startsAt: string;
  status: BookingStatus;
  price: number;
  originalPrice: number | null;
  counterPrice: number | null;
  finalPrice: number | null;
  cancelledBy: 'customer' | 'business' | null;
  cancellationReason: string | null;
}

interface Model {
  bookings: ModelBooking[];
  /** The test clock, epoch ms. */
  now: number;
  /** One entry per transition the server must have recorded: `${bookingId} ${from} ${to}`. */
  history: string[];
  /** Each terminal booking's database row as first seen terminal: it must never change. */
  frozen: Map<string, string>;
}

interface Real {
  t: TestApp;
  db: Db;
  customers: Actor[];
  businesses: Actor[];
}

const hasStarted = (startsAt: string, now: number) => londonWallClockToUtc(startsAt).getTime() <= now;

/** Bookings of one business hold whole hours on the hourly grid here, so overlap is the same start. */
const heldElsewhere = (model: Model, booking: { id?: string; business: number; startsAt: string }) =>
  model.bookings.some(
    (other) =>
      other.id !== booking.id &&
      other.business === booking.business &&
      HOLDS_HOUR.includes(other.status) &&
      other.startsAt === booking.startsAt,
  );

/** What a run exercised: each outcome of the oracle and each row of the table. */
let seen = new Map<string, number>();
const tally = (key: string) => seen.set(key, (seen.get(key) ?? 0) + 1);

type Expected =
  | { status: 200 | 201 }
  | { status: number; code: string; message?: string | RegExp; field?: string; why?: string };

function expectResponse(kind: string, response: LightMyRequestResponse, expected: Expected, what: string) {
  tally(
    `${kind} ${expected.status}${'code' in expected ? ` ${expected.code}${expected.why ? ` (${expected.why})` : ''}` : ''}`,
  );
  const detail = `${what} → ${response.statusCode} ${response.body}`;
  expect(response.statusCode, detail).toBe(expected.status);
  if (!('code' in expected)) return;
  const body = response.json();
  expect(body.code, detail).toBe(expected.code);
  if (typeof expected.message === 'string') expect(body.message, detail).toBe(expected.message);
  if (expected.message instanceof RegExp) expect(body.message, detail).toMatch(expected.message);
  if (expected.field) expect(Object.keys(body.errors ?? {}), detail).toContain(expected.field);
}

const BOOKING_COLUMNS = [
  'id',
  'business_id',
  'customer_id',
  'starts_at',
  'status',
  'price',
  'original_price',
  'counter_price',
  'final_price',
  'cancelled_by',
  'cancellation_reason',
] as const;

/** After every command: the database holds exactly the model, and the invariants hold. */
async function verify(model: Model, real: Real) {
  const businessIds = real.businesses.map((b) => b.id);
  const rows = await real.db
    .selectFrom('bookings')
    .selectAll()
    .where('business_id', 'in', businessIds)
    .orderBy('id')
    .execute();
  const expected = [...model.bookings]
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((b) => ({
      id: b.id,
      business_id: real.businesses[b.business]!.id,
      customer_id: real.customers[b.customer]!.id,
      starts_at: b.startsAt,
      status: b.status,
      price: b.price,
      original_price: b.originalPrice,
      counter_price: b.counterPrice,
      final_price: b.finalPrice,
      cancelled_by: b.cancelledBy,
      cancellation_reason: b.cancellationReason,
    }));
  expect(rows.map((row) => Object.fromEntries(BOOKING_COLUMNS.map((c) => [c, row[c]])))).toEqual(expected);

  // Terminal states never change: the whole row, timestamps included, stays as first seen.
  for (const row of rows) {
    if (!TERMINAL.includes(row.status as BookingStatus)) continue;
    const json = JSON.stringify(row);
    const frozen = model.frozen.get(row.id);
    if (frozen === undefined) model.frozen.set(row.id, json);
    else expect(json, `terminal booking ${row.id} changed`).toBe(frozen);
  }

  // No two Approved/Confirmed bookings of one business overlap (on the database's rows).
  expect(overlappingPairs(rows.filter((row) => HOLDS_HOUR.includes(row.status as BookingStatus)))).toEqual(
    [],
  );

  // Each successful move was recorded once, from and to.
  const ids = model.bookings.map((b) => b.id);
  const history =
    ids.length === 0
      ? []
      : await real.db
          .selectFrom('booking_transitions')
          .select(['booking_id', 'from_status', 'to_status'])
          .where('booking_id', 'in', ids)
          .execute();
  expect(history.map((h) => `${h.booking_id} ${h.from_status ?? 'new'} ${h.to_status}`).sort()).toEqual(
    [...model.history].sort(),
  );
}

// ---- Commands ------------------------------------------------------------------------------------

/** Who books: one of the customers, or a business (which may not book). */
type Booker = { kind: 'customer' | 'business'; index: number };

class BookCommand implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly booker: Booker,
    readonly business: number,
    readonly startsAt: string,
    readonly price: number,
  ) {}

  check = () => true;

  async run(model: Model, real: Real) {
    const { booker, business, startsAt, price } = this;
    const actor = booker.kind === 'customer' ? real.customers[booker.index]! : real.businesses[booker.index]!;
    const response = await call(real.t, 'POST', '/api/booking/book', actor, {
      businessId: real.businesses[business]!.id,
      bookingDateTime: startsAt,
      price: String(price),
      isHomeVisit: false,
    });

    const openRequest = model.bookings.some(
      (b) =>
        b.customer === booker.index &&
        b.business === business &&
        b.startsAt === startsAt &&
        IN_PLAY.includes(b.status),
    );
    let expected: Expected;
    if (booker.kind === 'business') expected = { status: 403, code: 'Forbidden' };
    else if (!isSlot(startsAt))
      expected = { status: 400, code: 'ValidationError', field: 'bookingDateTime', why: 'not a slot' };
    else if (hasStarted(startsAt, model.now))
      expected = { status: 400, code: 'ValidationError', field: 'bookingDateTime', why: 'hour started' };
    else if (price < MINIMUM_PRICE)
      expected = {
        status: 400,
        code: 'ValidationError',
        field: 'price',
        message: `Price must be at least £${MINIMUM_PRICE}`,
        why: 'price',
      };
    else if (openRequest) expected = { status: 409, code: 'DuplicateRequest' };
    else if (heldElsewhere(model, { business, startsAt })) expected = { status: 409, code: 'SlotTaken' };
    else expected = { status: 201 };

    expectResponse('book', response, expected, this.toString());
    if (expected.status === 201) {
      const booking = response.json().booking;
      expect(booking).toMatchObject({
        Status: 'Requested',
        BookingDateTime: startsAt,
        BusinessID: real.businesses[business]!.id,
        CustomerID: real.customers[booker.index]!.id,
        Price: price,
        OriginalPrice: null,
        CounterPrice: null,
        FinalPrice: null,
      });
      model.bookings.push({
        id: booking.id,
        business,
        customer: booker.index,
        startsAt,
        status: 'Requested',
        price,
        originalPrice: null,
        counterPrice: null,
        finalPrice: null,
        cancelledBy: null,
        cancellationReason: null,
      });
      model.history.push(`${booking.id} new Requested`);
    }
    await verify(model, real);
  }

  toString = () =>
    `book(${this.booker.kind} ${this.booker.index} → business ${this.business} at ${this.startsAt} for £${this.price})`;
}

/** A rush on one hour: several customers request it one after another (deliberate collisions). */
class RushCommand implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly customers: number[],
    readonly business: number,
    readonly startsAt: string,
  ) {}

  check = () => true;

  async run(model: Model, real: Real) {
    for (const index of this.customers) {
      await new BookCommand({ kind: 'customer', index }, this.business, this.startsAt, 35).run(model, real);
    }
  }

  toString = () =>
    `rush(customers ${this.customers.join(', ')} → business ${this.business} at ${this.startsAt})`;
}

type Among = 'any' | 'inPlay' | 'contested' | 'held' | 'confirmed';

/** Who acts on a booking, relative to it. */
type Role = 'business' | 'customer' | 'otherCustomer' | 'otherBusiness';

/**
 * A move: one of the table's rows that starts from the booking's status, made by its party (or any
 * row, when none starts there), or any call by anyone.
 */
type Move = { kind: 'party'; choice: number } | { kind: 'any'; role: Role; request: Call };

class ActCommand implements fc.AsyncCommand<Model, Real> {
  private resolved = '';

  constructor(
    /**
     * Which bookings to pick from: any; those in play (Requested or Countered); those in play
     * whose hour another booking of the business holds, else wants; or those holding an hour, which
     * either party may cancel; or the Confirmed ones among those, rarer since they need a counter
     * offer accepted (each falling back to the wider).
     */
    readonly among: Among,
    readonly pick: number,
    readonly move: Move,
    /** Name another business in `businessId` (api-contract: 404). */
    readonly wrongBusinessId: boolean,
  ) {}

  check = () => true;

  private choose(model: Model): ModelBooking | null {
    const inPlay = model.bookings.filter((b) => IN_PLAY.includes(b.status));
    const wanted = inPlay.filter((b) =>
      model.bookings.some(
        (other) =>
          other.id !== b.id &&
          other.business === b.business &&
          other.startsAt === b.startsAt &&
          !['Denied', 'Declined', 'Cancelled'].includes(other.status),
      ),
    );
    const blocked = wanted.filter((b) => heldElsewhere(model, b));
    const holding = model.bookings.filter((b) => HOLDS_HOUR.includes(b.status));
    const lists =
      this.among === 'contested'
        ? [blocked, wanted, inPlay, model.bookings]
        : this.among === 'inPlay'
          ? [inPlay, model.bookings]
          : this.among === 'held'
            ? [holding, model.bookings]
            : this.among === 'confirmed'
              ? [holding.filter((b) => b.status === 'Confirmed'), holding, model.bookings]
              : [model.bookings];
    const from = lists.find((list) => list.length > 0) ?? [];
    return from.length > 0 ? from[this.pick % from.length]! : null;
  }

  async run(model: Model, real: Real) {
    const booking = this.choose(model);
    let role: Role;
    let request: Call;
    if (this.move.kind === 'party') {
      const rows = CONTRACT.filter((row) => row.from === booking?.status);
      const row = (rows.length > 0 ? rows : CONTRACT)[this.move.choice % (rows.length || CONTRACT.length)]!;
      role = row.caller;
      request =
        row.call.kind === 'counter'
          ? { kind: 'counter', newPrice: 1 + (this.move.choice % 300) }
          : row.call.kind === 'cancel'
            ? { kind: 'cancel', reason: REASONS[this.move.choice % REASONS.length]! }
            : row.call;
    } else {
      ({ role, request } = this.move);
    }
    this.resolved = `${role} ${callKey(request)}${request.kind === 'counter' ? ` £${request.newPrice}` : ''}`;

    const businessIx = booking?.business ?? 0;
    const customerIx = booking?.customer ?? 0;
    const actor =
      role === 'business'
        ? real.businesses[businessIx]!
        : role === 'customer'
          ? real.customers[customerIx]!
          : role === 'otherBusiness'
            ? real.businesses[(businessIx + 1) % BUSINESSES]!
            : real.customers[(customerIx + 1 + (this.pick % (CUSTOMERS - 1))) % CUSTOMERS]!;
    const businessId = real.businesses[this.wrongBusinessId ? (businessIx + 1) % BUSINESSES : businessIx]!.id;
    const bookingId = booking?.id ?? randomUUID();
    const [url, body] =
      request.kind === 'setstatus'
        ? ['/api/booking/setstatus', { businessId, bookingId, status: request.status }]
        : request.kind === 'counter'
          ? ['/api/booking/counter', { businessId, bookingId, newPrice: request.newPrice }]
          : request.kind === 'cancel'
            ? ['/api/booking/cancel', { businessId, bookingId, reason: request.reason }]
            : ['/api/booking/respond-to-counter', { businessId, bookingId, response: request.response }];
    const response = await call(real.t, 'PATCH', url, actor, body);

    let expected: Expected;
    let to: BookingStatus | undefined;
    if (request.kind === 'cancel' && (role === 'customer' || role === 'otherCustomer')) {
      // The business's call: a customer is refused by role before any lookup.
      expected = { status: 403, code: 'Forbidden' };
    } else if (!booking || this.wrongBusinessId || role === 'otherBusiness' || role === 'otherCustomer') {
      expected = { status: 404, code: 'NotFound', message: 'Booking not found.' };
    } else {
      to = contractTarget(booking.status, role, request);
      const refusal = `Cannot change booking from ${booking.status} to ${askedFor(request)}`;
      if (!to) expected = { status: 409, code: 'InvalidTransition', message: refusal };
      else if (mustPrecedeStart(request) && hasStarted(booking.startsAt, model.now))
        expected = {
          status: 409,
          code: 'InvalidTransition',
          message: new RegExp(`^${refusal}: `),
          why: 'hour started',
        };
      else if (
        role === 'customer' &&
        HOLDS_HOUR.includes(booking.status) &&
        hasStarted(booking.startsAt, model.now + NOTICE_HOURS[booking.business]! * HOUR_MS)
      )
        expected = {
          status: 409,
          code: 'TooLateToCancel',
          message: new RegExp(
            `^This booking can no longer be cancelled online: .+ asks for ${NOTICE_HOURS[booking.business]} hours' notice$`,
          ),
        };
      else if (HOLDS_HOUR.includes(to) && heldElsewhere(model, booking))
        expected = { status: 409, code: 'SlotTaken' };
      else expected = { status: 200 };
    }

    expectResponse('move', response, expected, `${this.toString()} on ${booking?.status ?? 'no booking'}`);
    if (booking && to && expected.status === 200) {
      const from = booking.status;
      booking.status = to;
      if (request.kind === 'counter') {
        booking.originalPrice = booking.price;
        booking.counterPrice = request.newPrice;
      } else if (to === 'Approved') booking.finalPrice = booking.price;
      else if (to === 'Confirmed') booking.finalPrice = booking.counterPrice;
      else if (to === 'Cancelled') {
        booking.cancelledBy = role === 'business' ? 'business' : 'customer';
        booking.cancellationReason = request.kind === 'cancel' ? request.reason : null;
      }
      model.history.push(`${booking.id} ${from} ${to}`);
      tally(`${from} → ${to}`);
      expect(response.json().booking).toMatchObject({
        id: booking.id,
        Status: to,
        Price: booking.price,
        OriginalPrice: booking.originalPrice,
        CounterPrice: booking.counterPrice,
        FinalPrice: booking.finalPrice,
        CancelledBy: booking.cancelledBy,
        CancellationReason: booking.cancellationReason,
      });
    }
    await verify(model, real);
  }

  toString = () =>
    `${this.resolved || (this.move.kind === 'party' ? `party move ${this.move.choice}` : `${this.move.role} ${callKey(this.move.request)}`)}` +
    ` on ${this.among} booking #${this.pick}${this.wrongBusinessId ? ' (wrong businessId)' : ''}`;
}

/** Time passes: hours start, so committing to them is refused and they can no longer be booked. */
class TickCommand implements fc.AsyncCommand<Model, Real> {
  constructor(readonly minutes: number) {}

  check = () => true;

  async run(model: Model, real: Real) {
    model.now += this.minutes * 60_000;
    real.t.clock.advance(this.minutes * 60_000);
    // Access tokens last 15 minutes on the same clock: everyone signs in again.
    real.customers = await Promise.all(real.customers.map((c) => withFreshToken(real.t, real.db, c, 'User')));
    real.businesses = await Promise.all(
      real.businesses.map((b) => withFreshToken(real.t, real.db, b, 'Business')),
    );
    await verify(model, real);
  }

  toString = () => `tick(${this.minutes} min)`;
}

const statusArb = fc.constantFrom<BookingStatus>(
  'Requested',
  'Approved',
  'Denied',
  'Countered',
  'Confirmed',
  'Declined',
  'Cancelled',
);
const REASONS = ['The barber is ill', 'Shop closed for a burst pipe'] as const;
const anyCallArb: fc.Arbitrary<Call> = fc.oneof(
  fc.constantFrom(...REASONS).map((reason) => ({ kind: 'cancel' as const, reason })),
  statusArb.map((status) => ({ kind: 'setstatus' as const, status })),
  fc.integer({ min: 1, max: 300 }).map((newPrice) => ({ kind: 'counter' as const, newPrice })),
  fc
    .constantFrom('Accepted' as const, 'Declined' as const)
    .map((response) => ({ kind: 'respond' as const, response })),
);
const moveArb: fc.Arbitrary<Move> = fc.oneof(
  { weight: 3, arbitrary: fc.nat(10_000).map((choice) => ({ kind: 'party' as const, choice })) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('any' as const),
      role: fc.constantFrom<Role>('business', 'customer', 'otherCustomer', 'otherBusiness'),
      request: anyCallArb,
    }),
  },
);

const bookArb = fc
  .record({
    booker: fc.oneof(
      { weight: 9, arbitrary: fc.nat(CUSTOMERS - 1).map((index) => ({ kind: 'customer' as const, index })) },
      { weight: 1, arbitrary: fc.nat(BUSINESSES - 1).map((index) => ({ kind: 'business' as const, index })) },
    ),
    // Business 0 gets most requests, so its hours are contested.
    business: fc.constantFrom(0, 0, 0, 1),
    startsAt: fc.oneof(
      { weight: 12, arbitrary: fc.constantFrom(...HOURS) },
      { weight: 1, arbitrary: fc.constant(NOT_A_SLOT) },
    ),
    price: fc.oneof(
      { weight: 12, arbitrary: fc.constantFrom(MINIMUM_PRICE, 35, 60) },
      { weight: 1, arbitrary: fc.constant(MINIMUM_PRICE - 1) },
    ),
  })
  .map(({ booker, business, startsAt, price }) => new BookCommand(booker, business, startsAt, price));
const actArb = fc
  .record({
    among: fc.constantFrom<Among>(
      'any',
      'inPlay',
      'inPlay',
      'contested',
      'contested',
      'contested',
      'held',
      'confirmed',
    ),
    pick: fc.nat(1000),
    move: moveArb,
    // One call in ten names another business in businessId.
    wrongBusinessId: fc.nat(9).map((n) => n === 0),
  })
  .map(({ among, pick, move, wrongBusinessId }) => new ActCommand(among, pick, move, wrongBusinessId));
const rushArb = fc
  .record({
    customers: fc.uniqueArray(fc.nat(CUSTOMERS - 1), { minLength: 2, maxLength: CUSTOMERS }),
    business: fc.nat(BUSINESSES - 1),
    startsAt: fc.constantFrom(...HOURS),
  })
  .map(({ customers, business, startsAt }) => new RushCommand(customers, business, startsAt));
const tickArb = fc.constantFrom(5, 15, 30).map((minutes) => new TickCommand(minutes));
/** fc.commands picks each entry alike: 3 books, 1 rush, 7 moves and 1 tick in 12. */
const commandArbs = [...Array(3).fill(bookArb), rushArb, ...Array(7).fill(actArb), tickArb] as fc.Arbitrary<
  fc.AsyncCommand<Model, Real>
>[];

/** Outcomes the default run must reach at least once: every row of the table and every refusal. */
const REACHED = [
  ...CONTRACT.map((row) => `${row.from} → ${row.to}`),
  'book 201',
  'book 400 ValidationError (not a slot)',
  'book 400 ValidationError (hour started)',
  'book 400 ValidationError (price)',
  'book 403 Forbidden',
  'book 409 DuplicateRequest',
  'book 409 SlotTaken',
  'move 404 NotFound',
  'move 409 InvalidTransition',
  'move 409 InvalidTransition (hour started)',
  'move 409 SlotTaken',
  'move 409 TooLateToCancel',
  'move 403 Forbidden',
];

onEachDatabase((database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database().db);
  });
  afterAll(() => t.close());

  it(
    `model-based (fast-check commands, ${STATE_RUNS} runs): random book/approve/deny/counter/cancel/accept/decline and the business's cancel by parties and strangers, with time passing, match api-contract §4: legal moves reach the table's status and prices, illegal ones get the contract's 404/409/403/400, terminal bookings never change, each move is recorded, no two held hours of a business overlap`,
    async () => {
      const db = database().db;
      seen = new Map();
      const setup = async () => {
        setClock(t, START);
        const businesses = await Promise.all(
          Array.from({ length: BUSINESSES }, (_, index) =>
            createBusiness(t, db, {
              minimum_price: MINIMUM_PRICE,
              cancellation_notice_hours: NOTICE_HOURS[index]!,
            }),
          ),
        );
        const customers = await Promise.all(Array.from({ length: CUSTOMERS }, () => createCustomer(t, db)));
        const model: Model = { bookings: [], now: t.clock.now().getTime(), history: [], frozen: new Map() };
        return { model, real: { t, db, customers, businesses } satisfies Real };
      };
      await fc.assert(
        fc.asyncProperty(fc.commands(commandArbs, { maxCommands: MAX_COMMANDS, size: 'max' }), (commands) =>
          fc.asyncModelRun(setup, commands),
        ),
        { numRuns: STATE_RUNS },
      );
      const outcomes = [...seen].sort().map(([outcome, count]) => `${outcome}: ${count}`);
      console.info(`${database().dialect}, ${STATE_RUNS} runs reached: ${outcomes.join('; ')}`);
      // The generator reached every row of the table and every kind of refusal.
      for (const outcome of REACHED)
        expect(seen.get(outcome) ?? 0, `never reached: ${outcome}`).toBeGreaterThan(0);
    },
    MODEL_TIMEOUT_MS,
  );
});
