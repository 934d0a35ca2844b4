import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { isOverlapViolation } from '../../src/db/database';
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

  it('never lets two agreed bookings of one member overlap, whatever their lengths (api-contract §9.3)', async () => {
    const { db } = database();
    const business = randomUUID();
    const [sam, alex] = [randomUUID(), randomUUID()];
    const of = (member: string | null, startsAt: string, minutes: number, status: BookingStatusValue) => ({
      ...booking(business, startsAt, status),
      member_id: member,
      duration_minutes: minutes,
    });
    const refused = (row: ReturnType<typeof of>) =>
      db
        .insertInto('bookings')
        .values(row)
        .execute()
        .then(
          () => false,
          (error: unknown) => isOverlapViolation(error),
        );
    // Requests, cancellations and bookings of no member are free to overlap.
    await db
      .insertInto('bookings')
      .values(of(sam, '2030-06-03 10:00', 60, 'Requested'))
      .execute();
    await db
      .insertInto('bookings')
      .values(of(sam, '2030-06-03 10:00', 60, 'Cancelled'))
      .execute();
    await db
      .insertInto('bookings')
      .values(of(null, '2030-06-03 10:00', 60, 'Approved'))
      .execute();
    await db
      .insertInto('bookings')
      .values(of(sam, '2030-06-03 10:00', 45, 'Approved'))
      .execute();
    // Same start, overlapping end, a longer booking starting before, a shorter one inside.
    expect(await refused(of(sam, '2030-06-03 10:00', 15, 'Confirmed'))).toBe(true);
    expect(await refused(of(sam, '2030-06-03 10:30', 30, 'Approved'))).toBe(true);
    expect(await refused(of(sam, '2030-06-03 08:00', 135, 'Approved'))).toBe(true);
    expect(await refused(of(sam, '2030-06-03 06:45', 240, 'Approved'))).toBe(true);
    // Touching ends are free; so is another member at the same time.
    expect(await refused(of(sam, '2030-06-03 10:45', 15, 'Approved'))).toBe(false);
    expect(await refused(of(sam, '2030-06-03 06:00', 240, 'Confirmed'))).toBe(false);
    expect(await refused(of(alex, '2030-06-03 10:00', 60, 'Approved'))).toBe(false);
    // An update into overlap is refused too: a request approved, a booking moved.
    const request = of(alex, '2030-06-03 10:30', 30, 'Requested');
    await db.insertInto('bookings').values(request).execute();
    const approve = await db
      .updateTable('bookings')
      .set({ status: 'Approved' })
      .where('id', '=', request.id)
      .execute()
      .then(
        () => false,
        (error: unknown) => isOverlapViolation(error),
      );
    expect(approve).toBe(true);
    const moved = await db
      .updateTable('bookings')
      .set({ starts_at: '2030-06-03 11:00' })
      .where('id', '=', request.id)
      .execute();
    expect(moved).toHaveLength(1);
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
