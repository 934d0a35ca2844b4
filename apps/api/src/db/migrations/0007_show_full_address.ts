import type { Kysely } from 'kysely';

// Frozen: never edit after release; add a new migration instead.

/**
 * Where the shop is (api-contract §8.5): whether customers see a business's full address (1, the
 * default) or only its town and postcode (0), e.g. a business that works from home.
 */
// biome-ignore lint/suspicious/noExplicitAny: a frozen migration must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('show_full_address', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: a frozen migration must not depend on today's schema types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('show_full_address').execute();
}
