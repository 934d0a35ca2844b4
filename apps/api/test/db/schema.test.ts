import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { isUniqueViolation } from '../../src/db/database';
import { migrateToLatest } from '../../src/db/migrate';
import type { BookingStatusValue } from '../../src/db/schema';
import { describeEachDatabase } from '../helpers/databases';

const booking = (businessId: string, startsAt: string, status: BookingStatusValue) => {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    business_id: businessId,
    customer_id: randomUUID(),
    status,
    starts_at: startsAt,
    price: 30,
    is_home_visit: 0 as const,
    customer_name: 'Ada Lovelace',
    customer_email: 'ada@example.com',
    customer_phone: '+447123456789',
    barber_name: 'Bob Barber',
    business_name: 'Bob Cuts',
    created_at: now,
    updated_at: now,
  };
};

describeEachDatabase('database schema', (database) => {
  it('is migrated, and migrating again changes nothing', async () => {
    const result = await migrateToLatest(database().db);
    expect(result.results).toEqual([]);
  });

  it('allows one Approved or Confirmed booking per business and start time', async () => {
    const { db } = database();
    const business = randomUUID();
    const slot = '2030-06-03 10:00';
    await db
      .insertInto('bookings')
      .values(booking(business, slot, 'Requested'))
      .execute();
    await db
      .insertInto('bookings')
      .values(booking(business, slot, 'Requested'))
      .execute();
    await db
      .insertInto('bookings')
      .values(booking(business, slot, 'Cancelled'))
      .execute();
    await db
      .insertInto('bookings')
      .values(booking(business, slot, 'Approved'))
      .execute();
    const second = await db
      .insertInto('bookings')
      .values(booking(business, slot, 'Confirmed'))
      .execute()
      .catch((error: unknown) => error);
    expect(isUniqueViolation(second)).toBe(true);
    // Another business, or another hour, is free.
    await db
      .insertInto('bookings')
      .values(booking(randomUUID(), slot, 'Approved'))
      .execute();
    await db
      .insertInto('bookings')
      .values(booking(business, '2030-06-03 11:00', 'Confirmed'))
      .execute();
  });

  it('enforces foreign keys and check constraints', async () => {
    const { db } = database();
    const now = new Date().toISOString();
    const orphan = await db
      .insertInto('one_time_codes')
      .values({
        id: randomUUID(),
        user_id: randomUUID(),
        purpose: 'signup',
        code_hash: 'x',
        target_email: null,
        attempts: 0,
        expires_at: now,
        consumed_at: null,
        created_at: now,
      })
      .execute()
      .catch((error: unknown) => error);
    expect(orphan).toBeInstanceOf(Error);
    const badStatus = await db
      .insertInto('bookings')
      .values(booking(randomUUID(), '2030-01-01 09:00', 'Pending' as BookingStatusValue))
      .execute()
      .catch((error: unknown) => error);
    expect(badStatus).toBeInstanceOf(Error);
  });
});
