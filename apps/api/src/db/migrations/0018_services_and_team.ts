import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';

// Frozen: never edit after release; add a new migration instead.

/**
 * Services and team (api-contract §9.3), first part. `services`: a business's menu, in its order
 * (`position`). `team_members`: who works there, in order, with their own weekly hours or none (the
 * business's); `member_services`: who does what. `users.slot_step_minutes`: how far apart the
 * offered starts are (60 until a business says otherwise). Every business gets what §9.3 starts it
 * with: the service 'Appointment' (60 minutes at its minimum price) and its owner as the one member
 * doing it, so every behaviour of §4 holds unchanged.
 */
// biome-ignore lint/suspicious/noExplicitAny: a frozen migration must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('slot_step_minutes', 'integer', (c) => c.notNull().defaultTo(60))
    .execute();
  await db.schema
    .createTable('services')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('business_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('duration_minutes', 'integer', (c) => c.notNull())
    .addColumn('minimum_price', 'integer', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('services_business')
    .on('services')
    .columns(['business_id', 'position'])
    .execute();
  await db.schema
    .createTable('team_members')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('business_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('availability', 'text')
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('team_members_business')
    .on('team_members')
    .columns(['business_id', 'position'])
    .execute();
  await db.schema
    .createTable('member_services')
    .addColumn('member_id', 'text', (c) => c.notNull())
    .addColumn('service_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('member_services_pk', ['member_id', 'service_id'])
    .execute();
  await db.schema
    .createIndex('member_services_service')
    .on('member_services')
    .columns(['service_id'])
    .execute();

  const businesses = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'minimum_price'])
    .where('user_type', 'in', ['Business', 'Admin'])
    .execute();
  const now = new Date().toISOString();
  for (let index = 0; index < businesses.length; index += 200) {
    const chunk = businesses.slice(index, index + 200).map((business) => ({
      business,
      serviceId: randomUUID(),
      memberId: randomUUID(),
    }));
    if (chunk.length === 0) continue;
    await db
      .insertInto('services')
      .values(
        chunk.map(({ business, serviceId }) => ({
          id: serviceId,
          business_id: business.id,
          name: 'Appointment',
          duration_minutes: 60,
          minimum_price: business.minimum_price ?? 25,
          description: null,
          position: 0,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    await db
      .insertInto('team_members')
      .values(
        chunk.map(({ business, memberId }) => ({
          id: memberId,
          business_id: business.id,
          name: String(business.first_name ?? '').trim() || 'Owner',
          availability: null,
          position: 0,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    await db
      .insertInto('member_services')
      .values(chunk.map(({ memberId, serviceId }) => ({ member_id: memberId, service_id: serviceId })))
      .execute();
  }
}

// biome-ignore lint/suspicious/noExplicitAny: a frozen migration must not depend on today's schema types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('member_services').execute();
  await db.schema.dropTable('team_members').execute();
  await db.schema.dropTable('services').execute();
  await db.schema.alterTable('users').dropColumn('slot_step_minutes').execute();
}
