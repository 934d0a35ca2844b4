import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';
import {
  type Actor,
  call,
  createBusiness,
  createCustomer,
  insertBooking,
  slotsOf,
} from '../helpers/marketplace';

// Who may call each endpoint (every route × every kind of caller) is one table:
// test/security/access-control.test.ts.
describeEachDatabase('a business’s booking list', (database) => {
  let t: TestApp;
  let business: Actor;
  let otherBusiness: Actor;
  let requestedId: string;
  let counteredId: string;
  beforeAll(async () => {
    t = await createTestApp(database().db);
    const db = database().db;
    business = await createBusiness(t, db);
    otherBusiness = await createBusiness(t, db);
    const owner = await createCustomer(t, db, { first_name: 'Owner' });
    const slots = await slotsOf(t, business.id);
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
