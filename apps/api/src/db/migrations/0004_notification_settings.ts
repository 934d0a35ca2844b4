import type { Kysely } from 'kysely';

// Frozen: never edit after release; add a new migration instead.

/**
 * Which optional emails each account gets (GET/PUT /user/notification-settings). Booking updates,
 * reminders and message emails start on; marketing starts off (no consent recorded for the
 * accounts that exist already; a new sign-up stores its form's consent).
 */
const COLUMNS = [
  ['notify_booking_updates', 1],
  ['notify_reminders', 1],
  ['notify_messages', 1],
  ['notify_marketing', 0],
] as const;

// biome-ignore lint/suspicious/noExplicitAny: a frozen migration must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  // NOTE: one column per statement: SQLite's ALTER TABLE adds a single column at a time.
  for (const [column, initial] of COLUMNS) {
    await db.schema
      .alterTable('users')
      .addColumn(column, 'integer', (c) => c.notNull().defaultTo(initial))
      .execute();
  }
}

// biome-ignore lint/suspicious/noExplicitAny: a frozen migration must not depend on today's schema types
export async function down(db: Kysely<any>): Promise<void> {
  for (const [column] of [...COLUMNS].reverse()) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
}
