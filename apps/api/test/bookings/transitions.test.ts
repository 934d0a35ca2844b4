import {
  addDays,
  assertNever,
  BOOKING_ACTIONS,
  BOOKING_STATUSES,
  BOOKING_TRANSITIONS,
  type BookingAction,
  type BookingActor,
  type BookingStatus,
  cannotChangeBooking,
  findTransition,
  invalidStatusMessage,
  MESSAGES,
  todayInLondon,
} from '@app/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BOOKING_MESSAGES } from '../../src/modules/bookings/bookings.messages';
import { createTestApp, type TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';
import {
  type Actor,
  bookingsSnapshot,
  call,
  createBusiness,
  createCustomer,
  insertBooking,
  slotsOf,
} from '../helpers/marketplace';

/** The PATCH call and body that asks for `action` on a booking. */
function requestFor(action: BookingAction, booking: { id: string; business_id: string }, newPrice = 40) {
  const ref = { businessId: booking.business_id, bookingId: booking.id };
  switch (action) {
    case 'approve':
      return { url: '/api/booking/setstatus', body: { ...ref, status: 'Approved' } };
    case 'deny':
      return { url: '/api/booking/setstatus', body: { ...ref, status: 'Denied' } };
    case 'cancel':
      return { url: '/api/booking/setstatus', body: { ...ref, status: 'Cancelled' } };
    case 'counter':
      return { url: '/api/booking/counter', body: { ...ref, newPrice } };
    case 'accept':
      return { url: '/api/booking/respond-to-counter', body: { ...ref, response: 'Accepted' } };
    case 'decline':
      return { url: '/api/booking/respond-to-counter', body: { ...ref, response: 'Declined' } };
    case 'withdraw':
      return { url: '/api/booking/cancel', body: { ...ref, reason: 'The barber is ill' } };
    default:
      return assertNever(action);
  }
}

const TARGET: Record<BookingAction, BookingStatus> = {
  approve: 'Approved',
  deny: 'Denied',
  counter: 'Countered',
  cancel: 'Cancelled',
  accept: 'Confirmed',
  decline: 'Declined',
  withdraw: 'Cancelled',
};

/** Who is told about each change (api-contract §4), and the subject they get. */
const EMAIL: Record<BookingAction, { to: BookingActor; subject: RegExp }> = {
  approve: { to: 'customer', subject: /^Your booking with .+ is approved$/ },
  deny: { to: 'customer', subject: /^Your booking request to .+ was denied$/ },
  counter: { to: 'customer', subject: /sent you a counter offer$/ },
  cancel: { to: 'business', subject: /^(Booking request|Appointment) cancelled by Grace Hopper$/ },
  accept: { to: 'business', subject: /^Grace Hopper accepted your counter offer$/ },
  decline: { to: 'business', subject: /^Grace Hopper declined your counter offer$/ },
  withdraw: { to: 'customer', subject: /cancelled your appointment$/ },
};

describeEachDatabase('PATCH /api/booking/setstatus, /counter and /respond-to-counter', (database) => {
  let t: TestApp;
  let business: Actor;
  let customer: Actor;
  let hour = 0;
  beforeAll(async () => {
    t = await createTestApp(database().db);
    business = await createBusiness(t, database().db);
    customer = await createCustomer(t, database().db, { first_name: 'Grace', last_name: 'Hopper' });
  });
  afterAll(() => t.close());

  const db = () => database().db;
  /** A different future hour each time (2 days ahead on), so slot-holding bookings never collide. */
  const nextTime = () => {
    const index = hour++;
    const day = addDays(todayInLondon(t.clock.now()), 2 + Math.floor(index / 8));
    return `${day} ${String(9 + (index % 8)).padStart(2, '0')}:00`;
  };
  const bookingIn = (status: BookingStatus, startsAt = nextTime(), who = { business, customer }) =>
    insertBooking(t, db(), {
      ...who,
      startsAt,
      status,
      price: 30,
      counterPrice:
        status === 'Countered' || status === 'Confirmed' || status === 'Declined' ? 45 : undefined,
    });
  const actorOf = (role: BookingActor) => (role === 'business' ? business : customer);
  const patch = (url: string, body: unknown, actor: Actor | null) => call(t, 'PATCH', url, actor, body);
  const history = (bookingId: string) =>
    db()
      .selectFrom('booking_transitions')
      .selectAll()
      .where('booking_id', '=', bookingId)
      .orderBy('created_at')
      .execute();

  it.each(
    BOOKING_TRANSITIONS.map((transition) => ({
      ...transition,
      name: `${transition.from} → ${transition.to} by the ${transition.actor}`,
    })),
  )(
    '$name: 200, the new status and prices, its history, and an email to the other party',
    async (transition) => {
      const booking = await bookingIn(transition.from);
      const { url, body } = requestFor(transition.action, booking, 55);
      const response = await patch(url, body, actorOf(transition.actor));
      expect(response.statusCode, response.body).toBe(200);
      const result = response.json();
      expect(result.message).toBe(
        transition.action === 'counter'
          ? BOOKING_MESSAGES.countered
          : BOOKING_MESSAGES.statusUpdated(transition.to),
      );
      // A cancellation keeps the prices the booking had.
      const kept = {
        Price: booking.price,
        OriginalPrice: booking.original_price,
        CounterPrice: booking.counter_price,
        FinalPrice: booking.final_price,
      };
      const prices = {
        approve: { Price: 30, OriginalPrice: null, CounterPrice: null, FinalPrice: 30 },
        deny: { Price: 30, OriginalPrice: null, CounterPrice: null, FinalPrice: null },
        cancel: kept,
        withdraw: kept,
        counter: { Price: 30, OriginalPrice: 30, CounterPrice: 55, FinalPrice: null },
        accept: { Price: 30, OriginalPrice: 30, CounterPrice: 45, FinalPrice: 45 },
        decline: { Price: 30, OriginalPrice: 30, CounterPrice: 45, FinalPrice: null },
      }[transition.action];
      expect(result.booking).toMatchObject({
        id: booking.id,
        Status: transition.to,
        ...prices,
        UpdatedAt: t.clock.now().toISOString(),
        CreatedAt: booking.created_at,
      });
      // The stored row and the history agree.
      const stored = await db()
        .selectFrom('bookings')
        .selectAll()
        .where('id', '=', booking.id)
        .executeTakeFirst();
      expect(stored?.status).toBe(transition.to);
      expect(await history(booking.id)).toEqual([
        expect.objectContaining({
          from_status: transition.from,
          to_status: transition.to,
          actor_id: actorOf(transition.actor).id,
          created_at: t.clock.now().toISOString(),
        }),
      ]);
      const { to, subject } = EMAIL[transition.action];
      const recipient = actorOf(to);
      const other = actorOf(to === 'business' ? 'customer' : 'business');
      const mails = t.mailer.messages.filter(
        (m) => m.text.includes(booking.starts_at.slice(11)) && subject.test(m.subject),
      );
      expect(mails.map((m) => m.to)).toContain(recipient.email);
      expect(mails.map((m) => m.to)).not.toContain(other.email);
    },
  );

  it('refuses every change the table does not allow with 409 InvalidTransition, changing nothing', async () => {
    const refused: string[] = [];
    for (const from of BOOKING_STATUSES) {
      for (const actor of ['business', 'customer'] as const) {
        for (const action of Object.keys(TARGET) as BookingAction[]) {
          if (findTransition(from, actor, action)) continue;
          const booking = await bookingIn(from);
          const before = await bookingsSnapshot(db());
          const { url, body } = requestFor(action, booking);
          const response = await patch(url, body, actorOf(actor));
          if (action === 'withdraw' && actor === 'customer') {
            // PATCH /booking/cancel is the business's call: a customer is refused before any lookup.
            expect(response.statusCode, `${from} ${actor} ${action}`).toBe(403);
          } else {
            expect(response.statusCode, `${from} ${actor} ${action}`).toBe(409);
            expect(response.json()).toEqual({
              code: 'InvalidTransition',
              message: cannotChangeBooking(from, TARGET[action]),
            });
          }
          expect(await bookingsSnapshot(db())).toBe(before);
          refused.push(`${from}:${actor}:${action}`);
        }
      }
    }
    expect(refused).toHaveLength(7 * 2 * BOOKING_ACTIONS.length - BOOKING_TRANSITIONS.length);
  });

  it.each(['Requested', 'Countered', 'Confirmed', 'Declined'] as const)(
    'refuses setstatus %s (not a status setstatus sets) for both parties',
    async (status) => {
      const booking = await bookingIn('Requested');
      for (const actor of [business, customer]) {
        const response = await patch(
          '/api/booking/setstatus',
          { businessId: business.id, bookingId: booking.id, status },
          actor,
        );
        expect(response.statusCode).toBe(409);
        expect(response.json()).toEqual({
          code: 'InvalidTransition',
          message: cannotChangeBooking('Requested', status),
        });
      }
    },
  );

  it('answers 400 with the spec message for an unknown status', async () => {
    const booking = await bookingIn('Requested');
    for (const status of ['Done', 'approved', '', 'Requested ']) {
      const response = await patch(
        '/api/booking/setstatus',
        { businessId: business.id, bookingId: booking.id, status },
        business,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 'ValidationError',
        message: invalidStatusMessage(status),
        errors: { status: invalidStatusMessage(status) },
      });
    }
  });

  it.each([
    [0, MESSAGES.counterMin],
    [301, MESSAGES.counterMax],
    [1.5, MESSAGES.wholePounds],
    ['2.50', MESSAGES.wholePounds],
    ['abc', MESSAGES.wholePounds],
    [null, MESSAGES.counterMin],
    [-5, MESSAGES.counterMin],
    [1e9, MESSAGES.counterMax],
  ])('answers 400 for a counter offer of %j', async (newPrice, message) => {
    const booking = await bookingIn('Requested');
    const before = await bookingsSnapshot(db());
    const response = await patch(
      '/api/booking/counter',
      { businessId: business.id, bookingId: booking.id, newPrice },
      business,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'ValidationError', message, errors: { newPrice: message } });
    expect(await bookingsSnapshot(db())).toBe(before);
  });

  it('accepts counter offers of £1, £300 and "45"', async () => {
    for (const newPrice of [1, 300, '45']) {
      const booking = await bookingIn('Requested');
      const response = await patch(
        '/api/booking/counter',
        { businessId: business.id, bookingId: booking.id, newPrice },
        business,
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().booking.CounterPrice).toBe(Number(newPrice));
    }
  });

  it('answers 404 to strangers, to a wrong businessId and for unknown bookings, changing nothing', async () => {
    const booking = await bookingIn('Requested');
    const otherCustomer = await createCustomer(t, db());
    const otherBusiness = await createBusiness(t, db());
    const before = await bookingsSnapshot(db());
    const cases: [BookingAction, Actor, Record<string, unknown>][] = [
      ['cancel', otherCustomer, {}],
      ['approve', otherBusiness, {}],
      ['counter', otherBusiness, {}],
      ['approve', otherBusiness, { businessId: otherBusiness.id }],
      ['approve', business, { businessId: otherBusiness.id }],
      ['cancel', customer, { businessId: customer.id }],
      ['approve', business, { bookingId: crypto.randomUUID() }],
      ['approve', business, { bookingId: 12 }],
    ];
    for (const [action, actor, override] of cases) {
      const { url, body } = requestFor(action, booking);
      const response = await patch(url, { ...body, ...override }, actor);
      expect(response.statusCode, `${action} ${JSON.stringify(override)}`).toBe(404);
      expect(response.json()).toEqual({ code: 'NotFound', message: BOOKING_MESSAGES.bookingNotFound });
    }
    expect(await bookingsSnapshot(db())).toBe(before);
    const countered = await bookingIn('Countered');
    const accept = requestFor('accept', countered);
    const snapshot = await bookingsSnapshot(db());
    expect((await patch(accept.url, accept.body, otherCustomer)).statusCode).toBe(404);
    expect(await bookingsSnapshot(db())).toBe(snapshot);
  });

  it('answers 409 SlotTaken to an approval or an acceptance of an hour already held', async () => {
    const startsAt = nextTime();
    await bookingIn('Approved', startsAt, { business, customer: await createCustomer(t, db()) });
    const requested = await bookingIn('Requested', startsAt);
    const otherCustomer = await createCustomer(t, db());
    const countered = await bookingIn('Countered', startsAt, { business, customer: otherCustomer });
    const before = await bookingsSnapshot(db());
    const approve = requestFor('approve', requested);
    const approval = await patch(approve.url, approve.body, business);
    expect(approval.statusCode).toBe(409);
    expect(approval.json()).toEqual({ code: 'SlotTaken', message: BOOKING_MESSAGES.slotTaken });
    const accept = requestFor('accept', countered);
    const acceptance = await patch(accept.url, accept.body, otherCustomer);
    expect(acceptance.statusCode).toBe(409);
    expect(acceptance.json()).toEqual({ code: 'SlotTaken', message: BOOKING_MESSAGES.slotTaken });
    expect(await bookingsSnapshot(db())).toBe(before);
    // Deny and decline still work on an hour someone else holds.
    const deny = requestFor('deny', requested);
    expect((await patch(deny.url, deny.body, business)).statusCode).toBe(200);
    const decline = requestFor('decline', countered);
    expect((await patch(decline.url, decline.body, otherCustomer)).statusCode).toBe(200);
  });

  it('answers 409 SlotTaken when the customer accepts a counter for an hour approved meanwhile', async () => {
    const startsAt = nextTime();
    const countered = await bookingIn('Countered', startsAt);
    await bookingIn('Approved', startsAt, { business, customer: await createCustomer(t, db()) });
    const accept = requestFor('accept', countered);
    const response = await patch(accept.url, accept.body, customer);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('SlotTaken');
    // Declining is still possible.
    const decline = requestFor('decline', countered);
    expect((await patch(decline.url, decline.body, customer)).statusCode).toBe(200);
  });

  it('holds the hour once approved: it leaves the slots and the other requests cannot be approved', async () => {
    const fresh = await createBusiness(t, db());
    const [slot] = await slotsOf(t, fresh.id);
    const first = await bookingIn('Requested', slot!, { business: fresh, customer });
    const second = await bookingIn('Requested', slot!, {
      business: fresh,
      customer: await createCustomer(t, db()),
    });
    const approveFirst = requestFor('approve', first);
    expect((await patch(approveFirst.url, approveFirst.body, fresh)).statusCode).toBe(200);
    expect(await slotsOf(t, fresh.id)).not.toContain(slot);
    const approveSecond = requestFor('approve', second);
    expect((await patch(approveSecond.url, approveSecond.body, fresh)).statusCode).toBe(409);
  });

  it('refuses to approve, counter or accept a booking whose time has passed, but lets it be cancelled', async () => {
    const past = `${addDays(todayInLondon(t.clock.now()), -1)} 10:00`;
    for (const [status, action, actor] of [
      ['Requested', 'approve', business],
      ['Requested', 'counter', business],
      ['Countered', 'accept', customer],
    ] as const) {
      const booking = await bookingIn(status, past);
      const { url, body } = requestFor(action, booking);
      const response = await patch(url, body, actor);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        code: 'InvalidTransition',
        message: `${cannotChangeBooking(status, TARGET[action])}: ${BOOKING_MESSAGES.timeHasPassed}`,
      });
    }
    const old = await bookingIn('Requested', past);
    const cancel = requestFor('cancel', old);
    expect((await patch(cancel.url, cancel.body, customer)).statusCode).toBe(200);
  });

  it('a customer can follow the whole story in userbookings; Approved and Confirmed also under bookings', async () => {
    const someone = await createCustomer(t, db());
    const who = { business, customer: someone };
    const approved = await bookingIn('Requested', nextTime(), who);
    const confirmed = await bookingIn('Countered', nextTime(), who);
    const approve = requestFor('approve', approved);
    const accept = requestFor('accept', confirmed);
    expect((await patch(approve.url, approve.body, business)).statusCode).toBe(200);
    expect((await patch(accept.url, accept.body, someone)).statusCode).toBe(200);
    const { requests, bookings } = (await call(t, 'GET', '/api/booking/userbookings', someone)).json();
    expect(requests.map((b: { id: string }) => b.id).sort()).toEqual([approved.id, confirmed.id].sort());
    expect(bookings.map((b: { Status: string }) => b.Status).sort()).toEqual(['Approved', 'Confirmed']);
  });

  it('keeps the change when the email cannot be sent yet, logs it and keeps the email to retry', async () => {
    const failing = await createTestApp(db(), {
      captureLogs: true,
      config: { jwtSecret: t.config.jwtSecret },
      deps: { mailer: { send: async () => Promise.reject(new Error('SMTP down')) } },
    });
    try {
      const booking = await bookingIn('Requested');
      const { url, body } = requestFor('approve', booking);
      const response = await failing.app.inject({
        method: 'PATCH',
        url,
        payload: body,
        headers: business.headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      const stored = await db()
        .selectFrom('bookings')
        .select('status')
        .where('id', '=', booking.id)
        .executeTakeFirst();
      expect(stored?.status).toBe('Approved');
      expect(failing.logs.some((line) => line.includes('email not delivered: will retry'))).toBe(true);
      const mail = await db()
        .selectFrom('outbox')
        .select(['status', 'attempts', 'kind'])
        .where('booking_id', '=', booking.id)
        .where('subject', 'like', '%approved%')
        .executeTakeFirst();
      expect(mail).toEqual({ status: 'pending', attempts: 1, kind: 'booking' });
    } finally {
      await failing.close();
    }
  });
});
