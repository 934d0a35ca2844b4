import type { Kysely } from 'kysely';

// Frozen: never edit after release; add a new migration instead.

/**
 * A team member's own away dates (api-contract §9.3: "a member works the business's weekly hours
 * and away dates unless given their own"; issue 32 item 2): a holiday of one barber while the shop
 * stays open. JSON in the business's away-dates shape; null: none of their own (the business's
 * away dates hold for everyone either way).
 */
// biome-ignore lint/suspicious/noExplicitAny: a frozen migration must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('team_members').addColumn('away_dates', 'text').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('team_members').dropColumn('away_dates').execute();
}
