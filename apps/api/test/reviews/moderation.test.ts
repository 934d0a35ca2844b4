import { randomUUID } from 'node:crypto';
import { REVIEW_MESSAGES, REVIEW_REPORTS_PER_WINDOW, REVIEW_REPORTS_WINDOW_MINUTES } from '@app/domain';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { MINUTE_MS } from '../../src/lib/clock';
import { REVIEW_API_MESSAGES } from '../../src/modules/reviews/reviews.messages';
import { createTestApp, type TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';
import { createAdmin } from '../helpers/invites';
import { type Actor, call, createBusiness, createCustomer, withFreshToken } from '../helpers/marketplace';
import { codeOf, pastBooking, reviewed, reviewsPage } from './support';

describeEachDatabase('replies, reports and moderation of reviews', (database) => {
  let t: TestApp;
  let business: Actor;
  let otherBusiness: Actor;
  let customer: Actor;
  let reporter: Actor;
  let admin: Actor;
  beforeAll(async () => {
    t = await createTestApp(database().db);
    business = await createBusiness(t, db(), { business_name: 'Fade Street' });
    otherBusiness = await createBusiness(t, db());
    customer = await createCustomer(t, db(), { first_name: 'Aisling', last_name: 'Byrne' });
    reporter = await createCustomer(t, db(), { first_name: 'Rory' });
    admin = await createAdmin(t, db());
  });
  // The rate-limit test moves the clock past the tokens' 15 minutes.
  beforeEach(async () => {
    customer = await withFreshToken(t, db(), customer);
    reporter = await withFreshToken(t, db(), reporter);
    business = await withFreshToken(t, db(), business, 'Business');
    otherBusiness = await withFreshToken(t, db(), otherBusiness, 'Business');
    admin = await withFreshToken(t, db(), admin, 'Admin');
  });
  afterAll(() => t.close());
  const db = () => database().db;

  const newReview = async (rating = 4, comment = 'Good cut') => {
    const booking = await pastBooking(t, db(), { business, customer });
    return reviewed(t, customer, booking.id, rating, comment);
  };
  const reply = (actor: Actor, reviewId: string, text: string) =>
    call(t, 'PUT', '/api/booking/review-reply', actor, { reviewId, reply: text });
  const report = (actor: Actor, reviewId: string, reason = 'Looks fake') =>
    call(t, 'POST', '/api/booking/review-report', actor, { reviewId, reason });
  const moderate = (actor: Actor, body: Record<string, unknown>) =>
    call(t, 'PUT', '/api/booking/review-moderation', actor, body);

  it('lets the reviewed business reply, and a new reply replace it, shown on the public page as written', async () => {
    const review = await newReview();
    const first = await reply(business, review.id, 'Thanks <Aisling> & see you soon');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      message: REVIEW_API_MESSAGES.replied,
      review: { ...review, reply: 'Thanks <Aisling> & see you soon' },
    });
    const second = await reply(business, review.id, 'Thanks again');
    expect(second.json().review.reply).toBe('Thanks again');
    const page = (await reviewsPage(t, business.id)).json();
    expect(page.reviews.find((r: { id: string }) => r.id === review.id).reply).toBe('Thanks again');
  });

  it('refuses a reply by another business (404), a customer (403), or empty, too long or profane (400)', async () => {
    const review = await newReview();
    const other = await reply(otherBusiness, review.id, 'Not mine');
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(REVIEW_MESSAGES.reviewNotFound);
    expect((await reply(admin, review.id, 'Not mine either')).statusCode).toBe(404);
    expect((await reply(customer, review.id, 'Me too')).statusCode).toBe(403);
    expect((await reply(business, randomUUID(), 'Who?')).statusCode).toBe(404);
    for (const text of ['   ', 'x'.repeat(1001), 'You are a shit customer']) {
      const response = await reply(business, review.id, text);
      expect(response.statusCode, text.slice(0, 20)).toBe(400);
      expect(Object.keys(response.json().errors)).toEqual(['reply']);
    }
    const row = await db()
      .selectFrom('reviews')
      .select('reply')
      .where('id', '=', review.id)
      .executeTakeFirst();
    expect(row?.reply).toBeNull();
  });

  it('takes a report from anyone signed in (201), one per account and review, and 404 for an unknown review', async () => {
    const review = await newReview();
    for (const actor of [reporter, business, otherBusiness, customer]) {
      const response = await report(actor, review.id);
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toEqual({ message: REVIEW_API_MESSAGES.reported });
    }
    expect((await report(reporter, review.id, 'Changed my mind: rude')).statusCode).toBe(201);
    const reports = await db()
      .selectFrom('review_reports')
      .selectAll()
      .where('review_id', '=', review.id)
      .execute();
    expect(reports).toHaveLength(4);
    expect(reports.find((r) => r.reporter_id === reporter.id)?.reason).toBe('Changed my mind: rude');
    expect((await report(reporter, randomUUID())).statusCode).toBe(404);
    const noReason = await report(reporter, review.id, '  ');
    expect(noReason.statusCode).toBe(400);
    expect(
      (await call(t, 'POST', '/api/booking/review-report', null, { reviewId: review.id, reason: 'x' }))
        .statusCode,
    ).toBe(401);
  });

  it(`limits reports to ${REVIEW_REPORTS_PER_WINDOW} per account in ${REVIEW_REPORTS_WINDOW_MINUTES} minutes: then 429 with Retry-After`, async () => {
    const spammer = await createCustomer(t, db(), { first_name: 'Sam' });
    const reviews = [];
    for (let i = 0; i <= REVIEW_REPORTS_PER_WINDOW; i += 1) reviews.push(await newReview());
    for (const review of reviews.slice(0, REVIEW_REPORTS_PER_WINDOW)) {
      expect((await report(spammer, review.id)).statusCode).toBe(201);
    }
    const refused = await report(spammer, reviews.at(-1)!.id);
    expect(refused.statusCode).toBe(429);
    expect(codeOf(refused)).toBe('TooManyRequests');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(REVIEW_REPORTS_WINDOW_MINUTES * 60);
    const count = await db()
      .selectFrom('review_reports')
      .select('id')
      .where('reporter_id', '=', spammer.id)
      .execute();
    expect(count).toHaveLength(REVIEW_REPORTS_PER_WINDOW);
    // Another account is not limited by it; the window passes.
    expect((await report(reporter, reviews.at(-1)!.id)).statusCode).toBe(201);
    t.clock.advance(REVIEW_REPORTS_WINDOW_MINUTES * MINUTE_MS + 1000);
    const later = await report(await withFreshToken(t, db(), spammer), reviews.at(-1)!.id);
    expect(later.statusCode, later.body).toBe(201);
  });

  it('refuses moderation and the moderation list to anyone but the Admin: 403, nothing changed', async () => {
    const review = await newReview();
    for (const actor of [customer, business, otherBusiness]) {
      const response = await moderate(actor, { reviewId: review.id, hidden: true, reason: 'Mine' });
      expect(response.statusCode).toBe(403);
      expect((await call(t, 'GET', '/api/booking/review-reports', actor)).statusCode).toBe(403);
    }
    const row = await db()
      .selectFrom('reviews')
      .select('hidden')
      .where('id', '=', review.id)
      .executeTakeFirst();
    expect(row?.hidden).toBe(0);
    expect((await moderate(admin, { reviewId: randomUUID(), hidden: true, reason: 'x' })).statusCode).toBe(
      404,
    );
    expect((await moderate(admin, { reviewId: review.id, hidden: true })).statusCode).toBe(400);
    expect((await moderate(admin, { reviewId: review.id, hidden: 'yes', reason: 'x' })).statusCode).toBe(400);
  });

  it('hides a review with a reason: the author and the business are emailed once, a report of it is then 404, and the Admin’s list shows it', async () => {
    const review = await newReview(1, 'Awful <b>place</b>');
    expect((await report(reporter, review.id, 'Abusive')).statusCode).toBe(201);
    t.clock.advance(1000);
    const newer = await newReview(2, 'Meh');
    expect((await report(reporter, newer.id, 'Spam')).statusCode).toBe(201);

    const queue = (await call(t, 'GET', '/api/booking/review-reports', admin)).json().reviews;
    const ids = queue.map((r: { id: string }) => r.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(review.id));
    expect(queue.find((r: { id: string }) => r.id === review.id)).toMatchObject({
      id: review.id,
      comment: 'Awful <b>place</b>',
      businessId: business.id,
      businessName: 'Fade Street',
      hidden: false,
      hiddenReason: null,
      reportCount: 1,
      reports: [{ reason: 'Abusive', createdAt: expect.any(String) }],
      lastReportedAt: expect.any(String),
    });

    const sentBefore = t.mailer.messages.length;
    const hide = await moderate(admin, { reviewId: review.id, hidden: true, reason: 'Abusive <language>' });
    expect(hide.statusCode, hide.body).toBe(200);
    expect(hide.json()).toEqual({ message: REVIEW_API_MESSAGES.hidden, review });
    const mails = t.mailer.messages.slice(sentBefore);
    expect(mails.map((m) => m.to).sort()).toEqual([business.email, customer.email].sort());
    for (const mail of mails) {
      expect(mail.text).toContain('Reason: Abusive <language>');
      expect(mail.html).toContain('Abusive &#60;language&#62;');
      expect(mail.html).not.toContain('<language>');
    }
    // Hiding it again changes the reason only: no second email.
    await moderate(admin, { reviewId: review.id, hidden: true, reason: 'Abusive' });
    expect(t.mailer.messages.length).toBe(sentBefore + 2);

    expect((await report(reporter, review.id)).statusCode).toBe(404);
    const hiddenEntry = (await call(t, 'GET', '/api/booking/review-reports', admin))
      .json()
      .reviews.find((r: { id: string }) => r.id === review.id);
    expect(hiddenEntry).toMatchObject({ hidden: true, hiddenReason: 'Abusive' });
  });

  it('keeps the kept totals right when one review is hidden, restored and edited at once: each change applies after the other, one email per hiding', async () => {
    const totals = () =>
      db()
        .selectFrom('users')
        .select(['review_count', 'review_sum'])
        .where('id', '=', business.id)
        .executeTakeFirstOrThrow();
    const review = await newReview(2, 'Concurrent');
    const before = await totals();
    const sentBefore = t.mailer.messages.length;
    const hides = await Promise.all(
      Array.from({ length: 6 }, () => moderate(admin, { reviewId: review.id, hidden: true, reason: 'Spam' })),
    );
    expect(hides.map((response) => response.statusCode)).toEqual(Array(6).fill(200));
    expect(await totals()).toEqual({
      review_count: Number(before.review_count) - 1,
      review_sum: Number(before.review_sum) - 2,
    });
    // The author and the business hear of it once, however many hid it at the same moment.
    expect(t.mailer.messages.length).toBe(sentBefore + 2);

    // Restores and the author's edits at once: the totals end as one visible review of its last rating.
    const bookingId = (
      await db()
        .selectFrom('reviews')
        .select('booking_id')
        .where('id', '=', review.id)
        .executeTakeFirstOrThrow()
    ).booking_id;
    const changes = await Promise.all([
      ...Array.from({ length: 3 }, () => moderate(admin, { reviewId: review.id, hidden: false })),
      ...[5, 4, 3].map((rating) =>
        call(t, 'PUT', '/api/booking/review', customer, { bookingId, rating, comment: 'Changed' }),
      ),
    ]);
    expect(changes.map((response) => response.statusCode)).toEqual(Array(6).fill(200));
    const row = await db()
      .selectFrom('reviews')
      .select(['rating', 'hidden'])
      .where('id', '=', review.id)
      .executeTakeFirstOrThrow();
    expect(row.hidden).toBe(0);
    expect(await totals()).toEqual({
      review_count: Number(before.review_count),
      review_sum: Number(before.review_sum) - 2 + row.rating,
    });
  });
});
