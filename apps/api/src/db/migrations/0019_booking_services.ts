import { type Kysely, sql } from 'kysely';

// Frozen: never edit after release; add a new migration instead.

/**
 * Services and team, second part (api-contract §9.3): each booking records the service asked for
 * (its id, its name then, its duration then: `duration_minutes`, 60 for every booking before) and
 * the team member doing it (null until one is set). A booking made before services is of its
 * business's first service, 'Appointment'.
 */
// biome-ignore lint/suspicious/noExplicitAny: a frozen migration must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('bookings')
    .addColumn('duration_minutes', 'integer', (c) => c.notNull().defaultTo(60))
    .execute();
  for (const column of ['service_id', 'service_name', 'member_id', 'member_name']) {
    await db.schema.alterTable('bookings').addColumn(column, 'text').execute();
  }
  const first = (column: 'id' | 'name') =>
    sql`(select ${sql.ref(`services.${column}`)} from services where services.business_id = bookings.business_id order by services.position, services.created_at, services.id limit 1)`;
  await db
    .updateTable('bookings')
    .set({ service_id: first('id'), service_name: first('name') })
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: a frozen migration must not depend on today's schema types
export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['member_name', 'member_id', 'service_name', 'service_id', 'duration_minutes']) {
    await db.schema.alterTable('bookings').dropColumn(column).execute();
  }
}
