import { type MigrationProvider, Migrator } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from '../../src/db/database';
import { migrations } from '../../src/db/migrations';
import type { BookingStatusValue } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';
import { type Actor, createBusiness, createCustomer, insertBooking } from '../helpers/marketplace';
import { lines, unread } from './support';

const provider: MigrationProvider = { getMigrations: async () => migrations };
const migrator = (db: Db) => new Migrator({ db, provider });

async function migrateTo(db: Db, name: string): Promise<void> {
  const result = await migrator(db).migrateTo(name);
  if (result.error) throw result.error;
}

describeEachDatabase(
  'migration 0011: bookings made before threads get theirs, with their history',
  (database) => {
    let t: TestApp;
    let business: Actor;
    let customer: Actor;
    beforeAll(async () => {
      t = await createTestApp(database().db);
      business = await createBusiness(t, database().db);
      customer = await createCustomer(t, database().db);
    });
    afterAll(async () => {
      await migrateTo(database().db, '0011_booking_threads');
      await t.close();
    });

    const at = (minutes: number) => new Date(Date.UTC(2026, 0, 5, 9, minutes)).toISOString();

    it('writes each transition as a system line in the order it happened, and nothing as unread', async () => {
      const db = database().db;
      await migrateTo(db, '0010_bookings_version');
      expect((await db.introspection.getTables()).map((table) => table.name)).not.toContain(
        'booking_messages',
      );

      const negotiated = await insertBooking(t, db, {
        business,
        customer,
        startsAt: '2026-01-20 10:00',
        status: 'Confirmed',
        counterPrice: 45,
        createdAt: at(0),
      });
      const quiet = await insertBooking(t, db, {
        business,
        customer,
        startsAt: '2026-01-21 10:00',
        createdAt: at(1),
      });
      const history: Array<[BookingStatusValue | null, BookingStatusValue, number | null, string, string]> = [
        // Written out of order, and two at the same instant (ordered by id then).
        [null, 'Requested', 30, at(0), '00000000-0000-4000-8000-000000000002'],
        ['Countered', 'Confirmed', 45, at(7), '00000000-0000-4000-8000-000000000001'],
        ['Requested', 'Countered', 45, at(7), '00000000-0000-4000-8000-000000000000'],
      ];
      for (const [from, to, price, createdAt, id] of [history[1], history[0], history[2]] as typeof history) {
        await db
          .insertInto('booking_transitions')
          .values({
            id,
            booking_id: negotiated.id,
            from_status: from,
            to_status: to,
            actor_id: to === 'Countered' ? business.id : customer.id,
            price,
            created_at: createdAt,
          })
          .execute();
      }

      await migrateTo(db, '0011_booking_threads');
      const rows = await db
        .selectFrom('booking_messages')
        .selectAll()
        .where('booking_id', 'in', [negotiated.id, quiet.id])
        .orderBy('seq')
        .execute();
      expect(rows).toEqual([
        {
          id: '00000000-0000-4000-8000-000000000002',
          booking_id: negotiated.id,
          seq: 1,
          sender: 'system',
          sender_id: null,
          body: '',
          status: 'Requested',
          price: 30,
          created_at: at(0),
        },
        expect.objectContaining({
          id: '00000000-0000-4000-8000-000000000000',
          seq: 2,
          status: 'Countered',
          price: 45,
        }),
        expect.objectContaining({
          id: '00000000-0000-4000-8000-000000000001',
          seq: 3,
          status: 'Confirmed',
          price: 45,
        }),
      ]);
      const threads = await db
        .selectFrom('booking_threads')
        .selectAll()
        .where('booking_id', 'in', [negotiated.id, quiet.id])
        .orderBy('created_at')
        .execute();
      expect(threads).toEqual([
        {
          booking_id: negotiated.id,
          customer_id: customer.id,
          business_id: business.id,
          last_seq: 3,
          customer_read_seq: 3,
          business_read_seq: 3,
          created_at: at(0),
        },
        {
          booking_id: quiet.id,
          customer_id: customer.id,
          business_id: business.id,
          last_seq: 0,
          customer_read_seq: 0,
          business_read_seq: 0,
          created_at: at(1),
        },
      ]);

      // Over the API: the history as text, nothing unread; a new message follows it.
      expect((await lines(t, customer, negotiated.id)).messages.map((m) => [m.from, m.body])).toEqual([
        ['system', 'Booking requested: £30'],
        ['system', 'Counter offer: £45'],
        ['system', 'Counter offer accepted: £45'],
      ]);
      expect(await unread(t, business)).toEqual({ total: 0, byBooking: {} });
      expect(await unread(t, customer)).toEqual({ total: 0, byBooking: {} });
    });

    it('goes down again, dropping the threads and keeping bookings and their history', async () => {
      const db = database().db;
      await migrateTo(db, '0010_bookings_version');
      const tables = (await db.introspection.getTables()).map((table) => table.name);
      expect(tables).not.toContain('booking_threads');
      expect(tables).not.toContain('booking_messages');
      expect(
        (await db.selectFrom('booking_transitions').select('id').execute()).map((row) => row.id),
      ).toContain('00000000-0000-4000-8000-000000000001');
      // And up once more on a database whose bookings have threads no more: the same backfill.
      await migrateTo(db, '0011_booking_threads');
      const count = await db
        .selectFrom('booking_messages')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(3);
    });
  },
);
