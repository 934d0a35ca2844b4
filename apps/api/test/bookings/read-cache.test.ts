import { gunzipSync } from 'node:zlib';
import { addDays, todayInLondon } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { acceptsGzip, matchesEtag, serializeWith } from '../../src/lib/http-cache';
import { ReadCache } from '../../src/lib/read-cache';
import { createTestApp, type TestApp, TestClock } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';
import {
  type Actor,
  bookingBody,
  call,
  createBusiness,
  createCustomer,
  slotsOf,
  withFreshToken,
} from '../helpers/marketplace';

/** Long enough that no answer expires by itself while a test runs, however slow the machine. */
const TTL_MS = 10_000;

const BUSINESSES = '/api/booking/businesses';
const timesUrl = (business: Actor) => `/api/booking/available-times?businessId=${business.id}`;

describeEachDatabase('read cache of the public reads (businesses, available times)', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database().db, { config: { readCacheTtlMs: TTL_MS } });
  });
  afterAll(() => t.close());

  const db = () => database().db;
  const names = async () =>
    ((await t.app.inject({ url: BUSINESSES })).json().businesses as { BusinessName: string }[]).map(
      (b) => b.BusinessName,
    );
  const put = (actor: Actor, url: string, body: unknown) => call(t, 'PUT', `/api/user/${url}`, actor, body);

  it('serves the businesses list from the cache until the TTL (a write straight to the database, as another instance makes, shows after it), and a write through this instance at once', async () => {
    const business = await createBusiness(t, db(), { business_name: 'Cached Cuts One' });
    expect(await names()).toContain('Cached Cuts One');

    // Another instance (here: the database directly) renames it: this instance shows the old name
    // until its answer is TTL old.
    await db()
      .updateTable('users')
      .set({ business_name: 'Renamed Elsewhere' })
      .where('id', '=', business.id)
      .execute();
    expect(await names()).toContain('Cached Cuts One');
    t.clock.advance(TTL_MS - 1);
    expect(await names()).toContain('Cached Cuts One');
    t.clock.advance(1);
    const afterTtl = await names();
    expect(afterTtl).toContain('Renamed Elsewhere');
    expect(afterTtl).not.toContain('Cached Cuts One');

    // A write through this instance (the business's minimum price) shows on the very next read.
    const fresh = await withFreshToken(t, db(), business, 'Business');
    const listed = async () =>
      (
        (await t.app.inject({ url: BUSINESSES })).json().businesses as { id: string; minimumPrice: number }[]
      ).find((b) => b.id === business.id);
    expect((await listed())?.minimumPrice).toBe(20);
    const saved = await put(fresh, 'minimum-price', { minimumPrice: 35 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await listed())?.minimumPrice).toBe(35);
  });

  it('shows a slot taken by an approval through this instance at once, and new hours too', async () => {
    const business = await createBusiness(t, db());
    const customer = await createCustomer(t, db());
    const before = await slotsOf(t, business.id);
    const slot = before[0] as string;
    expect(slot).toBeDefined();

    // A request does not take the hour; its approval does.
    const booked = await call(t, 'POST', '/api/booking/book', customer, bookingBody(business, slot));
    expect(booked.statusCode, booked.body).toBe(201);
    expect(await slotsOf(t, business.id)).toContain(slot);
    const approved = await call(t, 'PATCH', '/api/booking/setstatus', business, {
      businessId: business.id,
      bookingId: booked.json().booking.id,
      status: 'Approved',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await slotsOf(t, business.id)).not.toContain(slot);

    // New hours: only Sundays 10:00-12:00 (the approved booking, left out, is kept: issue 29).
    const hours = await put(business, 'availability', {
      availability: { Sunday: [{ start: '10:00', end: '12:00' }] },
      agreedBookings: { action: 'keep', bookingIds: [booked.json().booking.id] },
    });
    expect(hours.statusCode, hours.body).toBe(200);
    const after = await slotsOf(t, business.id);
    expect(new Set(after.map((s) => s.slice(11)))).toEqual(new Set(['10:00', '11:00']));
  });

  it('a failed write empties the cache too (no write path can be forgotten), and a read never does', async () => {
    const business = await createBusiness(t, db(), { business_name: 'Before Failed Write' });
    expect(await names()).toContain('Before Failed Write');
    await db().updateTable('users').set({ business_name: 'After' }).where('id', '=', business.id).execute();
    for (let i = 0; i < 3; i += 1) await t.app.inject({ url: '/api/health' });
    expect(await names()).toContain('Before Failed Write');
    const refused = await t.post('/api/auth/login', { email: 'nobody@example.com', password: 'x' });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(await names()).toContain('After');
  });

  it('never serves slots computed more than the TTL ago by the clock: "not in the past" stays true', async () => {
    const business = await createBusiness(t, db());
    const today = todayInLondon(t.clock.now());
    const before = await slotsOf(t, business.id);
    t.clock.advance(24 * 60 * 60 * 1000);
    const after = await slotsOf(t, business.id);
    expect((after[0] as string) > (before[0] as string)).toBe(true);
    expect(after.some((slot) => slot.startsWith(today))).toBe(false);
    expect(after.at(-1)?.slice(0, 10)).toBe(addDays(before.at(-1)?.slice(0, 10) as string, 1));
  });

  it('sends an ETag and answers a matching If-None-Match with 304 and no body; a change gives a new ETag', async () => {
    const business = await createBusiness(t, db());
    for (const url of [BUSINESSES, timesUrl(business)]) {
      const first = await t.app.inject({ url });
      expect(first.statusCode).toBe(200);
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^W\/"[\w-]{20,}"$/);
      expect(first.headers['cache-control']).toBe('no-cache');
      expect(first.headers.vary).toBe('accept-encoding');

      for (const ifNoneMatch of [etag, `"other", ${etag}`, etag.slice(2), '*']) {
        const again = await t.app.inject({ url, headers: { 'if-none-match': ifNoneMatch } });
        expect(again.statusCode, ifNoneMatch).toBe(304);
        expect(again.body).toBe('');
        expect(again.headers.etag).toBe(etag);
        expect(again.headers['cache-control']).toBe('no-cache');
        expect(again.headers['content-security-policy']).toContain("object-src 'none'");
      }
      const other = await t.app.inject({ url, headers: { 'if-none-match': 'W/"something-else"' } });
      expect(other.statusCode).toBe(200);
      expect(other.json()).toEqual(first.json());
    }

    const before = await t.app.inject({ url: timesUrl(business) });
    const closed = await put(business, 'availability', {
      availability: { Monday: [{ start: '09:00', end: '10:00' }] },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const after = await t.app.inject({
      url: timesUrl(business),
      headers: { 'if-none-match': String(before.headers.etag) },
    });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('sends gzip when Accept-Encoding allows it (the same JSON), and plain JSON otherwise; HEAD has no body', async () => {
    const business = await createBusiness(t, db());
    for (let i = 0; i < 5; i += 1) await createBusiness(t, db()); // a list worth compressing
    for (const url of [BUSINESSES, timesUrl(business)]) {
      const plain = await t.app.inject({ url });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');

      for (const acceptEncoding of ['gzip, deflate, br', 'br;q=1.0, gzip;q=0.8, *;q=0.1', 'x-gzip', '*']) {
        const zipped = await t.app.inject({ url, headers: { 'accept-encoding': acceptEncoding } });
        expect(zipped.statusCode).toBe(200);
        expect(zipped.headers['content-encoding'], acceptEncoding).toBe('gzip');
        expect(zipped.headers.vary).toBe('accept-encoding');
        expect(zipped.headers.etag).toBe(plain.headers.etag);
        expect(Number(zipped.headers['content-length'])).toBe(zipped.rawPayload.length);
        expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length);
        expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(plain.json());
      }
      for (const acceptEncoding of ['identity', 'br', 'gzip;q=0', 'gzip;q=0, *;q=1', '*;q=0', '']) {
        const notZipped = await t.app.inject({ url, headers: { 'accept-encoding': acceptEncoding } });
        expect(notZipped.headers['content-encoding'], acceptEncoding).toBeUndefined();
        expect(notZipped.json()).toEqual(plain.json());
      }

      const head = await t.app.inject({ method: 'HEAD', url, headers: { 'accept-encoding': 'gzip' } });
      expect(head.statusCode).toBe(200);
      expect(head.body).toBe('');
      expect(head.headers.etag).toBe(plain.headers.etag);
    }
  });

  it('keeps errors out of the cache and Cache-Control no-store on every other API answer', async () => {
    const business = await createBusiness(t, db(), { is_listed: 0 });
    const hidden = await t.app.inject({ url: timesUrl(business) });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.headers['cache-control']).toBe('no-store');
    expect(hidden.headers.etag).toBeUndefined();
    await db().updateTable('users').set({ is_listed: 1 }).where('id', '=', business.id).execute();
    expect((await t.app.inject({ url: timesUrl(business) })).statusCode).toBe(200);

    const invalid = await t.app.inject({ url: '/api/booking/available-times?businessId=' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.headers['cache-control']).toBe('no-store');
    const customer = await createCustomer(t, db());
    const own = await call(t, 'GET', '/api/booking/userbookings', customer);
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('no-store');
    expect(own.headers.etag).toBeUndefined();
  });
});

describe('ReadCache', () => {
  const deferred = <T>() => {
    let resolve!: (value: T) => void;
    const promise = new Promise<T>((r) => {
      resolve = r;
    });
    return { promise, resolve };
  };
  const newCache = (ttlMs = 1000, maxBytes?: number) => {
    const clock = new TestClock(new Date('2030-01-01T12:00:00Z'));
    let monotonic = 0;
    const cache = new ReadCache({ ttlMs, clock: clock.now, monotonic: () => monotonic, maxBytes });
    return { cache, clock, tick: (ms: number) => (monotonic += ms) };
  };

  it('shares one computation between concurrent misses, and serves it until the TTL by either clock', async () => {
    const { cache, clock, tick } = newCache();
    let loads = 0;
    const load = async () => JSON.stringify({ n: ++loads });
    const [a, b, c] = await Promise.all([cache.get('k', load), cache.get('k', load), cache.get('k', load)]);
    expect(loads).toBe(1);
    expect(a).toBe(b);
    expect(b).toBe(c);
    tick(999);
    expect((await cache.get('k', load)).json.toString()).toBe('{"n":1}');
    tick(1);
    expect((await cache.get('k', load)).json.toString()).toBe('{"n":2}');
    clock.advance(1000); // the app's clock alone
    expect((await cache.get('k', load)).json.toString()).toBe('{"n":3}');
    clock.advance(-5000); // a clock set back: not trusted either
    expect((await cache.get('k', load)).json.toString()).toBe('{"n":4}');
    expect(cache.stats).toMatchObject({ hits: 1, shared: 2, misses: 4 });
  });

  it('never keeps an answer whose computation began before an invalidation (a read racing a write)', async () => {
    const { cache } = newCache();
    const slow = deferred<string>();
    const racing = cache.get('k', () => slow.promise);
    cache.invalidate(); // the write commits while the read is still computing
    let loads = 0;
    const after = cache.get('k', async () => `{"fresh":${++loads}}`);
    slow.resolve('{"stale":true}');
    expect((await racing).json.toString()).toBe('{"stale":true}'); // the racing read itself
    expect((await after).json.toString()).toBe('{"fresh":1}'); // not joined to the stale one
    expect((await cache.get('k', async () => `{"fresh":${++loads}}`)).json.toString()).toBe('{"fresh":1}');
    cache.invalidate();
    expect((await cache.get('k', async () => `{"fresh":${++loads}}`)).json.toString()).toBe('{"fresh":2}');
  });

  it('keeps no failure, keeps nothing with a TTL of 0, and drops the oldest answers past its byte budget', async () => {
    const { cache } = newCache();
    await expect(cache.get('k', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect((await cache.get('k', async () => '"ok"')).json.toString()).toBe('"ok"');

    const off = newCache(0).cache;
    let loads = 0;
    await off.get('k', async () => `${++loads}`);
    await off.get('k', async () => `${++loads}`);
    expect(loads).toBe(2);
    expect(off.size).toBe(0);

    const small = newCache(1000, 2 * (2 * 100 + 64)).cache; // room for two 100-byte answers
    for (const key of ['a', 'b', 'c']) await small.get(key, async () => JSON.stringify('x'.repeat(98)));
    expect(small.size).toBe(2);
    let reloaded = false;
    await small.get('a', async () => {
      reloaded = true;
      return '"a"';
    });
    expect(reloaded).toBe(true);
  });

  it('parses Accept-Encoding and If-None-Match as RFC 9110 says', () => {
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip('gzip')).toBe(true);
    expect(acceptsGzip('GZIP;Q=0.5')).toBe(true);
    expect(acceptsGzip('deflate, gzip;q=0')).toBe(false);
    expect(acceptsGzip('*;q=0.1')).toBe(true);
    expect(acceptsGzip('gzip;q=0, *')).toBe(false);
    expect(acceptsGzip('gzip;q=abc')).toBe(false);
    expect(acceptsGzip(['br', 'gzip'])).toBe(true);
    expect(matchesEtag(undefined, 'W/"a"')).toBe(false);
    expect(matchesEtag('"a"', 'W/"a"')).toBe(true);
    expect(matchesEtag('W/"b", W/"a"', 'W/"a"')).toBe(true);
    expect(matchesEtag('"ab"', 'W/"a"')).toBe(false);
  });
});

describe('serializeWith', () => {
  const Answer = z.object({ slots: z.array(z.string()), nextAvailable: z.string().nullable() });

  it('writes the answer as it is; outside production one the schema does not allow throws instead of going out', () => {
    const answer = { slots: ['2026-03-02 09:00'], nextAvailable: null };
    expect(serializeWith(Answer, answer)).toBe(JSON.stringify(answer));
    // A key the schema does not know (it would have been dropped), a missing one, a wrong type.
    expect(() => serializeWith(Answer, { ...answer, secret: 'x' } as typeof answer)).toThrow(
      /response schema/,
    );
    expect(() => serializeWith(Answer, { slots: [] } as unknown as typeof answer)).toThrow();
    expect(() => serializeWith(Answer, { ...answer, slots: [9] } as unknown as typeof answer)).toThrow();
  });
});
