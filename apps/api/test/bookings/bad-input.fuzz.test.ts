import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from '../../src/db/database';
import { createTestApp, type TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';
import { badBody } from '../helpers/fuzz';
import {
  type Actor,
  CUSTOMER_ADDRESS,
  createBusiness,
  createCustomer,
  EVERY_DAY,
  insertBooking,
  slotsOf,
} from '../helpers/marketplace';

const RUNS = 150;

interface Call {
  name: string;
  method: 'POST' | 'PUT' | 'PATCH';
  url: string;
  actor: () => Actor;
  /** A body that would be accepted (all fields valid). */
  valid: () => Record<string, unknown>;
  /** Fields that may be left out. */
  optional?: string[];
}

/**
 * Values no required field of these calls accepts: nulls, negative or fractional numbers (ids and
 * prices must be whole and not negative), booleans, arrays, objects and strings past every cap.
 */
const alwaysBad = fc.oneof(
  fc.constant(null),
  fc.integer({ max: -1 }),
  fc.double().filter((value) => !Number.isInteger(value)),
  fc.boolean(),
  fc.array(fc.anything({ maxDepth: 2 }), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.anything({ maxDepth: 2 }), { maxKeys: 4 }),
  fc.string({ minLength: 1, maxLength: 40 }).map((s) => s.repeat(Math.ceil(3000 / s.length))),
  fc.constant({ $gt: '' }),
);

const anyValue = fc.oneof(
  alwaysBad,
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.integer(),
  fc.constant(''),
  fc.emailAddress(),
);

function badBodyFor(call: Call): fc.Arbitrary<unknown> {
  const fields = Object.keys(call.valid());
  return badBody({
    valid: call.valid,
    required: fields.filter((field) => !call.optional?.includes(field)),
    alwaysBad,
    anyValue,
    corruptedWeight: 5,
  });
}

async function snapshot(db: Db): Promise<string> {
  const [users, bookings, transitions, codes, awayDates] = await Promise.all([
    db.selectFrom('users').selectAll().orderBy('id').execute(),
    db.selectFrom('bookings').selectAll().orderBy('id').execute(),
    db.selectFrom('booking_transitions').selectAll().orderBy('id').execute(),
    db.selectFrom('one_time_codes').selectAll().orderBy('id').execute(),
    db.selectFrom('away_dates').selectAll().orderBy('id').execute(),
  ]);
  return JSON.stringify({ users, bookings, transitions, codes, awayDates });
}

describeEachDatabase('bad input on the marketplace calls', (database) => {
  let t: TestApp;
  let business: Actor;
  let customer: Actor;
  let slot: string;
  let requestedId: string;
  let counteredId: string;
  beforeAll(async () => {
    t = await createTestApp(database().db);
    const db = database().db;
    business = await createBusiness(t, db);
    customer = await createCustomer(t, db);
    const slots = await slotsOf(t, business.id);
    slot = slots[0]!;
    requestedId = (
      await insertBooking(t, db, { business, customer, startsAt: slots[1]!, status: 'Requested' })
    ).id;
    counteredId = (
      await insertBooking(t, db, {
        business,
        customer,
        startsAt: slots[2]!,
        status: 'Countered',
        counterPrice: 40,
      })
    ).id;
  });
  afterAll(() => t.close());

  const calls = (): Call[] => [
    {
      name: 'POST /booking/book',
      method: 'POST',
      url: '/api/booking/book',
      actor: () => customer,
      valid: () => ({
        businessId: business.id,
        bookingDateTime: slot,
        price: 30,
        isHomeVisit: true,
        customerAddress: CUSTOMER_ADDRESS,
      }),
      optional: ['isHomeVisit', 'customerAddress'],
    },
    {
      name: 'PATCH /booking/setstatus',
      method: 'PATCH',
      url: '/api/booking/setstatus',
      actor: () => customer,
      valid: () => ({ businessId: business.id, bookingId: requestedId, status: 'Cancelled' }),
    },
    {
      name: 'PATCH /booking/counter',
      method: 'PATCH',
      url: '/api/booking/counter',
      actor: () => business,
      valid: () => ({ businessId: business.id, bookingId: requestedId, newPrice: 40 }),
    },
    {
      name: 'PATCH /booking/respond-to-counter',
      method: 'PATCH',
      url: '/api/booking/respond-to-counter',
      actor: () => customer,
      valid: () => ({ businessId: business.id, bookingId: counteredId, response: 'Accepted' }),
    },
    {
      name: 'PUT /user/update',
      method: 'PUT',
      url: '/api/user/update',
      actor: () => customer,
      valid: () => ({
        FirstName: 'Grace',
        LastName: 'Hopper',
        Email: 'grace.new@example.com',
        PhoneNumber: '+447123456789',
        Address: CUSTOMER_ADDRESS,
      }),
      optional: ['Address'],
    },
    {
      name: 'PUT /user/availability',
      method: 'PUT',
      url: '/api/user/availability',
      actor: () => business,
      valid: () => ({ availability: EVERY_DAY }),
    },
    {
      name: 'PUT /user/minimum-price',
      method: 'PUT',
      url: '/api/user/minimum-price',
      actor: () => business,
      valid: () => ({ minimumPrice: 40 }),
    },
  ];

  it.each([
    'POST /booking/book',
    'PATCH /booking/setstatus',
    'PATCH /booking/counter',
    'PATCH /booking/respond-to-counter',
    'PUT /user/update',
    'PUT /user/availability',
    'PUT /user/minimum-price',
  ])('%s: generated bad bodies get a 4xx and change nothing', async (name) => {
    const call = calls().find((c) => c.name === name)!;
    const before = await snapshot(database().db);
    const mails = t.mailer.messages.length;
    await fc.assert(
      fc.asyncProperty(badBodyFor(call), async (body) => {
        const response = await t.app.inject({
          method: call.method,
          url: call.url,
          headers: call.actor().headers,
          payload: body as InjectOptions['payload'],
        });
        expect([400, 413, 415], response.body).toContain(response.statusCode);
        const parsed = response.json();
        expect(typeof parsed.message).toBe('string');
        expect(typeof parsed.code).toBe('string');
      }),
      { numRuns: RUNS },
    );
    expect(await snapshot(database().db)).toBe(before);
    expect(t.mailer.messages.length).toBe(mails);
  });

  it('well-formed but arbitrary requests never get a 5xx', async () => {
    const dateTime = fc
      .tuple(
        fc.integer({ min: 2000, max: 2100 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 28 }),
        fc.integer({ min: 0, max: 23 }),
        fc.constantFrom(0, 30),
      )
      .map(
        ([y, m, d, h, min]) =>
          `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')} ${String(h).padStart(2, '0')}:${String(min).padStart(2, '0')}`,
      );
    const id = fc.oneof(
      fc.constant(business.id),
      fc.constant(requestedId),
      fc.constant(counteredId),
      fc.uuid(),
      fc.nat(),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          businessId: id,
          bookingDateTime: fc.oneof(dateTime, fc.constant(slot)),
          price: fc.oneof(fc.integer({ min: -10, max: 20_000 }), fc.integer().map(String)),
          isHomeVisit: fc.boolean(),
          customerAddress: fc.option(fc.string({ maxLength: 50 })),
        }),
        fc.record({
          businessId: id,
          bookingId: id,
          status: fc.constantFrom('Approved', 'Denied', 'Cancelled', 'Confirmed', 'x'),
        }),
        fc.boolean(),
        async (book, change, asBusiness) => {
          const actor = asBusiness ? business : customer;
          const booked = await t.app.inject({
            method: 'POST',
            url: '/api/booking/book',
            headers: actor.headers,
            payload: book,
          });
          expect(booked.statusCode, booked.body).toBeLessThan(500);
          const changed = await t.app.inject({
            method: 'PATCH',
            url: '/api/booking/setstatus',
            headers: actor.headers,
            payload: change,
          });
          expect(changed.statusCode, changed.body).toBeLessThan(500);
        },
      ),
      { numRuns: RUNS },
    );
  });
});
