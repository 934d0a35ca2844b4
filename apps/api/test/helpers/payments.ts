import { expect } from 'vitest';
import type { Db } from '../../src/db/database';
import type { TestApp } from './app';
import { type Actor, bookingBody, call, createBusiness, slotsOf } from './marketplace';

/** A business whose payout account is active (through the TEST onboarding), asking for `mode`. */
export async function shopTaking(
  app: TestApp,
  db: Db,
  mode: 'deposit' | 'full' | 'none',
  percent = 25,
): Promise<Actor> {
  const business = await createBusiness(app, db, { business_name: 'Bow Street Barbers' });
  if (mode === 'none') return business;
  const { url } = (await call(app, 'POST', '/api/payments/connect', business)).json();
  await app.app.inject({
    method: 'POST',
    url: `${new URL(url).pathname}/activate`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
  const saved = await call(app, 'PUT', '/api/user/payment-settings', business, {
    mode,
    depositPercent: percent,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return business;
}

/** A request at the business's first free hour for £30, approved. */
export async function agreedBooking(app: TestApp, business: Actor, customer: Actor) {
  const [slot] = await slotsOf(app, business.id);
  const booked = await call(app, 'POST', '/api/booking/book', customer, bookingBody(business, slot!));
  expect(booked.statusCode, booked.body).toBe(201);
  const bookingId = booked.json().booking.id as string;
  const approved = await call(app, 'PATCH', '/api/booking/setstatus', business, {
    businessId: business.id,
    bookingId,
    status: 'Approved',
  });
  expect(approved.statusCode, approved.body).toBe(200);
  return { bookingId, slot: slot!, approved: approved.json().booking };
}

/** The booking as its customer's list shows it. */
export const customersBooking = async (app: TestApp, customer: Actor, bookingId: string) =>
  (await call(app, 'GET', '/api/booking/userbookings', customer))
    .json()
    .requests.find((booking: { id: string }) => booking.id === bookingId);

/** A TEST provider page (GET), or one of its buttons (POST `action`). */
export const providerPage = (app: TestApp, url: string, action = '') =>
  app.app.inject({ method: action ? 'POST' : 'GET', url: `${new URL(url).pathname}${action}` });
