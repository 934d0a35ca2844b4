import type { Kysely } from 'kysely';

// Frozen: never edit after release; add a new migration instead.

/**
 * Payments, second part (api-contract §9.2). Each booking carries where its money stands
 * (`payment_status` 'NotRequired' | 'Due' | 'Paid' | 'Refunded' | 'Kept', amounts in whole pence,
 * the deadline as an ISO instant) and the business's word on attendance. `payments` is the ledger:
 * one row per movement of money (a charge through a checkout, a refund), unique per provider
 * reference so a provider event handled twice moves it once; a refund waits there, retried until
 * the provider takes it. `payment_events` remembers the provider's events already handled.
 */
// biome-ignore lint/suspicious/noExplicitAny: a frozen migration must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  const columns: [string, 'text' | 'integer', string | number | null][] = [
    ['payment_status', 'text', 'NotRequired'],
    ['amount_due_pence', 'integer', 0],
    ['payment_due_by', 'text', null],
    ['amount_paid_pence', 'integer', 0],
    ['amount_refunded_pence', 'integer', 0],
    ['attendance', 'text', null],
  ];
  for (const [name, type, fallback] of columns) {
    await db.schema
      .alterTable('bookings')
      .addColumn(name, type, (c) => (fallback === null ? c : c.notNull().defaultTo(fallback)))
      .execute();
  }
  await db.schema
    .createTable('payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('booking_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('amount_pence', 'integer', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_ref', 'text', (c) => c.unique())
    .addColumn('refund_of', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payments_booking').on('payments').columns(['booking_id']).execute();
  await db.schema
    .createIndex('payments_due_refunds')
    .on('payments')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema
    .createTable('payment_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: a frozen migration must not depend on today's schema types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('payment_events').execute();
  await db.schema.dropTable('payments').execute();
  for (const name of [
    'attendance',
    'amount_refunded_pence',
    'amount_paid_pence',
    'payment_due_by',
    'amount_due_pence',
    'payment_status',
  ]) {
    await db.schema.alterTable('bookings').dropColumn(name).execute();
  }
}
