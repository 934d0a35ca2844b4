import type { Kysely } from 'kysely';

// Frozen: never edit after release; add a new migration instead.

/**
 * Payments, third part (api-contract §9.2). `refund_retrying` marks a booking whose refund the
 * provider refused or could not be reached for (1 until it goes), so the business's card says so.
 * `bookings_payment_due` finds the agreed bookings still Due past their deadline (the system
 * cancels them) without reading the rest.
 */
// biome-ignore lint/suspicious/noExplicitAny: a frozen migration must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('bookings')
    .addColumn('refund_retrying', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('bookings_payment_due')
    .on('bookings')
    .columns(['payment_status', 'payment_due_by'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: a frozen migration must not depend on today's schema types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('bookings_payment_due').execute();
  await db.schema.alterTable('bookings').dropColumn('refund_retrying').execute();
}
