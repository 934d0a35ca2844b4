import { randomUUID } from 'node:crypto';
import { AccountExportSchema, addDays, todayInLondon } from '@app/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';
import { call, createBusiness, createCustomer, insertBooking } from '../helpers/marketplace';

/**
 * GET /user/export (api-contract §9.4, issue 33 item 3): a person's own data. Two accounts share a
 * booking (its customer and its business); each export holds every kind of record of its own
 * account, and nothing of a third account beyond what the app shows.
 */
describeEachDatabase('download my data (GET /user/export)', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database().db);
  });
  afterAll(() => t.close());
  const db = () => database().db;

  it('gives each party of a shared booking its own records, and nothing of anyone else’s', async () => {
    const business = await createBusiness(t, db(), { business_name: 'Export Barbers' });
    const customer = await createCustomer(t, db(), { first_name: 'Orla', last_name: 'Quinn' });
    const stranger = await createCustomer(t, db(), { first_name: 'Seán', last_name: 'Other' });
    const otherShop = await createBusiness(t, db(), { business_name: 'Elsewhere Cuts' });
    const day = addDays(todayInLondon(t.clock.now()), 3);
    const shared = await insertBooking(t, db(), {
      business,
      customer,
      startsAt: `${day} 10:00`,
      status: 'Approved',
    });
    const strangers = await insertBooking(t, db(), {
      business,
      customer: stranger,
      startsAt: `${day} 11:00`,
    });
    const elsewhere = await insertBooking(t, db(), {
      business: otherShop,
      customer: stranger,
      startsAt: `${day} 12:00`,
    });
    for (const [actor, body] of [
      [customer, 'Can I bring my son?'],
      [business, 'Of course.'],
    ] as const) {
      const sent = await call(t, 'POST', '/api/booking/messages', actor, { bookingId: shared.id, body });
      expect(sent.statusCode, sent.body).toBe(201);
    }
    const sentByStranger = await call(t, 'POST', '/api/booking/messages', stranger, {
      bookingId: strangers.id,
      body: 'Running late',
    });
    expect(sentByStranger.statusCode).toBe(201);
    const now = t.clock.now().toISOString();
    await db()
      .insertInto('reviews')
      .values({
        id: randomUUID(),
        booking_id: shared.id,
        business_id: business.id,
        customer_id: customer.id,
        rating: 5,
        comment: 'Lovely fade',
        author_name: 'Orla Q.',
        visited_on: day,
        reply: 'Thanks Orla',
        reply_at: now,
        hidden: 0,
        hidden_reason: null,
        hidden_at: null,
        created_at: now,
        updated_at: now,
      })
      .execute();

    const waited = await call(t, 'POST', '/api/booking/waitlist', customer, {
      businessId: business.id,
      date: day,
    });
    expect(waited.statusCode, waited.body).toBe(201);
    const mine = await call(t, 'GET', '/api/user/export', customer);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.headers['content-disposition']).toMatch(
      /^attachment; filename="trimtime-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(mine.headers['cache-control']).toBe('no-store');
    const own = AccountExportSchema.parse(mine.json());
    expect(own.account).toMatchObject({ id: customer.id, Email: customer.email, FirstName: 'Orla' });
    expect(own.notificationSettings).toEqual({
      bookingUpdates: true,
      reminders: true,
      messages: true,
      marketing: expect.any(Boolean),
    });
    expect(own.bookingsAsCustomer.map((booking) => booking.id)).toEqual([shared.id]);
    expect(own.bookingsAsBusiness).toEqual([]);
    expect(own.messages.filter((line) => line.body).map((line) => [line.from, line.body])).toEqual([
      ['customer', 'Can I bring my son?'],
      ['business', 'Of course.'],
    ]);
    expect(own.reviewsWritten).toEqual([
      expect.objectContaining({
        bookingId: shared.id,
        rating: 5,
        comment: 'Lovely fade',
        reply: 'Thanks Orla',
      }),
    ]);
    expect(own.reviewsReceived).toEqual([]);
    expect(own.waitlist).toEqual([waited.json().entry]);
    const text = mine.body;
    for (const foreign of [
      stranger.id,
      stranger.email,
      strangers.id,
      elsewhere.id,
      'Running late',
      otherShop.id,
    ]) {
      expect(text).not.toContain(foreign);
    }
    // No secret of any account: the shape has no room for one, and none slips into a field.
    expect(text).not.toMatch(/password|token|\$scrypt|\$argon/i);

    const theirs = AccountExportSchema.parse((await call(t, 'GET', '/api/user/export', business)).json());
    expect(theirs.account).toMatchObject({ id: business.id, UserType: 'Business' });
    expect(theirs.bookingsAsBusiness.map((booking) => booking.id)).toEqual([shared.id, strangers.id]);
    // The business's own customers as its cards show them; nothing of the stranger's other shop.
    expect(theirs.messages.filter((line) => line.body).map((line) => line.body)).toEqual([
      'Can I bring my son?',
      'Of course.',
      'Running late',
    ]);
    expect(theirs.reviewsReceived.map((review) => review.bookingId)).toEqual([shared.id]);
    expect(JSON.stringify(theirs)).not.toContain(elsewhere.id);
    expect(JSON.stringify(theirs)).not.toContain(otherShop.id);
  });

  it('is one a minute per account (429 with Retry-After), and needs sign-in', async () => {
    const customer = await createCustomer(t, db());
    expect((await call(t, 'GET', '/api/user/export', customer)).statusCode).toBe(200);
    const again = await call(t, 'GET', '/api/user/export', customer);
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    // Another account is not held back by it.
    expect((await call(t, 'GET', '/api/user/export', await createCustomer(t, db()))).statusCode).toBe(200);
    t.clock.advance(61_000);
    expect((await call(t, 'GET', '/api/user/export', customer)).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/user/export' })).statusCode).toBe(401);
  });
});
