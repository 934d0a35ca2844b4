import type { Kysely } from 'kysely';

// Frozen: never edit after release; add a new migration instead.

/**
 * Cancelling an agreed appointment (api-contract §8.4): each business's notice in whole hours
 * (0 = until the start), and on a booking who cancelled it and the business's reason. A cancelled
 * booking leaves the partial unique index of 0001 (it covers only Approved and Confirmed), so its
 * hour is free again in the same write.
 */
// biome-ignore lint/suspicious/noExplicitAny: a frozen migration must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('cancellation_notice_hours', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // NOTE: one column per statement: SQLite's ALTER TABLE adds a single column at a time.
  await db.schema.alterTable('bookings').addColumn('cancelled_by', 'text').execute();
  await db.schema.alterTable('bookings').addColumn('cancellation_reason', 'text').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: a frozen migration must not depend on today's schema types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bookings').dropColumn('cancellation_reason').execute();
  await db.schema.alterTable('bookings').dropColumn('cancelled_by').execute();
  await db.schema.alterTable('users').dropColumn('cancellation_notice_hours').execute();
}
