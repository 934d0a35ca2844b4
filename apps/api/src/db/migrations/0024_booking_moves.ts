import type { Kysely } from 'kysely';

// Frozen: never edit after release; add a new migration instead.

/**
 * Moving an appointment (api-contract §9.4, issue 33 item 1). The booking keeps its id, price,
 * payment and thread; it records where it was moved from (`rescheduled_from`, the old start) and
 * how many times (`move_count`: its calendar file's SEQUENCE). Its one open proposal lives on the
 * row (`move_proposal_*`), so "one open proposal per booking" is one conditional update.
 */
// biome-ignore lint/suspicious/noExplicitAny: a frozen migration must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bookings').addColumn('rescheduled_from', 'text').execute();
  await db.schema
    .alterTable('bookings')
    .addColumn('move_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('bookings').addColumn('move_proposal_id', 'text').execute();
  await db.schema.alterTable('bookings').addColumn('move_proposed_to', 'text').execute();
  await db.schema.alterTable('bookings').addColumn('move_proposed_by', 'text').execute();
  await db.schema.alterTable('bookings').addColumn('move_proposed_at', 'text').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  for (const column of [
    'move_proposed_at',
    'move_proposed_by',
    'move_proposed_to',
    'move_proposal_id',
    'move_count',
    'rescheduled_from',
  ]) {
    await db.schema.alterTable('bookings').dropColumn(column).execute();
  }
}
