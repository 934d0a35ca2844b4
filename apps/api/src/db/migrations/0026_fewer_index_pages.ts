import { type Kysely, sql } from 'kysely';

// Frozen: never edit after release; add a new migration instead.

/**
 * Fewer index pages per booking (issue 34, decision 31): every index a row is in costs the
 * transaction that writes the row a page in the log, synced at its commit, whether or not any query
 * reads it. These five did not earn theirs on the booking request's path:
 *
 * - `booking_threads_customer_idx` and `booking_threads_business_idx`: no query reads a party's
 *   threads but the unread count, which the partial indexes of migration 0012 serve.
 * - `outbox_to_idx`: only the operator's `npm run mail -- list --to` reads by address, over a table
 *   the purge keeps to weeks of mail.
 * - `bookings_member_starts_idx`, `bookings_payment_due` and `outbox_dedupe_key_idx` now hold only
 *   the rows their queries can find (a booking with a barber, a payment deadline, a message with a
 *   dedupe key); each query's `=` or `<=` on the column already implies it is not null, so both
 *   databases still use them. The dedupe key's insert names the index's predicate in ON CONFLICT.
 */
// biome-ignore lint/suspicious/noExplicitAny: a frozen migration must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('booking_threads_customer_idx').execute();
  await db.schema.dropIndex('booking_threads_business_idx').execute();
  await db.schema.dropIndex('outbox_to_idx').execute();
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
  await db.schema.dropIndex('outbox_dedupe_key_idx').execute();
  await db.schema
    .createIndex('outbox_dedupe_key_idx')
    .on('outbox')
    .column('dedupe_key')
    .unique()
    .where(sql.ref('dedupe_key'), 'is not', null)
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('outbox_dedupe_key_idx').execute();
  await db.schema.createIndex('outbox_dedupe_key_idx').on('outbox').column('dedupe_key').unique().execute();
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
  await db.schema.createIndex('outbox_to_idx').on('outbox').columns(['to_address', 'created_at']).execute();
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
}
