import {
  addDays,
  BUSINESS_SEARCH_MESSAGES,
  type BusinessesResponse,
  type BusinessSummary,
  todayInLondon,
} from '@app/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';
import {
  type Actor,
  bookingBody,
  call,
  createBusiness,
  createCustomer,
  EVERY_DAY,
  insertBooking,
  slotsOf,
  withFreshToken,
} from '../helpers/marketplace';

// api-contract §8.5: GET /booking/businesses with town, q, homeVisits, maxPrice, availableOn, sort,
// limit and cursor, GET /booking/towns, and each business's nextAvailable.

const HOUR_MS = 3_600_000;
const shopIn = (town: string, postcode = 'BT1 1AA') => `1 Shop Street, ${town}, ${postcode}`;

describeEachDatabase('finding a business', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database().db);
  });
  afterAll(() => t.close());
  const db = () => database().db;

  const get = (query: string) => t.app.inject({ url: `/api/booking/businesses?${query}` });
  async function list(query: string): Promise<BusinessesResponse> {
    const response = await get(query);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }
  const names = async (query: string) => (await list(query)).businesses.map((b) => b.BusinessName).sort();
  /** Every page of a query, `limit` at a time. */
  async function allPages(query: string, limit: number): Promise<BusinessSummary[]> {
    const seen: BusinessSummary[] = [];
    let cursor: string | null = null;
    do {
      const page: BusinessesResponse = await list(
        `${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(page.businesses.length).toBeLessThanOrEqual(limit);
      seen.push(...page.businesses);
      cursor = page.nextCursor;
    } while (cursor);
    return seen;
  }

  it('filters by town (any case), words, home visits and price, alone and together', async () => {
    await createBusiness(t, db(), {
      business_name: 'Skin Fade Studio',
      business_description: 'Beard trims and hot towel shaves',
      first_name: 'Ciara',
      business_address: shopIn('Alphaville'),
      home_visits_enabled: 1,
      minimum_price: 15,
    });
    await createBusiness(t, db(), {
      business_name: 'Classic Cuts',
      business_description: 'Scissor cuts',
      business_address: shopIn('Alphaville'),
      home_visits_enabled: 0,
      minimum_price: 30,
    });
    await createBusiness(t, db(), {
      business_name: 'Kids Corner',
      business_description: 'Children welcome',
      business_address: '9 Quiet Close, Alphaville, BT1 1AA',
      show_full_address: 0,
      home_visits_enabled: 1,
      minimum_price: 10,
    });
    await createBusiness(t, db(), { business_name: 'Beta Barbers', business_address: shopIn('Betaville') });
    await createBusiness(t, db(), {
      business_name: 'Hidden Alpha',
      business_address: shopIn('Alphaville'),
      is_listed: 0,
    });

    const alpha = ['Classic Cuts', 'Kids Corner', 'Skin Fade Studio'];
    expect(await names('town=Alphaville')).toEqual(alpha);
    expect(await names('town=%20ALPHAVILLE%20')).toEqual(alpha);
    expect(await list('town=Nowhere')).toEqual({ businesses: [], nextCursor: null });
    expect(await names('town=Alphaville&q=fade')).toEqual(['Skin Fade Studio']);
    expect(await names('town=Alphaville&q=HOT%20towel')).toEqual(['Skin Fade Studio']);
    expect(await names('town=Alphaville&q=ciara')).toEqual(['Skin Fade Studio']);
    expect(await names('town=Alphaville&q=scissor%20fade')).toEqual([]);
    expect(await names('town=Alphaville&homeVisits=true')).toEqual(['Kids Corner', 'Skin Fade Studio']);
    expect(await names('town=Alphaville&homeVisits=false')).toEqual(alpha);
    expect(await names('town=Alphaville&maxPrice=15')).toEqual(['Kids Corner', 'Skin Fade Studio']);
    expect(await names('town=Alphaville&maxPrice=15&homeVisits=true&q=kids')).toEqual(['Kids Corner']);
    expect(await names('q=beta')).toEqual(['Beta Barbers']);
    // A business showing only its town is still found by it, and shows no street.
    const kids = (await list('town=alphaville&q=kids')).businesses[0];
    expect(kids).toMatchObject({ BusinessAddress: 'Alphaville, BT1 1AA', BusinessTown: 'Alphaville' });
  });

  it('GET /booking/towns counts the listed businesses of each town, by name, whatever the spelling', async () => {
    await createBusiness(t, db(), { business_name: 'Zeta One', business_address: shopIn('Zetaville') });
    await createBusiness(t, db(), { business_name: 'Zeta Two', business_address: shopIn('Zetaville') });
    await createBusiness(t, db(), { business_name: 'Zeta Three', business_address: shopIn('zetaville') });
    await createBusiness(t, db(), {
      business_name: 'Zeta Hidden',
      business_address: shopIn('Zetaville'),
      is_listed: 0,
    });
    const response = await t.app.inject({ url: '/api/booking/towns' });
    expect(response.statusCode).toBe(200);
    const { towns } = response.json() as { towns: { town: string; count: number }[] };
    expect(towns.find((entry) => entry.town.toLowerCase() === 'zetaville')).toEqual({
      town: 'Zetaville',
      count: 3,
    });
    const sorted = [...towns].sort((a, b) => a.town.localeCompare(b.town, 'en-GB', { sensitivity: 'base' }));
    expect(towns).toEqual(sorted);
    expect(await names('town=ZETAVILLE')).toEqual(['Zeta One', 'Zeta Three', 'Zeta Two']);
  });

  it('availableOn keeps the businesses with a free hour that day', async () => {
    const today = todayInLondon(t.clock.now());
    const day = addDays(today, 3);
    const town = shopIn('Gammaville');
    await createBusiness(t, db(), { business_name: 'Open', business_address: town });
    await createBusiness(t, db(), {
      business_name: 'Closed That Day',
      business_address: town,
      availability: {
        [new Date(`${addDays(day, 1)}T12:00:00Z`).toLocaleDateString('en-GB', {
          weekday: 'long',
          timeZone: 'Europe/London',
        })]: [{ start: '09:00', end: '17:00' }],
      },
    });
    const away = await createBusiness(t, db(), { business_name: 'Away', business_address: town });
    await db()
      .insertInto('away_dates')
      .values({
        id: crypto.randomUUID(),
        user_id: away.id,
        start_date: addDays(day, -1),
        end_date: day,
        reason: null,
        status: 'active',
        created_at: t.clock.now().toISOString(),
      })
      .execute();
    const full = await createBusiness(t, db(), { business_name: 'Fully Booked', business_address: town });
    const customer = await createCustomer(t, db());
    for (let hour = 9; hour < 17; hour += 1) {
      await insertBooking(t, db(), {
        business: full,
        customer,
        startsAt: `${day} ${String(hour).padStart(2, '0')}:00`,
        status: hour % 2 ? 'Approved' : 'Confirmed',
      });
    }
    expect(await names(`town=Gammaville&availableOn=${day}`)).toEqual(['Open']);
    expect(await names(`town=Gammaville&availableOn=${addDays(day, 1)}`)).toEqual([
      'Away',
      'Closed That Day',
      'Fully Booked',
      'Open',
    ]);
    expect(await names(`town=Gammaville&availableOn=${addDays(today, 1)}&sort=name`)).toContain(
      'Fully Booked',
    );
    // Each says its first free hour on the chosen day, not its next one overall (issue 29, item 6).
    const later = addDays(day, 1);
    const onLater = (await get(`town=Gammaville&availableOn=${later}&sort=name`)).json();
    for (const business of onLater.businesses) expect(business.nextAvailable?.slice(0, 10)).toBe(later);
    const unfiltered = (await get('town=Gammaville&sort=name')).json();
    expect(
      unfiltered.businesses
        .find((business: { BusinessName: string }) => business.BusinessName === 'Open')
        .nextAvailable.slice(0, 10),
    ).not.toBe(later);
    // Beyond the booking window nobody is free; before today is a mistake.
    expect(await names(`town=Gammaville&availableOn=${addDays(today, 60)}`)).toEqual([]);
    const past = await get(`availableOn=${addDays(today, -1)}`);
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ message: BUSINESS_SEARCH_MESSAGES.availableOnPast });
  });

  it('sorts by next free hour (none last), price or name, and pages to the end without gaps or repeats', async () => {
    const town = shopIn('Deltaville');
    const sunday = { Sunday: [{ start: '10:00', end: '12:00' }] };
    const specs = [
      { business_name: 'Delta Mango', minimum_price: 25, availability: EVERY_DAY },
      { business_name: 'delta apple', minimum_price: 25, availability: sunday },
      { business_name: 'Delta Kiwi', minimum_price: 12, availability: null },
      { business_name: 'Delta Fig', minimum_price: 40, availability: EVERY_DAY },
      {
        business_name: 'Delta Banana',
        minimum_price: 12,
        availability: { Wednesday: [{ start: '15:00', end: '18:00' }] },
      },
      { business_name: 'Delta Cherry', minimum_price: 18, availability: sunday },
      { business_name: 'Delta Date', minimum_price: 30, availability: null },
    ];
    for (const spec of specs) await createBusiness(t, db(), { ...spec, business_address: town });
    const everything = (await list('town=Deltaville&limit=100')).businesses;
    expect(everything).toHaveLength(specs.length);
    // nextAvailable is the first of each business's available-times slots.
    for (const business of everything) {
      expect(business.nextAvailable).toBe((await slotsOf(t, business.id))[0] ?? null);
    }
    const byName = (a: BusinessSummary, b: BusinessSummary) =>
      a.BusinessName.localeCompare(b.BusinessName, 'en-GB', { sensitivity: 'base' });
    const expected = {
      next: [...everything].sort(
        (a, b) =>
          Number(a.nextAvailable === null) - Number(b.nextAvailable === null) ||
          (a.nextAvailable ?? '').localeCompare(b.nextAvailable ?? '') ||
          byName(a, b),
      ),
      price: [...everything].sort((a, b) => a.minimumPrice - b.minimumPrice || byName(a, b)),
      name: [...everything].sort(byName),
    };
    for (const sort of ['next', 'price', 'name'] as const) {
      for (const limit of [1, 2, 3, 7]) {
        const paged = await allPages(`town=Deltaville&sort=${sort}`, limit);
        expect(
          paged.map((b) => b.BusinessName),
          `${sort} by ${limit}`,
        ).toEqual(expected[sort].map((b) => b.BusinessName));
      }
    }
    expect((await list('town=Deltaville')).businesses.map((b) => b.BusinessName)).toEqual(
      expected.next.map((b) => b.BusinessName),
    );
    expect(expected.next.slice(-2).map((b) => b.nextAvailable)).toEqual([null, null]);
    // A page boundary survives a business leaving the list meanwhile.
    const first = await list('town=Deltaville&sort=name&limit=2');
    await db()
      .updateTable('users')
      .set({ is_listed: 0 })
      .where('business_name', '=', 'Delta Banana')
      .execute();
    const second = await list(`town=Deltaville&sort=name&limit=2&cursor=${first.nextCursor}`);
    expect(second.businesses.map((b) => b.BusinessName)).toEqual(['Delta Cherry', 'Delta Date']);
  });

  it('answers 400 with a message for every bad parameter', async () => {
    const today = todayInLondon(t.clock.now());
    const page = await list('sort=name&limit=1');
    expect(page.nextCursor).not.toBeNull();
    const forged = Buffer.from(JSON.stringify({ f: 'x', k: ['a', 'b', 'c', 'd'] })).toString('base64url');
    const cases: [string, string][] = [
      ['limit=0', BUSINESS_SEARCH_MESSAGES.limit],
      ['limit=101', BUSINESS_SEARCH_MESSAGES.limit],
      ['limit=ten', BUSINESS_SEARCH_MESSAGES.limit],
      ['maxPrice=-1', BUSINESS_SEARCH_MESSAGES.maxPrice],
      ['maxPrice=7.5', BUSINESS_SEARCH_MESSAGES.maxPrice],
      [`availableOn=${addDays(today, -1)}`, BUSINESS_SEARCH_MESSAGES.availableOnPast],
      ['availableOn=2027-02-30', BUSINESS_SEARCH_MESSAGES.availableOn],
      ['availableOn=tomorrow', BUSINESS_SEARCH_MESSAGES.availableOn],
      ['sort=cheapest', BUSINESS_SEARCH_MESSAGES.sort],
      ['homeVisits=yes', BUSINESS_SEARCH_MESSAGES.homeVisits],
      [`town=${'x'.repeat(61)}`, BUSINESS_SEARCH_MESSAGES.town],
      [`q=${'x'.repeat(101)}`, BUSINESS_SEARCH_MESSAGES.q],
      ['cursor=not-a-cursor', BUSINESS_SEARCH_MESSAGES.cursor],
      [`sort=name&cursor=${forged}`, BUSINESS_SEARCH_MESSAGES.cursor],
      // The cursor of another order or other filters is stale for this one.
      [`sort=price&limit=1&cursor=${page.nextCursor}`, BUSINESS_SEARCH_MESSAGES.cursor],
      [`sort=name&town=Alphaville&cursor=${page.nextCursor}`, BUSINESS_SEARCH_MESSAGES.cursor],
      [`sort=name&cursor=${'A'.repeat(600)}`, BUSINESS_SEARCH_MESSAGES.cursor],
    ];
    for (const [query, message] of cases) {
      const response = await get(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toBe(message);
    }
    // The same cursor with another page size is fine.
    expect((await get(`sort=name&limit=5&cursor=${page.nextCursor}`)).statusCode).toBe(200);
  });

  it('keeps nextAvailable equal to available-times’ first slot through every kind of write (fast-check)', async () => {
    const customer = await createCustomer(t, db());
    const business = await createBusiness(t, db(), {
      business_name: 'Epsilon Cuts',
      business_address: shopIn('Epsilonville'),
    });
    const fresh = async (actor: Actor, type: 'User' | 'Business' = 'User') =>
      withFreshToken(t, db(), actor, type);
    const check = async () => {
      const [listed] = (await list('town=Epsilonville')).businesses;
      expect(listed?.nextAvailable).toBe((await slotsOf(t, business.id))[0] ?? null);
    };
    /** Saves new hours or away dates, keeping or cancelling the agreed bookings they fall on (issue 29). */
    const saveSchedule = async (
      owner: Actor,
      path: 'availability' | 'away-dates',
      body: object,
      keep: boolean,
    ) => {
      const listed = await call(t, 'POST', `/api/user/${path}/check`, owner, body);
      expect(listed.statusCode, listed.body).toBe(200);
      const bookingIds = listed.json().bookings.map((booking: { id: string }) => booking.id);
      const agreedBookings = keep
        ? { action: 'keep', bookingIds }
        : { action: 'cancel', bookingIds, reason: 'Closed that day' };
      const saved = await call(t, 'PUT', `/api/user/${path}`, owner, { ...body, agreedBookings });
      expect(saved.statusCode, saved.body).toBe(200);
    };
    type Step =
      | { kind: 'take'; index: number }
      | { kind: 'free'; index: number }
      | { kind: 'hours'; start: number; length: number; days: number }
      | { kind: 'away'; from: number; length: number }
      | { kind: 'wait'; hours: number };
    const step: fc.Arbitrary<Step> = fc.oneof(
      fc.record({ kind: fc.constant('take' as const), index: fc.integer({ min: 0, max: 3 }) }),
      fc.record({ kind: fc.constant('free' as const), index: fc.integer({ min: 0, max: 3 }) }),
      fc.record({
        kind: fc.constant('hours' as const),
        start: fc.integer({ min: 6, max: 20 }),
        length: fc.integer({ min: 1, max: 4 }),
        days: fc.integer({ min: 1, max: 127 }),
      }),
      fc.record({
        kind: fc.constant('away' as const),
        from: fc.integer({ min: 0, max: 3 }),
        length: fc.integer({ min: 0, max: 2 }),
      }),
      fc.record({ kind: fc.constant('wait' as const), hours: fc.integer({ min: 1, max: 30 }) }),
    );
    const weekdays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
    await check();
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 5 }), async (steps) => {
        for (const s of steps) {
          const owner = await fresh(business, 'Business');
          if (s.kind === 'take') {
            const slot = (await slotsOf(t, business.id))[s.index];
            if (!slot) continue;
            const booked = await call(
              t,
              'POST',
              '/api/booking/book',
              await fresh(customer),
              bookingBody(business, slot),
            );
            expect(booked.statusCode, booked.body).toBe(201);
            await check(); // a request holds nothing
            const approved = await call(t, 'PATCH', '/api/booking/setstatus', owner, {
              businessId: business.id,
              bookingId: booked.json().booking.id,
              status: 'Approved',
            });
            expect(approved.statusCode, approved.body).toBe(200);
          } else if (s.kind === 'free') {
            const agreed = await db()
              .selectFrom('bookings')
              .select('id')
              .where('business_id', '=', business.id)
              .where('status', '=', 'Approved')
              .where('starts_at', '>', '')
              .orderBy('starts_at')
              .execute();
            const target = agreed[s.index % Math.max(agreed.length, 1)];
            if (!target) continue;
            const cancelled = await call(t, 'PATCH', '/api/booking/cancel', owner, {
              businessId: business.id,
              bookingId: target.id,
              reason: 'Closed for a family event',
            });
            // Started bookings can no longer be cancelled: then nothing changed.
            expect([200, 409]).toContain(cancelled.statusCode);
          } else if (s.kind === 'hours') {
            const range = [
              `${String(s.start).padStart(2, '0')}:00-${String(Math.min(s.start + s.length, 23)).padStart(2, '0')}:00`,
            ];
            const availability = Object.fromEntries(
              weekdays.filter((_, i) => s.days & (1 << i)).map((day) => [day, range]),
            );
            await saveSchedule(owner, 'availability', { availability }, s.length % 2 === 0);
          } else if (s.kind === 'away') {
            const today = todayInLondon(t.clock.now());
            const awayDates = [
              { startDate: addDays(today, s.from), endDate: addDays(today, s.from + s.length) },
            ];
            await saveSchedule(owner, 'away-dates', { awayDates }, s.from % 2 === 0);
          } else {
            t.clock.advance(s.hours * HOUR_MS);
          }
          await check();
        }
      }),
      { numRuns: 12 },
    );
  }, 120_000);
});
