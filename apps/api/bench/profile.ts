/**
 * Where a request's CPU goes (issues 32 and 34): the app built in this process on a seeded SQLite
 * database (the short benchmark's marketplace, whose businesses have the full one's density), the
 * read cache off, one endpoint called in a loop through Fastify's inject, under the V8 profiler.
 *
 *   NODE_ENV=production npx tsx bench/profile.ts available-times [calls]   (from apps/api)
 *   node bench/profile-summary.mjs ../../test-output/profiles/available-times.cpuprofile
 *
 *   CACHED=1 … keeps the public reads' cache on, as the benchmark's server does.
 *
 * Only the loop is profiled (the inspector's profiler, started after the seed and the app's start).
 *
 * Endpoints: health (the lightest route), available-times (one member), available-times-team (three barbers, 15-minute starts),
 * book (a customer's request for a free start), book-approve (a request and its approval),
 * dashboard (one business's pending requests, 20 at a time, as the dashboard opens: a kept answer).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { buildApp } from '../src/app';
import { DEFAULT_READ_CACHE_TTL_MS } from '../src/config';
import { createDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { hashPassword } from '../src/lib/passwords';
import { planConfig } from './plans';
import { BENCH_PASSWORD, SHORT_SIZE, seedMarketplace } from './seed';
import { mintAccessTokens } from './tokens';

const ENDPOINTS = [
  'health',
  'available-times',
  'available-times-team',
  'book',
  'book-approve',
  'dashboard',
] as const;
type Endpoint = (typeof ENDPOINTS)[number];
const endpoint = (process.argv[2] ?? 'available-times') as Endpoint;
if (!ENDPOINTS.includes(endpoint)) throw new Error(`endpoint: ${ENDPOINTS.join(' | ')}`);
const calls = Number(process.argv[3] ?? 3000);

const dir = mkdtempSync(join(tmpdir(), 'trimtime-profile-'));
const database = { dialect: 'sqlite' as const, path: join(dir, 'app.db') };
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
const app = await buildApp(config);
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

// With STATEMENTS=1: each SQL statement's count and time, summed, instead of the CPU profile's view.
const statements = new Map<string, { count: number; ms: number }>();
if (process.env.STATEMENTS === '1') {
  const probe = new SqliteDatabase(':memory:');
  const proto = Object.getPrototypeOf(probe.prepare('select 1')) as Record<string, unknown>;
  probe.close();
  for (const method of ['run', 'all', 'get', 'iterate']) {
    const original = proto[method] as (...args: unknown[]) => unknown;
    proto[method] = function (this: { source: string }, ...args: unknown[]) {
      const at = performance.now();
      try {
        return original.apply(this, args);
      } finally {
        const entry = statements.get(this.source) ?? { count: 0, ms: 0 };
        entry.count += 1;
        entry.ms += performance.now() - at;
        statements.set(this.source, entry);
      }
    };
  }
}

const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 200 });
await session.post('Profiler.start');
const started = performance.now();
let done = 0;
for (let i = 0; i < calls; i += 1) {
  if (endpoint === 'health') {
    await ask('GET', '/api/health', undefined, undefined, { gzip: true });
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
      await ask('POST', '/api/booking/book', customerTokens[i % customerTokens.length], {
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
  done += 1;
}
const ms = performance.now() - started;
const { profile } = await session.post('Profiler.stop');
const profiles = join(import.meta.dirname, '..', '..', '..', 'test-output', 'profiles');
mkdirSync(profiles, { recursive: true });
writeFileSync(join(profiles, `${endpoint}.cpuprofile`), JSON.stringify(profile));
session.disconnect();
console.info(`${endpoint}: ${done} calls in ${ms.toFixed(0)} ms, ${(ms / done).toFixed(3)} ms each`);
for (const [sql, { count, ms: spent }] of [...statements].sort((a, b) => b[1].ms - a[1].ms).slice(0, 25)) {
  console.info(`${(spent / done).toFixed(3)} ms/call  ×${(count / done).toFixed(2)}  ${sql.slice(0, 220)}`);
}
await app.close();
rmSync(dir, { recursive: true, force: true });
