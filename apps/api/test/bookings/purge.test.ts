import { expect, it } from 'vitest';
import {
  bookingRetentionCutoff,
  purgeExpiredBookings,
  scheduleBookingPurge,
} from '../../src/modules/bookings/bookings.purge';
import { createTestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';
import { createBusiness, createCustomer, insertBooking } from '../helpers/marketplace';

it('keeps booking history for 7 years from the booking’s NI wall-clock time', () => {
  expect(bookingRetentionCutoff(new Date('2032-06-15T09:30:00Z'))).toBe('2025-06-15 10:30');
  expect(bookingRetentionCutoff(new Date('2032-01-15T09:30:00Z'))).toBe('2025-01-15 09:30');
  // 29 February falls back to 28 February.
  expect(bookingRetentionCutoff(new Date('2032-02-29T12:00:00Z'))).toBe('2025-02-28 12:00');
});

describeEachDatabase('booking purge', (database) => {
  it('deletes bookings (and their history) older than 7 years, and nothing newer', async () => {
    const { db } = database();
    const t = await createTestApp(db);
    try {
      const business = await createBusiness(t, db);
      const customer = await createCustomer(t, db);
      const now = new Date('2032-06-15T09:30:00Z');
      const old = await insertBooking(t, db, {
        business,
        customer,
        startsAt: '2025-06-15 10:00',
        status: 'Confirmed',
      });
      const edge = await insertBooking(t, db, {
        business,
        customer,
        startsAt: '2025-06-15 10:30',
        status: 'Approved',
      });
      const recent = await insertBooking(t, db, {
        business,
        customer,
        startsAt: '2031-01-01 10:00',
        status: 'Denied',
      });
      await db
        .insertInto('booking_transitions')
        .values(
          [old, recent].map((b) => ({
            id: crypto.randomUUID(),
            booking_id: b.id,
            from_status: null,
            to_status: 'Requested' as const,
            actor_id: customer.id,
            price: 30,
            created_at: now.toISOString(),
          })),
        )
        .execute();

      expect(await purgeExpiredBookings(db, now)).toBe(1);
      const left = await db
        .selectFrom('bookings')
        .select('id')
        .where('business_id', '=', business.id)
        .execute();
      expect(left.map((b) => b.id).sort()).toEqual([edge.id, recent.id].sort());
      const history = await db.selectFrom('booking_transitions').select('booking_id').execute();
      expect(history.map((h) => h.booking_id)).not.toContain(old.id);
      expect(history.map((h) => h.booking_id)).toContain(recent.id);
      // Running it again finds nothing more.
      expect(await purgeExpiredBookings(db, now)).toBe(0);
    } finally {
      await t.close();
    }
  });

  it('runs at once when scheduled, and stops when asked', async () => {
    const { db } = database();
    const t = await createTestApp(db);
    try {
      const business = await createBusiness(t, db);
      const customer = await createCustomer(t, db);
      const ancient = await insertBooking(t, db, {
        business,
        customer,
        startsAt: '2001-01-01 10:00',
        status: 'Confirmed',
      });
      const stop = scheduleBookingPurge(db, () => new Date(), t.app.log);
      await expect
        .poll(async () =>
          db.selectFrom('bookings').select('id').where('id', '=', ancient.id).executeTakeFirst(),
        )
        .toBeUndefined();
      stop();
    } finally {
      await t.close();
    }
  });
});
