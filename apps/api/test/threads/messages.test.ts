import { randomUUID } from 'node:crypto';
import {
  MAX_ID_LENGTH,
  MESSAGE_MAX_LENGTH,
  MESSAGES_PER_WINDOW,
  THREAD_MESSAGES,
  THREAD_OPEN_DAYS,
  THREAD_PAGE_SIZE,
} from '@app/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DAY_MS, MINUTE_MS } from '../../src/lib/clock';
import { THREAD_API_MESSAGES } from '../../src/modules/threads/threads.messages';
import { ThreadsRepository } from '../../src/repositories/threads.repository';
import type { TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';
import { createAdmin } from '../helpers/invites';
import {
  type Actor,
  call,
  createBusiness,
  createCustomer,
  insertBooking,
  withFreshToken,
} from '../helpers/marketplace';
import {
  type CapturingLiveEvents,
  hourIn,
  lines,
  markRead,
  post,
  posted,
  thread,
  threadsApp,
  unread,
} from './support';

describeEachDatabase(
  'a booking’s thread: POST and GET /api/booking/messages, read state, unread',
  (database) => {
    let t: TestApp;
    let live: CapturingLiveEvents;
    let business: Actor;
    let customer: Actor;
    let day = 2;
    beforeAll(async () => {
      ({ t, live, business, customer } = await threadsApp(database().db));
    });
    afterAll(() => t.close());

    const db = () => database().db;
    /** A Requested booking of the customer with the business, at a new hour each time. */
    const newBooking = (who: { business: Actor; customer: Actor } = { business, customer }) =>
      insertBooking(t, db(), { ...who, startsAt: hourIn(t, day++) });
    const lineCount = async () =>
      Number(
        (
          await db()
            .selectFrom('booking_messages')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );

    it('the customer and the business write to each other; the other party’s lines are unread until read', async () => {
      const booking = await newBooking();
      const asked = await posted(t, customer, booking.id, '  Can you do £25 if I come at 9?  ');
      expect(asked).toEqual({
        id: expect.any(String),
        from: 'customer',
        // Exactly as sent (api-contract §8.9): the limits count the trimmed text, nothing is trimmed.
        body: '  Can you do £25 if I come at 9?  ',
        createdAt: t.clock.now().toISOString(),
      });
      expect(await lines(t, business, booking.id)).toEqual({ messages: [asked], open: true });
      expect(await unread(t, business)).toEqual({ total: 1, byBooking: { [booking.id]: 1 } });
      // One's own message is never unread.
      expect(await unread(t, customer)).toEqual({ total: 0, byBooking: {} });

      // A reply does not read the customer's question for the business: only POST .../read does.
      const replied = await posted(t, business, booking.id, 'Yes, see you at 9');
      expect(await unread(t, business)).toEqual({ total: 1, byBooking: { [booking.id]: 1 } });
      expect(await unread(t, customer)).toEqual({ total: 1, byBooking: { [booking.id]: 1 } });
      expect((await lines(t, customer, booking.id)).messages).toEqual([asked, replied]);

      const read = await markRead(t, business, booking.id, asked.id);
      expect(read.statusCode, read.body).toBe(204);
      expect(read.body).toBe('');
      expect(await unread(t, business)).toEqual({ total: 0, byBooking: {} });
      expect((await markRead(t, customer, booking.id, replied.id)).statusCode).toBe(204);
      expect(await unread(t, customer)).toEqual({ total: 0, byBooking: {} });

      // Both parties' streams heard of both messages, in order.
      expect(live.of(booking.id)).toEqual(
        [asked, replied].map((message) => ({
          type: 'message',
          recipients: [customer.id, business.id],
          bookingId: booking.id,
          message,
        })),
      );
    });

    it('counts unread per booking across the caller’s threads, and a read position never moves back', async () => {
      const first = await newBooking();
      const second = await newBooking();
      const before = (await unread(t, business)).total;
      const a = await posted(t, customer, first.id, 'One');
      const b = await posted(t, customer, first.id, 'Two');
      await posted(t, customer, second.id, 'Three');
      const counts = await unread(t, business);
      expect(counts.byBooking[first.id]).toBe(2);
      expect(counts.byBooking[second.id]).toBe(1);
      expect(counts.total).toBe(before + 3);

      expect((await markRead(t, business, first.id, b.id)).statusCode).toBe(204);
      // An older upTo (a client that saw less) does not make "Two" unread again.
      expect((await markRead(t, business, first.id, a.id)).statusCode).toBe(204);
      const after = await unread(t, business);
      expect(after.byBooking[first.id]).toBeUndefined();
      expect(after.byBooking[second.id]).toBe(1);
      expect(after.total).toBe(before + 1);
    });

    it('keeps bodies exactly as sent: HTML is text, spaces and new lines stay', async () => {
      const booking = await newBooking();
      const body =
        '\n <script>alert("x")</script> <b>which door?</b>\n\n  &amp; <img src=x onerror=alert(1)> \t';
      const message = await posted(t, customer, booking.id, body);
      expect(message.body).toBe(body);
      const response = await thread(t, business, booking.id);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json().messages[0].body).toBe(body);
    });

    it('takes nothing but bookingId and body from the request: not the sender, the id, the time or the number', async () => {
      const booking = await newBooking();
      const response = await call(t, 'POST', '/api/booking/messages', customer, {
        bookingId: booking.id,
        body: 'Hello',
        id: 'chosen-id',
        from: 'system',
        sender: 'business',
        senderId: business.id,
        sender_id: business.id,
        seq: 99,
        createdAt: '2000-01-01T00:00:00.000Z',
        status: 'Confirmed',
        price: 1,
      });
      expect(response.statusCode, response.body).toBe(201);
      const message = response.json();
      expect(message).toMatchObject({
        from: 'customer',
        body: 'Hello',
        createdAt: t.clock.now().toISOString(),
      });
      expect(message.id).not.toBe('chosen-id');
      const row = await db()
        .selectFrom('booking_messages')
        .selectAll()
        .where('id', '=', message.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        sender: 'customer',
        sender_id: customer.id,
        seq: 1,
        status: null,
        price: null,
      });
    });

    it('answers 400 with the field’s message for an empty, blank or too long body, and for bad ids', async () => {
      const booking = await newBooking();
      const before = await lineCount();
      const cases: Array<[unknown, string, string]> = [
        [{ bookingId: booking.id, body: '' }, 'body', THREAD_MESSAGES.bodyRequired],
        [{ bookingId: booking.id, body: ' \n\t ' }, 'body', THREAD_MESSAGES.bodyRequired],
        [{ bookingId: booking.id }, 'body', THREAD_MESSAGES.bodyRequired],
        [{ bookingId: booking.id, body: 42 }, 'body', THREAD_MESSAGES.bodyRequired],
        [
          { bookingId: booking.id, body: 'x'.repeat(MESSAGE_MAX_LENGTH + 1) },
          'body',
          THREAD_MESSAGES.bodyTooLong,
        ],
        [{ body: 'Hello' }, 'bookingId', 'bookingId is required'],
        [{ bookingId: '', body: 'Hello' }, 'bookingId', 'bookingId is required'],
        [
          { bookingId: 'x'.repeat(MAX_ID_LENGTH + 1), body: 'Hello' },
          'bookingId',
          `bookingId is at most ${MAX_ID_LENGTH} characters`,
        ],
      ];
      for (const [payload, field, message] of cases) {
        const response = await call(t, 'POST', '/api/booking/messages', customer, payload);
        expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
        expect(response.json()).toMatchObject({ code: 'ValidationError', errors: { [field]: message } });
      }
      expect(await lineCount()).toBe(before);
      // 1000 characters after trimming is the most; the body comes back exactly as sent (§8.9).
      const sent = ` ${'x'.repeat(MESSAGE_MAX_LENGTH)}\n`;
      const longest = await posted(t, customer, booking.id, sent);
      expect(longest.body).toBe(sent);

      // after and upTo must be lines of this very thread.
      const other = await newBooking();
      const elsewhere = await posted(t, customer, other.id, 'Elsewhere');
      for (const id of [randomUUID(), elsewhere.id, 'not-an-id']) {
        const page = await thread(t, customer, booking.id, id);
        expect(page.statusCode).toBe(400);
        expect(page.json()).toMatchObject({
          code: 'ValidationError',
          message: THREAD_API_MESSAGES.notInThread('after'),
          errors: { after: THREAD_API_MESSAGES.notInThread('after') },
        });
        const read = await markRead(t, customer, booking.id, id);
        expect(read.statusCode).toBe(400);
        expect(read.json()).toMatchObject({
          code: 'ValidationError',
          errors: { upTo: THREAD_API_MESSAGES.notInThread('upTo') },
        });
      }
      for (const url of [
        '/api/booking/messages',
        '/api/booking/messages?bookingId=',
        `/api/booking/messages?bookingId=${'x'.repeat(MAX_ID_LENGTH + 1)}`,
        `/api/booking/messages?bookingId=${booking.id}&after=`,
        `/api/booking/messages?bookingId=${booking.id}&after=${'x'.repeat(MAX_ID_LENGTH + 1)}`,
      ]) {
        expect((await call(t, 'GET', url, customer)).statusCode, url).toBe(400);
      }
      for (const payload of [
        { bookingId: booking.id },
        { upTo: longest.id },
        { bookingId: booking.id, upTo: '' },
      ]) {
        const response = await call(t, 'POST', '/api/booking/messages/read', customer, payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      }
    });

    it('answers 404 Booking not found to anyone but the two parties, and for an unknown booking, changing nothing', async () => {
      const booking = await newBooking();
      const message = await posted(t, customer, booking.id, 'Only for us');
      const strangers = [
        await createCustomer(t, db()),
        await createBusiness(t, db()),
        await createAdmin(t, db()),
      ];
      const before = await lineCount();
      const readSeqs = () =>
        db()
          .selectFrom('booking_threads')
          .select(['customer_read_seq', 'business_read_seq'])
          .where('booking_id', '=', booking.id)
          .executeTakeFirst();
      const seqsBefore = await readSeqs();
      for (const [actor, id] of [
        ...strangers.map((stranger) => [stranger, booking.id] as const),
        [customer, randomUUID()] as const,
        [business, 'no-such-booking'] as const,
      ]) {
        for (const response of [
          await thread(t, actor, id),
          await post(t, actor, id, 'Let me in'),
          await markRead(t, actor, id, message.id),
        ]) {
          expect(response.statusCode).toBe(404);
          expect(response.json()).toEqual({ code: 'NotFound', message: THREAD_MESSAGES.bookingNotFound });
        }
      }
      for (const stranger of strangers) {
        expect(await unread(t, stranger)).toEqual({ total: 0, byBooking: {} });
      }
      expect(await lineCount()).toBe(before);
      expect(await readSeqs()).toEqual(seqsBefore);
      for (const response of [
        await thread(t, null, booking.id),
        await post(t, null, booking.id, 'Hi'),
        await markRead(t, null, booking.id, message.id),
        await call(t, 'GET', '/api/booking/unread', null),
      ]) {
        expect(response.statusCode).toBe(401);
      }
    });

    it('gives two messages posted at once distinct, consecutive numbers', async () => {
      const booking = await newBooking();
      const responses = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          post(t, i % 2 === 0 ? customer : business, booking.id, `At once ${i}`),
        ),
      );
      expect(responses.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
      const rows = await db()
        .selectFrom('booking_messages')
        .select(['id', 'seq'])
        .where('booking_id', '=', booking.id)
        .orderBy('seq')
        .execute();
      expect(rows.map((row) => row.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      const threadRow = await db()
        .selectFrom('booking_threads')
        .selectAll()
        .where('booking_id', '=', booking.id)
        .executeTakeFirstOrThrow();
      expect(threadRow.last_seq).toBe(8);
      // The thread lists each once, in that order.
      expect((await lines(t, customer, booking.id)).messages.map((m) => m.id)).toEqual(rows.map((r) => r.id));
    });

    it(`pages by after: at most ${THREAD_PAGE_SIZE} lines each, oldest first, none missed or repeated`, async () => {
      const booking = await newBooking();
      const total = 2 * THREAD_PAGE_SIZE + 5;
      // Straight through the repository: over HTTP the rate limit would stop the customer at 30.
      await db()
        .transaction()
        .execute(async (trx) => {
          const threads = new ThreadsRepository(trx);
          for (let i = 1; i <= total; i += 1) {
            await threads.appendMessage(booking, {
              id: randomUUID(),
              sender: i % 2 === 0 ? 'business' : 'customer',
              senderId: i % 2 === 0 ? business.id : customer.id,
              body: `Line ${i}`,
              now: t.clock.now().toISOString(),
            });
          }
        });
      const seen: string[] = [];
      const sizes: number[] = [];
      let after: string | undefined;
      for (;;) {
        const page = await lines(t, customer, booking.id, after);
        sizes.push(page.messages.length);
        if (page.messages.length === 0) break;
        seen.push(...page.messages.map((m) => m.body));
        after = page.messages.at(-1)?.id;
      }
      expect(sizes).toEqual([THREAD_PAGE_SIZE, THREAD_PAGE_SIZE, 5, 0]);
      expect(seen).toEqual(Array.from({ length: total }, (_, i) => `Line ${i + 1}`));
    });

    it('keeps the thread for the business when the customer deletes the account, with the customer’s name as booked', async () => {
      const leaving = await createCustomer(t, db(), { first_name: 'Lena', last_name: 'Leaving' });
      // A final booking, so the account may go.
      const booking = await insertBooking(t, db(), {
        business,
        customer: leaving,
        startsAt: hourIn(t, day++),
        status: 'Declined',
        counterPrice: 45,
      });
      const goodbye = await posted(t, leaving, booking.id, 'Sorry, another time');
      const deleted = await call(t, 'DELETE', '/api/user/delete-account', leaving);
      expect(deleted.statusCode, deleted.body).toBe(200);

      expect((await lines(t, business, booking.id)).messages).toEqual([goodbye]);
      expect((await unread(t, business)).byBooking[booking.id]).toBe(1);
      expect((await markRead(t, business, booking.id, goodbye.id)).statusCode).toBe(204);
      await posted(t, business, booking.id, 'No problem');
      // The name the business sees is the booking's own.
      const bookings = await call(t, 'GET', '/api/booking/getallbookings', business);
      expect(bookings.json().bookings.find((b: { id: string }) => b.id === booking.id)?.customerName).toBe(
        'Lena Leaving',
      );
      expect((await thread(t, leaving, booking.id)).statusCode).toBe(401);
    });
  },
);

describeEachDatabase('a booking’s thread over time: closing and the rate limit', (database) => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
  });
  const setUp = async () => {
    const made = await threadsApp(database().db);
    apps.push(made.t);
    return made;
  };

  it(`closes ${THREAD_OPEN_DAYS} days after the appointment’s hour: 409 ThreadClosed, open false, reads still work`, async () => {
    const { t, business, customer } = await setUp();
    const booking = await insertBooking(t, database().db, { business, customer, startsAt: hourIn(t, 1) });
    await posted(t, customer, booking.id, 'See you tomorrow');
    t.clock.advance((THREAD_OPEN_DAYS - 1) * DAY_MS);
    const [c1, b1] = await Promise.all([
      withFreshToken(t, database().db, customer),
      withFreshToken(t, database().db, business, 'Business'),
    ]);
    expect((await lines(t, b1, booking.id)).open).toBe(true);
    await posted(t, b1, booking.id, 'Thanks for coming');
    // Tomorrow's hour is at most 34 hours away: 16 days from now is past its 14 days.
    t.clock.advance(3 * DAY_MS);
    const [c2, b2] = await Promise.all([
      withFreshToken(t, database().db, c1),
      withFreshToken(t, database().db, b1, 'Business'),
    ]);
    const refused = await post(t, c2, booking.id, 'One more thing');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ code: 'ThreadClosed', message: THREAD_MESSAGES.closed });
    const closed = await lines(t, b2, booking.id);
    expect(closed.open).toBe(false);
    expect(closed.messages.map((m) => m.body)).toEqual(['See you tomorrow', 'Thanks for coming']);
    // Reading and marking read still work on a closed thread.
    expect((await markRead(t, c2, booking.id, closed.messages[1]?.id ?? '')).statusCode).toBe(204);
  });

  it(`closes ${THREAD_OPEN_DAYS} days after the booking became final, even when its hour is further away`, async () => {
    const { t, business, customer } = await setUp();
    const booking = await insertBooking(t, database().db, {
      business,
      customer,
      startsAt: hourIn(t, 40),
      status: 'Cancelled',
    });
    await posted(t, customer, booking.id, 'Sorry to cancel');
    t.clock.advance(THREAD_OPEN_DAYS * DAY_MS - MINUTE_MS);
    const c1 = await withFreshToken(t, database().db, customer);
    await posted(t, c1, booking.id, 'Still open');
    t.clock.advance(2 * MINUTE_MS);
    const refused = await post(t, c1, booking.id, 'Closed now');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('ThreadClosed');
    // A booking that is not final stays open until its hour's 14 days.
    const open = await insertBooking(t, database().db, { business, customer, startsAt: hourIn(t, 20) });
    await posted(t, c1, open.id, 'This one is open');
  });

  it(`allows ${MESSAGES_PER_WINDOW} messages per account in 10 minutes, then 429 with Retry-After; refused posts are not kept`, async () => {
    const { t, business, customer } = await setUp();
    const first = await insertBooking(t, database().db, { business, customer, startsAt: hourIn(t, 2) });
    const second = await insertBooking(t, database().db, { business, customer, startsAt: hourIn(t, 3) });
    for (let i = 0; i < MESSAGES_PER_WINDOW; i += 1) {
      // Across threads: the limit is the account's.
      await posted(t, customer, i % 2 === 0 ? first.id : second.id, `Message ${i}`);
    }
    t.clock.advance(4 * MINUTE_MS);
    for (const bookingId of [first.id, second.id]) {
      const refused = await post(t, customer, bookingId, 'One too many');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('TooManyRequests');
      // The window opened 4 minutes ago: 6 minutes to wait.
      expect(Number(refused.headers['retry-after'])).toBe(6 * 60);
    }
    const kept = await database()
      .db.selectFrom('booking_messages')
      .select('id')
      .where('booking_id', 'in', [first.id, second.id])
      .execute();
    expect(kept).toHaveLength(MESSAGES_PER_WINDOW);
    // The other party has an allowance of its own.
    await posted(t, business, first.id, 'Calm down');
    t.clock.advance(6 * MINUTE_MS);
    await posted(t, customer, first.id, 'A new window');
  });
});
