import { addDays, type BookingStatus, todayInLondon } from '@app/domain';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../../src/db/database';
import type { TestApp } from '../helpers/app';
import { type Actor, call, insertBooking } from '../helpers/marketplace';

/** A London wall-clock hour `days` days after the test clock's today (negative: in the past). */
export const hourIn = (t: TestApp, days: number, hour = 10) =>
  `${addDays(todayInLondon(t.clock.now()), days)} ${String(hour).padStart(2, '0')}:00`;

let made = 0;
/**
 * A booking of the customer with the business that took place `daysAgo` days ago (default 1),
 * Approved unless said, at a time no other booking of this test file uses (agreed bookings of one
 * business may not share a start).
 */
export function pastBooking(
  t: TestApp,
  db: Db,
  who: { business: Actor; customer: Actor },
  options: { daysAgo?: number; status?: BookingStatus; startsAt?: string } = {},
) {
  made += 1;
  const hour = hourIn(t, -(options.daysAgo ?? 1), 9 + (Math.floor(made / 60) % 8));
  const startsAt = options.startsAt ?? `${hour.slice(0, 14)}${String(made % 60).padStart(2, '0')}`;
  return insertBooking(t, db, { ...who, startsAt, status: options.status ?? 'Approved' });
}

export const postReview = (t: TestApp, actor: Actor | null, body: Record<string, unknown>) =>
  call(t, 'POST', '/api/booking/review', actor, body);

export const putReview = (t: TestApp, actor: Actor | null, body: Record<string, unknown>) =>
  call(t, 'PUT', '/api/booking/review', actor, body);

/** POST /booking/review, asserting 201; the review. */
export async function reviewed(
  t: TestApp,
  customer: Actor,
  bookingId: string,
  rating: number,
  comment = '',
): Promise<{ id: string; rating: number; comment: string; authorName: string; visitedOn: string }> {
  const response = await postReview(t, customer, { bookingId, rating, comment });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().review;
}

/** GET /booking/reviews (public). */
export const reviewsPage = (t: TestApp, businessId: string, cursor?: string) =>
  call(
    t,
    'GET',
    `/api/booking/reviews?businessId=${encodeURIComponent(businessId)}${
      cursor === undefined ? '' : `&cursor=${encodeURIComponent(cursor)}`
    }`,
    null,
  );

export const codeOf = (response: LightMyRequestResponse) => response.json().code as string;

/** The business's kept totals (users.review_count, review_sum). */
export async function totalsOf(db: Db, businessId: string) {
  return db
    .selectFrom('users')
    .select(['review_count', 'review_sum'])
    .where('id', '=', businessId)
    .executeTakeFirstOrThrow();
}
