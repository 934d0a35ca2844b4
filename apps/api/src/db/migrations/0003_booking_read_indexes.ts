import type { Kysely } from 'kysely';

// Frozen: never edit after release; add a new migration instead.

/**
 * Indexes shaped like the hot booking reads (measured by `npm run bench`, checked by
 * test/query-plans.test.ts), on both dialects:
 * - a business's bookings and a customer's bookings, newest first: (owner, created_at, id) gives
 *   the whole ORDER BY created_at DESC, id DESC from the index (the tie-break on id no longer
 *   needs a sort), so LIMIT stops early; they replace the (owner, created_at) indexes of 0001;
 * - a business's held hours from a day on (available times, and the overlap check of every
 *   booking and approval): (business_id, starts_at, status) reads only that business's bookings
 *   from that day, in order, without touching the table. (The partial unique index of 0001 cannot
 *   serve it: with the statuses bound as parameters, neither database can prove its WHERE.)
 */
// biome-ignore lint/suspicious/noExplicitAny: a frozen migration must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('bookings_business_starts_idx')
    .on('bookings')
    .columns(['business_id', 'starts_at', 'status'])
    .execute();
  await db.schema
    .createIndex('bookings_business_created_idx')
    .on('bookings')
    .columns(['business_id', 'created_at', 'id'])
    .execute();
  await db.schema.dropIndex('bookings_business_idx').execute();
  await db.schema
    .createIndex('bookings_customer_created_idx')
    .on('bookings')
    .columns(['customer_id', 'created_at', 'id'])
    .execute();
  await db.schema.dropIndex('bookings_customer_idx').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: a frozen migration must not depend on today's schema types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('bookings_customer_idx')
    .on('bookings')
    .columns(['customer_id', 'created_at'])
    .execute();
  await db.schema.dropIndex('bookings_customer_created_idx').execute();
  await db.schema
    .createIndex('bookings_business_idx')
    .on('bookings')
    .columns(['business_id', 'created_at'])
    .execute();
  await db.schema.dropIndex('bookings_business_created_idx').execute();
  await db.schema.dropIndex('bookings_business_starts_idx').execute();
}
