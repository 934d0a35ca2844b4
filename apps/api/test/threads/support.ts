import { addDays, todayInLondon } from '@app/domain';
import { expect } from 'vitest';
import type { Db } from '../../src/db/database';
import type { LiveEvent, LiveEvents } from '../../src/modules/events/live-events';
import { createTestApp, type TestApp } from '../helpers/app';
import { type Actor, call, createBusiness, createCustomer } from '../helpers/marketplace';

/** Keeps every event the services publish, in order. */
export class CapturingLiveEvents implements LiveEvents {
  readonly events: LiveEvent[] = [];

  publish(event: LiveEvent): void {
    this.events.push(event);
  }

  of(bookingId: string): LiveEvent[] {
    return this.events.filter((event) => event.bookingId === bookingId);
  }
}

/** An app of its own (its clock may move) with a business and a customer, and the events it publishes. */
export async function threadsApp(db: Db) {
  const live = new CapturingLiveEvents();
  const t = await createTestApp(db, { deps: { liveEvents: live } });
  const business = await createBusiness(t, db);
  const customer = await createCustomer(t, db, { first_name: 'Grace', last_name: 'Hopper' });
  return { t, live, business, customer };
}

/** A London wall-clock hour `days` days after the test clock's today. */
export const hourIn = (t: TestApp, days: number, hour = 10) =>
  `${addDays(todayInLondon(t.clock.now()), days)} ${String(hour).padStart(2, '0')}:00`;

export const thread = (t: TestApp, actor: Actor | null, bookingId: string, after?: string) =>
  call(
    t,
    'GET',
    `/api/booking/messages?bookingId=${encodeURIComponent(bookingId)}${
      after === undefined ? '' : `&after=${encodeURIComponent(after)}`
    }`,
    actor,
  );

export const post = (t: TestApp, actor: Actor | null, bookingId: string, body: unknown) =>
  call(t, 'POST', '/api/booking/messages', actor, { bookingId, body });

export const markRead = (t: TestApp, actor: Actor | null, bookingId: string, upTo: string) =>
  call(t, 'POST', '/api/booking/messages/read', actor, { bookingId, upTo });

export async function unread(
  t: TestApp,
  actor: Actor,
): Promise<{ total: number; byBooking: Record<string, number> }> {
  const response = await call(t, 'GET', '/api/booking/unread', actor);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** POST a message (asserting 201); returns the message. */
export async function posted(t: TestApp, actor: Actor, bookingId: string, body: string) {
  const response = await post(t, actor, bookingId, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; from: string; body: string; createdAt: string };
}

/** GET the thread (asserting 200). */
export async function lines(t: TestApp, actor: Actor, bookingId: string, after?: string) {
  const response = await thread(t, actor, bookingId, after);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    messages: { id: string; from: string; body: string; createdAt: string }[];
    open: boolean;
  };
}
