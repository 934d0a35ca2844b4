import {
  addDays,
  appointmentEndsAt,
  BOOKING_STATUSES,
  bookingTimesOverlap,
  businessPostcodeOf,
  businessTownOf,
  firstBookableSlot,
  generateBookableSlots,
  holdsSlot,
  isNiPostcode,
  joinedAddressError,
  ratingAverage,
  reviewBlocker,
  reviewCommentError,
  reviewWindowClosesAt,
  splitAddress,
  timeToMinutes,
  todayInLondon,
  utcToLondonWallClock,
  weekdayOf,
} from '@app/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  DEMO_BUSINESSES,
  DEMO_CUSTOMERS,
  DEMO_PASSWORD,
  DEMO_REGULAR_CUSTOMERS,
  formatDemoLogins,
  seedDemoData,
} from '../../src/db/seed';
import { parseAvailability } from '../../src/modules/users/users.mapper';
import { createTestApp, type TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';
import { bearer } from '../helpers/factories';

const TOWNS = ['Belfast', 'Derry~Londonderry', 'Newry', 'Lisburn', 'Bangor', 'Ballymena'];

describeEachDatabase('demo data', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database().db);
  });
  afterAll(() => t.close());

  const db = () => database().db;
  const count = async (table: 'users' | 'bookings' | 'away_dates' | 'booking_transitions') =>
    Number(
      (
        await db()
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('fills an empty database once; a second run changes nothing', async () => {
    const first = await seedDemoData(db(), t.clock.now());
    expect(first.seeded).toBe(true);
    const counts = await Promise.all(
      (['users', 'bookings', 'away_dates', 'booking_transitions'] as const).map(count),
    );
    expect(counts[0]).toBe(DEMO_BUSINESSES.length + DEMO_CUSTOMERS.length + DEMO_REGULAR_CUSTOMERS.length);
    const second = await seedDemoData(db(), t.clock.now());
    expect(second.seeded).toBe(false);
    expect(
      await Promise.all((['users', 'bookings', 'away_dates', 'booking_transitions'] as const).map(count)),
    ).toEqual(counts);
  });

  it('lists six or more businesses across the promised towns, with BT addresses and varied settings', async () => {
    const { businesses } = (await t.app.inject({ url: '/api/booking/businesses' })).json();
    expect(businesses.length).toBeGreaterThanOrEqual(6);
    const listed = DEMO_BUSINESSES.filter((b) => b.isListed);
    expect(businesses.map((b: { BusinessName: string }) => b.BusinessName).sort()).toEqual(
      listed.map((b) => b.businessName).sort(),
    );
    for (const town of TOWNS)
      expect(
        listed.some((b) => b.town === town),
        town,
      ).toBe(true);
    const rows = await db()
      .selectFrom('users')
      .selectAll()
      .where('user_type', 'in', ['Business', 'Admin'])
      .execute();
    for (const row of rows) {
      expect(
        isNiPostcode(splitAddress(row.business_address ?? '').postcode),
        row.business_address ?? '',
      ).toBe(true);
      expect(row.is_confirmed).toBe(1);
      expect(Object.keys(parseAvailability(row.availability)).length).toBeGreaterThan(0);
    }
    const prices = new Set(businesses.map((b: { minimumPrice: number }) => b.minimumPrice));
    expect(prices.size).toBeGreaterThanOrEqual(4);
    expect(businesses.some((b: { homeVisitsEnabled: boolean }) => b.homeVisitsEnabled)).toBe(true);
    expect(businesses.some((b: { homeVisitsEnabled: boolean }) => !b.homeVisitsEnabled)).toBe(true);
    expect(await count('away_dates')).toBeGreaterThanOrEqual(2);
    for (const business of businesses) {
      const times = await t.app.inject({ url: `/api/booking/available-times?businessId=${business.id}` });
      expect(times.json().slots.length, business.BusinessName).toBeGreaterThan(0);
    }
  });

  const listedRows = () =>
    db().selectFrom('users').selectAll().where('is_listed', '=', 1).orderBy('business_name').execute();

  it('lists businesses in eight or more towns (several in Belfast), two working from home showing only town and postcode', async () => {
    const rows = await listedRows();
    const towns = new Map<string, number>();
    for (const row of rows) {
      const town = businessTownOf(row.business_address ?? '');
      expect(businessPostcodeOf(row.business_address ?? ''), row.business_address ?? '').toMatch(/^BT\d/);
      towns.set(town, (towns.get(town) ?? 0) + 1);
    }
    expect(towns.size).toBeGreaterThanOrEqual(8);
    expect(towns.get('Belfast')).toBeGreaterThanOrEqual(3);
    // The town filter's counts differ: not one business a town.
    expect(new Set(towns.values()).size).toBeGreaterThanOrEqual(3);
    // Never more than a page of the list (api-contract §8.5: 20 by default), so every one is found.
    expect(rows.length).toBeLessThanOrEqual(20);

    const hidden = rows.filter((row) => row.show_full_address === 0);
    expect(hidden.length).toBeGreaterThanOrEqual(2);
    expect(rows.filter((row) => row.show_full_address === 1).length).toBeGreaterThan(hidden.length);
    const { businesses } = (await t.app.inject({ url: '/api/booking/businesses' })).json() as {
      businesses: { id: string; BusinessAddress: string }[];
    };
    for (const row of hidden) {
      const shown = businesses.find((b) => b.id === row.id)?.BusinessAddress;
      const address = row.business_address ?? '';
      expect(shown, row.business_name ?? '').toBe(
        `${businessTownOf(address)}, ${businessPostcodeOf(address)}`,
      );
    }

    const prices = rows.map((row) => row.minimum_price ?? 0);
    expect(Math.min(...prices)).toBeLessThanOrEqual(12);
    expect(prices.filter((price) => price >= 10 && price <= 40).length).toBeGreaterThanOrEqual(8);
    const hours = rows.map((row) => parseAvailability(row.availability));
    expect(hours.some((h) => (h.Saturday ?? []).length > 0)).toBe(true);
    expect(hours.some((h) => (h.Saturday ?? []).length === 0)).toBe(true);
    expect(rows.filter((row) => row.home_visits_enabled === 1).length).toBeGreaterThanOrEqual(3);
  });

  it('has a business away this week, whose first free hour is next week', async () => {
    const today = todayInLondon(t.clock.now());
    const rows = await listedRows();
    const firsts = await Promise.all(
      rows.map(async (row) => {
        const away = await db().selectFrom('away_dates').selectAll().where('user_id', '=', row.id).execute();
        const held = await db()
          .selectFrom('bookings')
          .select('starts_at')
          .where('business_id', '=', row.id)
          .where('status', 'in', ['Approved', 'Confirmed'])
          .execute();
        return firstBookableSlot({
          availability: parseAvailability(row.availability),
          awayDates: away.map((a) => ({ startDate: a.start_date, endDate: a.end_date })),
          takenSlots: held.map((b) => b.starts_at),
          now: t.clock.now(),
        });
      }),
    );
    expect(firsts.every((first) => first !== null)).toBe(true);
    expect(firsts.some((first) => (first ?? '') >= addDays(today, 7))).toBe(true);
    expect(firsts.some((first) => (first ?? '') < addDays(today, 2))).toBe(true);
  });

  it('gives Cathedral Quarter Barbers a year of bookings and the coming four weeks, inside its hours, none agreed twice for one hour', async () => {
    const now = utcToLondonWallClock(t.clock.now());
    const today = todayInLondon(t.clock.now());
    const owner = await db()
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'belfast@trimtime.test')
      .executeTakeFirstOrThrow();
    const hours = parseAvailability(owner.availability);
    const rows = await db()
      .selectFrom('bookings')
      .selectAll()
      .where('business_id', '=', owner.id)
      .orderBy('starts_at')
      .execute();
    expect(rows.length).toBeGreaterThanOrEqual(100);
    expect(rows[0]!.starts_at >= addDays(today, -366)).toBe(true);
    expect(rows.at(-1)!.starts_at <= `${addDays(today, 28)} 23:59`).toBe(true);
    expect(new Set(rows.map((b) => b.starts_at.slice(0, 7))).size).toBeGreaterThanOrEqual(12);
    expect(new Set(rows.map((b) => b.customer_id)).size).toBeGreaterThanOrEqual(8);

    const past = rows.filter((b) => b.starts_at < now);
    const future = rows.filter((b) => b.starts_at > now);
    expect(past.length).toBeGreaterThanOrEqual(80);
    expect(future.length).toBeGreaterThanOrEqual(10);
    // The past is settled; the future has a few requests still waiting.
    expect(past.filter((b) => b.status === 'Requested' || b.status === 'Countered')).toEqual([]);
    expect(new Set(past.map((b) => b.status))).toEqual(
      new Set(['Approved', 'Confirmed', 'Denied', 'Declined', 'Cancelled']),
    );
    const pending = future.filter((b) => b.status === 'Requested' || b.status === 'Countered');
    expect(pending.length).toBeGreaterThanOrEqual(2);
    expect(pending.length).toBeLessThan(future.length / 2);

    // Every hour inside that weekday's hours (a booking lasts one hour).
    for (const booking of rows) {
      const [date, time] = booking.starts_at.split(' ') as [string, string];
      const start = timeToMinutes(time);
      const inside = (hours[weekdayOf(date)] ?? []).some(
        (range) => timeToMinutes(range.start) <= start && start + 60 <= timeToMinutes(range.end),
      );
      expect(inside, booking.starts_at).toBe(true);
    }
  });

  it('never has two agreed bookings of one business at overlapping times', async () => {
    const held = await db()
      .selectFrom('bookings')
      .select(['business_id', 'starts_at'])
      .where('status', 'in', ['Approved', 'Confirmed'])
      .orderBy('business_id')
      .orderBy('starts_at')
      .execute();
    expect(held.length).toBeGreaterThanOrEqual(100);
    for (const [index, booking] of held.entries()) {
      const next = held[index + 1];
      if (!next || next.business_id !== booking.business_id) continue;
      expect(bookingTimesOverlap(booking.starts_at, next.starts_at), booking.starts_at).toBe(false);
    }
  });

  it('signs in a regular customer, who has bookings', async () => {
    const regular = DEMO_REGULAR_CUSTOMERS.find((c) => c.town === 'Belfast')!;
    const login = await t.post('/api/auth/login', { email: regular.email, password: DEMO_PASSWORD });
    expect(login.statusCode).toBe(200);
    const { requests } = (
      await t.app.inject({ url: '/api/booking/userbookings', headers: bearer(login.json().accessToken) })
    ).json();
    expect(requests.length).toBeGreaterThan(0);
  });

  it('keeps the Admin unlisted and not bookable', async () => {
    const admin = await db()
      .selectFrom('users')
      .selectAll()
      .where('user_type', '=', 'Admin')
      .executeTakeFirstOrThrow();
    expect(admin.is_listed).toBe(0);
    const response = await t.app.inject({ url: `/api/booking/available-times?businessId=${admin.id}` });
    expect(response.statusCode).toBe(404);
  });

  it('signs in every demo account with the demo password; the customer has an NI address and bookings in every status', async () => {
    for (const email of [...DEMO_BUSINESSES, ...DEMO_CUSTOMERS].map((a) => a.email)) {
      const response = await t.post('/api/auth/login', { email, password: DEMO_PASSWORD });
      expect(response.statusCode, email).toBe(200);
    }
    const customer = DEMO_CUSTOMERS[0]!;
    const { accessToken } = (
      await t.post('/api/auth/login', { email: customer.email, password: DEMO_PASSWORD })
    ).json();
    const profile = (
      await t.app.inject({ url: '/api/user/userdetails', headers: bearer(accessToken) })
    ).json();
    expect(profile).toMatchObject({ UserType: 'User', Email: customer.email });
    expect(joinedAddressError(profile.Address)).toBeNull();
    const { requests, bookings } = (
      await t.app.inject({ url: '/api/booking/userbookings', headers: bearer(accessToken) })
    ).json();
    expect(new Set(requests.map((b: { Status: string }) => b.Status))).toEqual(new Set(BOOKING_STATUSES));
    expect(bookings.length).toBeGreaterThanOrEqual(2);
    expect(requests.some((b: { IsHomeVisit: boolean }) => b.IsHomeVisit)).toBe(true);
    // Newest first.
    const created = requests.map((b: { CreatedAt: string }) => b.CreatedAt);
    expect(created).toEqual([...created].sort().reverse());
  });

  it('puts future Approved and Confirmed bookings on real, distinct slots, and every booking has its history', async () => {
    const now = utcToLondonWallClock(t.clock.now());
    const rows = await db().selectFrom('bookings').selectAll().execute();
    const held = rows.filter((b) => holdsSlot(b.status));
    expect(held.filter((b) => b.starts_at > now).length).toBeGreaterThanOrEqual(3);
    expect(rows.some((b) => b.starts_at < now)).toBe(true);
    const keys = held.map((b) => `${b.business_id} ${b.starts_at}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const booking of rows.filter((b) => b.starts_at > now)) {
      const business = await db()
        .selectFrom('users')
        .selectAll()
        .where('id', '=', booking.business_id)
        .executeTakeFirstOrThrow();
      const away = await db()
        .selectFrom('away_dates')
        .selectAll()
        .where('user_id', '=', business.id)
        .execute();
      const slots = generateBookableSlots({
        availability: parseAvailability(business.availability),
        awayDates: away.map((a) => ({ startDate: a.start_date, endDate: a.end_date })),
        now: t.clock.now(),
      });
      expect(slots, `${business.business_name} ${booking.starts_at}`).toContain(booking.starts_at);
    }
    const transitions = await db()
      .selectFrom('booking_transitions')
      .selectAll()
      .orderBy('created_at')
      .execute();
    for (const booking of rows) {
      const history = transitions.filter((step) => step.booking_id === booking.id);
      expect(history[0]).toMatchObject({ from_status: null, to_status: 'Requested' });
      expect(history.at(-1)?.to_status).toBe(booking.status);
      if (booking.status === 'Confirmed') expect(booking.final_price).toBe(booking.counter_price);
      if (booking.status === 'Countered') expect(booking.original_price).toBe(booking.price);
    }
  });

  it('gives every booking its thread with its status changes, and the demo customer and shop a message waiting', async () => {
    const bookings = await db().selectFrom('bookings').select('id').execute();
    const threads = await db().selectFrom('booking_threads').selectAll().execute();
    expect(threads.length).toBe(bookings.length);
    const signIn = async (email: string) => {
      const login = await t.post('/api/auth/login', { email, password: DEMO_PASSWORD });
      expect(login.statusCode, login.body).toBe(200);
      return bearer(login.json().accessToken);
    };
    const customer = await signIn('customer@trimtime.test');
    const business = await signIn('belfast@trimtime.test');
    for (const headers of [customer, business]) {
      const unread = (await t.app.inject({ url: '/api/booking/unread', headers })).json();
      expect(unread.total).toBe(1);
    }
    // The shop's waiting question, after the request's own line.
    const [bookingId] = Object.keys(
      (await t.app.inject({ url: '/api/booking/unread', headers: business })).json().byBooking,
    );
    const thread = (
      await t.app.inject({ url: `/api/booking/messages?bookingId=${bookingId}`, headers: business })
    ).json();
    expect(thread.messages.map((line: { from: string; body: string }) => [line.from, line.body])).toEqual([
      ['system', 'Booking requested: £25'],
      ['customer', 'Hi, could you do a skin fade and a beard trim in that hour?'],
    ]);
    expect(thread.open).toBe(true);
  });

  it('gives every listed business three or more visible reviews of its own past agreed visits, its average shown', async () => {
    const listed = await listedRows();
    expect(listed.map((row) => row.email).sort()).toEqual(
      DEMO_BUSINESSES.filter((b) => b.isListed)
        .map((b) => b.email)
        .sort(),
    );
    const { businesses } = (await t.app.inject({ url: '/api/booking/businesses?limit=50' })).json() as {
      businesses: { id: string; rating: { average: number | null; count: number } }[];
    };
    const reviews = await db().selectFrom('reviews').selectAll().execute();
    const bookings = new Map(
      (await db().selectFrom('bookings').selectAll().execute()).map((booking) => [booking.id, booking]),
    );
    const now = t.clock.now();
    for (const row of listed) {
      const own = reviews.filter((review) => review.business_id === row.id && review.hidden === 0);
      expect(own.length, row.email).toBeGreaterThanOrEqual(3);
      // The kept totals are the visible reviews' count and sum.
      expect([row.review_count, row.review_sum], row.email).toEqual([
        own.length,
        own.reduce((sum, review) => sum + review.rating, 0),
      ]);
      expect(businesses.find((b) => b.id === row.id)?.rating, row.email).toEqual({
        average: ratingAverage(row.review_sum, row.review_count),
        count: own.length,
      });
      expect(ratingAverage(row.review_sum, row.review_count), row.email).not.toBeNull();
      const page = (await t.app.inject({ url: `/api/booking/reviews?businessId=${row.id}` })).json();
      expect(page.reviews.length, row.email).toBeGreaterThanOrEqual(3);
    }
    for (const review of reviews) {
      // Each by the customer of an agreed booking of that business, written after it ended and
      // within the review window, never in the future.
      const booking = bookings.get(review.booking_id)!;
      expect(booking).toMatchObject({ business_id: review.business_id, customer_id: review.customer_id });
      expect(['Approved', 'Confirmed']).toContain(booking.status);
      expect(review.visited_on).toBe(booking.starts_at.slice(0, 10));
      const written = Date.parse(review.created_at);
      expect(written).toBeGreaterThan(appointmentEndsAt(booking.starts_at).getTime());
      expect(written).toBeLessThanOrEqual(reviewWindowClosesAt(booking.starts_at).getTime());
      expect(written).toBeLessThanOrEqual(now.getTime());
      if (review.reply_at)
        expect(review.reply_at > review.created_at && Date.parse(review.reply_at) <= now.getTime()).toBe(
          true,
        );
      expect(reviewCommentError(review.comment), review.comment).toBeNull();
    }
    expect(new Set(reviews.map((review) => review.booking_id)).size).toBe(reviews.length);
    // Varied: mostly 4 and 5 stars, some 3 or lower, some without a comment, some answered.
    const ratings = reviews.map((review) => review.rating);
    expect(new Set(ratings).size).toBeGreaterThanOrEqual(3);
    expect(ratings.filter((rating) => rating >= 4).length).toBeGreaterThan(reviews.length / 2);
    expect(reviews.some((review) => review.comment === '')).toBe(true);
    expect(reviews.some((review) => review.reply !== null)).toBe(true);
    expect(reviews.some((review) => review.reply === null)).toBe(true);
  });

  it('leaves the demo customer an upcoming booking and an agreed visit of the last few days to review at once', async () => {
    const customer = await db()
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'customer@trimtime.test')
      .executeTakeFirstOrThrow();
    const mine = await db()
      .selectFrom('bookings')
      .selectAll()
      .where('customer_id', '=', customer.id)
      .execute();
    const reviewed = new Set(
      (
        await db().selectFrom('reviews').select('booking_id').where('customer_id', '=', customer.id).execute()
      ).map((review) => review.booking_id),
    );
    const now = t.clock.now();
    const reviewable = mine.filter(
      (booking) =>
        !reviewed.has(booking.id) &&
        reviewBlocker({ status: booking.status, bookingDateTime: booking.starts_at }, now) === null,
    );
    expect(reviewable.length).toBeGreaterThanOrEqual(1);
    // One ended within the last week, so it stays reviewable for weeks after seeding.
    expect(
      reviewable.some(
        (booking) => now.getTime() - appointmentEndsAt(booking.starts_at).getTime() < 7 * 24 * 3600_000,
      ),
    ).toBe(true);
    expect(reviewed.size).toBeGreaterThanOrEqual(1);
    const upcoming = utcToLondonWallClock(now);
    expect(mine.some((booking) => holdsSlot(booking.status) && booking.starts_at > upcoming)).toBe(true);
  });

  it('has one shop taking deposits, with a deposit due, paid, paid for a visit, and given back', async () => {
    const login = await t.post('/api/auth/login', {
      email: 'belfast@trimtime.test',
      password: DEMO_PASSWORD,
    });
    const headers = bearer(login.json().accessToken);
    expect((await t.app.inject({ url: '/api/payments/account', headers })).json().status).toBe('active');
    expect((await t.app.inject({ url: '/api/user/payment-settings', headers })).json()).toEqual({
      mode: 'deposit',
      depositPercent: 20,
    });
    const shop = await db()
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'belfast@trimtime.test')
      .executeTakeFirstOrThrow();
    const paying = await db()
      .selectFrom('bookings')
      .selectAll()
      .where('business_id', '=', shop.id)
      .where('payment_status', '!=', 'NotRequired')
      .orderBy('starts_at')
      .execute();
    const now = Date.now();
    expect(
      paying.map((booking) => [booking.status, booking.payment_status, booking.amount_due_pence]),
    ).toEqual([
      ['Confirmed', 'Paid', 480],
      ['Approved', 'Due', 560],
      ['Approved', 'Paid', 600],
      ['Cancelled', 'Refunded', 500],
    ]);
    const [visited, due, paid, refunded] = paying;
    expect(visited!.attendance).toBe('Attended');
    // Due after now, by the window of a booking agreed now: the deadline job leaves it be.
    expect(Date.parse(due!.payment_due_by!)).toBeGreaterThan(now);
    expect(paid!.amount_paid_pence).toBe(600);
    expect(refunded).toMatchObject({
      cancelled_by: 'business',
      amount_paid_pence: 500,
      amount_refunded_pence: 500,
    });
    // The ledger matches: a charge per payment, a refund of the refunded one.
    const ledger = await db()
      .selectFrom('payments')
      .select(['booking_id', 'kind', 'amount_pence', 'status'])
      .where(
        'booking_id',
        'in',
        paying.map((booking) => booking.id),
      )
      .execute();
    expect(ledger.filter((row) => row.kind === 'charge')).toHaveLength(3);
    expect(ledger.filter((row) => row.kind === 'refund')).toEqual([
      { booking_id: refunded!.id, kind: 'refund', amount_pence: 500, status: 'succeeded' },
    ]);
  });

  it('prints every login with the one password', () => {
    const banner = formatDemoLogins();
    expect(banner).toContain(DEMO_PASSWORD);
    for (const account of [...DEMO_BUSINESSES, ...DEMO_CUSTOMERS]) expect(banner).toContain(account.email);
  });
});

describeEachDatabase('demo data on a database in use', (database) => {
  it('writes nothing when any account exists', async () => {
    const t = await createTestApp(database().db);
    try {
      const { createCustomer } = await import('../helpers/marketplace');
      await createCustomer(t, database().db);
      expect((await seedDemoData(database().db)).seeded).toBe(false);
      const users = await database().db.selectFrom('users').select('id').execute();
      expect(users).toHaveLength(1);
    } finally {
      await t.close();
    }
  });
});
