import type { Kysely } from 'kysely';

// Frozen: never edit after release; add a new migration instead.

/**
 * Time blocked on one team member's diary (api-contract §9.3, issue 32 item 6): lunch, a course,
 * a dentist's appointment. A block holds the member's time as an agreed booking does (from
 * `starts_at`, NI wall clock, for `duration_minutes`) without taking the whole day away, and its
 * reason is the business's own note.
 */
// biome-ignore lint/suspicious/noExplicitAny: a frozen migration must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('member_blocks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('business_id', 'text', (c) => c.notNull())
    .addColumn('member_id', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'text', (c) => c.notNull())
    .addColumn('duration_minutes', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('member_blocks_business_starts')
    .on('member_blocks')
    .columns(['business_id', 'starts_at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('member_blocks').execute();
}
