/**
 * Where a request's CPU goes (issues 32 and 34): the app built in this process on a seeded SQLite
 * database (the short benchmark's marketplace, whose businesses have the full one's density), the
 * read cache off, one endpoint called in a loop through Fastify's inject, under the V8 profiler.
 *
 *   NODE_ENV=production npx tsx bench/profile.ts available-times [calls]   (from apps/api)
 *   node bench/profile-summary.mjs ../../test-output/profiles/available-times.cpuprofile
 *
 *   CACHED=1 … keeps the public reads' cache on, as the benchmark's server does.
 *   KEEP_DB=1 … leaves the SQLite database (printed at the end) for a look with the sqlite3 shell.
 *   DIALECT=postgres … on a PostgreSQL database of its own (created on the benchmarks' server,
 *   bench/postgres-server.ts, and dropped at the end); there STATEMENTS=1
 *   counts the statements each call sends (its round trips) instead, and PAGES is SQLite's only.
 *   STATEMENTS=1 … times each SQL statement (sum, p50, p99, max) instead of profiling;
 *   STATEMENTS=1 PAGES=1 … also counts the pages each transaction writes to the log (with the
 *   automatic checkpoint off, so the commits' times then leave the checkpoints out).
 *
 * Only the loop is profiled (the inspector's profiler, started after the seed and the app's start).
 *
 * Endpoints: health (the lightest route), available-times (one member), available-times-team (three barbers, 15-minute starts),
 * book (a customer's request for a free start), book-approve (a request and its approval),
 * dashboard (one business's pending requests, 20 at a time, as the dashboard opens: a kept answer),
 * all-bookings (each business's bookings, up to 1,000, computed every call: the limit moves by one
 * each round of the businesses, so no answer is kept).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../src/app';
import type { DatabaseConfig } from '../src/config';
import { DEFAULT_READ_CACHE_TTL_MS } from '../src/config';
import { createDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { hashPassword } from '../src/lib/passwords';
import { planConfig } from './plans';
import { adminQuery, postgresUrl } from './postgres-server';
import { BENCH_PASSWORD, SHORT_SIZE, seedMarketplace } from './seed';
import { mintAccessTokens } from './tokens';

const ENDPOINTS = [
  'health',
  'available-times',
  'available-times-team',
  'book',
  'book-approve',
  'dashboard',
  'all-bookings',
] as const;
type Endpoint = (typeof ENDPOINTS)[number];
const endpoint = (process.argv[2] ?? 'available-times') as Endpoint;
if (!ENDPOINTS.includes(endpoint)) throw new Error(`endpoint: ${ENDPOINTS.join(' | ')}`);
const calls = Number(process.argv[3] ?? 3000);

const dir = mkdtempSync(join(tmpdir(), 'trimtime-profile-'));
const onPostgres = process.env.DIALECT === 'postgres';
const postgresName = `profile_${randomBytes(6).toString('hex')}`;
let database: DatabaseConfig = { dialect: 'sqlite', path: join(dir, 'app.db') };
if (onPostgres) {
  await adminQuery(`create database ${postgresName}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${postgresName}`;
  database = { dialect: 'postgres', url: url.toString() };
}
const setup = createDatabase(database);
await migrateToLatest(setup);
const seeded = await seedMarketplace(setup, SHORT_SIZE, { passwordHash: await hashPassword(BENCH_PASSWORD) });
const jwtSecret = randomBytes(32).toString('base64url');
const businessTokens = await mintAccessTokens(
  setup,
  jwtSecret,
  seeded.businesses.map((b) => ({ id: b.id, userType: 'Business' as const })),
);
const customerTokens = await mintAccessTokens(
  setup,
  jwtSecret,
  seeded.customers.map((c) => ({ id: c.id, userType: 'User' as const })),
);
await setup.destroy();

// As in production (the benchmark's server runs with NODE_ENV=production), without the read cache
// (CACHED=1: with it, as the benchmark's server runs: most reads are then answered from it).
const config = planConfig(database, jwtSecret, {
  env: 'production',
  isProduction: true,
  authRateLimit: 1_000_000,
  webBuild: join(dir, 'no-web'),
  dataDir: dir,
  readCacheTtlMs: process.env.CACHED === '1' ? DEFAULT_READ_CACHE_TTL_MS : 0,
});
const db = createDatabase(database);
const app = await buildApp(config, { db });
await app.ready();

const ask = async (
  method: 'GET' | 'POST' | 'PATCH' | 'PUT',
  url: string,
  token?: string,
  body?: unknown,
  { gzip = false } = {},
) => {
  const response = await app.inject({
    method,
    url,
    headers: {
      // As a browser asks in the profiled reads; the set-up reads parse their answers.
      ...(gzip ? { 'accept-encoding': 'gzip, deflate, br' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
  if (response.statusCode >= 300)
    throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return response;
};

const businesses = seeded.businesses;
const paths: string[] = [];
if (endpoint === 'available-times-team') {
  for (const [index, shop] of businesses.slice(0, 10).entries()) {
    const token = businessTokens[index];
    await ask('PUT', '/api/user/booking-settings', token, { slotStepMinutes: 15 });
    const fade = (
      await ask('POST', '/api/user/services', token, {
        name: 'Skin fade',
        durationMinutes: 30,
        minimumPrice: shop.minimumPrice,
      })
    ).json().service.id as string;
    for (const name of ['Niamh', 'Ryan'])
      await ask('POST', '/api/user/team', token, { name, serviceIds: [fade] });
    paths.push(`/api/booking/available-times?businessId=${shop.id}&serviceId=${fade}`);
  }
} else {
  for (const shop of businesses) paths.push(`/api/booking/available-times?businessId=${shop.id}`);
}

const offers: { businessId: string; slot: string; price: number; token: string }[] = [];
if (endpoint === 'book' || endpoint === 'book-approve') {
  for (const [index, shop] of businesses.entries()) {
    const { slots } = (await ask('GET', paths[index]!)).json() as { slots: string[] };
    for (const slot of slots) {
      offers.push({ businessId: shop.id, slot, price: shop.minimumPrice + 5, token: businessTokens[index]! });
    }
  }
  offers.sort((a, b) => a.slot.localeCompare(b.slot) || a.businessId.localeCompare(b.businessId));
}
// Who sends each offer: the next customer in turn, passing over one the seed already gave an open
// request with that business at that time (the server would refuse it as a duplicate).
const openRequests = new Set(
  (
    await db
      .selectFrom('bookings')
      .select(['customer_id', 'business_id', 'starts_at'])
      .where('status', 'in', ['Requested', 'Countered'])
      .execute()
  ).map((row) => `${row.customer_id} ${row.business_id} ${row.starts_at}`),
);
const senderOf = offers.map((offer, i) => {
  for (let tried = 0; tried < customerTokens.length; tried += 1) {
    const customer = (i + tried) % customerTokens.length;
    if (!openRequests.has(`${seeded.customers[customer]!.id} ${offer.businessId} ${offer.slot}`))
      return customer;
  }
  throw new Error(`every customer has an open request with ${offer.businessId} at ${offer.slot}`);
});

// With STATEMENTS=1: each SQL statement's count and times (the sum, and the spread of one run's:
// a commit's p99 shows the checkpoints), instead of the CPU profile, which would slow them. Statements
// that return rows (reads, and writes with RETURNING) are told apart by whether any came back.
const timeStatements = process.env.STATEMENTS === '1' && !onPostgres;
const statements = new Map<string, { count: number; ms: number; each: number[] }>();
// With PAGES=1 as well: the pages each transaction writes to the write-ahead log (each costs a
// page's bytes in the commit's write and sync), read from the log's size after every statement,
// with the app connection's automatic checkpoint off so that the log only grows. Transactions are
// named by their statements' first words.
const countPages = timeStatements && process.env.PAGES === '1';
if (countPages) await sql`pragma wal_autocheckpoint = 0`.execute(db);
const pagesByTransaction = new Map<string, number>();
const WAL_FRAME_BYTES = 24 + 4096; // frame header + page (the default page size)
const walSize = () => {
  try {
    return database.dialect === 'sqlite' ? statSync(`${database.path}-wal`).size : 0;
  } catch {
    return 0; // no log yet
  }
};
/** The log's size when the loop starts: the set-up's writes are not counted. */
let walBytes = 0;
/** The open transaction's statements and the pages written so far (a full page cache spills early). */
let transaction: { statements: string[]; pages: number } | undefined;
function countWalPages(source: string) {
  const size = walSize();
  const pages = (size - walBytes) / WAL_FRAME_BYTES;
  walBytes = size;
  if (source === 'begin') {
    transaction = { statements: [], pages: 0 };
    return;
  }
  if (transaction && source !== 'commit' && source !== 'rollback') {
    transaction.statements.push(source.slice(0, 40));
    transaction.pages += pages;
    return;
  }
  // A COMMIT ends the transaction with its pages; a ROLLBACK's pages never count; a statement
  // outside BEGIN … COMMIT commits on its own.
  const shape = transaction ? transaction.statements.join(' | ') : source.slice(0, 60);
  const written = transaction ? transaction.pages + pages : pages;
  const committed = source !== 'rollback';
  transaction = undefined;
  if (committed && written > 0) pagesByTransaction.set(shape, (pagesByTransaction.get(shape) ?? 0) + written);
}
if (timeStatements) {
  const probe = new SqliteDatabase(':memory:');
  const proto = Object.getPrototypeOf(probe.prepare('select 1')) as Record<string, unknown>;
  probe.close();
  for (const method of ['run', 'all', 'get', 'iterate']) {
    const original = proto[method] as (...args: unknown[]) => unknown;
    proto[method] = function (this: { source: string }, ...args: unknown[]) {
      const at = performance.now();
      let result: unknown;
      try {
        result = original.apply(this, args);
        return result;
      } finally {
        const took = performance.now() - at;
        if (countPages) countWalPages(this.source);
        const key = Array.isArray(result)
          ? `[${result.length > 0 ? 'rows' : 'none'}] ${this.source}`
          : this.source;
        const entry = statements.get(key) ?? { count: 0, ms: 0, each: [] };
        entry.count += 1;
        entry.ms += took;
        entry.each.push(took);
        statements.set(key, entry);
      }
    };
  }
}

// On PostgreSQL, STATEMENTS=1 counts the statements each call sends (each is a round trip to the
// server), instead of the CPU profile: node-postgres sends one at a time and waits for its answer.
const sentToPostgres = new Map<string, number>();
if (onPostgres && process.env.STATEMENTS === '1') {
  const send = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  Object.assign(pg.Client.prototype, {
    query(this: pg.Client, ...args: unknown[]) {
      const first = args[0] as string | { text: string };
      const text = typeof first === 'string' ? first : first.text;
      sentToPostgres.set(text, (sentToPostgres.get(text) ?? 0) + 1);
      return send.apply(this, args);
    },
  });
}
const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 200 });
if (process.env.STATEMENTS !== '1') await session.post('Profiler.start');
walBytes = walSize();
const started = performance.now();
let done = 0;
const callMs: number[] = [];
for (let i = 0; i < calls; i += 1) {
  const callStarted = performance.now();
  if (endpoint === 'health') {
    await ask('GET', '/api/health', undefined, undefined, { gzip: true });
  } else if (endpoint === 'all-bookings') {
    const round = Math.floor(i / businessTokens.length);
    await ask(
      'GET',
      `/api/booking/getallbookings?limit=${1000 - round}`,
      businessTokens[i % businessTokens.length],
      undefined,
      {
        gzip: true,
      },
    );
  } else if (endpoint === 'dashboard') {
    await ask('GET', '/api/booking/getallbookings?status=Requested&limit=20', businessTokens[0], undefined, {
      gzip: true,
    });
  } else if (endpoint === 'available-times' || endpoint === 'available-times-team') {
    await ask('GET', paths[i % paths.length]!, undefined, undefined, { gzip: true });
  } else {
    const offer = offers[i];
    if (!offer) break;
    const booking = (
      await ask('POST', '/api/booking/book', customerTokens[senderOf[i]!], {
        businessId: offer.businessId,
        bookingDateTime: offer.slot,
        price: offer.price,
        isHomeVisit: false,
      })
    ).json().booking as { id: string };
    if (endpoint === 'book-approve') {
      await ask('PATCH', '/api/booking/setstatus', offer.token, {
        businessId: offer.businessId,
        bookingId: booking.id,
        status: 'Approved',
      });
    }
  }
  callMs.push(performance.now() - callStarted);
  done += 1;
}
const ms = performance.now() - started;
if (process.env.STATEMENTS !== '1') {
  const { profile } = await session.post('Profiler.stop');
  const profiles = join(import.meta.dirname, '..', '..', '..', 'test-output', 'profiles');
  mkdirSync(profiles, { recursive: true });
  writeFileSync(join(profiles, `${endpoint}.cpuprofile`), JSON.stringify(profile));
}
session.disconnect();
callMs.sort((a, b) => a - b);
const callAt = (q: number) => (callMs[Math.floor(q * (callMs.length - 1))] ?? 0).toFixed(1);
console.info(
  `${endpoint}: ${done} calls in ${ms.toFixed(0)} ms, ${(ms / done).toFixed(3)} ms each (p50 ${callAt(0.5)}, p99 ${callAt(0.99)}, max ${callAt(1)})`,
);
for (const [sql, { count, ms: spent, each }] of [...statements]
  .sort((a, b) => b[1].ms - a[1].ms)
  .slice(0, 25)) {
  each.sort((a, b) => a - b);
  const at = (q: number) => (each[Math.floor(q * (each.length - 1))] ?? 0).toFixed(3);
  console.info(
    `${(spent / done).toFixed(3)} ms/call  ×${(count / done).toFixed(2)}  p50 ${at(0.5)} p99 ${at(0.99)} max ${at(1)}  ${sql.slice(0, 200)}`,
  );
}
if (countPages) {
  let total = 0;
  for (const [shape, pages] of [...pagesByTransaction].sort((a, b) => b[1] - a[1])) {
    total += pages;
    console.info(`${(pages / done).toFixed(2)} pages/call  ${shape.slice(0, 400)}`);
  }
  console.info(`${(total / done).toFixed(2)} pages written to the log a call`);
}
if (sentToPostgres.size > 0) {
  let total = 0;
  for (const [text, count] of [...sentToPostgres].sort((a, b) => b[1] - a[1])) {
    total += count;
    console.info(`${(count / done).toFixed(2)} a call  ${text.slice(0, 200)}`);
  }
  console.info(`${(total / done).toFixed(2)} statements sent to PostgreSQL a call (the worker's included)`);
}
await app.close();
await db.destroy();
if (process.env.KEEP_DB) console.info(`kept ${onPostgres ? postgresName : dir}`);
else {
  rmSync(dir, { recursive: true, force: true });
  if (onPostgres) await adminQuery(`drop database if exists ${postgresName} with (force)`);
}
