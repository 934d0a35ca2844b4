import { ACCESS_TOKEN_TTL_SECONDS, LiveBookingEventSchema, LiveMessageEventSchema } from '@app/domain';
import { sql } from 'kysely';
import { afterEach, expect, it, vi } from 'vitest';
import type { AppConfig } from '../../src/config';
import {
  LIVE_EVENTS_LISTENER_NAME,
  type LiveDelivery,
  MAX_NOTIFY_BYTES,
} from '../../src/modules/events/live-event-bus';
import type { LiveEvent } from '../../src/modules/events/live-events';
import { describeEachDatabase } from '../helpers/databases';
import { createCustomer, withFreshToken } from '../helpers/marketplace';
import {
  bookingEvent,
  type ListeningApp,
  listeningApp,
  messageEvent,
  openStream,
  type StreamClient,
  sleep,
  threadMessage,
} from './support';

/** The apps and streams a test opened, closed after it whatever happened. */
const opened: { apps: ListeningApp[]; streams: StreamClient[] } = { apps: [], streams: [] };
afterEach(async () => {
  for (const stream of opened.streams.splice(0)) stream.close();
  for (const app of opened.apps.splice(0)) await app.close();
});

const track = <T extends ListeningApp | StreamClient>(item: T): T => {
  if ('app' in item) opened.apps.push(item);
  else opened.streams.push(item);
  return item;
};

const SHORT_HEARTBEAT = { eventStreams: { heartbeatMs: 100 } };

describeEachDatabase('live events', (database) => {
  const start = async (deps = {}) => track(await listeningApp(database(), deps));
  const stream = async (t: ListeningApp, token: string | null, headers: Record<string, string> = {}) =>
    track(await openStream(t.baseUrl, token, headers));

  it('delivers an event to each subscriber it names, once, and to no other account', async () => {
    const t = await start();
    const bus = t.app.liveEvents;
    const received: Record<string, LiveDelivery[]> = { a: [], a2: [], b: [], c: [] };
    const unsubscribe = [
      bus.subscribe('user-a', (event) => received.a?.push(event)),
      bus.subscribe('user-a', (event) => received.a2?.push(event)),
      bus.subscribe('user-b', (event) => received.b?.push(event)),
      bus.subscribe('user-c', (event) => received.c?.push(event)),
    ];
    expect(bus.subscriberCount).toBe(4);
    const forA = messageEvent(['user-a', 'user-x']);
    const forAandB = bookingEvent(['user-a', 'user-b', 'user-a']);
    bus.publish(forA);
    bus.publish(forAandB);
    await vi.waitFor(() => expect(received.b).toHaveLength(1), { timeout: 5_000 });
    await vi.waitFor(() => expect(received.a2).toHaveLength(2), { timeout: 5_000 });
    // Anything doubled would have arrived by now.
    await sleep(200);
    expect(received.a).toEqual([forA, forAandB]);
    expect(received.a2).toEqual([forA, forAandB]);
    expect(received.b).toEqual([forAandB]);
    expect(received.c).toEqual([]);
    for (const stop of unsubscribe) stop();
    expect(bus.subscriberCount).toBe(0);
  });

  it('streams the caller’s events over HTTP: headers at once, uncompressed and never cached, retry, a heartbeat, and each event framed with its id', async () => {
    const t = await start(SHORT_HEARTBEAT);
    const customer = await createCustomer(t, database().db);
    const other = await createCustomer(t, database().db);
    const client = await stream(t, customer.token, { 'accept-encoding': 'gzip, deflate, br' });

    // The headers come before any event.
    expect(client.status).toBe(200);
    expect(client.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(client.headers['cache-control']).toBe('no-store');
    expect(client.headers['x-accel-buffering']).toBe('no');
    expect(client.headers['content-encoding']).toBeUndefined();
    expect(client.headers['content-length']).toBeUndefined();
    // The security plugin's headers are there and nothing of its JSON handling broke the stream.
    expect(client.headers['x-content-type-options']).toBe('nosniff');
    expect(client.headers['content-security-policy']).toContain("default-src 'self'");

    await client.waitFor((frames) => frames.find((frame) => frame.comment !== undefined));
    expect(client.frames()[0]).toEqual({ retry: '3000' });

    const message = threadMessage('Which door? <b>The blue one</b>\nThanks "£25" 🙂');
    const forCustomer = messageEvent([customer.id, 'the-business'], message);
    const statusChange = bookingEvent(['the-business', customer.id]);
    t.app.liveEvents.publish(messageEvent([other.id, 'the-business']));
    t.app.liveEvents.publish(forCustomer);
    t.app.liveEvents.publish(statusChange);

    const events = await client.waitFor((frames) => {
      const found = frames.filter((frame) => frame.event !== undefined);
      return found.length >= 2 ? found : undefined;
    });
    await sleep(200);
    expect(client.events()).toHaveLength(2);
    const [first, second] = events;
    expect(first?.event).toBe('message');
    expect(first?.id).toBe(message.id);
    const data = LiveMessageEventSchema.parse(JSON.parse(first?.data ?? ''));
    expect(data).toEqual({ ...message, bookingId: forCustomer.bookingId });
    expect(second?.event).toBe('booking');
    expect(second?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(LiveBookingEventSchema.parse(JSON.parse(second?.data ?? ''))).toEqual({
      bookingId: statusChange.bookingId,
      status: 'Approved',
    });
    // Heartbeats keep coming while nothing happens.
    const heartbeats = client.frames().filter((frame) => frame.comment !== undefined).length;
    await client.waitFor((frames) =>
      frames.filter((frame) => frame.comment !== undefined).length > heartbeats ? true : undefined,
    );
  });

  it('answers 401 NotAuthorized without a token, with a bad one, and with an expired one', async () => {
    const t = await start();
    const customer = await createCustomer(t, database().db);
    for (const token of [null, 'nonsense', `${customer.token}x`]) {
      const client = await stream(t, token);
      await client.ended;
      expect(client.status, String(token)).toBe(401);
      expect(client.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(client.text()).code).toBe('NotAuthorized');
    }
    t.clock.advance(ACCESS_TOKEN_TTL_SECONDS * 1000);
    const expired = await stream(t, customer.token);
    await expired.ended;
    expect(expired.status).toBe(401);
    expect(t.app.liveEvents.subscriberCount).toBe(0);
  });

  it('unsubscribes a client that disconnects (no subscription is left behind)', async () => {
    const t = await start();
    const customer = await createCustomer(t, database().db);
    const clients = [await stream(t, customer.token), await stream(t, customer.token)];
    expect(t.app.liveEvents.subscriberCount).toBe(2);
    clients[0]?.close();
    await vi.waitFor(() => expect(t.app.liveEvents.subscriberCount).toBe(1), { timeout: 5_000 });
    // The other stream still gets its events.
    const event = messageEvent([customer.id]);
    t.app.liveEvents.publish(event);
    await clients[1]?.waitFor((frames) => frames.find((frame) => frame.event === 'message'));
    clients[1]?.close();
    await vi.waitFor(() => expect(t.app.liveEvents.subscriberCount).toBe(0), { timeout: 5_000 });
  });

  it('ends the stream when the access token expires, so the client reconnects with a fresh one', async () => {
    const t = await start();
    const customer = await createCustomer(t, database().db);
    // The token has 1.5–2.5 s left on the app's clock (its expiry is in whole seconds).
    t.clock.advance(ACCESS_TOKEN_TTL_SECONDS * 1000 - 2_500);
    const client = await stream(t, customer.token);
    expect(client.status).toBe(200);
    const opened = Date.now();
    await client.ended;
    const lasted = Date.now() - opened;
    expect(lasted).toBeGreaterThan(1_000);
    expect(lasted).toBeLessThan(4_000);
    expect(t.app.liveEvents.subscriberCount).toBe(0);
    // A fresh token opens a new stream.
    const fresh = await withFreshToken(t, database().db, customer);
    const again = await stream(t, fresh.token);
    expect(again.status).toBe(200);
    expect(again.hasEnded()).toBe(false);
  });

  it('ends the stream within a heartbeat once its login ends (a password reset, a logout, a deletion), not at the token’s expiry', async () => {
    const t = await start(SHORT_HEARTBEAT);
    const customer = await createCustomer(t, database().db);
    const other = await createCustomer(t, database().db);
    const client = await stream(t, customer.token);
    const bystander = await stream(t, other.token);
    await client.waitFor((frames) => frames.find((frame) => frame.comment !== undefined));
    // What a password reset does: every access token of the account stops verifying.
    await database()
      .db.updateTable('users')
      .set((eb) => ({ session_version: eb('session_version', '+', 1) }))
      .where('id', '=', customer.id)
      .execute();
    const ended = Date.now();
    await client.ended;
    expect(Date.now() - ended).toBeLessThan(2_000);
    expect(bystander.hasEnded()).toBe(false);
  });

  it('keeps at most 10 streams per account: one more ends the oldest', async () => {
    const t = await start();
    const customer = await createCustomer(t, database().db);
    const other = await createCustomer(t, database().db);
    const otherClient = await stream(t, other.token);
    const clients: StreamClient[] = [];
    for (let i = 0; i < 10; i += 1) clients.push(await stream(t, customer.token));
    await sleep(100);
    expect(clients.some((client) => client.hasEnded())).toBe(false);
    const eleventh = await stream(t, customer.token);
    await clients[0]?.ended;
    await sleep(100);
    expect(clients.slice(1).some((client) => client.hasEnded())).toBe(false);
    expect(eleventh.hasEnded()).toBe(false);
    expect(otherClient.hasEnded()).toBe(false);
    expect(t.app.liveEvents.subscriberCount).toBe(11);
  });

  it('ends open streams when the app closes, so a shutdown does not wait for them', async () => {
    const t = await listeningApp(database());
    const customer = await createCustomer(t, database().db);
    const clients = [await stream(t, customer.token), await stream(t, customer.token)];
    const started = Date.now();
    await t.close();
    expect(Date.now() - started).toBeLessThan(2_000);
    await Promise.all(clients.map((client) => client.ended));
    expect(t.app.liveEvents.subscriberCount).toBe(0);
  });
});

describeEachDatabase('live events across instances', (database) => {
  const start = async (config: Partial<AppConfig> = {}) => track(await listeningApp(database(), {}, config));
  const isPostgres = () => database().dialect === 'postgres';

  it('PostgreSQL: an event published on one instance reaches a stream on another within 5 s, once', async (context) => {
    if (!isPostgres()) return context.skip();
    const one = await start();
    // The same secret, as instances behind one load balancer have: a token works on both.
    const two = await start({ jwtSecret: one.config.jwtSecret });
    const customer = await createCustomer(one, database().db);
    const onTwo = track(await openStream(two.baseUrl, customer.token));
    const onOne = track(await openStream(one.baseUrl, customer.token));
    const event = messageEvent([customer.id]);
    const published = Date.now();
    one.app.liveEvents.publish(event);
    await onTwo.waitFor((frames) => frames.find((frame) => frame.event === 'message'), 5_000);
    expect(Date.now() - published).toBeLessThan(5_000);
    await onOne.waitFor((frames) => frames.find((frame) => frame.event === 'message'), 5_000);
    // The publishing instance hears its own event through LISTEN only: nothing is doubled.
    const booking = bookingEvent([customer.id]);
    two.app.liveEvents.publish(booking);
    for (const client of [onOne, onTwo]) {
      await client.waitFor((frames) => frames.find((frame) => frame.event === 'booking'), 5_000);
    }
    await sleep(300);
    for (const client of [onOne, onTwo]) {
      expect(client.events().map((frame) => frame.event)).toEqual(['message', 'booking']);
    }
  });

  it('PostgreSQL: the LISTEN connection comes back after it is killed, and events flow again', async (context) => {
    if (!isPostgres()) return context.skip();
    const t = await start();
    const db = database().db;
    const listeners = async () =>
      (
        await sql<{ pid: number }>`select pid from pg_stat_activity
          where application_name = ${LIVE_EVENTS_LISTENER_NAME} and datname = current_database()`.execute(db)
      ).rows.map((row) => row.pid);
    const [before] = await listeners();
    expect(before).toBeDefined();
    expect(t.app.liveEvents.isListening).toBe(true);
    await sql`select pg_terminate_backend(${before})`.execute(db);
    await vi.waitFor(
      async () => {
        const now = await listeners();
        expect(now).toHaveLength(1);
        expect(now).not.toContain(before);
        expect(t.app.liveEvents.isListening).toBe(true);
      },
      { timeout: 10_000, interval: 50 },
    );
    const customer = await createCustomer(t, db);
    const client = track(await openStream(t.baseUrl, customer.token));
    t.app.liveEvents.publish(messageEvent([customer.id]));
    await client.waitFor((frames) => frames.find((frame) => frame.event === 'message'), 5_000);
  });

  it('PostgreSQL: a message too large for NOTIFY arrives as its ids only (the client fetches the thread)', async (context) => {
    if (!isPostgres()) return context.skip();
    const t = await start();
    const customer = await createCustomer(t, database().db);
    const client = track(await openStream(t.baseUrl, customer.token));
    // The longest message of 1000 four-byte characters still fits whole.
    const longest = messageEvent([customer.id], threadMessage('🙂'.repeat(1000)));
    expect(Buffer.byteLength(JSON.stringify(longest))).toBeLessThan(MAX_NOTIFY_BYTES);
    const tooLarge = messageEvent([customer.id], threadMessage('€'.repeat(3000)));
    t.app.liveEvents.publish(longest);
    t.app.liveEvents.publish(tooLarge);
    const events = await client.waitFor((frames) => {
      const found = frames.filter((frame) => frame.event === 'message');
      return found.length >= 2 ? found : undefined;
    });
    const whole = JSON.parse(events[0]?.data ?? '');
    expect(whole.body).toBe((longest as Extract<LiveEvent, { type: 'message' }>).message.body);
    const ids = tooLarge as Extract<LiveEvent, { type: 'message' }>;
    expect(events[1]?.id).toBe(ids.message.id);
    expect(JSON.parse(events[1]?.data ?? '')).toEqual({
      bookingId: ids.bookingId,
      messageId: ids.message.id,
    });
  });
});
