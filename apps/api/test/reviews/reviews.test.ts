import { randomUUID } from 'node:crypto';
import {
  REVIEW_MESSAGES,
  REVIEW_PAGE_SIZE,
  REVIEW_TEXT_MAX_LENGTH,
  REVIEW_WINDOW_DAYS,
  reviewWindowClosesAt,
} from '@app/domain';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { HOUR_MS, MINUTE_MS } from '../../src/lib/clock';
import { REVIEW_API_MESSAGES } from '../../src/modules/reviews/reviews.messages';
import { createTestApp, type TestApp } from '../helpers/app';
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
  codeOf,
  hourIn,
  pastBooking,
  postReview,
  putReview,
  reviewed,
  reviewsPage,
  totalsOf,
} from './support';

describeEachDatabase('writing a review: POST and PUT /api/booking/review', (database) => {
  let t: TestApp;
  let business: Actor;
  let customer: Actor;
  let stranger: Actor;
  let admin: Actor;
  beforeAll(async () => {
    t = await createTestApp(database().db);
    business = await createBusiness(t, db());
    customer = await createCustomer(t, db(), { first_name: 'Grace', last_name: 'hopper' });
    stranger = await createCustomer(t, db(), { first_name: 'Oscar' });
    admin = await createAdmin(t, db());
  });
  // Some tests move the clock past the tokens' 15 minutes.
  beforeEach(async () => {
    customer = await withFreshToken(t, db(), customer);
    stranger = await withFreshToken(t, db(), stranger);
    business = await withFreshToken(t, db(), business, 'Business');
    admin = await withFreshToken(t, db(), admin, 'Admin');
  });
  afterAll(() => t.close());

  const db = () => database().db;
  const who = () => ({ business, customer });
  const reviewCount = async () =>
    Number(
      (
        await db()
          .selectFrom('reviews')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('lets the customer review an Approved appointment that ended: 201 with the review, the comment exactly as sent', async () => {
    const booking = await pastBooking(t, db(), who());
    const comment = '<script>alert("hi")</script> & <b>great</b> fade';
    const response = await postReview(t, customer, { bookingId: booking.id, rating: 5, comment });
    expect(response.statusCode, response.body).toBe(201);
    const { review } = response.json();
    expect(review).toEqual({
      id: expect.any(String),
      rating: 5,
      comment,
      authorName: 'Grace H.',
      visitedOn: booking.starts_at.slice(0, 10),
      reply: null,
      createdAt: t.clock.now().toISOString(),
    });
    const page = (await reviewsPage(t, business.id)).json();
    expect(page.reviews.find((r: { id: string }) => r.id === review.id)?.comment).toBe(comment);
  });

  it('lets the customer review a Confirmed appointment (an accepted counter offer), without a comment', async () => {
    const booking = await pastBooking(t, db(), who(), { status: 'Confirmed' });
    const response = await postReview(t, customer, { bookingId: booking.id, rating: 3 });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().review.comment).toBe('');
  });

  it('refuses a rating outside 1–5, not whole or not a number, a comment over 1,000 characters or profane: 400, nothing written', async () => {
    const booking = await pastBooking(t, db(), who());
    const before = await reviewCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ rating: 0 }, 'rating'],
      [{ rating: 6 }, 'rating'],
      [{ rating: 4.5 }, 'rating'],
      [{ rating: '5' }, 'rating'],
      [{ rating: null }, 'rating'],
      [{}, 'rating'],
      [{ rating: 5, comment: 'x'.repeat(REVIEW_TEXT_MAX_LENGTH + 1) }, 'comment'],
      [{ rating: 5, comment: 'What a shit haircut' }, 'comment'],
    ];
    for (const [body, field] of cases) {
      const response = await postReview(t, customer, { bookingId: booking.id, ...body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(codeOf(response)).toBe('ValidationError');
      expect(Object.keys(response.json().errors ?? {}), JSON.stringify(body)).toContain(field);
    }
    // Exactly 1,000 characters (surrounding spaces trimmed) is fine.
    const longest = await postReview(t, customer, {
      bookingId: booking.id,
      rating: 5,
      comment: `  ${'y'.repeat(REVIEW_TEXT_MAX_LENGTH)}  `,
    });
    expect(longest.statusCode, longest.body).toBe(201);
    expect(await reviewCount()).toBe(before + 1);
  });

  it('answers 404 to anyone but the booking’s customer, its business and the Admin included, reviewed or not', async () => {
    const fresh = await pastBooking(t, db(), who());
    const done = await pastBooking(t, db(), who());
    await reviewed(t, customer, done.id, 4);
    for (const actor of [stranger, business, admin]) {
      for (const booking of [fresh, done]) {
        const response = await postReview(t, actor, { bookingId: booking.id, rating: 1 });
        expect(response.statusCode).toBe(404);
        expect(response.json().message).toBe(REVIEW_MESSAGES.bookingNotFound);
        const edit = await putReview(t, actor, { bookingId: booking.id, rating: 1 });
        expect(edit.statusCode).toBe(404);
      }
    }
    expect((await postReview(t, customer, { bookingId: randomUUID(), rating: 5 })).statusCode).toBe(404);
    expect((await postReview(t, null, { bookingId: fresh.id, rating: 5 })).statusCode).toBe(401);
  });

  it('checks the body before ownership: a bad rating on another’s booking is 400', async () => {
    const booking = await pastBooking(t, db(), who());
    const response = await postReview(t, stranger, { bookingId: booking.id, rating: 9 });
    expect(response.statusCode).toBe(400);
  });

  it('refuses a booking that has not ended, is older than 30 days, or was not agreed: 400 NotReviewable', async () => {
    const now = t.clock.now();
    const cases = [
      // Starts in 3 days; started 30 minutes ago (its hour has not ended).
      await insertBooking(t, db(), { ...who(), startsAt: hourIn(t, 3), status: 'Approved' }),
      await pastBooking(t, db(), who(), {
        startsAt: new Date(now.getTime() - 30 * MINUTE_MS)
          .toLocaleString('sv-SE', { timeZone: 'Europe/London' })
          .slice(0, 16),
      }),
      await pastBooking(t, db(), who(), { daysAgo: REVIEW_WINDOW_DAYS + 2 }),
      ...(await Promise.all(
        (['Denied', 'Declined', 'Cancelled', 'Requested', 'Countered'] as const).map((status) =>
          pastBooking(t, db(), who(), { status }),
        ),
      )),
    ];
    const before = await reviewCount();
    for (const booking of cases) {
      const response = await postReview(t, customer, { bookingId: booking.id, rating: 5 });
      expect(response.statusCode, `${booking.status} ${booking.starts_at}`).toBe(400);
      expect(codeOf(response)).toBe('NotReviewable');
    }
    expect(await reviewCount()).toBe(before);
  });

  it('opens the review when the appointment’s hour ends, by the clock', async () => {
    const startsAt = new Date(t.clock.now().getTime() + 2 * HOUR_MS)
      .toLocaleString('sv-SE', { timeZone: 'Europe/London' })
      .slice(0, 16);
    const booking = await insertBooking(t, db(), { ...who(), startsAt, status: 'Approved' });
    const early = await postReview(t, customer, { bookingId: booking.id, rating: 5 });
    expect(early.json().message).toBe(REVIEW_MESSAGES.notYet);
    t.clock.advance(3 * HOUR_MS + MINUTE_MS);
    const me = await withFreshToken(t, db(), customer);
    const response = await postReview(t, me, { bookingId: booking.id, rating: 5 });
    expect(response.statusCode, response.body).toBe(201);
  });

  it('refuses a second review of the booking: 409 AlreadyReviewed, the first kept', async () => {
    const booking = await pastBooking(t, db(), who());
    const first = await reviewed(t, customer, booking.id, 2, 'first');
    const second = await postReview(t, customer, { bookingId: booking.id, rating: 5, comment: 'second' });
    expect(second.statusCode).toBe(409);
    expect(codeOf(second)).toBe('AlreadyReviewed');
    const row = await db()
      .selectFrom('reviews')
      .selectAll()
      .where('id', '=', first.id)
      .executeTakeFirstOrThrow();
    expect([row.rating, row.comment]).toEqual([2, 'first']);
  });

  it('lets exactly one of two concurrent first reviews through: one 201, one 409, counted once', async () => {
    const other = await createBusiness(t, db());
    const booking = await pastBooking(t, db(), { business: other, customer });
    const answers = await Promise.all(
      [4, 5].map((rating) => postReview(t, customer, { bookingId: booking.id, rating })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const totals = await totalsOf(db(), other.id);
    const kept = answers.find((a) => a.statusCode === 201)?.json().review.rating;
    expect(totals).toEqual({ review_count: 1, review_sum: kept });
  });

  it('lets the customer change the review within the 30 days (the totals follow), then refuses: 400 NotReviewable', async () => {
    const other = await createBusiness(t, db());
    const booking = await pastBooking(t, db(), { business: other, customer });
    await reviewed(t, customer, booking.id, 2, 'meh');
    const edit = await putReview(t, customer, { bookingId: booking.id, rating: 5, comment: 'Grew on me' });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().review).toMatchObject({ rating: 5, comment: 'Grew on me' });
    expect(await totalsOf(db(), other.id)).toEqual({ review_count: 1, review_sum: 5 });

    const closes = reviewWindowClosesAt(booking.starts_at).getTime();
    t.clock.advance(closes - t.clock.now().getTime() + MINUTE_MS);
    const late = await putReview(t, await withFreshToken(t, db(), customer), {
      bookingId: booking.id,
      rating: 1,
    });
    expect(late.statusCode).toBe(400);
    expect(codeOf(late)).toBe('NotReviewable');
    expect(late.json().message).toBe(REVIEW_MESSAGES.tooLate);
    expect(await totalsOf(db(), other.id)).toEqual({ review_count: 1, review_sum: 5 });
  });

  it('answers 404 to an edit of a booking not reviewed yet, and 400 to a bad edit', async () => {
    const me = await withFreshToken(t, db(), customer);
    const booking = await pastBooking(t, db(), who());
    const response = await putReview(t, me, { bookingId: booking.id, rating: 4 });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(REVIEW_API_MESSAGES.noReviewYet);
    await reviewed(t, me, booking.id, 4);
    expect((await putReview(t, me, { bookingId: booking.id, rating: 0 })).statusCode).toBe(400);
  });

  it('lists the customer’s own reviews with their booking, deadline and hidden flag (GET /booking/my-reviews)', async () => {
    const me = await withFreshToken(t, db(), customer);
    const booking = await pastBooking(t, db(), who());
    t.clock.advance(1000);
    const review = await reviewed(t, me, booking.id, 5, 'Mine');
    const response = await call(t, 'GET', '/api/booking/my-reviews', me);
    expect(response.statusCode).toBe(200);
    const mine = response.json().reviews;
    expect(mine[0]).toEqual({
      ...review,
      bookingId: booking.id,
      editableUntil: reviewWindowClosesAt(booking.starts_at).toISOString(),
      hidden: false,
    });
    expect(mine.length).toBeGreaterThan(5);
    const theirs = await call(t, 'GET', '/api/booking/my-reviews', await withFreshToken(t, db(), stranger));
    expect(theirs.json()).toEqual({ reviews: [] });
    expect((await call(t, 'GET', '/api/booking/my-reviews', null)).statusCode).toBe(401);
  });
});

describeEachDatabase('reading reviews: GET /api/booking/reviews and the rating', (database) => {
  let t: TestApp;
  let admin: Actor;
  beforeAll(async () => {
    t = await createTestApp(database().db);
    admin = await createAdmin(t, db());
  });
  afterAll(() => t.close());
  const db = () => database().db;

  /** A business with one review per rating, written in order (oldest first), a second apart. */
  async function reviewedBusiness(ratings: number[]) {
    const business = await createBusiness(t, db());
    const reviews = [];
    for (const rating of ratings) {
      const customer = await createCustomer(t, db(), { first_name: 'Rita', last_name: `R${rating}` });
      const booking = await pastBooking(t, db(), { business, customer });
      reviews.push({ ...(await reviewed(t, customer, booking.id, rating)), customer });
      t.clock.advance(1000);
    }
    return { business, reviews };
  }

  it('averages half-up to one decimal from 3 reviews, null below', async () => {
    const { business } = await reviewedBusiness([5, 4]);
    expect((await reviewsPage(t, business.id)).json().rating).toEqual({ average: null, count: 2 });
    const three = await reviewedBusiness([5, 4, 4]);
    expect((await reviewsPage(t, three.business.id)).json().rating).toEqual({ average: 4.3, count: 3 });
    const quarter = await reviewedBusiness([4, 4, 5, 4]);
    expect((await reviewsPage(t, quarter.business.id)).json().rating).toEqual({ average: 4.3, count: 4 });
    const half = await reviewedBusiness([5, 4]);
    expect((await reviewsPage(t, half.business.id)).json().rating.average).toBeNull();
  });

  it('pages newest first, REVIEW_PAGE_SIZE at a time, to the last page', async () => {
    const ratings = Array.from({ length: REVIEW_PAGE_SIZE + 2 }, (_, i) => (i % 5) + 1);
    const { business, reviews } = await reviewedBusiness(ratings);
    const first = (await reviewsPage(t, business.id)).json();
    expect(first.reviews.map((r: { id: string }) => r.id)).toEqual(
      [...reviews]
        .reverse()
        .slice(0, REVIEW_PAGE_SIZE)
        .map((r) => r.id),
    );
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (await reviewsPage(t, business.id, first.nextCursor)).json();
    expect(second.reviews.map((r: { id: string }) => r.id)).toEqual(
      [...reviews]
        .reverse()
        .slice(REVIEW_PAGE_SIZE)
        .map((r) => r.id),
    );
    expect(second.nextCursor).toBeNull();
    expect(second.rating).toEqual(first.rating);
  });

  it('answers 404 for an unknown or unlisted business and 400 for a cursor that is not one', async () => {
    expect((await reviewsPage(t, randomUUID())).statusCode).toBe(404);
    expect((await reviewsPage(t, admin.id)).statusCode).toBe(404);
    const { business } = await reviewedBusiness([3]);
    const bad = await reviewsPage(t, business.id, 'not-a-cursor');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['cursor']);
    expect((await call(t, 'GET', '/api/booking/reviews', null)).statusCode).toBe(400);
  });

  it('takes a hidden review off the page and out of the average, and puts it back when restored', async () => {
    const { business, reviews } = await reviewedBusiness([1, 5, 5, 5]);
    const low = reviews[0]!;
    expect((await reviewsPage(t, business.id)).json().rating).toEqual({ average: 4, count: 4 });
    const hide = await call(t, 'PUT', '/api/booking/review-moderation', admin, {
      reviewId: low.id,
      hidden: true,
      reason: 'Not about the haircut',
    });
    expect(hide.statusCode, hide.body).toBe(200);
    const hidden = (await reviewsPage(t, business.id)).json();
    expect(hidden.rating).toEqual({ average: 5, count: 3 });
    expect(hidden.reviews.map((r: { id: string }) => r.id)).not.toContain(low.id);
    const listed = (await call(t, 'GET', '/api/booking/businesses?sort=name&limit=100', null)).json();
    expect(listed.businesses.find((b: { id: string }) => b.id === business.id)?.rating).toEqual({
      average: 5,
      count: 3,
    });
    // The author still sees it, marked hidden; an edit keeps it hidden and out of the totals.
    const mine = (await call(t, 'GET', '/api/booking/my-reviews', low.customer)).json().reviews;
    expect(mine[0]).toMatchObject({ id: low.id, hidden: true });
    const booking = mine[0].bookingId;
    expect((await putReview(t, low.customer, { bookingId: booking, rating: 2 })).statusCode).toBe(200);
    expect(await totalsOf(db(), business.id)).toEqual({ review_count: 3, review_sum: 15 });

    const restore = await call(t, 'PUT', '/api/booking/review-moderation', admin, {
      reviewId: low.id,
      hidden: false,
    });
    expect(restore.statusCode, restore.body).toBe(200);
    expect(restore.json().message).toBe(REVIEW_API_MESSAGES.restored);
    const back = (await reviewsPage(t, business.id)).json();
    expect(back.rating).toEqual({ average: 4.3, count: 4 });
    expect(back.reviews.map((r: { id: string }) => r.id)).toContain(low.id);
  });
});
