import type { Kysely } from 'kysely';

// Frozen: never edit after release; add a new migration instead.

/**
 * Where a business travels for home visits (issue 29, item 19): the postcode districts it names,
 * comma-joined in number order ('BT1,BT2,BT9'); '' when it names none and travels anywhere.
 */
// biome-ignore lint/suspicious/noExplicitAny: a frozen migration must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('home_visit_districts', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: a frozen migration must not depend on today's schema types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('home_visit_districts').execute();
}
