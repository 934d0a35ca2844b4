import type { Kysely } from 'kysely';

// Frozen: never edit after release; add a new migration instead.

/**
 * The waiting list (api-contract §9.4, issue 33 item 2): a customer waits for a time to open at a
 * business on a day (NI wall-clock date). One entry per customer, business and day (the unique
 * index); read by business and day when a time opens.
 */
// biome-ignore lint/suspicious/noExplicitAny: a frozen migration must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('waitlist_entries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('business_id', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('waitlist_entries_customer_business_date')
    .on('waitlist_entries')
    .columns(['customer_id', 'business_id', 'date'])
    .unique()
    .execute();
  await db.schema
    .createIndex('waitlist_entries_business_date')
    .on('waitlist_entries')
    .columns(['business_id', 'date'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('waitlist_entries').execute();
}
