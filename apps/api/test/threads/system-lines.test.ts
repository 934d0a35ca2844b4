import { assertNever, BOOKING_TRANSITIONS, type BookingAction, type BookingStatus } from '@app/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';
import { type Actor, bookingBody, call, insertBooking, slotsOf } from '../helpers/marketplace';
import { type CapturingLiveEvents, hourIn, lines, markRead, posted, threadsApp, unread } from './support';

/** The PATCH that asks for `action` on a booking (as in test/bookings/transitions.test.ts). */
function requestFor(action: BookingAction, booking: { id: string; business_id: string }) {
  const ref = { businessId: booking.business_id, bookingId: booking.id };
  switch (action) {
    case 'approve':
      return { url: '/api/booking/setstatus', body: { ...ref, status: 'Approved' } };
    case 'deny':
      return { url: '/api/booking/setstatus', body: { ...ref, status: 'Denied' } };
    case 'cancel':
      return { url: '/api/booking/setstatus', body: { ...ref, status: 'Cancelled' } };
    case 'counter':
      return { url: '/api/booking/counter', body: { ...ref, newPrice: 55 } };
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

/** What each change's line says: an offer of £30, a counter of £55 (or £45 already made). */
const LINE: Record<BookingAction, string> = {
  approve: 'Approved: £30',
  deny: 'Request denied',
  counter: 'Counter offer: £55',
  cancel: 'Cancelled by the customer',
  accept: 'Counter offer accepted: £45',
  decline: 'Counter offer declined',
  withdraw: 'Cancelled by the business: The barber is ill',
};

describeEachDatabase('status changes as system lines of the booking’s thread', (database) => {
  let t: TestApp;
  let live: CapturingLiveEvents;
  let business: Actor;
  let customer: Actor;
  let day = 2;
  beforeAll(async () => {
    ({ t, live, business, customer } = await threadsApp(database().db));
  });
  afterAll(() => t.close());

  const db = () => database().db;
  const actorOf = (role: 'business' | 'customer') => (role === 'business' ? business : customer);

  it('a request opens the thread with its offer; the business sees it, not as an unread message', async () => {
    const [slot] = await slotsOf(t, business.id);
    const response = await call(
      t,
      'POST',
      '/api/booking/book',
      customer,
      bookingBody(business, slot as string),
    );
    expect(response.statusCode, response.body).toBe(201);
    const bookingId = response.json().booking.id;
    const thread = await lines(t, business, bookingId);
    expect(thread).toEqual({
      messages: [
        {
          id: expect.any(String),
          from: 'system',
          body: 'Booking requested: £30',
          createdAt: t.clock.now().toISOString(),
        },
      ],
      open: true,
    });
    // The line's id is its transition's.
    const transition = await db()
      .selectFrom('booking_transitions')
      .select('id')
      .where('booking_id', '=', bookingId)
      .executeTakeFirstOrThrow();
    expect(thread.messages[0]?.id).toBe(transition.id);
    expect((await unread(t, business)).byBooking[bookingId]).toBeUndefined();
    // Both parties are past it: the thread does not wait in the unread index.
    const row = await db()
      .selectFrom('booking_threads')
      .selectAll()
      .where('booking_id', '=', bookingId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ last_seq: 1, customer_read_seq: 1, business_read_seq: 1 });
    expect(live.of(bookingId)).toEqual([
      {
        type: 'message',
        recipients: [customer.id, business.id],
        bookingId,
        message: thread.messages[0],
      },
      { type: 'booking', recipients: [customer.id, business.id], bookingId, status: 'Requested' },
    ]);
  });

  it.each(
    BOOKING_TRANSITIONS.map((transition) => ({
      ...transition,
      name: `${transition.from} → ${transition.to} by the ${transition.actor}`,
    })),
  )('$name: a system line with its text and price, and both parties’ streams told', async (transition) => {
    const booking = await insertBooking(t, db(), {
      business,
      customer,
      startsAt: hourIn(t, day++),
      status: transition.from,
      price: 30,
      counterPrice: (['Countered', 'Confirmed'] as BookingStatus[]).includes(transition.from)
        ? 45
        : undefined,
    });
    const question = await posted(t, customer, booking.id, 'Is parking free?');
    const { url, body } = requestFor(transition.action, booking);
    const response = await call(t, 'PATCH', url, actorOf(transition.actor), body);
    expect(response.statusCode, response.body).toBe(200);

    for (const reader of [customer, business]) {
      const thread = await lines(t, reader, booking.id);
      expect(thread.messages).toEqual([
        question,
        {
          id: expect.any(String),
          from: 'system',
          body: LINE[transition.action],
          createdAt: t.clock.now().toISOString(),
        },
      ]);
    }
    const line = (await lines(t, customer, booking.id)).messages[1];
    expect(live.of(booking.id).slice(-2)).toEqual([
      { type: 'message', recipients: [customer.id, business.id], bookingId: booking.id, message: line },
      {
        type: 'booking',
        recipients: [customer.id, business.id],
        bookingId: booking.id,
        status: transition.to,
      },
    ]);
    // The price as the change recorded it.
    const row = await db()
      .selectFrom('booking_messages')
      .select(['status', 'price', 'sender', 'sender_id', 'body'])
      .where('id', '=', line?.id ?? '')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      status: transition.to,
      price: { approve: 30, counter: 55, accept: 45 }[transition.action as string] ?? null,
      sender: 'system',
      sender_id: null,
      body: '',
    });
    // A system line is nobody's unread message; the customer's question still is the business's.
    expect((await unread(t, customer)).byBooking[booking.id]).toBeUndefined();
    expect((await unread(t, business)).byBooking[booking.id]).toBe(1);
  });

  it('moves both parties past a status change they have nothing unread before: no thread waits in the unread index', async () => {
    const [, , slot] = await slotsOf(t, business.id);
    const booked = await call(
      t,
      'POST',
      '/api/booking/book',
      customer,
      bookingBody(business, slot as string),
    );
    expect(booked.statusCode, booked.body).toBe(201);
    const bookingId = booked.json().booking.id;
    const approved = await call(t, 'PATCH', '/api/booking/setstatus', business, {
      businessId: business.id,
      bookingId,
      status: 'Approved',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const row = await db()
      .selectFrom('booking_threads')
      .selectAll()
      .where('booking_id', '=', bookingId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ last_seq: 2, customer_read_seq: 2, business_read_seq: 2 });
  });

  it('a refused change writes no line and tells no stream', async () => {
    const booking = await insertBooking(t, db(), { business, customer, startsAt: hourIn(t, day++) });
    const events = live.events.length;
    // The customer cannot approve their own request.
    const refused = await call(t, 'PATCH', '/api/booking/setstatus', customer, {
      businessId: business.id,
      bookingId: booking.id,
      status: 'Approved',
    });
    expect(refused.statusCode).toBe(409);
    expect((await lines(t, customer, booking.id)).messages).toEqual([]);
    expect(live.events.length).toBe(events);
  });

  it('a negotiation reads in order: request, question, counter with its price, answer, acceptance', async () => {
    const [, slot] = await slotsOf(t, business.id);
    const booked = await call(
      t,
      'POST',
      '/api/booking/book',
      customer,
      bookingBody(business, slot as string),
    );
    expect(booked.statusCode, booked.body).toBe(201);
    const bookingId = booked.json().booking.id;
    const ref = { businessId: business.id, bookingId };
    const asked = await posted(t, customer, bookingId, 'Can you do £25 if I come at 9?');
    const countered = await call(t, 'PATCH', '/api/booking/counter', business, { ...ref, newPrice: 28 });
    expect(countered.statusCode, countered.body).toBe(200);
    await posted(t, business, bookingId, 'Best I can do is £28');
    const accepted = await call(t, 'PATCH', '/api/booking/respond-to-counter', customer, {
      ...ref,
      response: 'Accepted',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const thread = await lines(t, customer, bookingId);
    expect(thread.messages.map((m) => [m.from, m.body])).toEqual([
      ['system', 'Booking requested: £30'],
      ['customer', 'Can you do £25 if I come at 9?'],
      ['system', 'Counter offer: £28'],
      ['business', 'Best I can do is £28'],
      ['system', 'Counter offer accepted: £28'],
    ]);
    // Paging from the question gives the rest.
    expect((await lines(t, business, bookingId, asked.id)).messages).toEqual(thread.messages.slice(2));
    // The customer's acceptance came after the business's reply: that reply is still unread.
    expect((await unread(t, customer)).byBooking[bookingId]).toBe(1);
    expect((await markRead(t, customer, bookingId, thread.messages[4]?.id ?? '')).statusCode).toBe(204);
    expect((await unread(t, customer)).byBooking[bookingId]).toBeUndefined();
  });
});
