import { addDays, MESSAGES, todayInLondon, WEEKDAYS } from '@app/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
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

/**
 * Issue 29, item 1: away dates and narrowed hours over agreed bookings. The change lists them
 * first (a check), and goes through only saying what becomes of each: kept (they stay agreed) or
 * cancelled by the business with a reason (api-contract §8.4), in one transaction.
 */
describeEachDatabase('a change of hours or away dates over agreed bookings', (database) => {
  let t: TestApp;
  let customer: Actor;
  let other: Actor;
  const day = (ahead: number) => addDays(todayInLondon(t.clock.now()), ahead);
  beforeAll(async () => {
    t = await createTestApp(database().db);
    customer = await createCustomer(t, database().db, { first_name: 'Orla', last_name: 'Quinn' });
    other = await createCustomer(t, database().db, { first_name: 'Seán', last_name: "O'Neill" });
  });
  afterAll(() => t.close());

  const db = () => database().db;
  const mailsTo = (email: string) => t.mailer.messages.filter((m) => m.to === email);
  const statusOf = async (id: string) =>
    (await db().selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow()).status;
  const awayOf = async (business: Actor) =>
    (await call(t, 'GET', '/api/user/userdetails', business)).json().awayDates;
  const away = (startDate: string, endDate = startDate, reason?: string) => ({
    startDate,
    endDate,
    ...(reason ? { reason } : {}),
  });
  const everyDay = (start: string, end: string) =>
    Object.fromEntries(WEEKDAYS.map((d) => [d, [{ start, end }]]));

  /** A business with two agreed bookings on day 5 and one on day 6, and a request on day 5. */
  async function shopWithBookings() {
    const business = await createBusiness(t, db(), { business_name: 'Fade Factory' });
    const first = await insertBooking(t, db(), {
      business,
      customer,
      startsAt: `${day(5)} 10:00`,
      status: 'Approved',
    });
    const second = await insertBooking(t, db(), {
      business,
      customer: other,
      startsAt: `${day(5)} 15:00`,
      status: 'Confirmed',
      counterPrice: 40,
    });
    const later = await insertBooking(t, db(), {
      business,
      customer,
      startsAt: `${day(6)} 11:00`,
      status: 'Approved',
    });
    const pending = await insertBooking(t, db(), { business, customer: other, startsAt: `${day(5)} 12:00` });
    return { business, first, second, later, pending };
  }

  it('lists the agreed bookings new away days fall on, earliest first, and changes nothing', async () => {
    const { business, first, second } = await shopWithBookings();
    const before = await bookingsSnapshot(db());
    const check = await call(t, 'POST', '/api/user/away-dates/check', business, {
      awayDates: [away(day(5))],
    });
    expect(check.statusCode, check.body).toBe(200);
    // Agreed ones only: the request on that day is the business's to approve or deny as it is.
    expect(check.json().bookings).toEqual([
      expect.objectContaining({
        id: first.id,
        Status: 'Approved',
        BookingDateTime: `${day(5)} 10:00`,
        customerName: 'Orla Quinn',
      }),
      expect.objectContaining({ id: second.id, Status: 'Confirmed', customerName: "Seán O'Neill" }),
    ]);
    expect(await awayOf(business)).toEqual([]);
    expect(await bookingsSnapshot(db())).toBe(before);
  });

  it('refuses the change without a decision (409 AgreedBookingsChanged) and stores nothing', async () => {
    const { business } = await shopWithBookings();
    const before = await bookingsSnapshot(db());
    const refused = await call(t, 'PUT', '/api/user/away-dates', business, { awayDates: [away(day(5))] });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toEqual({
      code: 'AgreedBookingsChanged',
      message: `These away dates fall on 2 agreed bookings. ${MESSAGES.agreedBookingsChoice}.`,
    });
    expect(await awayOf(business)).toEqual([]);
    expect(await bookingsSnapshot(db())).toBe(before);
  });

  it('cancels them with the reason: each customer is emailed, the day is away, all in one change', async () => {
    const { business, first, second, later, pending } = await shopWithBookings();
    const saved = await call(t, 'PUT', '/api/user/away-dates', business, {
      awayDates: [away(day(5), day(5), 'Family wedding')],
      agreedBookings: {
        action: 'cancel',
        bookingIds: [first.id, second.id],
        reason: '  The shop is closed that day  ',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().awayDates).toEqual([
      expect.objectContaining({ startDate: day(5), reason: 'Family wedding' }),
    ]);
    for (const booking of [first, second]) {
      const row = await db()
        .selectFrom('bookings')
        .selectAll()
        .where('id', '=', booking.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        status: 'Cancelled',
        cancelled_by: 'business',
        cancellation_reason: 'The shop is closed that day',
      });
    }
    expect(await statusOf(later.id)).toBe('Approved');
    expect(await statusOf(pending.id)).toBe('Requested');
    for (const who of [customer, other]) {
      // The name the booking captured when it was made (insertBooking's).
      const mail = mailsTo(who.email).findLast((m) => m.subject === 'Bob Cuts cancelled your appointment');
      expect(mail?.text).toContain('Reason: The shop is closed that day');
      expect(mail?.attachments?.[0]?.content.toString()).toContain('STATUS:CANCELLED');
    }
    // The customer's list says who cancelled and why.
    const mine = (await call(t, 'GET', '/api/booking/userbookings', customer)).json();
    expect([...mine.requests, ...mine.bookings].find((b: { id: string }) => b.id === first.id)).toMatchObject(
      {
        Status: 'Cancelled',
        CancelledBy: 'business',
        CancellationReason: 'The shop is closed that day',
      },
    );
    expect((await slotsOf(t, business.id)).some((slot) => slot.startsWith(day(5)))).toBe(false);
  });

  it('keeps them: they stay agreed, the day is closed to new requests, and a later change does not ask again', async () => {
    const { business, first, second } = await shopWithBookings();
    const sent = t.mailer.messages.length;
    const kept = await call(t, 'PUT', '/api/user/away-dates', business, {
      awayDates: [away(day(5))],
      agreedBookings: { action: 'keep', bookingIds: [first.id, second.id] },
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(await statusOf(first.id)).toBe('Approved');
    expect(await statusOf(second.id)).toBe('Confirmed');
    expect(t.mailer.messages.length).toBe(sent);
    expect((await slotsOf(t, business.id)).some((slot) => slot.startsWith(day(5)))).toBe(false);

    const stored = await awayOf(business);
    const more = { awayDates: [...stored, away(day(8))] };
    const check = await call(t, 'POST', '/api/user/away-dates/check', business, more);
    expect(check.json().bookings).toEqual([]);
    expect((await call(t, 'PUT', '/api/user/away-dates', business, more)).statusCode).toBe(200);
  });

  it('narrowed hours: lists the bookings they leave out, and cancels or keeps them the same way', async () => {
    const { business, first, second, later } = await shopWithBookings();
    // 11:00–15:00 leaves out 10:00 and 15:00 on day 5, not 11:00 on day 6.
    const narrowed = { availability: everyDay('11:00', '15:00') };
    const check = await call(t, 'POST', '/api/user/availability/check', business, narrowed);
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json().bookings.map((b: { id: string }) => b.id)).toEqual([first.id, second.id]);

    const refused = await call(t, 'PUT', '/api/user/availability', business, narrowed);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      `These hours leave out 2 agreed bookings. ${MESSAGES.agreedBookingsChoice}.`,
    );

    const saved = await call(t, 'PUT', '/api/user/availability', business, {
      ...narrowed,
      agreedBookings: { action: 'cancel', bookingIds: [first.id, second.id], reason: 'New opening hours' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().availability.Monday).toEqual([{ start: '11:00', end: '15:00' }]);
    expect(await statusOf(first.id)).toBe('Cancelled');
    expect(await statusOf(second.id)).toBe('Cancelled');
    expect(await statusOf(later.id)).toBe('Approved');
  });

  it('narrowed shop hours leave out no booking of a barber who works hours of their own (api-contract §9.3)', async () => {
    const business = await createBusiness(t, db(), { business_name: 'Own Hours Barbers' });
    const [owner] = (await call(t, 'GET', '/api/user/team', business)).json().team;
    const own = await call(t, 'PUT', `/api/user/team/${owner.id}`, business, {
      name: owner.name,
      serviceIds: owner.serviceIds,
      availability: everyDay('08:00', '18:00'),
    });
    expect(own.statusCode, own.body).toBe(200);
    const theirs = await insertBooking(t, db(), {
      business,
      customer,
      startsAt: `${day(5)} 16:00`,
      status: 'Approved',
      memberId: owner.id,
    });
    const nobodys = await insertBooking(t, db(), {
      business,
      customer: other,
      startsAt: `${day(5)} 10:00`,
      status: 'Approved',
    });
    const check = await call(t, 'POST', '/api/user/availability/check', business, {
      availability: everyDay('11:00', '15:00'),
    });
    expect(check.json().bookings.map((b: { id: string }) => b.id)).toEqual([nobodys.id]);
    expect(theirs.id).not.toBe(nobodys.id);
  });

  it('refuses a decision that does not name every booking (one agreed meanwhile), and changes nothing', async () => {
    const { business, first, second } = await shopWithBookings();
    const before = await bookingsSnapshot(db());
    const partial = await call(t, 'PUT', '/api/user/away-dates', business, {
      awayDates: [away(day(5))],
      agreedBookings: { action: 'cancel', bookingIds: [first.id], reason: 'Closed' },
    });
    expect(partial.statusCode).toBe(409);
    expect(partial.json()).toEqual({
      code: 'AgreedBookingsChanged',
      message: MESSAGES.agreedBookingsChanged,
    });
    expect(await bookingsSnapshot(db())).toBe(before);
    expect(await awayOf(business)).toEqual([]);
    // A booking gone meanwhile (the customer cancelled) may still be named.
    await db().updateTable('bookings').set({ status: 'Cancelled' }).where('id', '=', second.id).execute();
    const saved = await call(t, 'PUT', '/api/user/away-dates', business, {
      awayDates: [away(day(5))],
      agreedBookings: { action: 'keep', bookingIds: [first.id, second.id] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it('a booking approved between the check and the save makes the save 409, and nothing changes', async () => {
    const { business, first, second, pending } = await shopWithBookings();
    const body = { awayDates: [away(day(5))] };
    const listed = (await call(t, 'POST', '/api/user/away-dates/check', business, body)).json().bookings;
    expect(listed.map((b: { id: string }) => b.id)).toEqual([first.id, second.id]);
    const approved = await call(t, 'PATCH', '/api/booking/setstatus', business, {
      businessId: business.id,
      bookingId: pending.id,
      status: 'Approved',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const before = await bookingsSnapshot(db());
    const saved = await call(t, 'PUT', '/api/user/away-dates', business, {
      ...body,
      agreedBookings: { action: 'cancel', bookingIds: [first.id, second.id], reason: 'Closed' },
    });
    expect(saved.statusCode).toBe(409);
    expect(saved.json()).toEqual({ code: 'AgreedBookingsChanged', message: MESSAGES.agreedBookingsChanged });
    expect(await bookingsSnapshot(db())).toBe(before);
    expect(await awayOf(business)).toEqual([]);
  });

  it('a check takes only the change: a decision in it is no reason to refuse', async () => {
    const { business } = await shopWithBookings();
    const check = await call(t, 'POST', '/api/user/away-dates/check', business, {
      awayDates: [away(day(5))],
      agreedBookings: { action: 'cancel', bookingIds: [], reason: '' },
    });
    expect(check.statusCode, check.body).toBe(200);
  });

  it('does not list a booking that has started, nor a change that falls on none', async () => {
    const business = await createBusiness(t, db());
    const today = todayInLondon(t.clock.now());
    await insertBooking(t, db(), {
      business,
      customer,
      startsAt: `${addDays(today, -1)} 10:00`,
      status: 'Approved',
    });
    const check = await call(t, 'POST', '/api/user/away-dates/check', business, {
      awayDates: [away(day(3))],
    });
    expect(check.json().bookings).toEqual([]);
    const saved = await call(t, 'PUT', '/api/user/away-dates', business, { awayDates: [away(day(3))] });
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it.each([
    [{ action: 'cancel', bookingIds: [] }, MESSAGES.cancellationReasonRequired],
    [{ action: 'cancel', bookingIds: [], reason: 'x'.repeat(201) }, 'Must be at most 200 characters'],
    [{ action: 'move', bookingIds: [] }, MESSAGES.agreedBookingsChoice],
    [{ action: 'keep' }, MESSAGES.agreedBookingsChoice],
  ])('a bad decision %j is a 400 naming the problem', async (agreedBookings, message) => {
    const { business } = await shopWithBookings();
    const response = await call(t, 'PUT', '/api/user/away-dates', business, {
      awayDates: [away(day(5))],
      agreedBookings,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('is the business’s own: a customer gets 403, and ids of another business’s bookings change nothing of theirs', async () => {
    const { business, first } = await shopWithBookings();
    const forbidden = await call(t, 'POST', '/api/user/away-dates/check', customer, {
      awayDates: [away(day(5))],
    });
    expect(forbidden.statusCode).toBe(403);
    const stranger = await createBusiness(t, db());
    const saved = await call(t, 'PUT', '/api/user/away-dates', stranger, {
      awayDates: [away(day(5))],
      agreedBookings: { action: 'cancel', bookingIds: [first.id], reason: 'Closed' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await statusOf(first.id)).toBe('Approved');
    expect(await awayOf(business)).toEqual([]);
  });
});
