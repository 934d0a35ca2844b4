import { addDays, WEEKDAYS } from '@app/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { type Actor, call, createBusiness, createCustomer, insertBooking } from '../helpers/marketplace';
import { onEachDatabase, setClock, testDay } from './support';

/**
 * The rule the hours race found missing: a booking may only come to hold an hour (approve, accept)
 * that the business offers at that moment. Its request was checked against the hours of its time,
 * but the business may have narrowed its hours or gone away since.
 */
const DAY = testDay(2);
const everyDay = (...ranges: { start: string; end: string }[]) =>
  Object.fromEntries(WEEKDAYS.map((day) => [day, ranges]));
const OUTSIDE =
  /^Cannot change booking from (Requested to Approved|Countered to Confirmed): its time is no longer within the business’s hours$/;

onEachDatabase((database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database().db);
    setClock(t, `${addDays(DAY, -1)} 12:00`);
  });
  afterAll(() => t.close());

  const db = () => database().db;
  const patch = (url: string, actor: Actor, body: Record<string, unknown>) =>
    call(t, 'PATCH', `/api/booking/${url}`, actor, body);
  const statusOf = async (id: string) =>
    (await db().selectFrom('bookings').select('status').where('id', '=', id).executeTakeFirstOrThrow())
      .status;

  it('refuses to approve a request whose hour the business has since closed (409 InvalidTransition), which it can still deny; approves again once the hour reopens', async () => {
    const business = await createBusiness(t, db());
    const customer = await createCustomer(t, db());
    const early = await insertBooking(t, db(), { business, customer, startsAt: `${DAY} 09:00` });
    const late = await insertBooking(t, db(), { business, customer, startsAt: `${DAY} 16:00` });
    const narrowed = await call(t, 'PUT', '/api/user/availability', business, {
      availability: everyDay({ start: '10:00', end: '16:30' }),
    });
    expect(narrowed.statusCode).toBe(200);

    for (const booking of [early, late]) {
      const refused = await patch('setstatus', business, {
        businessId: business.id,
        bookingId: booking.id,
        status: 'Approved',
      });
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().code).toBe('InvalidTransition');
      expect(refused.json().message).toMatch(OUTSIDE);
      expect(await statusOf(booking.id)).toBe('Requested');
    }
    const denied = await patch('setstatus', business, {
      businessId: business.id,
      bookingId: early.id,
      status: 'Denied',
    });
    expect(denied.statusCode).toBe(200);

    await call(t, 'PUT', '/api/user/availability', business, {
      availability: everyDay({ start: '15:00', end: '17:00' }),
    });
    const approved = await patch('setstatus', business, {
      businessId: business.id,
      bookingId: late.id,
      status: 'Approved',
    });
    expect(approved.statusCode, approved.body).toBe(200);
  });

  it('refuses to confirm a counter offer on a day the business has since marked away (409), which the customer can still decline', async () => {
    const business = await createBusiness(t, db());
    const customer = await createCustomer(t, db());
    const countered = await insertBooking(t, db(), {
      business,
      customer,
      startsAt: `${DAY} 11:00`,
      status: 'Countered',
      counterPrice: 45,
    });
    const away = await call(t, 'PUT', '/api/user/away-dates', business, {
      awayDates: [{ startDate: DAY, endDate: DAY, reason: 'Training day' }],
    });
    expect(away.statusCode, away.body).toBe(200);
    const accept = { businessId: business.id, bookingId: countered.id, response: 'Accepted' };
    const refused = await patch('respond-to-counter', customer, accept);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toMatch(OUTSIDE);
    expect(await statusOf(countered.id)).toBe('Countered');
    const declined = await patch('respond-to-counter', customer, { ...accept, response: 'Declined' });
    expect(declined.statusCode).toBe(200);
  });

  it('approves a request made under earlier hours that started on the half hour, while it lies within the current hours', async () => {
    const business = await createBusiness(t, db());
    const booking = await insertBooking(t, db(), {
      business,
      customer: await createCustomer(t, db()),
      startsAt: `${DAY} 09:30`,
    });
    const response = await patch('setstatus', business, {
      businessId: business.id,
      bookingId: booking.id,
      status: 'Approved',
    });
    expect(response.statusCode, response.body).toBe(200);
    // A request for 10:00 now overlaps it: refused as taken, not as outside the hours.
    const next = await insertBooking(t, db(), {
      business,
      customer: await createCustomer(t, db()),
      startsAt: `${DAY} 10:00`,
    });
    const taken = await patch('setstatus', business, {
      businessId: business.id,
      bookingId: next.id,
      status: 'Approved',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('SlotTaken');
  });
});
