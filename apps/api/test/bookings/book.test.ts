import { addDays, bookingEndOf, MESSAGES, priceAtLeast, todayInLondon } from '@app/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BOOKING_MESSAGES } from '../../src/modules/bookings/bookings.messages';
import { createTestApp, type TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';
import {
  type Actor,
  bookingBody,
  bookingsSnapshot,
  CUSTOMER_ADDRESS,
  call,
  createBusiness,
  createCustomer,
  insertBooking,
  slotsOf,
} from '../helpers/marketplace';

describeEachDatabase('POST /api/booking/book', (database) => {
  let t: TestApp;
  let business: Actor;
  let customer: Actor;
  let slots: string[];
  beforeAll(async () => {
    t = await createTestApp(database().db);
    business = await createBusiness(t, database().db, {
      first_name: 'Bob',
      last_name: 'Barber',
      business_name: 'Bob Cuts',
      minimum_price: 25,
    });
    customer = await createCustomer(t, database().db, {
      first_name: 'Grace',
      last_name: 'Hopper',
      phone_number: '+447700900123',
    });
    slots = await slotsOf(t, business.id);
  });
  afterAll(() => t.close());

  const db = () => database().db;
  const book = (body: unknown, actor: Actor | null = customer) =>
    call(t, 'POST', '/api/booking/book', actor, body);

  it('creates a Requested booking with the names of the day, its history, and emails the business', async () => {
    const slot = slots[0]!;
    const response = await book(bookingBody(business, slot, { price: '30' }));
    expect(response.statusCode, response.body).toBe(201);
    const { message, booking } = response.json();
    expect(message).toBe(BOOKING_MESSAGES.requested);
    expect(booking).toEqual({
      id: expect.any(String),
      bookingId: booking.id,
      BusinessID: business.id,
      businessId: business.id,
      CustomerID: customer.id,
      Status: 'Requested',
      BookingDateTime: slot,
      Price: 30,
      OriginalPrice: null,
      CounterPrice: null,
      FinalPrice: null,
      // Of the business's first service, 'Appointment', an hour long; no member yet (§9.3).
      ServiceID: expect.any(String),
      ServiceName: 'Appointment',
      DurationMinutes: 60,
      EndDateTime: bookingEndOf(slot, 60),
      MemberID: null,
      MemberName: null,
      IsHomeVisit: false,
      CustomerAddress: null,
      customerName: 'Grace Hopper',
      customerEmail: customer.email,
      customerPhone: '+447700900123',
      barberName: 'Bob Barber',
      BusinessName: 'Bob Cuts',
      BusinessAddress: '2 High Street, Belfast, BT1 2AB',
      CancellationNoticeHours: 0,
      CancelledBy: null,
      CancellationReason: null,
      PaymentStatus: 'NotRequired',
      AmountDuePence: 0,
      PaymentDueBy: null,
      AmountPaidPence: 0,
      AmountRefundedPence: 0,
      RefundRetrying: false,
      WalkIn: false,
      Attendance: null,
      RescheduledFrom: null,
      MoveProposal: null,
      CreatedAt: t.clock.now().toISOString(),
      UpdatedAt: t.clock.now().toISOString(),
    });
    const history = await db()
      .selectFrom('booking_transitions')
      .selectAll()
      .where('booking_id', '=', booking.id)
      .execute();
    expect(history).toEqual([
      expect.objectContaining({
        from_status: null,
        to_status: 'Requested',
        actor_id: customer.id,
        price: 30,
      }),
    ]);
    const [mail] = t.mailer.to(business.email);
    expect(mail?.subject).toBe('New booking request from Grace Hopper');
    expect(mail?.text).toContain('Price offered: £30');
    expect(t.mailer.to(customer.email)).toEqual([]);
  });

  it('accepts the minimum itself, as a number or as text', async () => {
    expect((await book(bookingBody(business, slots[1]!, { price: 25 }))).statusCode).toBe(201);
    expect((await book(bookingBody(business, slots[2]!, { price: ' 25 ' }))).statusCode).toBe(201);
  });

  it('keeps the address of a home visit, and drops one sent without a home visit', async () => {
    const home = await book(
      bookingBody(business, slots[3]!, { isHomeVisit: true, customerAddress: CUSTOMER_ADDRESS }),
    );
    expect(home.statusCode, home.body).toBe(201);
    expect(home.json().booking).toMatchObject({ IsHomeVisit: true, CustomerAddress: CUSTOMER_ADDRESS });
    const shop = await book(bookingBody(business, slots[4]!, { customerAddress: CUSTOMER_ADDRESS }));
    expect(shop.json().booking).toMatchObject({ IsHomeVisit: false, CustomerAddress: null });
  });

  it('lists the request under the customer’s requests, newest first', async () => {
    const other = await createCustomer(t, db());
    const first = (await book(bookingBody(business, slots[5]!), other)).json().booking;
    t.clock.advance(1000);
    const second = (await book(bookingBody(business, slots[6]!), other)).json().booking;
    const response = await call(t, 'GET', '/api/booking/userbookings', other);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ requests: [second, first], bookings: [] });
  });

  it('answers 409 DuplicateRequest for a second open request at the same time', async () => {
    const slot = slots[7]!;
    expect((await book(bookingBody(business, slot))).statusCode).toBe(201);
    const before = await bookingsSnapshot(db());
    const again = await book(bookingBody(business, slot, { price: 40 }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'DuplicateRequest', message: BOOKING_MESSAGES.duplicateRequest });
    expect(await bookingsSnapshot(db())).toBe(before);
    // Another customer may still ask for that hour.
    expect((await book(bookingBody(business, slot), await createCustomer(t, db()))).statusCode).toBe(201);
  });

  it('lets a customer ask again once the earlier request was cancelled', async () => {
    const slot = slots[8]!;
    await insertBooking(t, db(), { business, customer, startsAt: slot, status: 'Cancelled' });
    expect((await book(bookingBody(business, slot))).statusCode).toBe(201);
  });

  it('answers 409 SlotTaken when the hour was approved for someone else meanwhile', async () => {
    const slot = slots[9]!;
    await insertBooking(t, db(), {
      business,
      customer: await createCustomer(t, db()),
      startsAt: slot,
      status: 'Approved',
    });
    const before = await bookingsSnapshot(db());
    const response = await book(bookingBody(business, slot));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: 'SlotTaken', message: BOOKING_MESSAGES.slotTaken });
    expect(await bookingsSnapshot(db())).toBe(before);
  });

  const notSlot = (bookingDateTime: string) => [
    'bookingDateTime',
    { bookingDateTime },
    BOOKING_MESSAGES.slotNotAvailable,
  ];

  it.each([
    ['price', { price: 24 }, priceAtLeast(25)],
    ['price', { price: '1' }, priceAtLeast(25)],
    ['price', { price: 1.5 }, MESSAGES.wholePounds],
    ['price', { price: '30.5' }, MESSAGES.wholePounds],
    ['price', { price: '30.50' }, MESSAGES.wholePounds],
    ['price', { price: -5 }, priceAtLeast(1)],
    ['price', { price: 1e9 }, MESSAGES.priceTooHigh],
    // Text that is no amount says so; '£30' as people write it is a price (issue 29, item 8).
    ['price', { price: 'abc' }, MESSAGES.wholePounds],
    ['price', { price: '30p' }, MESSAGES.wholePounds],
    ['price', { price: null }, priceAtLeast(1)],
    ['price', { price: '' }, priceAtLeast(1)],
    ['price', { price: Number.NaN }, priceAtLeast(1)],
    ['customerAddress', { isHomeVisit: true }, MESSAGES.homeVisitAddressRequired],
    ['customerAddress', { isHomeVisit: true, customerAddress: '   ' }, MESSAGES.homeVisitAddressRequired],
    [
      'customerAddress',
      { isHomeVisit: true, customerAddress: 'x'.repeat(500) },
      'Must be at most 406 characters',
    ],
    ['isHomeVisit', { isHomeVisit: 'yes' }, MESSAGES.mustBeTrueOrFalse],
    ['bookingDateTime', { bookingDateTime: 'tomorrow' }, MESSAGES.bookingDateTimeFormat],
    ['bookingDateTime', { bookingDateTime: '2030-02-30 10:00' }, MESSAGES.bookingDateTimeFormat],
    ['bookingDateTime', { bookingDateTime: 12 }, MESSAGES.bookingDateTimeFormat],
    ['businessId', { businessId: 'x'.repeat(65) }, 'Must be at most 64 characters'],
    ['businessId', { businessId: null }, 'businessId is required'],
  ])('answers 400 for a bad %s (%j) and changes nothing', async (field, overrides, message) => {
    const before = await bookingsSnapshot(db());
    const response = await book(bookingBody(business, slots[10]!, overrides));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ code: 'ValidationError', message, errors: { [field]: message } });
    expect(await bookingsSnapshot(db())).toBe(before);
  });

  it('answers 400 for times that are not slots: past, off hours, off the hour, too far ahead, away days', async () => {
    const today = todayInLondon(t.clock.now());
    const away = addDays(today, 2);
    await db()
      .insertInto('away_dates')
      .values({
        id: crypto.randomUUID(),
        user_id: business.id,
        start_date: away,
        end_date: away,
        reason: null,
        status: 'active',
        created_at: t.clock.now().toISOString(),
      })
      .execute();
    const before = await bookingsSnapshot(db());
    for (const time of [
      `${addDays(today, -1)} 10:00`,
      '2020-01-01 10:00',
      `${addDays(today, 3)} 08:00`,
      `${addDays(today, 3)} 16:30`,
      `${addDays(today, 3)} 17:00`,
      `${addDays(today, 3)} 10:30`,
      `${addDays(today, 40)} 10:00`,
      `${away} 10:00`,
    ]) {
      const [field, overrides, message] = notSlot(time) as [string, Record<string, unknown>, string];
      const response = await book(bookingBody(business, slots[10]!, overrides));
      expect(response.statusCode, time).toBe(400);
      expect(response.json()).toEqual({ code: 'ValidationError', message, errors: { [field]: message } });
    }
    expect(await bookingsSnapshot(db())).toBe(before);
  });

  it('answers 400 for a home visit the business does not offer', async () => {
    const shopOnly = await createBusiness(t, db(), { home_visits_enabled: 0 });
    const [slot] = await slotsOf(t, shopOnly.id);
    const response = await book(
      bookingBody(shopOnly, slot!, { isHomeVisit: true, customerAddress: CUSTOMER_ADDRESS }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'ValidationError',
      message: BOOKING_MESSAGES.noHomeVisits,
      errors: { isHomeVisit: BOOKING_MESSAGES.noHomeVisits },
    });
  });

  it('answers 404 for unknown, unlisted and unconfirmed businesses, and for a customer’s id', async () => {
    const unlisted = await createBusiness(t, db(), { is_listed: 0 });
    const unconfirmed = await createBusiness(t, db(), { is_confirmed: 0 });
    const before = await bookingsSnapshot(db());
    for (const id of [crypto.randomUUID(), unlisted.id, unconfirmed.id, customer.id, 42]) {
      const response = await book({ ...bookingBody(business, slots[10]!), businessId: id });
      expect(response.statusCode, String(id)).toBe(404);
      expect(response.json()).toEqual({ code: 'NotFound', message: BOOKING_MESSAGES.businessNotFound });
    }
    expect(await bookingsSnapshot(db())).toBe(before);
  });

  it('answers 401 without a valid token and 403 for Business and Admin accounts', async () => {
    const before = await bookingsSnapshot(db());
    const body = bookingBody(business, slots[10]!);
    expect((await book(body, null)).statusCode).toBe(401);
    expect(
      (await call(t, 'POST', '/api/booking/book', null, body, { headers: { authorization: 'Bearer x.y.z' } }))
        .statusCode,
    ).toBe(401);
    for (const actor of [business, await createBusiness(t, db(), { user_type: 'Admin' })]) {
      const response = await book(body, actor);
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('Forbidden');
    }
    expect(await bookingsSnapshot(db())).toBe(before);
  });

  it('keeps the captured names after the customer renames themself', async () => {
    const renamed = await createCustomer(t, db(), { first_name: 'Old', last_name: 'Name' });
    const { booking } = (await book(bookingBody(business, slots.at(-1)!), renamed)).json();
    await db().updateTable('users').set({ first_name: 'New' }).where('id', '=', renamed.id).execute();
    const { requests } = (await call(t, 'GET', '/api/booking/userbookings', renamed)).json();
    expect(requests[0]).toMatchObject({ id: booking.id, customerName: 'Old Name' });
  });
});
