import { addDays, londonWallClockToUtc, todayInLondon } from '@app/domain';
import { unfoldIcsLines } from '@app/domain/calendar';
import ICAL from 'ical.js';
import ical from 'node-ical';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from '../../src/db/database';
import { sha256Hex } from '../../src/lib/secrets';
import { createTestApp, type TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';
import {
  type Actor,
  type BookingSeed,
  call,
  createBusiness,
  createCustomer,
  insertBooking,
} from '../helpers/marketplace';

const DAY_MS = 24 * 3_600_000;
const URL_PATTERN = /^http:\/\/localhost:3000\/api\/calendar\/([A-Za-z0-9_-]{43})\.ics$/;

interface ParsedEvent {
  uid: string;
  start: string;
  end: string;
  summary: string;
  status: string;
  sequence: number;
  location: string;
}

/** The feed's events as node-ical reads them. */
function withNodeIcal(text: string): ParsedEvent[] {
  return Object.values(ical.sync.parseICS(text))
    .filter((component) => component?.type === 'VEVENT')
    .map((component) => {
      const event = component as ical.VEvent;
      return {
        uid: event.uid,
        start: event.start.toISOString(),
        end: event.end?.toISOString() ?? '',
        summary: String(event.summary),
        status: String(event.status),
        sequence: Number(event.sequence),
        location: String(event.location),
      };
    });
}

/** The same events as ical.js (Mozilla's parser) reads them. */
function withIcalJs(text: string): ParsedEvent[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  expect(calendar.name).toBe('vcalendar');
  expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
  return calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      summary: event.summary,
      status: String(component.getFirstPropertyValue('status')),
      sequence: event.sequence,
      location: event.location,
    };
  });
}

const byUid = (events: ParsedEvent[]) => [...events].sort((a, b) => a.uid.localeCompare(b.uid));

/** The calendar feed (api-contract §8.5, §8.9): secret URL, rotation, revocation, contents. */
describeEachDatabase('calendar feed', (database) => {
  let t: TestApp;
  let business: Actor;
  let customer: Actor;
  const db = (): Db => database().db;
  beforeAll(async () => {
    t = await createTestApp(db());
    business = await createBusiness(t, db(), {
      business_name: 'Siobhán’s Fades, Belfast',
      business_address: '9 Bridge Street, Lisburn, BT28 1XZ',
    });
    customer = await createCustomer(t, db(), { first_name: 'Ciarán', last_name: 'Ó Súilleabháin' });
  });
  afterAll(() => t.close());

  const day = (offset: number) => addDays(todayInLondon(t.clock.now()), offset);
  const createFeed = async (actor: Actor = business) => {
    const response = await call(t, 'POST', '/api/user/calendar-feed', actor);
    expect(response.statusCode, response.body).toBe(200);
    const url: string = response.json().url;
    expect(url).toMatch(URL_PATTERN);
    return { url, path: new URL(url).pathname, token: URL_PATTERN.exec(url)?.[1] as string };
  };
  const fetchFeed = (path: string) => t.app.inject({ url: path });
  /** A booking straight in the database, with the columns a real transition would have set. */
  const booking = async (
    seed: Omit<BookingSeed, 'business' | 'customer'> & { finalPrice?: number; updatedAt?: string },
    owner: Actor = business,
  ) => {
    const row = await insertBooking(t, db(), { business: owner, customer, ...seed });
    const agreed = seed.finalPrice ?? (seed.status === 'Approved' || seed.status === 'Confirmed' ? 30 : null);
    await db()
      .updateTable('bookings')
      .set({ final_price: agreed, updated_at: seed.updatedAt ?? row.updated_at })
      .where('id', '=', row.id)
      .execute();
    return row;
  };

  it('POST gives a secret URL under /api whose token is stored only as a hash; customers 403, no token 401', async () => {
    const { token } = await createFeed();
    const rows = await db()
      .selectFrom('calendar_feeds')
      .selectAll()
      .where('user_id', '=', business.id)
      .execute();
    expect(rows).toEqual([expect.objectContaining({ token_hash: sha256Hex(token) })]);
    expect(JSON.stringify(rows)).not.toContain(token);

    const refused = await call(t, 'POST', '/api/user/calendar-feed', customer);
    expect(refused.statusCode).toBe(403);
    expect((await call(t, 'DELETE', '/api/user/calendar-feed', customer)).statusCode).toBe(403);
    expect((await call(t, 'POST', '/api/user/calendar-feed', null)).statusCode).toBe(401);
    expect((await call(t, 'DELETE', '/api/user/calendar-feed', null)).statusCode).toBe(401);
  });

  it('lists Approved and Confirmed bookings from 30 days ago on and agreed ones cancelled in the last 30 days, read alike by two parsers', async () => {
    const owner = await createBusiness(t, db(), {
      business_name: 'Fade Factory',
      business_address: '12 High Street, Belfast, BT1 1AA',
    });
    const other = await createBusiness(t, db());
    const now = t.clock.now().getTime();
    const iso = (msAgo: number) => new Date(now - msAgo).toISOString();
    const approved = await booking({ startsAt: `${day(5)} 10:00`, status: 'Approved' }, owner);
    const homeVisit = await booking(
      { startsAt: `${day(6)} 14:00`, status: 'Confirmed', isHomeVisit: true, finalPrice: 45 },
      owner,
    );
    const lastMonth = await booking({ startsAt: `${day(-29)} 09:00`, status: 'Approved' }, owner);
    const cancelled = await booking(
      { startsAt: `${day(7)} 11:00`, status: 'Cancelled', finalPrice: 30, updatedAt: iso(2 * DAY_MS) },
      owner,
    );
    // Not in the feed: too old, cancelled too long ago, never agreed, not agreed, another business's.
    await booking({ startsAt: `${day(-31)} 09:00`, status: 'Approved' }, owner);
    await booking(
      { startsAt: `${day(-10)} 09:00`, status: 'Cancelled', finalPrice: 30, updatedAt: iso(31 * DAY_MS) },
      owner,
    );
    await booking({ startsAt: `${day(8)} 09:00`, status: 'Cancelled' }, owner);
    for (const status of ['Requested', 'Countered', 'Denied', 'Declined'] as const)
      await booking({ startsAt: `${day(9)} 12:00`, status }, owner);
    await booking({ startsAt: `${day(5)} 10:00`, status: 'Approved' }, other);

    const { path } = await createFeed(owner);
    const response = await fetchFeed(path);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    const text = response.body;
    // 75-octet lines, CRLF only, one calendar.
    expect(text).not.toMatch(/\r(?!\n)|(?<!\r)\n/);
    for (const line of text.slice(0, -2).split('\r\n'))
      expect(Buffer.byteLength(line, 'utf8'), line).toBeLessThanOrEqual(75);
    expect(unfoldIcsLines(text)).toContain('X-WR-CALNAME:Fade Factory (TrimTime NI)');

    const uid = (id: string) => `booking-${id}@localhost:3000`;
    const utc = (dateTime: string, hours = 0) =>
      new Date(londonWallClockToUtc(dateTime).getTime() + hours * 3_600_000).toISOString();
    const expected: ParsedEvent[] = [
      {
        uid: uid(approved.id),
        start: utc(approved.starts_at),
        end: utc(approved.starts_at, 1),
        summary: 'Appointment with Ciarán Ó Súilleabháin',
        status: 'CONFIRMED',
        sequence: 0,
        location: 'Bob Cuts, 12 High Street, Belfast, BT1 1AA',
      },
      {
        uid: uid(homeVisit.id),
        start: utc(homeVisit.starts_at),
        end: utc(homeVisit.starts_at, 1),
        summary: 'Home visit with Ciarán Ó Súilleabháin',
        status: 'CONFIRMED',
        sequence: 0,
        location: '1 Main Street, Belfast, BT1 1AA',
      },
      {
        uid: uid(lastMonth.id),
        start: utc(lastMonth.starts_at),
        end: utc(lastMonth.starts_at, 1),
        summary: 'Appointment with Ciarán Ó Súilleabháin',
        status: 'CONFIRMED',
        sequence: 0,
        location: 'Bob Cuts, 12 High Street, Belfast, BT1 1AA',
      },
      {
        uid: uid(cancelled.id),
        start: utc(cancelled.starts_at),
        end: utc(cancelled.starts_at, 1),
        summary: 'Appointment with Ciarán Ó Súilleabháin',
        status: 'CANCELLED',
        sequence: 1,
        location: 'Bob Cuts, 12 High Street, Belfast, BT1 1AA',
      },
    ];
    expect(byUid(withNodeIcal(text))).toEqual(byUid(expected));
    expect(byUid(withIcalJs(text))).toEqual(byUid(expected));
    expect(unfoldIcsLines(text)).toContain(
      'DESCRIPTION:Customer: Ciarán Ó Súilleabháin\\nPhone: +447123456789\\nPrice: £45\\nStatus: Confirmed\\nHome visit: 1 Main Street\\, Belfast\\, BT1 1AA\\nBooked with TrimTime NI',
    );
  });

  it('uses the UIDs of the booking emails: an approval then a cancellation through the API show in the feed as the same event, then CANCELLED', async () => {
    const { path } = await createFeed();
    const row = await insertBooking(t, db(), { business, customer, startsAt: `${day(3)} 15:00`, price: 40 });
    const approve = await call(t, 'PATCH', '/api/booking/setstatus', business, {
      businessId: business.id,
      bookingId: row.id,
      status: 'Approved',
    });
    expect(approve.statusCode, approve.body).toBe(200);
    const emailUid = (email: string) =>
      unfoldIcsLines(t.mailer.to(email).at(-1)?.attachments?.[0]?.content ?? '')
        .split('\r\n')
        .find((line) => line.startsWith('UID:'))
        ?.slice(4);
    const approvedUid = emailUid(customer.email);
    expect(approvedUid).toBe(`booking-${row.id}@localhost:3000`);
    const before = withIcalJs((await fetchFeed(path)).body).find((event) => event.uid === approvedUid);
    expect(before).toMatchObject({ status: 'CONFIRMED', sequence: 0 });

    const cancel = await call(t, 'PATCH', '/api/booking/cancel', business, {
      businessId: business.id,
      bookingId: row.id,
      reason: 'The barber is ill',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(emailUid(customer.email)).toBe(approvedUid);
    const text = (await fetchFeed(path)).body;
    for (const events of [withIcalJs(text), withNodeIcal(text)])
      expect(events.find((event) => event.uid === approvedUid)).toMatchObject({
        status: 'CANCELLED',
        sequence: 1,
      });
    expect(unfoldIcsLines(text)).toContain('Cancelled by the business: The barber is ill');
  });

  it('a new URL ends the old one, DELETE ends it too (204), and every unknown, revoked or guessed token gets the 404 of a path that does not exist', async () => {
    const first = await createFeed();
    expect((await fetchFeed(first.path)).statusCode).toBe(200);
    const second = await createFeed();
    expect(second.token).not.toBe(first.token);
    expect((await fetchFeed(second.path)).statusCode).toBe(200);

    const revoke = await call(t, 'DELETE', '/api/user/calendar-feed', business);
    expect(revoke.statusCode).toBe(204);
    expect(revoke.body).toBe('');
    expect((await call(t, 'DELETE', '/api/user/calendar-feed', business)).statusCode).toBe(204);
    expect(
      await db().selectFrom('calendar_feeds').selectAll().where('user_id', '=', business.id).execute(),
    ).toEqual([]);

    const unknownRoute = (path: string) => ({ message: `Route GET ${path} not found`, code: 'NotFound' });
    for (const path of [
      first.path,
      second.path,
      `/api/calendar/${'A'.repeat(43)}.ics`,
      `/api/calendar/${second.token}`,
      `/api/calendar/${second.token}.ics.ics`,
      '/api/calendar/x.ics',
      `/api/calendar/${sha256Hex(second.token)}.ics`,
    ]) {
      const response = await fetchFeed(path);
      expect(response.statusCode, path).toBe(404);
      expect(response.json(), path).toEqual(unknownRoute(path));
    }
    // The same answer as a route that does not exist at all.
    expect((await fetchFeed('/api/nothing-here.ics')).json()).toEqual(unknownRoute('/api/nothing-here.ics'));
  });

  it('deleting the account deletes its feed', async () => {
    const owner = await createBusiness(t, db());
    const { path } = await createFeed(owner);
    await db().deleteFrom('users').where('id', '=', owner.id).execute();
    expect((await fetchFeed(path)).statusCode).toBe(404);
    expect(
      await db().selectFrom('calendar_feeds').selectAll().where('user_id', '=', owner.id).execute(),
    ).toEqual([]);
  });
});
