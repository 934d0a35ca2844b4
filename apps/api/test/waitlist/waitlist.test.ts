import { randomUUID } from 'node:crypto';
import { addDays, bookingWindow, todayInLondon, WAITLIST_MESSAGES } from '@app/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';
import {
  type Actor,
  bookingBody,
  call,
  createBusiness,
  createCustomer,
  insertBooking,
} from '../helpers/marketplace';

/**
 * The waiting list (api-contract §9.4, issue 33 item 2): a customer waits for a day at a business,
 * and hears once when an agreed time there that day is freed.
 */
describeEachDatabase('the waiting list', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database().db);
  });
  afterAll(() => t.close());
  const db = () => database().db;
  const day = (ahead: number) => addDays(todayInLondon(t.clock.now()), ahead);
  const join = (actor: Actor | null, body: Record<string, unknown>) =>
    call(t, 'POST', '/api/booking/waitlist', actor, body);
  const openedTo = (email: string) =>
    t.mailer.messages.filter((m) => m.to === email && m.subject.startsWith('A time opened at'));
  const cancel = (actor: Actor, row: { id: string; business_id: string }) =>
    call(t, 'PATCH', '/api/booking/setstatus', actor, {
      businessId: row.business_id,
      bookingId: row.id,
      status: 'Cancelled',
    });

  it('keeps a customer’s days: listed soonest first, once each, three at most, their own to remove', async () => {
    const business = await createBusiness(t, db(), { business_name: 'Wait Here Barbers' });
    const customer = await createCustomer(t, db());
    const joined = await join(customer, { businessId: business.id, date: day(5) });
    expect(joined.statusCode, joined.body).toBe(201);
    const entry = joined.json().entry;
    expect(entry).toEqual({
      id: expect.any(String),
      businessId: business.id,
      businessName: 'Wait Here Barbers',
      date: day(5),
    });
    const again = await join(customer, { businessId: business.id, date: day(5) });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(WAITLIST_MESSAGES.already);
    expect((await join(customer, { businessId: business.id, date: day(2) })).statusCode).toBe(201);
    expect((await join(customer, { businessId: business.id, date: day(3) })).statusCode).toBe(201);
    const fourth = await join(customer, { businessId: business.id, date: day(4) });
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().message).toBe(WAITLIST_MESSAGES.tooMany);

    const listed = (await call(t, 'GET', '/api/booking/waitlist', customer)).json().entries;
    expect(listed.map((one: { date: string }) => one.date)).toEqual([day(2), day(3), day(5)]);

    const stranger = await createCustomer(t, db());
    expect((await call(t, 'DELETE', `/api/booking/waitlist/${entry.id}`, stranger)).statusCode).toBe(404);
    expect((await call(t, 'DELETE', `/api/booking/waitlist/${entry.id}`, customer)).statusCode).toBe(204);
    expect((await call(t, 'DELETE', `/api/booking/waitlist/${entry.id}`, customer)).statusCode).toBe(404);
    expect((await join(customer, { businessId: business.id, date: day(4) })).statusCode).toBe(201);
  });

  it('refuses a day outside the window, an unknown business and a business (403)', async () => {
    const business = await createBusiness(t, db());
    const customer = await createCustomer(t, db());
    const last = bookingWindow(t.clock.now()).last;
    for (const date of [day(-1), addDays(last, 1), '2026-02-30', 'soon']) {
      const refused = await join(customer, { businessId: business.id, date });
      expect(refused.statusCode, date).toBe(400);
      expect(refused.json().message).toBe(WAITLIST_MESSAGES.date);
    }
    expect((await join(customer, { businessId: business.id, date: last })).statusCode).toBe(201);
    expect((await join(customer, { businessId: randomUUID(), date: day(1) })).statusCode).toBe(404);
    expect((await join(business, { businessId: business.id, date: day(1) })).statusCode).toBe(403);
    expect((await join(null, { businessId: business.id, date: day(1) })).statusCode).toBe(401);
  });

  it('tells each other waiting customer once when an agreed time is freed, and nobody when it is not', async () => {
    const business = await createBusiness(t, db(), { business_name: 'Opening Barbers' });
    const booker = await createCustomer(t, db());
    const waiting = await createCustomer(t, db());
    const otherDay = await createCustomer(t, db());
    const booked = await insertBooking(t, db(), {
      business,
      customer: booker,
      startsAt: `${day(4)} 10:00`,
      status: 'Approved',
    });
    const pending = await insertBooking(t, db(), { business, customer: booker, startsAt: `${day(4)} 12:00` });
    for (const [actor, date] of [
      [waiting, day(4)],
      [booker, day(4)],
      [otherDay, day(5)],
    ] as const) {
      expect((await join(actor, { businessId: business.id, date })).statusCode).toBe(201);
    }

    // A request withdrawn held no time: nothing opens.
    expect((await cancel(booker, pending)).statusCode).toBe(200);
    expect(openedTo(waiting.email)).toEqual([]);

    expect((await cancel(booker, booked)).statusCode).toBe(200);
    const [mail] = openedTo(waiting.email);
    expect(openedTo(waiting.email)).toHaveLength(1);
    expect(mail!.subject).toBe('A time opened at Opening Barbers');
    expect(mail!.text).toContain(`/booking/${business.id}`);
    // Not the one who freed it, nor someone waiting for another day.
    expect(openedTo(booker.email)).toEqual([]);
    expect(openedTo(otherDay.email)).toEqual([]);
  });

  it('does not tell anyone of a time the business closed (its away day), nor one who turned updates off', async () => {
    const business = await createBusiness(t, db(), { business_name: 'Closed Barbers' });
    const booker = await createCustomer(t, db());
    const waiting = await createCustomer(t, db());
    const quiet = await createCustomer(t, db());
    const booked = await insertBooking(t, db(), {
      business,
      customer: booker,
      startsAt: `${day(6)} 10:00`,
      status: 'Approved',
    });
    const later = await insertBooking(t, db(), {
      business,
      customer: booker,
      startsAt: `${day(7)} 10:00`,
      status: 'Approved',
    });
    for (const actor of [waiting, quiet]) {
      for (const date of [day(6), day(7)]) {
        expect((await join(actor, { businessId: business.id, date })).statusCode).toBe(201);
      }
    }
    const off = await call(t, 'PUT', '/api/user/notification-settings', quiet, {
      bookingUpdates: false,
      reminders: true,
      messages: true,
      marketing: false,
    });
    expect(off.statusCode).toBe(200);
    // The business goes away on day 6 and cancels its booking there: that day is closed.
    const away = await call(t, 'PUT', '/api/user/away-dates', business, {
      awayDates: [{ startDate: day(6), endDate: day(6) }],
      agreedBookings: { action: 'cancel', bookingIds: [booked.id], reason: 'Closed for a funeral' },
    });
    expect(away.statusCode, away.body).toBe(200);
    expect(openedTo(waiting.email)).toEqual([]);
    // Day 7's booking cancelled: an opening; the quiet customer's email is skipped by the outbox.
    expect((await cancel(booker, later)).statusCode).toBe(200);
    expect(openedTo(waiting.email)).toHaveLength(1);
    expect(openedTo(quiet.email)).toEqual([]);
  });

  it('a freed short booking at the end of the day opens a time (its own length, not an hour)', async () => {
    const business = await createBusiness(t, db(), { business_name: 'Late Fade Barbers' });
    const booker = await createCustomer(t, db());
    const waiting = await createCustomer(t, db());
    // 16:30 for 30 minutes, in hours of 09:00–17:00.
    const late = await insertBooking(t, db(), {
      business,
      customer: booker,
      startsAt: `${day(8)} 16:30`,
      status: 'Approved',
      durationMinutes: 30,
    });
    expect((await join(waiting, { businessId: business.id, date: day(8) })).statusCode).toBe(201);
    expect((await cancel(booker, late)).statusCode).toBe(200);
    expect(openedTo(waiting.email)).toHaveLength(1);
  });

  it('ends an entry when its customer asks for a time there that day', async () => {
    const business = await createBusiness(t, db());
    const customer = await createCustomer(t, db());
    const date = bookingWindow(t.clock.now()).last;
    expect((await join(customer, { businessId: business.id, date })).statusCode).toBe(201);
    const asked = await call(
      t,
      'POST',
      '/api/booking/book',
      customer,
      bookingBody(business, `${date} 10:00`),
    );
    expect(asked.statusCode, asked.body).toBe(201);
    expect((await call(t, 'GET', '/api/booking/waitlist', customer)).json().entries).toEqual([]);
  });
});
