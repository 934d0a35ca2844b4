import { addDays, todayInLondon } from '@app/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';
import { type Actor, call, createBusiness, createCustomer, insertBooking } from '../helpers/marketplace';

const ROUNDS = 8;

/** api-contract §8.4 under concurrency: a cancelled hour is free at once, and a booking is cancelled once. */
describeEachDatabase('cancellations racing', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database().db);
  });
  afterAll(() => t.close());

  const db = () => database().db;
  /** A different future hour each round (within 09:00–17:00, so it can be approved). */
  const hourOf = (round: number) =>
    `${addDays(todayInLondon(t.clock.now()), 2 + Math.floor(round / 8))} ${String(9 + (round % 8)).padStart(2, '0')}:00`;
  const held = (businessId: string, startsAt: string) =>
    db()
      .selectFrom('bookings')
      .select(['id', 'status'])
      .where('business_id', '=', businessId)
      .where('starts_at', '=', startsAt)
      .where('status', 'in', ['Approved', 'Confirmed'])
      .execute();
  const historyOf = (bookingId: string) =>
    db()
      .selectFrom('booking_transitions')
      .select(['from_status', 'to_status', 'actor_id'])
      .where('booking_id', '=', bookingId)
      .execute();
  const ref = (business: Actor, bookingId: string) => ({ businessId: business.id, bookingId });

  it('a cancellation racing the approval of another request for the same hour: never two holders, and the approval wins only once the hour is free', async () => {
    const business = await createBusiness(t, db());
    const outcomes = new Set<string>();
    for (let round = 0; round < ROUNDS; round += 1) {
      const startsAt = hourOf(round);
      const holder = await createCustomer(t, db());
      const waiting = await createCustomer(t, db());
      const approved = await insertBooking(t, db(), {
        business,
        customer: holder,
        startsAt,
        status: 'Approved',
      });
      const requested = await insertBooking(t, db(), {
        business,
        customer: waiting,
        startsAt,
        status: 'Requested',
      });
      const [cancel, approve] = await Promise.all([
        call(t, 'PATCH', '/api/booking/setstatus', holder, {
          ...ref(business, approved.id),
          status: 'Cancelled',
        }),
        call(t, 'PATCH', '/api/booking/setstatus', business, {
          ...ref(business, requested.id),
          status: 'Approved',
        }),
      ]);
      expect(cancel.statusCode, cancel.body).toBe(200);
      const holders = await held(business.id, startsAt);
      if (approve.statusCode === 200) {
        outcomes.add('approved after the cancellation');
        expect(holders).toEqual([{ id: requested.id, status: 'Approved' }]);
      } else {
        outcomes.add('refused before the cancellation');
        expect(approve.statusCode).toBe(409);
        expect(approve.json().code).toBe('SlotTaken');
        expect(holders).toEqual([]);
        // The hour is free now: the same approval goes through.
        const retry = await call(t, 'PATCH', '/api/booking/setstatus', business, {
          ...ref(business, requested.id),
          status: 'Approved',
        });
        expect(retry.statusCode, retry.body).toBe(200);
      }
    }
    expect(outcomes.size).toBeGreaterThan(0);
  });

  it('a customer’s and a business’s cancellation of one booking at once: exactly one wins, recorded once', async () => {
    const business = await createBusiness(t, db());
    for (let round = 0; round < ROUNDS; round += 1) {
      const customer = await createCustomer(t, db());
      const booking = await insertBooking(t, db(), {
        business,
        customer,
        startsAt: hourOf(round),
        status: round % 2 === 0 ? 'Approved' : 'Confirmed',
        counterPrice: round % 2 === 0 ? undefined : 45,
      });
      const responses = await Promise.all([
        call(t, 'PATCH', '/api/booking/setstatus', customer, {
          ...ref(business, booking.id),
          status: 'Cancelled',
        }),
        call(t, 'PATCH', '/api/booking/cancel', business, {
          ...ref(business, booking.id),
          reason: 'Closing early',
        }),
        call(t, 'PATCH', '/api/booking/setstatus', customer, {
          ...ref(business, booking.id),
          status: 'Cancelled',
        }),
      ]);
      const winners = responses.filter((r) => r.statusCode === 200);
      expect(winners, responses.map((r) => r.body).join('\n')).toHaveLength(1);
      for (const loser of responses.filter((r) => r.statusCode !== 200)) {
        expect(loser.statusCode).toBe(409);
        expect(loser.json().code).toBe('InvalidTransition');
      }
      const winner = winners[0]!.json().booking;
      const history = await historyOf(booking.id);
      expect(history).toHaveLength(1);
      expect(history[0]!.actor_id).toBe(winner.CancelledBy === 'business' ? business.id : customer.id);
      const stored = await db()
        .selectFrom('bookings')
        .select(['status', 'cancelled_by', 'cancellation_reason'])
        .where('id', '=', booking.id)
        .executeTakeFirst();
      expect(stored).toEqual({
        status: 'Cancelled',
        cancelled_by: winner.CancelledBy,
        cancellation_reason: winner.CancelledBy === 'business' ? 'Closing early' : null,
      });
    }
  });
});
