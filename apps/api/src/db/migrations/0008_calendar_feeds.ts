import type { Kysely } from 'kysely';

// Frozen: never edit after release; add a new migration instead.

/**
 * A business's secret calendar feed (api-contract §8.5): at most one per account (the primary key),
 * so a new one replaces the old in one write and the old URL stops working. Only the SHA-256 of the
 * URL's token is kept, as for refresh tokens and invite codes; the unique index finds the feed by it.
 */
// biome-ignore lint/suspicious/noExplicitAny: a frozen migration must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('calendar_feeds')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: a frozen migration must not depend on today's schema types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('calendar_feeds').execute();
}
