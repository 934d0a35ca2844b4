import { type Kysely, sql } from 'kysely';

// Frozen: never edit after release; add a new migration instead.

/**
 * GET /booking/unread reads, for one party, only the threads with lines it has not read. Partial
 * indexes hold exactly those threads (few: most threads are read), so both databases go straight to
 * them instead of estimating that a third of a busy shop's threads have unread lines and scanning
 * every line by sender (the plan PostgreSQL chose for the busiest business of the query-plan check).
 */
// biome-ignore lint/suspicious/noExplicitAny: a frozen migration must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('booking_threads_customer_unread_idx')
    .on('booking_threads')
    .column('customer_id')
    .where(sql.ref('last_seq'), '>', sql.ref('customer_read_seq'))
    .execute();
  await db.schema
    .createIndex('booking_threads_business_unread_idx')
    .on('booking_threads')
    .column('business_id')
    .where(sql.ref('last_seq'), '>', sql.ref('business_read_seq'))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: a frozen migration must not depend on today's schema types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('booking_threads_business_unread_idx').execute();
  await db.schema.dropIndex('booking_threads_customer_unread_idx').execute();
}
