import type { Kysely } from 'kysely';

// Frozen: never edit after release; add a new migration instead.

/**
 * The version of a business's menu and team (api-contract §9.3): moved on by every change of its
 * services, members or who does what, in the change's transaction. A read of available times has
 * the business's row anyway, so a kept copy of the menu and team is used while its version is the
 * row's, and read again when it is not (every instance sees the same row).
 */
// biome-ignore lint/suspicious/noExplicitAny: a frozen migration must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('catalog_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('catalog_version').execute();
}
