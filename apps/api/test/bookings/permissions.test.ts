import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';
import {
  type Actor,
  bookingsSnapshot,
  CUSTOMER_ADDRESS,
  call,
  createBusiness,
  createCustomer,
  insertBooking,
  slotsOf,
} from '../helpers/marketplace';

/**
 * Every endpoint a customer uses, tried by nobody, by another customer and by a business. Nothing
 * of the customer's may be seen or changed by them.
 */
describeEachDatabase('customer endpoints: who may call them', (database) => {
  let t: TestApp;
  let business: Actor;
  let otherBusiness: Actor;
  let owner: Actor;
  let stranger: Actor;
  let requestedId: string;
  let counteredId: string;
  let slot: string;
  beforeAll(async () => {
    t = await createTestApp(database().db);
    const db = database().db;
    business = await createBusiness(t, db);
    otherBusiness = await createBusiness(t, db);
    owner = await createCustomer(t, db, { first_name: 'Owner' });
    stranger = await createCustomer(t, db, { first_name: 'Stranger' });
    const slots = await slotsOf(t, business.id);
    slot = slots[0]!;
    requestedId = (
      await insertBooking(t, db, { business, customer: owner, startsAt: slots[1]!, status: 'Requested' })
    ).id;
    t.clock.advance(1000);
    counteredId = (
      await insertBooking(t, db, {
        business,
        customer: owner,
        startsAt: slots[2]!,
        status: 'Countered',
        counterPrice: 40,
      })
    ).id;
  });
  afterAll(() => t.close());

  const profileUpdate = () => ({
    FirstName: 'Mallory',
    LastName: 'Hacker',
    Email: `mallory-${crypto.randomUUID().slice(0, 8)}@example.com`,
    PhoneNumber: '+447123456789',
    Address: CUSTOMER_ADDRESS,
  });

  /** The customer's calls on the owner's things. */
  const ownerCalls = () =>
    [
      ['POST', '/api/booking/book', { businessId: business.id, bookingDateTime: slot, price: 30 }],
      ['GET', '/api/booking/userbookings', undefined],
      [
        'PATCH',
        '/api/booking/setstatus',
        { businessId: business.id, bookingId: requestedId, status: 'Cancelled' },
      ],
      [
        'PATCH',
        '/api/booking/respond-to-counter',
        { businessId: business.id, bookingId: counteredId, response: 'Accepted' },
      ],
      [
        'PATCH',
        '/api/booking/respond-to-counter',
        { businessId: business.id, bookingId: counteredId, response: 'Declined' },
      ],
      ['GET', '/api/user/userdetails', undefined],
      ['PUT', '/api/user/update', profileUpdate()],
      ['POST', '/api/user/verify-email', { code: '123456' }],
      ['DELETE', '/api/user/delete-account', undefined],
    ] as const;

  async function snapshot() {
    const db = database().db;
    const users = await db.selectFrom('users').selectAll().orderBy('id').execute();
    return `${await bookingsSnapshot(db)}${JSON.stringify(users)}`;
  }

  it('answers 401 to every customer endpoint without a token, or with a bad one', async () => {
    const before = await snapshot();
    for (const [method, url, body] of ownerCalls()) {
      for (const headers of [
        {},
        { authorization: 'Bearer nonsense' },
        { authorization: `Bearer ${owner.token}x` },
      ]) {
        const response = await t.app.inject({ method, url, headers, ...(body ? { payload: body } : {}) });
        expect(response.statusCode, `${method} ${url}`).toBe(401);
        expect(response.json().code).toBe('NotAuthorized');
      }
    }
    expect(await snapshot()).toBe(before);
  });

  it('gives another customer 404 for the owner’s bookings and only their own data elsewhere', async () => {
    const before = await bookingsSnapshot(database().db);
    for (const [method, url, body] of ownerCalls().filter(
      ([, url]) => url.includes('setstatus') || url.includes('respond'),
    )) {
      const response = await call(t, method, url, stranger, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().code).toBe('NotFound');
    }
    expect(await bookingsSnapshot(database().db)).toBe(before);
    const mine = await call(t, 'GET', '/api/booking/userbookings', stranger);
    expect(mine.json()).toEqual({ requests: [], bookings: [] });
    const details = await call(t, 'GET', '/api/user/userdetails', stranger);
    expect(details.json()).toMatchObject({ id: stranger.id, FirstName: 'Stranger' });
  });

  it('gives a business 403 for booking as a customer, and 404 or 409 for the owner’s bookings', async () => {
    const before = await bookingsSnapshot(database().db);
    for (const actor of [business, otherBusiness]) {
      const book = await call(t, 'POST', '/api/booking/book', actor, ownerCalls()[0][2]);
      expect(book.statusCode).toBe(403);
      for (const [method, url, body] of ownerCalls().filter(
        ([, url]) => url.includes('setstatus') || url.includes('respond'),
      )) {
        const response = await call(t, method, url, actor, body);
        // The booking's own business is a party to it, but may not cancel or answer a counter.
        const expected = actor === business ? 409 : 404;
        expect(response.statusCode, `${actor === business ? 'own' : 'other'} business ${url}`).toBe(expected);
        expect(response.json().code).toBe(expected === 409 ? 'InvalidTransition' : 'NotFound');
      }
      const lists = await call(t, 'GET', '/api/booking/userbookings', actor);
      expect(lists.json()).toEqual({ requests: [], bookings: [] });
    }
    expect(await bookingsSnapshot(database().db)).toBe(before);
  });

  // The business endpoints (settings, getallbookings, approve/deny/counter, invite) have their own
  // matrix of callers: test/business-permissions.test.ts.

  it('shows a business only its own bookings, newest first, limited by ?limit', async () => {
    const mine = await call(t, 'GET', '/api/booking/getallbookings', business);
    expect(mine.statusCode).toBe(200);
    const ids = mine.json().bookings.map((b: { id: string }) => b.id);
    expect(ids).toEqual([counteredId, requestedId]);
    expect((await call(t, 'GET', '/api/booking/getallbookings', otherBusiness)).json()).toEqual({
      bookings: [],
    });
    const limited = await call(t, 'GET', '/api/booking/getallbookings?limit=1', business);
    expect(limited.json().bookings).toHaveLength(1);
    for (const limit of ['0', '1001', '-1', 'abc', '1.5', '']) {
      const response = await call(t, 'GET', `/api/booking/getallbookings?limit=${limit}`, business);
      expect(response.statusCode, limit).toBe(400);
    }
    expect((await call(t, 'GET', '/api/booking/getallbookings?limit=1000', business)).statusCode).toBe(200);
  });
});
