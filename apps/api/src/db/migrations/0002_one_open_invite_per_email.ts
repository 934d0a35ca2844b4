import { type Kysely, sql } from 'kysely';

// Frozen: never edit after release; add a new migration instead.

/**
 * At most one unused invite per email. Sending an invite upserts on this index, replacing the
 * address's unused invite (its link stops working), atomically even when two are sent at once.
 * (No invite could be sent before this migration, so there are no duplicates to clear.)
 */
// biome-ignore lint/suspicious/noExplicitAny: a frozen migration must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('invites_one_open_per_email_idx')
    .on('invites')
    .column('email')
    .unique()
    .where(sql.ref('used_at'), 'is', null)
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: a frozen migration must not depend on today's schema types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('invites_one_open_per_email_idx').execute();
}
