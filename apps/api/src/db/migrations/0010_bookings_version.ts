import type { Kysely } from 'kysely';

// Frozen: never edit after release; add a new migration instead.

/**
 * A business's bookings version (docs/decisions/0012-business-bookings-cache.md): every write to one
 * of its bookings (a request, a status change, the purge) adds one to it in the same transaction,
 * so an answer of GET /booking/getallbookings computed at version N is still the answer while the
 * row says N, on every instance.
 */
// biome-ignore lint/suspicious/noExplicitAny: a frozen migration must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('bookings_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: a frozen migration must not depend on today's schema types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('bookings_version').execute();
}
