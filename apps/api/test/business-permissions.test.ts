import { addDays, type BookingStatus, todayInLondon } from '@app/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { BookingRow } from '../src/modules/bookings/bookings.repository';
import { createTestApp, type TestApp } from './helpers/app';
import { describeEachDatabase } from './helpers/databases';
import { uniqueEmail } from './helpers/factories';
import { createAdmin } from './helpers/invites';
import {
  type Actor,
  bookingsSnapshot,
  call,
  createBusiness,
  createCustomer,
  EVERY_DAY,
  insertBooking,
} from './helpers/marketplace';

/**
 * Issue 4, scope 4: every business endpoint, called by everyone. The owner is a business with
 * Requested bookings made by `bookingCustomer`; `customer` is any other customer; `otherBusiness`
 * is a second business; `admin` is the Admin (a business of its own, which may also invite).
 */
const CALLERS = ['anonymous', 'customer', 'bookingCustomer', 'otherBusiness', 'owner', 'admin'] as const;
type Caller = (typeof CALLERS)[number];

interface Endpoint {
  name: string;
  method: 'GET' | 'PUT' | 'PATCH' | 'POST';
  url: string;
  /** The body; booking actions get a fresh Requested booking of the owner. */
  body?: (booking: BookingRow) => unknown;
  /** The status the owner's call moves its booking to. */
  moves?: BookingStatus;
  expected: Record<Caller, number>;
}

/** Settings and lists: every Business or Admin account has its own, so they answer 200. */
const OWN_THINGS = {
  anonymous: 401,
  customer: 403,
  bookingCustomer: 403,
  otherBusiness: 200,
  owner: 200,
  admin: 200,
};
/**
 * Another business's booking: 404 to anyone who is not a party to it (api-contract §4), 409 to
 * its customer (a party, but the transition table does not let a customer approve, deny or
 * counter).
 */
const OWNERS_BOOKING = {
  anonymous: 401,
  customer: 404,
  bookingCustomer: 409,
  otherBusiness: 404,
  owner: 200,
  admin: 404,
};

const ref = (booking: BookingRow) => ({ businessId: booking.business_id, bookingId: booking.id });

const ENDPOINTS: Endpoint[] = [
  {
    name: 'PUT /user/availability',
    method: 'PUT',
    url: '/api/user/availability',
    body: () => ({ availability: EVERY_DAY }),
    expected: OWN_THINGS,
  },
  {
    name: 'PUT /user/minimum-price',
    method: 'PUT',
    url: '/api/user/minimum-price',
    body: () => ({ minimumPrice: 35 }),
    expected: OWN_THINGS,
  },
  {
    name: 'PUT /user/home-visit',
    method: 'PUT',
    url: '/api/user/home-visit',
    body: () => ({ homeVisitsEnabled: false }),
    expected: OWN_THINGS,
  },
  {
    name: 'PUT /user/away-dates',
    method: 'PUT',
    url: '/api/user/away-dates',
    body: () => ({ awayDates: [] }),
    expected: OWN_THINGS,
  },
  {
    name: 'GET /booking/getallbookings',
    method: 'GET',
    url: '/api/booking/getallbookings',
    expected: OWN_THINGS,
  },
  {
    name: 'PATCH /booking/setstatus Approved',
    method: 'PATCH',
    url: '/api/booking/setstatus',
    body: (b) => ({ ...ref(b), status: 'Approved' }),
    moves: 'Approved',
    expected: OWNERS_BOOKING,
  },
  {
    name: 'PATCH /booking/setstatus Denied',
    method: 'PATCH',
    url: '/api/booking/setstatus',
    body: (b) => ({ ...ref(b), status: 'Denied' }),
    moves: 'Denied',
    expected: OWNERS_BOOKING,
  },
  {
    name: 'PATCH /booking/counter',
    method: 'PATCH',
    url: '/api/booking/counter',
    body: (b) => ({ ...ref(b), newPrice: 40 }),
    moves: 'Countered',
    expected: OWNERS_BOOKING,
  },
  {
    name: 'POST /auth/send-business-invite',
    method: 'POST',
    url: '/api/auth/send-business-invite',
    body: () => ({ email: uniqueEmail('invitee') }),
    expected: {
      anonymous: 401,
      customer: 403,
      bookingCustomer: 403,
      otherBusiness: 403,
      owner: 403,
      admin: 201,
    },
  },
];

const ERROR_CODE: Record<number, string> = {
  401: 'NotAuthorized',
  403: 'Forbidden',
  404: 'NotFound',
  409: 'InvalidTransition',
};

describeEachDatabase('business endpoints: who may call them', (database) => {
  let t: TestApp;
  let actors: Record<Exclude<Caller, 'anonymous'>, Actor>;
  beforeAll(async () => {
    t = await createTestApp(database().db);
    const db = database().db;
    actors = {
      customer: await createCustomer(t, db),
      bookingCustomer: await createCustomer(t, db),
      otherBusiness: await createBusiness(t, db),
      owner: await createBusiness(t, db, { minimum_price: 25, home_visits_enabled: 1 }),
      admin: await createAdmin(t, db),
    };
  });
  afterAll(() => t.close());

  const db = () => database().db;
  let hour = 0;
  /** A Requested booking of the owner at an hour of its own (2 days ahead on). */
  const ownersBooking = () => {
    const index = hour++;
    const day = addDays(todayInLondon(t.clock.now()), 2 + Math.floor(index / 8));
    return insertBooking(t, db(), {
      business: actors.owner,
      customer: actors.bookingCustomer,
      startsAt: `${day} ${String(9 + (index % 8)).padStart(2, '0')}:00`,
    });
  };
  /** The owner's account row, away dates and every booking: what no one else may change. */
  const ownersThings = async () => {
    const [row, awayDates] = await Promise.all([
      db().selectFrom('users').selectAll().where('id', '=', actors.owner.id).executeTakeFirst(),
      db().selectFrom('away_dates').selectAll().where('user_id', '=', actors.owner.id).execute(),
    ]);
    return JSON.stringify({ row, awayDates, bookings: await bookingsSnapshot(db()) });
  };
  /** Everything the endpoints can write. */
  const everything = async () => {
    const [users, awayDates, invites] = await Promise.all([
      db().selectFrom('users').selectAll().orderBy('id').execute(),
      db().selectFrom('away_dates').selectAll().orderBy('id').execute(),
      db().selectFrom('invites').selectAll().orderBy('id').execute(),
    ]);
    return JSON.stringify({ users, awayDates, invites, bookings: await bookingsSnapshot(db()) });
  };

  it('answers every caller of every business endpoint as the contract says, and changes only what it allows', async () => {
    const actual: Record<string, Record<Caller, number>> = {};
    const problems: string[] = [];
    for (const endpoint of ENDPOINTS) {
      const row = {} as Record<Caller, number>;
      actual[endpoint.name] = row;
      for (const caller of CALLERS) {
        const cell = `${endpoint.name} as ${caller}`;
        const booking = await ownersBooking();
        const [allBefore, ownersBefore] = [await everything(), await ownersThings()];
        const actor = caller === 'anonymous' ? null : actors[caller];
        const response = await call(t, endpoint.method, endpoint.url, actor, endpoint.body?.(booking));
        row[caller] = response.statusCode;

        if (response.statusCode >= 400) {
          const expectedCode = ERROR_CODE[response.statusCode];
          if (expectedCode && response.json().code !== expectedCode)
            problems.push(`${cell}: code ${response.json().code}`);
          if ((await everything()) !== allBefore) problems.push(`${cell}: refused, yet something changed`);
        } else if (caller !== 'owner' && (await ownersThings()) !== ownersBefore) {
          problems.push(`${cell}: changed the owner's account or bookings`);
        }
        if (caller === 'owner' && endpoint.moves) {
          const after = await db()
            .selectFrom('bookings')
            .select('status')
            .where('id', '=', booking.id)
            .executeTakeFirst();
          if (after?.status !== endpoint.moves) problems.push(`${cell}: booking is ${after?.status}`);
        }
        if (response.statusCode === 200 && endpoint.url.endsWith('getallbookings')) {
          const ids = response.json().bookings.map((b: { id: string }) => b.id);
          if (caller === 'owner' ? !ids.includes(booking.id) : ids.includes(booking.id)) {
            problems.push(`${cell}: wrong bookings listed`);
          }
        }
      }
    }
    expect(actual).toEqual(
      Object.fromEntries(ENDPOINTS.map((endpoint) => [endpoint.name, endpoint.expected])),
    );
    expect(problems).toEqual([]);
  });
});
