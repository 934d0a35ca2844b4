import type { Kysely } from 'kysely';

// Frozen: never edit after release; add a new migration instead.

/**
 * Payments, first part (api-contract §9.2): what a business asks for when a booking is agreed
 * (`payment_mode` 'none' | 'deposit' | 'full', `deposit_percent` 10–90), and its payout account at
 * the payment provider (at most one per business: the primary key), 'pending' until the provider
 * says it can take payments, then 'active'. `account_ref` is the provider's id of the account.
 */
// biome-ignore lint/suspicious/noExplicitAny: a frozen migration must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('payment_mode', 'text', (c) => c.notNull().defaultTo('none'))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('deposit_percent', 'integer', (c) => c.notNull().defaultTo(20))
    .execute();
  await db.schema
    .createTable('payment_accounts')
    .addColumn('business_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('account_ref', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: a frozen migration must not depend on today's schema types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('payment_accounts').execute();
  await db.schema.alterTable('users').dropColumn('deposit_percent').execute();
  await db.schema.alterTable('users').dropColumn('payment_mode').execute();
}
