import {
  addDays,
  atMostCharacters,
  type BookingStatus,
  cannotChangeBooking,
  MESSAGES,
  todayInLondon,
  tooLateToCancel,
  utcToLondonWallClock,
} from '@app/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BOOKING_MESSAGES } from '../../src/modules/bookings/bookings.messages';
import { createTestApp, type TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';
import {
  type Actor,
  bookingBody,
  bookingsSnapshot,
  call,
  createBusiness,
  createCustomer,
  insertBooking,
  slotsOf,
} from '../helpers/marketplace';

/** api-contract §8.4 and §8.9: the cancellation policy and cancelling an agreed appointment. */
describeEachDatabase('cancelling an agreed appointment', (database) => {
  let t: TestApp;
  let customer: Actor;
  /** A wall-clock day far enough ahead that its hours are bookable whatever the real date. */
  const day = () => addDays(todayInLondon(t.clock.now()), 3);
  beforeAll(async () => {
    t = await createTestApp(database().db);
    customer = await createCustomer(t, database().db, { first_name: 'Grace', last_name: 'Hopper' });
  });
  afterAll(() => t.close());

  const db = () => database().db;
  const newBusiness = (noticeHours = 0) =>
    createBusiness(t, db(), { business_name: 'Malone Cuts', cancellation_notice_hours: noticeHours });
  const booking = (business: Actor, status: BookingStatus, startsAt: string, who = customer) =>
    insertBooking(t, db(), {
      business,
      customer: who,
      startsAt,
      status,
      counterPrice: status === 'Confirmed' ? 45 : undefined,
    });
  const MINUTE = 60_000;
  const HOUR = 60 * MINUTE;
  /** The London wall-clock minute `ms` from the test clock's now (the clock never moves here). */
  const fromNow = (ms: number) => utcToLondonWallClock(new Date(t.clock.now().getTime() + ms));
  const customerCancel = (row: { id: string; business_id: string }, actor: Actor = customer) =>
    call(t, 'PATCH', '/api/booking/setstatus', actor, {
      businessId: row.business_id,
      bookingId: row.id,
      status: 'Cancelled',
    });
  const businessCancel = (row: { id: string; business_id: string }, actor: Actor, reason: unknown) =>
    call(t, 'PATCH', '/api/booking/cancel', actor, {
      businessId: row.business_id,
      bookingId: row.id,
      reason,
    });
  const mailsTo = (email: string) => t.mailer.messages.filter((m) => m.to === email);

  // ---- The policy -------------------------------------------------------------------------------

  it('a business sets its notice in whole hours 0–72 (default 0); the profile and available-times show it', async () => {
    const business = await createBusiness(t, db());
    const profile = await call(t, 'GET', '/api/user/userdetails', business);
    expect(profile.json().cancellationNoticeHours).toBe(0);
    for (const noticeHours of [72, '12', 0, 24]) {
      const response = await call(t, 'PUT', '/api/user/cancellation-policy', business, { noticeHours });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        id: business.id,
        cancellationNoticeHours: Number(noticeHours),
      });
    }
    const times = await call(t, 'GET', `/api/booking/available-times?businessId=${business.id}`, null);
    expect(times.json().business.cancellationNoticeHours).toBe(24);
  });

  it.each([-1, 73, 2.5, '2.5', '', null, 'abc'])(
    'refuses a notice of %j with 400, changing nothing',
    async (noticeHours) => {
      const business = await newBusiness(5);
      const response = await call(t, 'PUT', '/api/user/cancellation-policy', business, { noticeHours });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 'ValidationError',
        message: MESSAGES.cancellationNoticeRange,
        errors: { noticeHours: MESSAGES.cancellationNoticeRange },
      });
      expect((await call(t, 'GET', '/api/user/userdetails', business)).json().cancellationNoticeHours).toBe(
        5,
      );
    },
  );

  it('answers 403 to a customer setting a policy, 401 without a token', async () => {
    const response = await call(t, 'PUT', '/api/user/cancellation-policy', customer, { noticeHours: 2 });
    expect(response.statusCode).toBe(403);
    expect((await call(t, 'GET', '/api/user/userdetails', customer)).json()).not.toHaveProperty(
      'cancellationNoticeHours',
    );
    expect((await call(t, 'PUT', '/api/user/cancellation-policy', null, { noticeHours: 2 })).statusCode).toBe(
      401,
    );
  });

  // ---- The customer -----------------------------------------------------------------------------

  it.each(['Approved', 'Confirmed'] as const)(
    'the customer cancels a %s booking until the notice, then gets 409 TooLateToCancel',
    async (status) => {
      const business = await newBusiness(24);
      // Exactly 24 hours ahead is already too late; a minute later is in time.
      const late = await booking(business, status, fromNow(24 * HOUR));
      const early = await booking(business, status, fromNow(24 * HOUR + MINUTE));

      const before = await bookingsSnapshot(db());
      const refused = await customerCancel(late);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        code: 'TooLateToCancel',
        message: "This booking can no longer be cancelled online: Bob Cuts asks for 24 hours' notice",
      });
      expect(refused.json().message).toBe(tooLateToCancel('Bob Cuts', 24));
      expect(await bookingsSnapshot(db())).toBe(before);

      const response = await customerCancel(early);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        message: BOOKING_MESSAGES.statusUpdated('Cancelled'),
        booking: { id: early.id, Status: 'Cancelled', CancelledBy: 'customer', CancellationReason: null },
      });
      expect(mailsTo(business.email).map((m) => m.subject)).toEqual([
        'Appointment cancelled by Grace Hopper',
      ]);
      expect(mailsTo(customer.email).some((m) => m.subject.includes('cancelled'))).toBe(false);
    },
  );

  it("the customer's bookings carry the business's notice as it is now, so the card can say it first", async () => {
    const business = await newBusiness(72);
    const row = await booking(business, 'Approved', fromNow(24 * HOUR));
    const noticeOf = async () => {
      const response = await call(t, 'GET', '/api/booking/userbookings', customer);
      expect(response.statusCode).toBe(200);
      const mine = response.json().requests.find((b: { id: string }) => b.id === row.id);
      return mine.CancellationNoticeHours;
    };
    expect(await noticeOf()).toBe(72);
    const changed = await call(t, 'PUT', '/api/user/cancellation-policy', business, { noticeHours: 12 });
    expect(changed.statusCode).toBe(200);
    expect(await noticeOf()).toBe(12);
  });

  it('with no notice, the customer may cancel until the start', async () => {
    const business = await newBusiness(0);
    const row = await booking(business, 'Approved', fromNow(MINUTE));
    expect((await customerCancel(row)).statusCode).toBe(200);
    const started = await booking(business, 'Approved', fromNow(0));
    const response = await customerCancel(started);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(tooLateToCancel('Bob Cuts', 0));
  });

  it('a cancelled Requested booking also says the customer cancelled it', async () => {
    const business = await newBusiness();
    const row = await booking(business, 'Requested', `${day()} 11:00`);
    const response = await customerCancel(row);
    expect(response.json().booking).toMatchObject({ Status: 'Cancelled', CancelledBy: 'customer' });
  });

  it('frees the hour at once: it is a slot again and another customer can book it and be approved', async () => {
    const business = await newBusiness();
    const [slot] = await slotsOf(t, business.id);
    const held = await booking(business, 'Approved', slot!);
    expect(await slotsOf(t, business.id)).not.toContain(slot);
    expect((await customerCancel(held)).statusCode).toBe(200);
    expect(await slotsOf(t, business.id)).toContain(slot);

    const other = await createCustomer(t, db());
    const booked = await call(t, 'POST', '/api/booking/book', other, bookingBody(business, slot!));
    expect(booked.statusCode, booked.body).toBe(201);
    const approved = await call(t, 'PATCH', '/api/booking/setstatus', business, {
      businessId: business.id,
      bookingId: booked.json().booking.id,
      status: 'Approved',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    // And the business's own cancellation frees it the same way.
    expect((await businessCancel(held, business, 'x')).statusCode).toBe(409);
    const again = await businessCancel(
      { id: approved.json().booking.id, business_id: business.id },
      business,
      'Closed for a family emergency',
    );
    expect(again.statusCode, again.body).toBe(200);
    expect(await slotsOf(t, business.id)).toContain(slot);
  });

  // ---- The business -----------------------------------------------------------------------------

  it.each(['Approved', 'Confirmed'] as const)(
    'the business cancels a %s booking with a reason: 200, who and why, and an email to the customer',
    async (status) => {
      const business = await newBusiness(48);
      // Inside the customer's notice: the business may still cancel until the start.
      const row = await booking(business, status, fromNow(MINUTE));
      const response = await businessCancel(row, business, '  The barber is ill  ');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({
        message: BOOKING_MESSAGES.statusUpdated('Cancelled'),
        booking: expect.objectContaining({
          id: row.id,
          Status: 'Cancelled',
          CancelledBy: 'business',
          CancellationReason: 'The barber is ill',
        }),
      });
      const history = await db()
        .selectFrom('booking_transitions')
        .select(['from_status', 'to_status', 'actor_id'])
        .where('booking_id', '=', row.id)
        .execute();
      expect(history).toEqual([{ from_status: status, to_status: 'Cancelled', actor_id: business.id }]);
      const mails = mailsTo(customer.email).filter(
        (m) => m.subject === 'Bob Cuts cancelled your appointment',
      );
      expect(mails.at(-1)?.text).toContain('Reason: The barber is ill');
      expect(mails.at(-1)?.text).toContain(row.starts_at.slice(11));
      // The customer sees who cancelled and why in their list.
      const mine = (await call(t, 'GET', '/api/booking/userbookings', customer)).json();
      expect(mine.requests.find((b: { id: string }) => b.id === row.id)).toMatchObject({
        CancelledBy: 'business',
        CancellationReason: 'The barber is ill',
      });
    },
  );

  it.each([
    [undefined, MESSAGES.cancellationReasonRequired],
    ['   ', MESSAGES.cancellationReasonRequired],
    ['x'.repeat(201), atMostCharacters(200)],
    ['shit happens', 'Reason contains inappropriate content'],
    ['ill\u0000', MESSAGES.invalidCharacters],
  ])('refuses a business cancellation with reason %j: 400, changing nothing', async (reason, message) => {
    const business = await newBusiness();
    const row = await booking(business, 'Approved', `${day()} 12:00`);
    const before = await bookingsSnapshot(db());
    const response = await businessCancel(row, business, reason);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'ValidationError', message, errors: { reason: message } });
    expect(await bookingsSnapshot(db())).toBe(before);
  });

  it('takes a reason of exactly 200 characters', async () => {
    const business = await newBusiness();
    const row = await booking(business, 'Approved', `${day()} 13:00`);
    const response = await businessCancel(row, business, 'r'.repeat(200));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().booking.CancellationReason).toBe('r'.repeat(200));
  });

  it('refuses a business cancellation once the booking has started (409 InvalidTransition)', async () => {
    const business = await newBusiness();
    const row = await booking(business, 'Approved', fromNow(0));
    const before = await bookingsSnapshot(db());
    const response = await businessCancel(row, business, 'Too late');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'InvalidTransition',
      message: `${cannotChangeBooking('Approved', 'Cancelled')}: ${BOOKING_MESSAGES.timeHasPassed}`,
    });
    expect(await bookingsSnapshot(db())).toBe(before);
  });

  it('refuses PATCH /booking/cancel on a booking that is not agreed (409), to a customer (403), to anyone else (404)', async () => {
    const business = await newBusiness();
    const otherBusiness = await newBusiness();
    const requested = await booking(business, 'Requested', `${day()} 14:00`);
    const refused = await businessCancel(requested, business, 'No');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'InvalidTransition',
      message: cannotChangeBooking('Requested', 'Cancelled'),
    });

    const approved = await booking(business, 'Approved', `${day()} 15:00`);
    const before = await bookingsSnapshot(db());
    expect((await businessCancel(approved, customer, 'Mine')).statusCode).toBe(403);
    const stranger = await businessCancel(approved, otherBusiness, 'Not mine');
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual({ code: 'NotFound', message: BOOKING_MESSAGES.bookingNotFound });
    const wrongId = await call(t, 'PATCH', '/api/booking/cancel', business, {
      businessId: otherBusiness.id,
      bookingId: approved.id,
      reason: 'Wrong id',
    });
    expect(wrongId.statusCode).toBe(404);
    // The business cannot skip the reason through setstatus.
    const viaSetStatus = await call(t, 'PATCH', '/api/booking/setstatus', business, {
      businessId: business.id,
      bookingId: approved.id,
      status: 'Cancelled',
    });
    expect(viaSetStatus.statusCode).toBe(409);
    expect(await bookingsSnapshot(db())).toBe(before);
  });

  it('tells the customer the notice in the approval email', async () => {
    const business = await newBusiness(12);
    const row = await booking(business, 'Requested', `${addDays(day(), 2)} 16:00`);
    const response = await call(t, 'PATCH', '/api/booking/setstatus', business, {
      businessId: business.id,
      bookingId: row.id,
      status: 'Approved',
    });
    expect(response.statusCode, response.body).toBe(200);
    const mail = mailsTo(customer.email).find(
      (m) => /is approved$/.test(m.subject) && m.text.includes(row.starts_at.slice(0, 4)),
    );
    expect(mail?.text).toContain('Cancelling: you can cancel online until 12 hours before the appointment');
    // Every booking email opens that booking's card; the calendar entry's URL too.
    expect(mail?.text).toContain(`Manage it here: ${t.config.appUrl}/profile?booking=${row.id}`);
    expect(mail?.html).toContain(`href="${t.config.appUrl}/profile?booking=${row.id}"`);
    const ics = String(mail?.attachments?.[0]?.content ?? '');
    expect(ics.replace(/\r\n /g, '')).toContain(`URL:${t.config.appUrl}/profile?booking=${row.id}`);
    // The business's email about the customer's cancellation opens the card on Manage Requests.
    const cancelled = await customerCancel(row);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const told = mailsTo(business.email).find((m) => m.subject.startsWith('Appointment cancelled by'));
    expect(told?.text).toContain(`${t.config.appUrl}/admin?tab=requests&booking=${row.id}`);
  });
});
