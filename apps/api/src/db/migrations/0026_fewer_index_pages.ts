import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen: never edit after release; add a new migration instead.

/**
 * Fewer index pages per booking (issue 34, decision 31): every index a row is in costs the
 * transaction that writes the row a page in the log, synced at its commit, whether or not any query
 * reads it. These four did not earn theirs on the booking request's path:
 *
 * - `booking_threads_customer_idx` and `booking_threads_business_idx`: no query reads a party's
 *   threads but the unread count, which the partial indexes of migration 0012 serve.
 * - `outbox_to_idx`: only the operator's `npm run mail -- list --to` and the development outbox page
 *   read by address, over a table the purge keeps to weeks of mail.
 * - `bookings_member_starts_idx` and `bookings_payment_due` now hold only the rows their queries can
 *   find (a booking with a barber, one with a payment deadline); each query's `=` or `<=` on the
 *   column implies it is not null, so both databases still use them.
 *
 * Instances still on the previous version keep working while others migrate: they name no index.
 * (The outbox's unique dedupe-key index stays whole for that reason: the previous version's
 * `ON CONFLICT (dedupe_key)` matches only a whole index. This version's enqueue names the
 * predicate, so a later release may make it partial.) On PostgreSQL the three tables are locked
 * first, in the order a booking request writes them, so that a request in flight cannot deadlock
 * with the migration's index changes.
 */
// biome-ignore lint/suspicious/noExplicitAny: a frozen migration must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`lock table bookings, booking_threads, outbox in access exclusive mode`.execute(db);
  }
  await db.schema.dropIndex('bookings_member_starts_idx').execute();
  await db.schema
    .createIndex('bookings_member_starts_idx')
    .on('bookings')
    .columns(['member_id', 'starts_at'])
    .where(sql.ref('member_id'), 'is not', null)
    .execute();
  await db.schema.dropIndex('bookings_payment_due').execute();
  await db.schema
    .createIndex('bookings_payment_due')
    .on('bookings')
    .columns(['payment_status', 'payment_due_by'])
    .where(sql.ref('payment_due_by'), 'is not', null)
    .execute();
  await db.schema.dropIndex('booking_threads_customer_idx').execute();
  await db.schema.dropIndex('booking_threads_business_idx').execute();
  await db.schema.dropIndex('outbox_to_idx').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`lock table bookings, booking_threads, outbox in access exclusive mode`.execute(db);
  }
  await db.schema.dropIndex('bookings_payment_due').execute();
  await db.schema
    .createIndex('bookings_payment_due')
    .on('bookings')
    .columns(['payment_status', 'payment_due_by'])
    .execute();
  await db.schema.dropIndex('bookings_member_starts_idx').execute();
  await db.schema
    .createIndex('bookings_member_starts_idx')
    .on('bookings')
    .columns(['member_id', 'starts_at'])
    .execute();
  await db.schema
    .createIndex('booking_threads_business_idx')
    .on('booking_threads')
    .column('business_id')
    .execute();
  await db.schema
    .createIndex('booking_threads_customer_idx')
    .on('booking_threads')
    .column('customer_id')
    .execute();
  await db.schema.createIndex('outbox_to_idx').on('outbox').columns(['to_address', 'created_at']).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;
