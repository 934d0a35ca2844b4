import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';
import type { Db } from '../../src/db/database';
import { DAY_MS, HOUR_MS } from '../../src/lib/clock';
import type { Mailer } from '../../src/mail/mailer';
import { createTestApp, type TestApp, type TestAppOptions } from '../helpers/app';
import { createTestDatabase, describeEachDatabase } from '../helpers/databases';
import { bookingBody, call, createBusiness, createCustomer, slotsOf } from '../helpers/marketplace';

/** An app with METRICS_PORT (0: the kernel picks a free port); nothing is delivered unless asked. */
function metricsApp(db: Db, options: TestAppOptions = {}) {
  return createTestApp(db, {
    mail: 'worker',
    ...options,
    config: { metricsPort: 0, ...options.config },
    deps: { outboxWorker: false, ...options.deps },
  });
}

function metricsUrl(t: TestApp, path = '/metrics'): string {
  const address = t.app.metricsAddress();
  if (!address) throw new Error('no metrics listener');
  return `http://127.0.0.1:${address.port}${path}`;
}

async function scrape(t: TestApp): Promise<string> {
  const response = await fetch(metricsUrl(t));
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.text();
}

/** The value of one sample line, `name{labels} value` (labels in prom-client's order), or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels)
    .map(([key, value]) => `${key}="${value}"`)
    .join(',');
  const prefix = wanted ? `${name}{${wanted}} ` : `${name} `;
  const line = text.split('\n').find((l) => l.startsWith(prefix));
  return line === undefined ? undefined : Number(line.slice(prefix.length));
}

/** Every label value of the request histogram's samples. */
function requestLabels(text: string): Record<string, string>[] {
  return text
    .split('\n')
    .filter((line) => line.startsWith('http_request_duration_seconds_count{'))
    .map((line) => {
      const inside = line.slice(line.indexOf('{') + 1, line.lastIndexOf('}'));
      return Object.fromEntries([...inside.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    });
}

describe('METRICS_PORT', () => {
  const env = (values: Record<string, string>): NodeJS.ProcessEnv => ({ NODE_ENV: 'test', ...values });

  it('is off unless set, and takes a port number that is not PORT', () => {
    expect(loadConfig(env({})).metricsPort).toBeUndefined();
    expect(loadConfig(env({ METRICS_PORT: '' })).metricsPort).toBeUndefined();
    expect(loadConfig(env({ METRICS_PORT: '9464' })).metricsPort).toBe(9464);
    for (const bad of ['abc', '0', '65536', '-1', '9464x']) {
      expect(() => loadConfig(env({ METRICS_PORT: bad })), bad).toThrow(
        /METRICS_PORT: must be a port number/,
      );
    }
    expect(() => loadConfig(env({ PORT: '4000', METRICS_PORT: '4000' }))).toThrow(ConfigError);
    expect(() => loadConfig(env({ PORT: '4000', METRICS_PORT: '4000' }))).toThrow(
      /METRICS_PORT: must differ from PORT/,
    );
  });
});

describeEachDatabase('Prometheus metrics (api-contract §8.7)', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await metricsApp(database().db);
  });
  afterAll(() => t.close());

  it('are served on METRICS_PORT at /metrics only, in Prometheus’ text format with the default process metrics', async () => {
    const text = await scrape(t);
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(text).toContain('# TYPE booking_transitions_total counter');
    expect(text).toContain('# TYPE outbox_backlog gauge');
    expect(text).toContain('# TYPE outbox_failures_total counter');
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_heap_size_total_bytes')).toBeGreaterThan(0);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
    for (const path of ['/', '/api/health', '/metrics/x', '/api/ready']) {
      expect((await fetch(metricsUrl(t, path))).status, path).toBe(404);
    }
    expect((await fetch(metricsUrl(t), { method: 'POST' })).status).toBe(405);
    const head = await fetch(metricsUrl(t), { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('are never on the public port: GET /metrics there is a 404', async () => {
    for (const accept of ['text/plain', 'application/openmetrics-text; version=1.0.0', '*/*']) {
      const response = await t.app.inject({ url: '/metrics', headers: { accept } });
      expect(response.statusCode, accept).toBe(404);
      expect(response.body).not.toContain('http_request_duration_seconds');
    }
    // Through a real socket too.
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const response = await fetch(`${address}/metrics`);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('process_cpu');
  });

  it('time every request by method, route pattern (never the raw URL) and status code', async () => {
    const db = database().db;
    const business = await createBusiness(t, db);
    const secret = randomUUID();
    for (let i = 0; i < 3; i += 1) expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    await slotsOf(t, business.id);
    // A route with a path parameter: the calendar feed, whose secret token is in its path.
    const feed = await call(t, 'POST', '/api/user/calendar-feed', business);
    expect(feed.statusCode, feed.body).toBe(200);
    const feedPath = new URL(feed.json().url as string).pathname;
    expect((await t.app.inject({ url: feedPath })).statusCode).toBe(200);
    // An unknown token answers as a path that does not exist, and is counted as one.
    expect((await t.app.inject({ url: `/api/calendar/${secret}.ics` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/no-such-thing/${secret}` })).statusCode).toBe(404);
    const text = await scrape(t);
    expect(
      sample(text, 'http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/health',
        status_code: '200',
      }),
    ).toBeGreaterThanOrEqual(3);
    expect(
      sample(text, 'http_request_duration_seconds_bucket', {
        le: '+Inf',
        method: 'GET',
        route: '/api/health',
        status_code: '200',
      }),
    ).toBeGreaterThanOrEqual(3);
    expect(
      sample(text, 'http_request_duration_seconds_sum', {
        method: 'GET',
        route: '/api/health',
        status_code: '200',
      }),
    ).toBeGreaterThan(0);
    const labels = requestLabels(text);
    expect(labels).toContainEqual({
      method: 'GET',
      route: '/api/booking/available-times',
      status_code: '200',
    });
    expect(labels).toContainEqual({ method: 'GET', route: '/api/calendar/:file', status_code: '200' });
    expect(labels).toContainEqual({ method: 'POST', route: '/api/user/calendar-feed', status_code: '200' });
    expect(labels).toContainEqual({ method: 'GET', route: '(unmatched)', status_code: '404' });
    // No id, token or query string ever becomes a label.
    expect(text).not.toContain(secret);
    expect(text).not.toContain(business.id);
    expect(text).not.toContain(feedPath.slice('/api/calendar/'.length, -'.ics'.length));
    expect(labels.every((l) => !l.route?.includes('?'))).toBe(true);
  });

  it('count each booking transition once it has committed, by status before and after', async () => {
    const db = database().db;
    const business = await createBusiness(t, db);
    const customer = await createCustomer(t, db);
    const before = await scrape(t);
    const count = (text: string, from: string, to: string) =>
      sample(text, 'booking_transitions_total', { from, to }) ?? 0;
    const [slot] = await slotsOf(t, business.id);
    const booked = await call(
      t,
      'POST',
      '/api/booking/book',
      customer,
      bookingBody(business, slot as string),
    );
    expect(booked.statusCode, booked.body).toBe(201);
    const ref = { businessId: business.id, bookingId: booked.json().booking.id };
    const approved = await call(t, 'PATCH', '/api/booking/setstatus', business, {
      ...ref,
      status: 'Approved',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    // A refused change (Approved → Approved) counts nothing.
    const again = await call(t, 'PATCH', '/api/booking/setstatus', business, { ...ref, status: 'Approved' });
    expect(again.statusCode).toBe(409);
    const after = await scrape(t);
    expect(count(after, '(new)', 'Requested') - count(before, '(new)', 'Requested')).toBe(1);
    expect(count(after, 'Requested', 'Approved') - count(before, 'Requested', 'Approved')).toBe(1);
    expect(count(after, 'Approved', 'Approved')).toBe(0);
  });

  it('report the outbox backlog when scraped: due messages not yet sent, not those still to come', async () => {
    const db = database().db;
    const backlog = async () => sample(await scrape(t), 'outbox_backlog') as number;
    const start = await backlog();
    expect(start).toBeGreaterThanOrEqual(0);
    const message = () => ({ to: `${randomUUID()}@example.com`, subject: 'Metrics', text: 'Hello' });
    await t.app.outbox.enqueue(db, message(), { kind: 'security' });
    await t.app.outbox.enqueue(db, message(), { kind: 'security' });
    await t.app.outbox.enqueue(db, message(), {
      kind: 'security',
      notBefore: new Date(t.clock.now().getTime() + DAY_MS),
    });
    expect(await backlog()).toBe(start + 2);
    await t.app.outbox.drain();
    expect(await backlog()).toBe(0);
  });

  it('count the outbox’s failed tries: retried, and given up', async () => {
    let refuse = false;
    const mailer: Mailer = {
      async send() {
        if (refuse) throw Object.assign(new Error('550 no such mailbox'), { responseCode: 550 });
        throw new Error('connection refused');
      },
    };
    // A database of its own: only these two messages are due.
    const own = await createTestDatabase(database().dialect);
    const failing = await metricsApp(own.db, { deps: { mailer } });
    try {
      const message = () => ({ to: `${randomUUID()}@example.com`, subject: 'Metrics', text: 'Hello' });
      await failing.app.outbox.enqueue(own.db, message(), { kind: 'security' });
      await failing.app.outbox.drain();
      refuse = true;
      failing.clock.advance(HOUR_MS); // past the retry's delay
      await failing.app.outbox.enqueue(own.db, message(), { kind: 'security' });
      await failing.app.outbox.drain();
      const text = await scrape(failing);
      expect(sample(text, 'outbox_failures_total', { outcome: 'retry' })).toBe(1);
      // The refused new message, and the first one's retry (refused too).
      expect(sample(text, 'outbox_failures_total', { outcome: 'failed' })).toBe(2);
    } finally {
      await failing.close();
      await own.drop();
    }
  });

  it('show the PostgreSQL pool’s use (none on SQLite, which has one connection)', async () => {
    const text = await scrape(t);
    if (database().dialect === 'postgres') {
      expect(sample(text, 'db_pool_connections')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'db_pool_idle_connections')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'db_pool_waiting_requests')).toBeGreaterThanOrEqual(0);
    } else {
      expect(text).not.toContain('db_pool_');
    }
  });

  it('keep a registry per app: two apps in one process count apart', async () => {
    const other = await metricsApp(database().db);
    try {
      await other.app.inject({ url: '/api/ready' });
      const mine = await scrape(t);
      const theirs = await scrape(other);
      expect(other.app.metricsAddress()?.port).not.toBe(t.app.metricsAddress()?.port);
      expect(
        sample(theirs, 'http_request_duration_seconds_count', {
          method: 'GET',
          route: '/api/ready',
          status_code: '503',
        }),
      ).toBe(1);
      expect(mine).not.toMatch(/route="\/api\/ready"/);
    } finally {
      await other.close();
    }
  });

  it('close their listener with the app', async () => {
    const closing = await metricsApp(database().db);
    const url = metricsUrl(closing);
    expect((await fetch(url)).status).toBe(200);
    await closing.close();
    expect(closing.app.metricsAddress()).toBeUndefined();
    await expect(fetch(url)).rejects.toThrow();
  });

  it('are off without METRICS_PORT: no listener, and /metrics is a 404', async () => {
    const plain = await createTestApp(database().db, { deps: { outboxWorker: false } });
    try {
      expect(plain.app.metricsAddress()).toBeUndefined();
      expect((await plain.app.inject({ url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
