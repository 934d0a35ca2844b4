import {
  ALL_BOOKINGS_MESSAGES,
  BOOKING_STATUSES,
  type BookingStatus,
  invalidStatusMessage,
} from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    expect(mine.json().nextCursor).toBeNull();
    expect((await call(t, 'GET', '/api/booking/getallbookings', otherBusiness)).json()).toEqual({
      bookings: [],
      nextCursor: null,
    });
    const limited = await call(t, 'GET', '/api/booking/getallbookings?limit=1', business);
    expect(limited.json().bookings).toHaveLength(1);
    for (const limit of ['0', '1001', '-1', 'abc', '1.5', '']) {
      const response = await call(t, 'GET', `/api/booking/getallbookings?limit=${limit}`, business);
      expect(response.statusCode, limit).toBe(400);
    }
    expect((await call(t, 'GET', '/api/booking/getallbookings?limit=1000', business)).statusCode).toBe(200);
  });

  // api-contract §8.5: from, to, status, limit and cursor; { bookings, nextCursor }.
  describe('a busy business’s bookings, a page at a time', () => {
    const COUNT = 300;
    let busy: Actor;
    let other: Actor;
    let rows: { id: string; starts_at: string; created_at: string; status: BookingStatus }[] = [];

    beforeAll(async () => {
      const db = database().db;
      busy = await createBusiness(t, db);
      other = await createBusiness(t, db);
      const customer = await createCustomer(t, db, { first_name: 'Regular' });
      rows = [];
      for (let i = 0; i < COUNT; i += 1) {
        // Days 1–28 of March 2031 and four hours, so many share a start; every fifth pair shares a
        // created_at too: the id must break both ties. Agreed ones keep to a slot of their own.
        const day = String((i % 28) + 1).padStart(2, '0');
        const hour = 9 + (Math.floor(i / 28) % 4);
        const status =
          i < 28 * 4 && i % 3 === 0
            ? 'Approved'
            : BOOKING_STATUSES.filter((s) => s !== 'Approved' && s !== 'Confirmed')[i % 5]!;
        if (i % 5 !== 0) t.clock.advance(1000);
        rows.push(
          await insertBooking(t, db, {
            business: busy,
            customer,
            startsAt: `2031-03-${day} ${hour}:00`,
            status,
          }),
        );
      }
    });

    const newestFirst = () =>
      [...rows].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id));
    const byStart = () =>
      [...rows].sort((a, b) => a.starts_at.localeCompare(b.starts_at) || a.id.localeCompare(b.id));

    /** Every page of a query, following nextCursor to the end. */
    async function allPages(query: string) {
      const pages: { id: string; BookingDateTime: string; Status: string }[][] = [];
      let cursor: string | null = null;
      do {
        const url = `/api/booking/getallbookings?${query}${cursor ? `&cursor=${cursor}` : ''}`;
        const response = await call(t, 'GET', url, busy);
        expect(response.statusCode, response.body).toBe(200);
        const body = response.json();
        pages.push(body.bookings);
        cursor = body.nextCursor;
        expect(pages.length).toBeLessThan(COUNT + 2);
      } while (cursor !== null);
      return pages;
    }

    it('pages the whole list newest first to the end, without duplicates or gaps', async () => {
      const pages = await allPages('limit=7');
      expect(pages).toHaveLength(Math.ceil(COUNT / 7));
      expect(pages.slice(0, -1).every((page) => page.length === 7)).toBe(true);
      const ids = pages.flat().map((b) => b.id);
      expect(new Set(ids).size).toBe(COUNT);
      expect(ids).toEqual(newestFirst().map((row) => row.id));
    });

    it('gives nextCursor null on a last page that is exactly full, and limit=1000 all at once', async () => {
      const pages = await allPages('limit=100');
      expect(pages.map((page) => page.length)).toEqual([100, 100, 100]);
      const all = (await call(t, 'GET', '/api/booking/getallbookings?limit=1000', busy)).json();
      expect(all.bookings).toHaveLength(COUNT);
      expect(all.nextCursor).toBeNull();
    });

    it('orders by BookingDateTime within from–to (inclusive days) and the statuses asked for', async () => {
      const pages = await allPages(
        'from=2031-03-05&to=2031-03-20&status=Requested,Countered,Approved&limit=9',
      );
      const expected = byStart().filter(
        (row) =>
          row.starts_at >= '2031-03-05' &&
          row.starts_at < '2031-03-21' &&
          ['Requested', 'Countered', 'Approved'].includes(row.status),
      );
      expect(expected.length).toBeGreaterThan(50);
      expect(pages.flat().map((b) => b.id)).toEqual(expected.map((row) => row.id));
      expect(pages.flat().some((b) => b.BookingDateTime.startsWith('2031-03-20'))).toBe(true);

      const fromOnly = await allPages('from=2031-03-28&limit=5');
      expect(fromOnly.flat().map((b) => b.id)).toEqual(
        byStart()
          .filter((row) => row.starts_at >= '2031-03-28')
          .map((row) => row.id),
      );
      const toOnly = (await call(t, 'GET', '/api/booking/getallbookings?to=2031-03-01', busy)).json();
      expect(toOnly.bookings.map((b: { id: string }) => b.id)).toEqual(
        byStart()
          .filter((row) => row.starts_at < '2031-03-02')
          .map((row) => row.id),
      );

      // The last day there is (it has no next day) still bounds nothing away.
      const toTheEnd = await allPages('from=2031-03-28&to=9999-12-31&limit=50');
      expect(toTheEnd.flat().map((b) => b.id)).toEqual(fromOnly.flat().map((b) => b.id));

      const pending = await allPages('status=Countered,Requested&limit=11');
      expect(pending.flat().map((b) => b.id)).toEqual(
        newestFirst()
          .filter((row) => row.status === 'Requested' || row.status === 'Countered')
          .map((row) => row.id),
      );
    });

    it('answers 400 with a message for a bad limit, date, range, status or cursor', async () => {
      const first = (
        await call(t, 'GET', '/api/booking/getallbookings?status=Requested&limit=2', busy)
      ).json();
      const cursor: string = first.nextCursor;
      expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
      const tampered = Buffer.from(
        Buffer.from(cursor, 'base64url')
          .toString('utf8')
          .replace(/\|\d{4}-/, '|1999-'),
        'utf8',
      ).toString('base64url');
      const flipped = `${cursor.slice(0, 10)}${cursor[10] === 'A' ? 'B' : 'A'}${cursor.slice(11)}`;
      const limitMessage = ALL_BOOKINGS_MESSAGES.limit;
      const cases: [string, string, Actor][] = [
        ['limit=0', limitMessage, busy],
        ['limit=1001', limitMessage, busy],
        ['from=2031-02-30', ALL_BOOKINGS_MESSAGES.fromDate, busy],
        ['from=tomorrow', ALL_BOOKINGS_MESSAGES.fromDate, busy],
        ['to=2031-3-1', ALL_BOOKINGS_MESSAGES.toDate, busy],
        ['from=2031-03-10&to=2031-03-09', ALL_BOOKINGS_MESSAGES.order, busy],
        ['status=Requested,Pending', invalidStatusMessage('Pending'), busy],
        ['status=requested', invalidStatusMessage('requested'), busy],
        ['status=,', ALL_BOOKINGS_MESSAGES.statusEmpty, busy],
        // A cursor for another filter, order or business, stale from another query, altered, or not one.
        [`status=Requested,Denied&limit=2&cursor=${cursor}`, ALL_BOOKINGS_MESSAGES.cursor, busy],
        [`limit=2&cursor=${cursor}`, ALL_BOOKINGS_MESSAGES.cursor, busy],
        [`from=2031-03-01&status=Requested&cursor=${cursor}`, ALL_BOOKINGS_MESSAGES.cursor, busy],
        [`status=Requested&cursor=${cursor}`, ALL_BOOKINGS_MESSAGES.cursor, other],
        [`status=Requested&cursor=${tampered}`, ALL_BOOKINGS_MESSAGES.cursor, busy],
        [`status=Requested&cursor=${flipped}`, ALL_BOOKINGS_MESSAGES.cursor, busy],
        ['status=Requested&cursor=bm90IGEgY3Vyc29y', ALL_BOOKINGS_MESSAGES.cursor, busy],
        ['cursor=abc!', ALL_BOOKINGS_MESSAGES.cursor, busy],
        [`cursor=${'A'.repeat(1000)}`, ALL_BOOKINGS_MESSAGES.cursor, busy],
      ];
      for (const [query, message, actor] of cases) {
        const response = await call(t, 'GET', `/api/booking/getallbookings?${query}`, actor);
        expect([query, response.statusCode, response.json().message]).toEqual([query, 400, message]);
      }
      // The same cursor with its own filters carries on.
      const next = await call(
        t,
        'GET',
        `/api/booking/getallbookings?status=Requested&limit=2&cursor=${cursor}`,
        busy,
      );
      expect(next.statusCode).toBe(200);
      expect(next.json().bookings.map((b: { id: string }) => b.id)).not.toContain(first.bookings[0].id);
    });
  });
});
