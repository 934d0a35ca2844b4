import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { addDays, todayInLondon } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpiredBookings } from '../../src/modules/bookings/bookings.purge';
import { createTestApp, type TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';
import {
  type Actor,
  bookingBody,
  call,
  createBusiness,
  createCustomer,
  insertBooking,
  slotsOf,
} from '../helpers/marketplace';

// docs/decisions/0012-business-bookings-cache.md: each instance keeps a business's getallbookings
// answers while the business's bookings version (moved by every booking write, in its transaction)
// is the one they were computed at.

const PENDING = '/api/booking/getallbookings?status=Requested,Countered&limit=20';
const ALL = '/api/booking/getallbookings?limit=20';

describeEachDatabase('the business’s bookings, kept per bookings version', (database) => {
  // Two instances on one database, as behind a load balancer.
  let one: TestApp;
  let two: TestApp;
  beforeAll(async () => {
    one = await createTestApp(database().db);
    two = await createTestApp(database().db, { config: { jwtSecret: one.config.jwtSecret } });
  });
  afterAll(async () => {
    await one.close();
    await two.close();
  });
  const db = () => database().db;

  const read = async (t: TestApp, business: Actor, url: string) => {
    const response = await call(t, 'GET', url, business);
    expect(response.statusCode, response.body).toBe(200);
    const { bookings } = response.json() as {
      bookings: { id: string; Status: string; customerName: string }[];
    };
    return { bookings, etag: response.headers.etag, cacheControl: response.headers['cache-control'] };
  };

  it('shows every write made through another instance on the next read: a request, a status change, the purge', async () => {
    const business = await createBusiness(one, db());
    const customer = await createCustomer(one, db());
    const [slot] = await slotsOf(one, business.id);
    expect(slot).toBeDefined();

    const empty = await read(two, business, PENDING);
    expect(empty.bookings).toEqual([]);
    expect(empty.cacheControl).toBe('no-store');

    // A request through instance one shows on instance two's next read.
    const booked = await call(
      one,
      'POST',
      '/api/booking/book',
      customer,
      bookingBody(business, slot as string),
    );
    expect(booked.statusCode, booked.body).toBe(201);
    const bookingId = booked.json().booking.id as string;
    const pending = await read(two, business, PENDING);
    expect(pending.bookings.map((b) => b.id)).toEqual([bookingId]);
    expect(pending.etag).not.toBe(empty.etag);

    // Its approval through instance one: no longer pending on two, Approved in the full list.
    const approved = await call(one, 'PATCH', '/api/booking/setstatus', business, {
      businessId: business.id,
      bookingId,
      status: 'Approved',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await read(two, business, PENDING)).bookings).toEqual([]);
    expect((await read(two, business, ALL)).bookings.map((b) => b.Status)).toEqual(['Approved']);

    // The purge (as on another instance's daily timer) removes it from both instances' answers.
    const purged = await purgeExpiredBookings(
      db(),
      new Date(Date.parse(`${addDays(todayInLondon(), 9 * 366)}T12:00:00Z`)),
    );
    expect(purged).toBeGreaterThanOrEqual(1);
    expect((await read(two, business, ALL)).bookings).toEqual([]);
    expect((await read(one, business, ALL)).bookings).toEqual([]);
  });

  it('serves a repeated read from the kept answer until a booking write moves the version', async () => {
    const business = await createBusiness(one, db());
    const customer = await createCustomer(one, db());
    const [slot] = await slotsOf(one, business.id);
    const booked = await call(
      one,
      'POST',
      '/api/booking/book',
      customer,
      bookingBody(business, slot as string),
    );
    expect(booked.statusCode, booked.body).toBe(201);
    const first = await read(two, business, ALL);
    expect(first.bookings).toHaveLength(1);

    // A change that bypasses the repository (and so the version) is not seen: the answer is the
    // kept one, which proves it is kept. Every product write goes through the repository (below).
    await db().updateTable('bookings').set({ customer_name: 'Changed Behind The Back' }).execute();
    const again = await read(two, business, ALL);
    expect(again.etag).toBe(first.etag);
    expect(again.bookings[0]?.customerName).not.toBe('Changed Behind The Back');

    // A real write (the customer cancels through instance one) moves the version: fresh rows.
    const cancelled = await call(one, 'PATCH', '/api/booking/setstatus', customer, {
      businessId: business.id,
      bookingId: booked.json().booking.id,
      status: 'Cancelled',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const fresh = await read(two, business, ALL);
    expect(fresh.bookings[0]?.Status).toBe('Cancelled');
    expect(fresh.bookings[0]?.customerName).toBe('Changed Behind The Back');
  });

  it('keeps one answer per question and per business, never another business’s, and keeps no error', async () => {
    const shop = await createBusiness(one, db());
    const other = await createBusiness(one, db());
    const customer = await createCustomer(one, db());
    const [slot] = await slotsOf(one, shop.id);
    const booked = await call(one, 'POST', '/api/booking/book', customer, bookingBody(shop, slot as string));
    expect(booked.statusCode, booked.body).toBe(201);

    expect((await read(two, shop, PENDING)).bookings).toHaveLength(1);
    expect((await read(two, other, PENDING)).bookings).toEqual([]);
    // The same question with its parameters in another order is the same answer.
    expect(
      (await read(two, shop, '/api/booking/getallbookings?limit=20&status=Countered,Requested')).bookings,
    ).toHaveLength(1);
    expect((await read(two, shop, '/api/booking/getallbookings?status=Approved&limit=20')).bookings).toEqual(
      [],
    );

    const forged = await call(two, 'GET', `${ALL}&cursor=bm90LWEtY3Vyc29y`, shop);
    expect(forged.statusCode).toBe(400);
    expect((await call(two, 'GET', `${ALL}&cursor=bm90LWEtY3Vyc29y`, shop)).statusCode).toBe(400);
  });
});

describeEachDatabase('the kept answer on the wire', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database().db);
  });
  afterAll(() => t.close());

  it('goes as it is on the read that computed it, gzipped from the next (same ETag), and 304 for its ETag', async () => {
    const db = database().db;
    const business = await createBusiness(t, db);
    const customer = await createCustomer(t, db);
    const day = addDays(todayInLondon(), 3);
    for (const hour of ['09:00', '10:00', '11:00', '12:00'])
      await insertBooking(t, db, { business, customer, startsAt: `${day} ${hour}` });
    const gzip = { 'accept-encoding': 'gzip' };
    const first = await call(t, 'GET', ALL, business, undefined, {
      headers: { ...business.headers, ...gzip },
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.rawPayload.length).toBeGreaterThan(1024);
    expect(first.headers['content-encoding']).toBeUndefined();
    const second = await call(t, 'GET', ALL, business, undefined, {
      headers: { ...business.headers, ...gzip },
    });
    expect(second.headers['content-encoding']).toBe('gzip');
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(JSON.parse(gunzipSync(second.rawPayload).toString('utf8'))).toEqual(first.json());
    const unchanged = await call(t, 'GET', ALL, business, undefined, {
      headers: { ...business.headers, 'if-none-match': String(first.headers.etag) },
    });
    expect(unchanged.statusCode).toBe(304);
  });
});

describe('booking writes', () => {
  it('all go through BookingsRepository, whose every write moves the business’s bookings version', () => {
    const src = join(__dirname, '../../src');
    const files = (readdirSync(src, { recursive: true }) as string[]).filter((file) => file.endsWith('.ts'));
    const writers = files.filter((file) =>
      /(insertInto|updateTable|deleteFrom)\(\s*'bookings'\s*\)/.test(readFileSync(join(src, file), 'utf8')),
    );
    // The demo seed writes a fresh database in one transaction with the accounts it belongs to;
    // a migration runs before any instance serves (no version is kept yet).
    expect(writers.map((file) => relative(src, join(src, file))).sort()).toEqual([
      'db/migrations/0019_booking_services.ts',
      'db/migrations/0020_member_diaries.ts',
      'db/seed.ts',
      'repositories/bookings.repository.ts',
    ]);
    const repository = readFileSync(join(src, 'repositories/bookings.repository.ts'), 'utf8');
    const writes = repository.match(/(insertInto|updateTable|deleteFrom)\('bookings'\)/g) ?? [];
    const bumps = repository.match(/await this\.bumpVersion\(/g) ?? [];
    expect(bumps.length).toBe(writes.length);
  });
});
