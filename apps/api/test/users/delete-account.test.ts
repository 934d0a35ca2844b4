import { addDays, MESSAGES, todayInLondon, utcToLondonWallClock } from '@app/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { HOUR_MS, MINUTE_MS } from '../../src/lib/clock';
import { ACCOUNT_MESSAGES } from '../../src/modules/users/account.service';
import { createTestApp, type TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';
import { bearer, createConfirmedUser, login, registration } from '../helpers/factories';
import { type Actor, call, createBusiness, createCustomer, insertBooking } from '../helpers/marketplace';

describeEachDatabase('DELETE /api/user/delete-account', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database().db);
  });
  afterAll(() => t.close());

  const db = () => database().db;
  const remove = (actor: Actor | null) => call(t, 'DELETE', '/api/user/delete-account', actor);
  const userExists = async (id: string) =>
    (await db().selectFrom('users').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
  const inDays = (days: number, time = '10:00') => `${addDays(todayInLondon(t.clock.now()), days)} ${time}`;

  it('deletes a signed-up customer: login, profile, refresh tokens and codes go, tokens stop working', async () => {
    const account = await createConfirmedUser(t);
    const { accessToken, refreshToken } = await login(t, account);
    const id = (await t.app.inject({ url: '/api/user/userdetails', headers: bearer(accessToken) })).json().id;
    await t.post('/api/auth/forgot-password', { username: account.email });
    await t.app.whenIdle();

    const response = await t.app.inject({
      method: 'DELETE',
      url: '/api/user/delete-account',
      headers: bearer(accessToken),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: ACCOUNT_MESSAGES.deleted });

    expect(await userExists(id)).toBe(false);
    for (const table of ['refresh_tokens', 'one_time_codes'] as const) {
      const rows = await db().selectFrom(table).select('id').where('user_id', '=', id).execute();
      expect(rows, table).toEqual([]);
    }
    expect(
      (await t.app.inject({ url: '/api/user/userdetails', headers: bearer(accessToken) })).statusCode,
    ).toBe(401);
    expect((await t.post('/api/auth/refresh', { refreshToken })).statusCode).toBe(401);
    expect((await t.post('/api/auth/login', account)).statusCode).toBe(401);
    // The address can sign up again.
    expect((await t.post('/api/auth/register', registration({ email: account.email }))).statusCode).toBe(201);
  });

  it('refuses with 409 while the customer has a Requested, Countered, Approved or Confirmed booking ahead', async () => {
    const business = await createBusiness(t, db());
    for (const [index, status] of (['Requested', 'Countered', 'Approved', 'Confirmed'] as const).entries()) {
      const customer = await createCustomer(t, db());
      await insertBooking(t, db(), {
        business,
        customer,
        startsAt: inDays(3 + index),
        status,
        counterPrice: 40,
      });
      const response = await remove(customer);
      expect(response.statusCode, status).toBe(409);
      expect(response.json()).toEqual({ code: 'ActiveBookings', message: MESSAGES.activeBookingsDelete });
      expect(response.json().message).toContain('active bookings');
      expect(await userExists(customer.id)).toBe(true);
      expect((await call(t, 'GET', '/api/user/userdetails', customer)).statusCode).toBe(200);
    }
  });

  it('refuses with 409 while the business has an active booking ahead', async () => {
    const business = await createBusiness(t, db());
    await insertBooking(t, db(), {
      business,
      customer: await createCustomer(t, db()),
      startsAt: inDays(5),
      status: 'Requested',
    });
    const response = await remove(business);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toContain('active bookings');
    expect(await userExists(business.id)).toBe(true);
  });

  it('counts a booking in progress as active, and one that has ended as past', async () => {
    const business = await createBusiness(t, db());
    const now = t.clock.now();
    const started = await createCustomer(t, db());
    // Began 30 minutes ago: it lasts an hour, so it is still on.
    const startedAt = utcToLondonWallClock(new Date(now.getTime() - 30 * MINUTE_MS));
    await insertBooking(t, db(), { business, customer: started, startsAt: startedAt, status: 'Approved' });
    expect((await remove(started)).statusCode).toBe(409);
    const ended = await createCustomer(t, db());
    const endedAt = utcToLondonWallClock(new Date(now.getTime() - 2 * HOUR_MS));
    await insertBooking(t, db(), {
      business: await createBusiness(t, db()),
      customer: ended,
      startsAt: endedAt,
      status: 'Approved',
    });
    expect((await remove(ended)).statusCode).toBe(200);
  });

  it('deletes despite past or finished bookings, and keeps the bookings with their captured names', async () => {
    const business = await createBusiness(t, db());
    const customer = await createCustomer(t, db(), { first_name: 'Gone', last_name: 'Customer' });
    const kept = [
      await insertBooking(t, db(), {
        business,
        customer,
        startsAt: inDays(-10),
        status: 'Confirmed',
        counterPrice: 40,
      }),
      await insertBooking(t, db(), { business, customer, startsAt: inDays(-3), status: 'Requested' }),
      await insertBooking(t, db(), { business, customer, startsAt: inDays(4), status: 'Cancelled' }),
      await insertBooking(t, db(), { business, customer, startsAt: inDays(5), status: 'Denied' }),
      await insertBooking(t, db(), {
        business,
        customer,
        startsAt: inDays(6),
        status: 'Declined',
        counterPrice: 50,
      }),
    ];
    const response = await remove(customer);
    expect(response.statusCode, response.body).toBe(200);
    expect(await userExists(customer.id)).toBe(false);
    expect((await call(t, 'GET', '/api/booking/userbookings', customer)).statusCode).toBe(401);
    const { bookings } = (await call(t, 'GET', '/api/booking/getallbookings', business)).json();
    expect(bookings.map((b: { id: string }) => b.id).sort()).toEqual(kept.map((b) => b.id).sort());
    for (const booking of bookings) expect(booking.customerName).toBe('Gone Customer');
  });

  it('lets a business without active bookings go; its old bookings stay for the customers', async () => {
    const business = await createBusiness(t, db(), { first_name: 'Closing', last_name: 'Down' });
    const customer = await createCustomer(t, db());
    await db()
      .insertInto('away_dates')
      .values({
        id: crypto.randomUUID(),
        user_id: business.id,
        start_date: inDays(10).slice(0, 10),
        end_date: inDays(11).slice(0, 10),
        reason: null,
        status: 'active',
        created_at: t.clock.now().toISOString(),
      })
      .execute();
    const past = await insertBooking(t, db(), {
      business,
      customer,
      startsAt: inDays(-2),
      status: 'Approved',
    });
    expect((await remove(business)).statusCode).toBe(200);
    expect(
      await db().selectFrom('away_dates').select('id').where('user_id', '=', business.id).execute(),
    ).toEqual([]);
    const { requests } = (await call(t, 'GET', '/api/booking/userbookings', customer)).json();
    expect(requests).toEqual([expect.objectContaining({ id: past.id, barberName: 'Closing Down' })]);
    const available = await t.app.inject({ url: `/api/booking/available-times?businessId=${business.id}` });
    expect(available.statusCode).toBe(404);
  });

  it('answers 401 without a token', async () => {
    expect((await remove(null)).statusCode).toBe(401);
  });
});
