import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EndpointPlan, explainEndpoints, pgBookingsScans, sqliteBookingsScans } from '../../bench/plans';
import { type SeededData, seedMarketplace } from '../../bench/seed';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../helpers/databases';
import { testPasswordHash } from '../helpers/marketplace';

// The SQL the hot endpoints really send (captured by running them on a logging connection),
// explained on each database with a small but realistically shaped marketplace: no plan may read
// the whole bookings table. `npm run bench` does the same on the full dataset.

const SIZE = { businesses: 200, customers: 500, bookings: 12_000 };

const ENDPOINTS = [
  'GET /api/booking/businesses',
  'GET /api/booking/businesses (filtered)',
  'GET /api/booking/towns',
  'GET /api/booking/reviews',
  'GET /api/booking/available-times',
  'GET /api/booking/getallbookings?limit=1000',
  'GET /api/booking/getallbookings (pending)',
  'GET /api/booking/getallbookings (upcoming)',
  'GET /api/booking/getallbookings (a month)',
  'GET /api/booking/getallbookings (next page)',
  'POST /api/booking/book',
  'PATCH /api/booking/setstatus (approve)',
  'GET /api/booking/userbookings',
  'POST /api/booking/messages',
  'GET /api/booking/messages',
  'GET /api/booking/unread',
  'POST /api/booking/messages/read',
  'POST /api/user/calendar-feed',
  'GET /api/calendar/{token}.ics',
  'GET /api/booking/export.csv (one year)',
  'daily purge (bookings older than 7 years)',
  'payment deadlines job (bookings past their deadline)',
  'removing a barber (their agreed bookings from now)',
];

/**
 * The reads that only partial indexes serve (migration 0026), and those indexes: PostgreSQL finds a
 * barber's agreed bookings in the exclusion constraint's index (migration 0020), partial too.
 */
const PARTIAL_INDEX_READS = [
  ['payment deadlines job (bookings past their deadline)', /^bookings_payment_due$/],
  ['removing a barber (their agreed bookings from now)', /^bookings_member_(starts_idx|no_overlap)$/],
] as const;

describe('query plans: the scan detectors', () => {
  it('flag a SQLite table scan or full index scan of bookings, not a search', () => {
    expect(sqliteBookingsScans(['SCAN bookings'])).toHaveLength(1);
    expect(sqliteBookingsScans(['SCAN TABLE bookings'])).toHaveLength(1);
    expect(sqliteBookingsScans(['SCAN bookings USING COVERING INDEX bookings_starts_at_idx'])).toHaveLength(
      1,
    );
    expect(
      sqliteBookingsScans(['SEARCH bookings USING INDEX bookings_business_created_idx (business_id=?)']),
    ).toEqual([]);
    expect(sqliteBookingsScans(['SCAN booking_transitions', 'SCAN users'])).toEqual([]);
    expect(sqliteBookingsScans(['SCAN booking_messages', 'SCAN booking_threads'])).toHaveLength(2);
    expect(sqliteBookingsScans(['SCAN reviews'])).toHaveLength(1);
    expect(
      sqliteBookingsScans([
        'SEARCH reviews USING INDEX reviews_business_page_idx (business_id=? AND hidden=?)',
      ]),
    ).toEqual([]);
  });

  it('flag a PostgreSQL Seq Scan of bookings, or an index scan on it without an index condition', () => {
    const seq = { 'Node Type': 'Limit', Plans: [{ 'Node Type': 'Seq Scan', 'Relation Name': 'bookings' }] };
    expect(pgBookingsScans(seq).scans).toHaveLength(1);
    const fullIndex = { 'Node Type': 'Index Scan', 'Relation Name': 'bookings', 'Index Name': 'bookings_x' };
    expect(pgBookingsScans(fullIndex).scans).toHaveLength(1);
    const search = { ...fullIndex, 'Index Cond': '(business_id = $1)' };
    expect(pgBookingsScans(search)).toEqual({ scans: [], indexes: ['bookings_x'] });
    expect(pgBookingsScans({ 'Node Type': 'Seq Scan', 'Relation Name': 'users' }).scans).toEqual([]);
  });
});

for (const dialect of DIALECTS) {
  describe(`query plans of the booking endpoints on ${SIZE.bookings} bookings [${dialect}]`, () => {
    let database: TestDatabase | undefined;
    let seeded: SeededData;
    let plans: EndpointPlan[] = [];

    beforeAll(async () => {
      database = await createTestDatabase(dialect);
      seeded = await seedMarketplace(database.db, SIZE, { passwordHash: await testPasswordHash() });
      // A review of every agreed booking, so the reviews page is planned against a filled table.
      await sql`
        insert into reviews (id, booking_id, business_id, customer_id, rating, comment, author_name,
          visited_on, reply, reply_at, hidden, hidden_reason, hidden_at, created_at, updated_at)
        select 'r' || id, id, business_id, customer_id, 1 + length(id) % 5, '', 'Ada L.',
          substr(starts_at, 1, 10), null, null, 0, null, null, created_at, created_at
        from bookings where status in ('Approved', 'Confirmed')
      `.execute(database.db);
      // PostgreSQL plans from statistics, as autovacuum would have them on a live database.
      if (dialect === 'postgres') await sql`analyze`.execute(database.db);
      const busiest = [...seeded.businesses].sort((a, b) => b.bookings - a.bookings)[0]!;
      plans = await explainEndpoints(database.config, {
        businessId: busiest.id,
        customerId: seeded.customers[0]!.id,
        price: busiest.minimumPrice,
      });
    }, 60_000);

    afterAll(async () => {
      await database?.drop();
    });

    it('runs every endpoint successfully while capturing its SQL', () => {
      expect(plans.map((plan) => [plan.endpoint, plan.status < 300])).toEqual(
        ENDPOINTS.map((endpoint) => [endpoint, true]),
      );
    });

    for (const endpoint of ENDPOINTS) {
      it(`${endpoint}: no statement reads the whole bookings table`, () => {
        const plan = plans.find((p) => p.endpoint === endpoint);
        expect(plan?.statements.length).toBeGreaterThan(0);
        const scans = (plan?.statements ?? [])
          .filter((statement) => statement.bookingsScans.length > 0)
          .map((statement) => ({ sql: statement.sql, plan: statement.plan.join('\n') }));
        expect(scans).toEqual([]);
      });
    }

    it.each(PARTIAL_INDEX_READS)('%s reads through its partial index, %s', (endpoint, index) => {
      const plan = plans.find((p) => p.endpoint === endpoint);
      const indexes = plan?.statements.flatMap((statement) => statement.bookingsIndexes) ?? [];
      expect(
        indexes.filter((name) => index.test(name)),
        indexes.join(', '),
      ).not.toEqual([]);
    });

    it('reads bookings through an index wherever an endpoint reads them', () => {
      for (const plan of plans) {
        for (const statement of plan.statements) {
          if (/^select\b.*\bfrom "bookings"/i.test(statement.sql)) {
            expect(statement.bookingsIndexes, `${plan.endpoint}: ${statement.sql}`).not.toEqual([]);
          }
        }
      }
    });
  });
}
