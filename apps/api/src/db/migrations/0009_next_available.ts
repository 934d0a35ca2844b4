import type { Kysely } from 'kysely';

// Frozen: never edit after release; add a new migration instead.

/**
 * A business's next free hour, kept with it (api-contract §8.5, `nextAvailable`), so the list
 * sorts and shows it without a query per business: `next_available` is the first bookable slot
 * ('YYYY-MM-DD HH:MM') or null; `next_available_until` is the instant (ISO, UTC) until which it
 * holds by the clock alone: that slot's start, or the next London midnight when there is none
 * (the window then gains a day). '' means "recompute": every write that changes the slots (hours,
 * away dates, an hour taken or freed) sets it.
 */
// biome-ignore lint/suspicious/noExplicitAny: a frozen migration must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('next_available', 'text').execute();
  await db.schema
    .alterTable('users')
    .addColumn('next_available_until', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: a frozen migration must not depend on today's schema types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('next_available_until').execute();
  await db.schema.alterTable('users').dropColumn('next_available').execute();
}
