/**
 * The query plans of the hot endpoints. The real endpoints run in-process (app.inject) on a
 * database connection that logs every statement Kysely sends; each statement is then explained
 * with its own parameters: `EXPLAIN QUERY PLAN` on SQLite, `EXPLAIN` on PostgreSQL (run ANALYZE
 * first). A plan that reads the whole bookings table (a sequential scan, or an index scan without
 * an index condition) is a "bookings scan".
 */
import { randomBytes } from 'node:crypto';
import {
  DASHBOARD_PAGE_SIZE,
  DEFAULT_PAYMENT_WINDOW,
  DEFAULT_REMINDER_OFFSETS,
  parsePaymentWindow,
  parseReminderOffsets,
} from '@app/domain';
import SqliteDatabase from 'better-sqlite3';
import { CompiledQuery, Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { buildApp } from '../src/app';
import type { AppConfig, DatabaseConfig } from '../src/config';
import type { Db } from '../src/db/database';
import type { Database } from '../src/db/schema';
import { purgeExpiredBookings } from '../src/modules/bookings/bookings.purge';
import { BookingsRepository } from '../src/repositories/bookings.repository';
import { mintAccessTokens } from './tokens';

export interface ExplainedStatement {
  sql: string;
  /** The plan as the database prints it, one line per node. */
  plan: string[];
  /** The plan lines that read all of bookings; empty when none does. */
  bookingsScans: string[];
  /** Indexes the plan uses on bookings. */
  bookingsIndexes: string[];
}

export interface EndpointPlan {
  endpoint: string;
  status: number;
  statements: ExplainedStatement[];
}

export interface PlanFixtures {
  /** A business with many bookings (its token is minted here). */
  businessId: string;
  /** A customer (its token is minted here). */
  customerId: string;
  /** The price the customer offers (≥ the business minimum). */
  price: number;
}

/**
 * SQLite: a SCAN of bookings, of their threads' tables (a row per booking, a row per line) or of
 * their reviews, with or without an index, reads every row.
 */
export function sqliteBookingsScans(lines: readonly string[]): string[] {
  return lines.filter((line) =>
    /\bSCAN (TABLE )?(bookings|booking_threads|booking_messages|reviews)\b/.test(line),
  );
}

/** The tables that grow with the bookings: never read whole. */
const LARGE_TABLES: ReadonlySet<string> = new Set([
  'bookings',
  'booking_threads',
  'booking_messages',
  'reviews',
]);

interface PgPlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PgPlanNode[];
}

/** PostgreSQL: a Seq Scan of bookings, or an index (only) scan on it without an Index Cond. */
export function pgBookingsScans(root: PgPlanNode): { scans: string[]; indexes: string[] } {
  const scans: string[] = [];
  const indexes: string[] = [];
  const walk = (node: PgPlanNode) => {
    if (
      node['Index Name'] &&
      (node['Relation Name'] === 'bookings' || node['Index Name'].startsWith('bookings_'))
    ) {
      indexes.push(node['Index Name']);
    }
    const relation = node['Relation Name'];
    if (relation !== undefined && LARGE_TABLES.has(relation)) {
      const type = node['Node Type'];
      if (type === 'Seq Scan') scans.push(`Seq Scan on ${relation}`);
      if ((type === 'Index Scan' || type === 'Index Only Scan') && !node['Index Cond']) {
        scans.push(`${type} using ${node['Index Name']} on ${relation} without an index condition`);
      }
    }
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(root);
  return { scans, indexes };
}

/** A connection to the same database that reports every statement (SQL and parameters). */
function loggedDatabase(config: DatabaseConfig, onQuery: (query: CompiledQuery) => void): Db {
  const log = (event: { level: string; query: CompiledQuery }) => onQuery(event.query);
  if (config.dialect === 'postgres') {
    const pool = new pg.Pool({ connectionString: config.url, max: 4 });
    pool.on('error', () => undefined);
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log });
  }
  return new Kysely<Database>({
    dialect: new SqliteDialect({
      database: async () => {
        const sqlite = new SqliteDatabase(config.path);
        sqlite.pragma('journal_mode = WAL');
        sqlite.pragma('foreign_keys = ON');
        sqlite.pragma('busy_timeout = 5000');
        return sqlite;
      },
    }),
    log,
  });
}

async function explain(db: Db, dialect: DatabaseConfig['dialect'], query: CompiledQuery) {
  const parameters = [...query.parameters];
  if (dialect === 'sqlite') {
    const result = await db.executeQuery<{ id: number; parent: number; detail: string }>(
      CompiledQuery.raw(`explain query plan ${query.sql}`, parameters),
    );
    const depth = new Map<number, number>([[0, -1]]);
    const plan = result.rows.map((row) => {
      const level = (depth.get(row.parent) ?? -1) + 1;
      depth.set(row.id, level);
      return `${'  '.repeat(level)}${row.detail}`;
    });
    const bookingsIndexes = plan
      .filter((line) => /\bbookings\b/.test(line))
      .flatMap((line) => [...line.matchAll(/USING (?:COVERING )?INDEX (\w+)/g)].map((m) => m[1] as string));
    return { plan, bookingsScans: sqliteBookingsScans(plan), bookingsIndexes };
  }
  const text = await db.executeQuery<{ 'QUERY PLAN': string }>(
    CompiledQuery.raw(`explain (costs off) ${query.sql}`, parameters),
  );
  const json = await db.executeQuery<{ 'QUERY PLAN': unknown }>(
    CompiledQuery.raw(`explain (format json) ${query.sql}`, parameters),
  );
  const raw = json.rows[0]?.['QUERY PLAN'];
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: PgPlanNode }];
  const { scans, indexes } = pgBookingsScans(parsed[0].Plan);
  return { plan: text.rows.map((row) => row['QUERY PLAN']), bookingsScans: scans, bookingsIndexes: indexes };
}

/** The app's configuration for a benchmark's in-process app (the plans here, bench/profile.ts). */
export function planConfig(
  database: DatabaseConfig,
  jwtSecret: string,
  overrides: Partial<AppConfig> = {},
): AppConfig {
  return {
    env: 'test',
    isProduction: false,
    port: 0,
    host: '127.0.0.1',
    database,
    smtpUrl: undefined,
    mailFrom: 'TrimTime NI <no-reply@bench.local>',
    jwtSecret,
    appUrl: 'http://localhost:3000',
    authRateLimit: 10,
    accountFailureLimit: 5,
    trustProxy: false,
    logLevel: 'silent',
    webBuild: '/nonexistent-web-build',
    dataDir: '/nonexistent-data',
    demoData: false,
    reminderOffsets: parseReminderOffsets(DEFAULT_REMINDER_OFFSETS),
    paymentWindow: parsePaymentWindow(DEFAULT_PAYMENT_WINDOW),
    ...overrides,
  };
}

/**
 * Runs each endpoint once against the database and explains every statement it sent: the
 * businesses list, available times, the business's bookings (limit 1000, and the dashboard's
 * pending, upcoming, month and next-page reads), a booking request,
 * its approval, the customer's bookings, a new calendar feed URL and the feed, last year's CSV
 * export, and the daily purge. Writes one booking (and approves it) and a feed in the database.
 */
export async function explainEndpoints(
  config: DatabaseConfig,
  fixtures: PlanFixtures,
): Promise<EndpointPlan[]> {
  let captured: CompiledQuery[] | null = null;
  const db = loggedDatabase(config, (query) => captured?.push(query));
  const jwtSecret = randomBytes(32).toString('base64url');
  const app = await buildApp(planConfig(config, jwtSecret), {
    db,
    mailer: { send: async () => undefined },
  });
  try {
    await app.ready();
    const [businessToken, customerToken] = await mintAccessTokens(db, jwtSecret, [
      { id: fixtures.businessId, userType: 'Business' },
      { id: fixtures.customerId, userType: 'User' },
    ]);
    const business = { authorization: `Bearer ${businessToken}` };
    const customer = { authorization: `Bearer ${customerToken}` };

    const results: EndpointPlan[] = [];
    const record = async (endpoint: string, run: () => Promise<{ status: number; body: string }>) => {
      captured = [];
      const { status, body } = await run();
      const queries: CompiledQuery[] = captured;
      captured = null;
      const seen = new Set<string>();
      const statements: ExplainedStatement[] = [];
      for (const query of queries) {
        // Transaction control (begin, commit) has no plan.
        if (!/^\s*(select|insert|update|delete|with)\b/i.test(query.sql) || seen.has(query.sql)) continue;
        seen.add(query.sql);
        statements.push({ sql: query.sql, ...(await explain(db, config.dialect, query)) });
      }
      results.push({ endpoint, status, statements });
      return { status, body };
    };
    const inject =
      (method: 'GET' | 'POST' | 'PATCH', url: string, headers = {}, payload?: object) =>
      async () => {
        const response = await app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
        return { status: response.statusCode, body: response.body };
      };

    await record('GET /api/booking/businesses', inject('GET', '/api/booking/businesses'));
    // Finding a business (api-contract §8.5): every filter at once, and the towns.
    const day = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await record(
      'GET /api/booking/businesses (filtered)',
      inject(
        'GET',
        `/api/booking/businesses?town=Belfast&q=fade&homeVisits=true&maxPrice=40&availableOn=${day}&sort=price`,
      ),
    );
    await record('GET /api/booking/towns', inject('GET', '/api/booking/towns'));
    // A business's reviews page (api-contract §8.6): its visible reviews newest first, by index.
    await record(
      'GET /api/booking/reviews',
      inject('GET', `/api/booking/reviews?businessId=${fixtures.businessId}`),
    );
    const times = await record(
      'GET /api/booking/available-times',
      inject('GET', `/api/booking/available-times?businessId=${fixtures.businessId}`),
    );
    await record(
      'GET /api/booking/getallbookings?limit=1000',
      inject('GET', '/api/booking/getallbookings?limit=1000', business),
    );
    // The dashboard's own reads (api-contract §8.5): pending work, upcoming bookings, a month of
    // the calendar, and the history's next page (through the first page's cursor).
    const today = new Date().toISOString().slice(0, 10);
    const month = today.slice(0, 8);
    await record(
      'GET /api/booking/getallbookings (pending)',
      inject(
        'GET',
        `/api/booking/getallbookings?status=Requested,Countered&limit=${DASHBOARD_PAGE_SIZE.pending}`,
        business,
      ),
    );
    await record(
      'GET /api/booking/getallbookings (upcoming)',
      inject(
        'GET',
        `/api/booking/getallbookings?from=${today}&status=Approved,Confirmed&limit=${DASHBOARD_PAGE_SIZE.upcoming}`,
        business,
      ),
    );
    await record(
      'GET /api/booking/getallbookings (a month)',
      inject('GET', `/api/booking/getallbookings?from=${month}01&to=${month}28`, business),
    );
    const history = `/api/booking/getallbookings?status=Denied,Declined,Cancelled&limit=${DASHBOARD_PAGE_SIZE.history}`;
    const firstPage = await inject('GET', history, business)();
    const cursor: string | null = firstPage.status === 200 ? JSON.parse(firstPage.body).nextCursor : null;
    await record(
      'GET /api/booking/getallbookings (next page)',
      inject('GET', cursor ? `${history}&cursor=${cursor}` : history, business),
    );
    const slots: string[] = times.status === 200 ? JSON.parse(times.body).slots : [];
    const slot = slots[Math.floor(slots.length / 2)] ?? '2099-01-01 10:00';
    const booked = await record(
      'POST /api/booking/book',
      inject('POST', '/api/booking/book', customer, {
        businessId: fixtures.businessId,
        bookingDateTime: slot,
        price: fixtures.price,
        isHomeVisit: false,
      }),
    );
    const bookingId: string = booked.status === 201 ? JSON.parse(booked.body).booking.id : 'none';
    await record(
      'PATCH /api/booking/setstatus (approve)',
      inject('PATCH', '/api/booking/setstatus', business, {
        businessId: fixtures.businessId,
        bookingId,
        status: 'Approved',
      }),
    );
    await record('GET /api/booking/userbookings', inject('GET', '/api/booking/userbookings', customer));
    // The booking's thread (api-contract §8.8): a message, the thread, the unread counts, read.
    const posted = await record(
      'POST /api/booking/messages',
      inject('POST', '/api/booking/messages', customer, { bookingId, body: 'Is there parking nearby?' }),
    );
    await record(
      'GET /api/booking/messages',
      inject('GET', `/api/booking/messages?bookingId=${bookingId}`, business),
    );
    await record('GET /api/booking/unread', inject('GET', '/api/booking/unread', business));
    const lineId: string = posted.status === 201 ? JSON.parse(posted.body).id : 'none';
    await record(
      'POST /api/booking/messages/read',
      inject('POST', '/api/booking/messages/read', business, { bookingId, upTo: lineId }),
    );
    const feed = await record(
      'POST /api/user/calendar-feed',
      inject('POST', '/api/user/calendar-feed', business),
    );
    const feedPath =
      feed.status === 200 ? new URL(JSON.parse(feed.body).url).pathname : '/api/calendar/none.ics';
    await record('GET /api/calendar/{token}.ics', inject('GET', feedPath));
    const lastYear = new Date().getUTCFullYear() - 1;
    await record(
      'GET /api/booking/export.csv (one year)',
      inject('GET', `/api/booking/export.csv?from=${lastYear}-01-01&to=${lastYear}-12-31`, business),
    );
    await record('daily purge (bookings older than 7 years)', async () => {
      await purgeExpiredBookings(db, new Date());
      return { status: 200, body: '' };
    });
    // Two reads served by partial indexes (migration 0026): their conditions must imply the index's.
    await record('payment deadlines job (bookings past their deadline)', async () => {
      await new BookingsRepository(db).listPastPaymentDeadline(new Date().toISOString(), 50);
      return { status: 200, body: '' };
    });
    await record('removing a barber (their agreed bookings from now)', async () => {
      await new BookingsRepository(db).memberHasAgreedFrom(fixtures.customerId, new Date().toISOString());
      return { status: 200, body: '' };
    });
    return results;
  } finally {
    await app.close();
    await db.destroy();
  }
}
