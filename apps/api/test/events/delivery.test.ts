import { addDays, LiveBookingEventSchema, LiveMessageEventSchema, todayInLondon } from '@app/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../helpers/databases';
import { type Actor, call, createBusiness, createCustomer, insertBooking } from '../helpers/marketplace';
import { type Frame, type ListeningApp, listeningApp, openStream, type StreamClient, sleep } from './support';

const messagesOf = (frames: Frame[]) => frames.filter((frame) => frame.event === 'message');

/**
 * What the services publish reaches the parties' open streams: a message posted, and a status
 * change (its system line and the new status). On PostgreSQL through two instances of one database
 * (the sender on one, the other party's stream on the other); on SQLite in one process.
 */
describeEachDatabase('live delivery of a booking’s messages and status changes', (database) => {
  let one: ListeningApp;
  let two: ListeningApp;
  let business: Actor;
  let customer: Actor;
  let bookingId: string;
  let businessStream: StreamClient;
  let customerStream: StreamClient;

  beforeAll(async () => {
    one = await listeningApp(database());
    two =
      database().dialect === 'postgres'
        ? await listeningApp(database(), {}, { jwtSecret: one.config.jwtSecret })
        : one;
    const db = database().db;
    business = await createBusiness(one, db);
    customer = await createCustomer(one, db);
    const startsAt = `${addDays(todayInLondon(one.clock.now()), 3)} 10:00`;
    bookingId = (await insertBooking(one, db, { business, customer, startsAt })).id;
    businessStream = await openStream(two.baseUrl, business.token);
    customerStream = await openStream(one.baseUrl, customer.token);
  });
  afterAll(async () => {
    businessStream?.close();
    customerStream?.close();
    await one?.close();
    if (two !== one) await two?.close();
  });

  it('a message the customer posts reaches the business’s stream within 5 s, and the customer’s own', async () => {
    const sent = Date.now();
    const posted = await call(one, 'POST', '/api/booking/messages', customer, {
      bookingId,
      body: 'Can you do £25 if I come at 9?',
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const message = posted.json();
    for (const stream of [businessStream, customerStream]) {
      const frame = await stream.waitFor((frames) => messagesOf(frames)[0], 5_000);
      expect(frame.id).toBe(message.id);
      expect(LiveMessageEventSchema.parse(JSON.parse(frame.data ?? ''))).toEqual({ ...message, bookingId });
    }
    expect(Date.now() - sent).toBeLessThan(5_000);
  });

  it('a status change reaches both parties as its system line and a booking event, once each', async () => {
    const approved = await call(two, 'PATCH', '/api/booking/setstatus', business, {
      businessId: business.id,
      bookingId,
      status: 'Approved',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    for (const stream of [businessStream, customerStream]) {
      const booking = await stream.waitFor(
        (frames) => frames.find((frame) => frame.event === 'booking'),
        5_000,
      );
      expect(LiveBookingEventSchema.parse(JSON.parse(booking.data ?? ''))).toEqual({
        bookingId,
        status: 'Approved',
      });
      const line = await stream.waitFor((frames) => messagesOf(frames)[1], 5_000);
      expect(JSON.parse(line.data ?? '').from).toBe('system');
    }
    await sleep(300);
    for (const stream of [businessStream, customerStream]) {
      expect(stream.events().map((frame) => frame.event)).toEqual(['message', 'message', 'booking']);
    }
  });
});
