import type { Kysely } from 'kysely';

// Frozen: never edit after release; add a new migration instead.

/**
 * Every email becomes a row of `outbox`, written in the transaction of the change that causes it
 * and delivered by a worker in each server process (api-contract §8.3, decision 0010).
 *
 * - `status`: pending → sent | failed | skipped. A pending row is claimed by setting `lease_owner`
 *   and `lease_until`; a lease that runs out (its process died) makes the row claimable again.
 * - `not_before`: when it may go (now, a retry's backoff, or a reminder's moment); `give_up_at`:
 *   after it a failed try is final (24 h after it was due, or after an operator's retry).
 * - `message_id`: one Message-ID for every try.
 * - `recipient_id`, `booking_id`: what the worker re-reads at send time (notification settings, a
 *   cancelled booking's reminders). No foreign keys: mail outlives accounts and purged bookings.
 * - `dedupe_key`: unique when set; a reminder's `reminder:{bookingId}:{offset}` can exist once.
 *
 * The development-only `dev_outbox` of 0001 is dropped: the outbox page now reads `outbox`.
 */
// biome-ignore lint/suspicious/noExplicitAny: a frozen migration must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('message_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('html', 'text')
    .addColumn('attachments', 'text')
    .addColumn('recipient_id', 'text')
    .addColumn('booking_id', 'text')
    .addColumn('dedupe_key', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('not_before', 'text', (c) => c.notNull())
    .addColumn('give_up_at', 'text', (c) => c.notNull())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema.createIndex('outbox_due_idx').on('outbox').columns(['status', 'not_before']).execute();
  await db.schema.createIndex('outbox_dedupe_key_idx').on('outbox').column('dedupe_key').unique().execute();
  await db.schema.createIndex('outbox_booking_idx').on('outbox').column('booking_id').execute();
  await db.schema.createIndex('outbox_to_idx').on('outbox').columns(['to_address', 'created_at']).execute();
  await db.schema.dropTable('dev_outbox').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: a frozen migration must not depend on today's schema types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('dev_outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('html', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('dev_outbox_to_idx')
    .on('dev_outbox')
    .columns(['to_address', 'created_at'])
    .execute();
  await db.schema.dropTable('outbox').execute();
}
