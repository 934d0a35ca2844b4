import { type Kysely, sql } from 'kysely';

// Frozen: never edit after release; add a new migration instead. Portable SQLite + PostgreSQL:
// text ids and ISO timestamps, integer 0/1 flags, no dialect-specific types.

// biome-ignore lint/suspicious/noExplicitAny: a frozen migration must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('user_type', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('phone_number', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('birthdate', 'text')
    .addColumn('is_confirmed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('confirmed_at', 'text')
    .addColumn('business_name', 'text')
    .addColumn('business_address', 'text')
    .addColumn('business_description', 'text')
    .addColumn('minimum_price', 'integer')
    .addColumn('home_visits_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_listed', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('availability', 'text')
    .addColumn('pending_email', 'text')
    .addColumn('session_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint('users_user_type_check', sql`user_type in ('User', 'Business', 'Admin')`)
    .execute();
  await db.schema
    .createIndex('users_listed_businesses_idx')
    .on('users')
    .columns(['user_type', 'is_listed'])
    .execute();

  await db.schema
    .createTable('one_time_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('target_email', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('consumed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint(
      'one_time_codes_purpose_check',
      sql`purpose in ('signup', 'password_reset', 'email_change')`,
    )
    .execute();
  // One code per account and purpose: a new code replaces the row (new id, attempts 0), so an older
  // code can never come back, whatever the concurrency.
  await db.schema
    .createIndex('one_time_codes_user_purpose_idx')
    .on('one_time_codes')
    .columns(['user_id', 'purpose'])
    .unique()
    .execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('family_id', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('rotated_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  // Every authenticated request asks whether its login (family) still has a live token.
  await db.schema
    .createIndex('refresh_tokens_family_idx')
    .on('refresh_tokens')
    .columns(['family_id', 'revoked_at', 'expires_at'])
    .execute();
  await db.schema.createIndex('refresh_tokens_user_idx').on('refresh_tokens').column('user_id').execute();

  await db.schema
    .createTable('invites')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('code_hash', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('invited_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('used_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('invites_email_idx').on('invites').column('email').execute();

  await db.schema
    .createTable('bookings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // NOTE: no foreign keys to users: bookings are kept 7 years after an account is deleted.
    .addColumn('business_id', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'text', (c) => c.notNull())
    .addColumn('price', 'integer', (c) => c.notNull())
    .addColumn('original_price', 'integer')
    .addColumn('counter_price', 'integer')
    .addColumn('final_price', 'integer')
    .addColumn('is_home_visit', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('customer_address', 'text')
    .addColumn('customer_name', 'text', (c) => c.notNull())
    .addColumn('customer_email', 'text', (c) => c.notNull())
    .addColumn('customer_phone', 'text', (c) => c.notNull())
    .addColumn('barber_name', 'text', (c) => c.notNull())
    .addColumn('business_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint(
      'bookings_status_check',
      sql`status in ('Requested', 'Approved', 'Denied', 'Countered', 'Confirmed', 'Declined', 'Cancelled')`,
    )
    .execute();
  // The last line of defence against double booking: one Approved/Confirmed booking per business
  // and start time, whatever the concurrency.
  await db.schema
    .createIndex('bookings_one_per_slot_idx')
    .on('bookings')
    .columns(['business_id', 'starts_at'])
    .unique()
    .where(sql.ref('status'), 'in', sql`('Approved', 'Confirmed')`)
    .execute();
  await db.schema
    .createIndex('bookings_business_idx')
    .on('bookings')
    .columns(['business_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('bookings_customer_idx')
    .on('bookings')
    .columns(['customer_id', 'created_at'])
    .execute();
  await db.schema.createIndex('bookings_starts_at_idx').on('bookings').column('starts_at').execute();

  await db.schema
    .createTable('booking_transitions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('booking_id', 'text', (c) => c.notNull().references('bookings.id').onDelete('cascade'))
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('price', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('booking_transitions_booking_idx')
    .on('booking_transitions')
    .columns(['booking_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('away_dates')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('end_date', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('away_dates_user_idx')
    .on('away_dates')
    .columns(['user_id', 'start_date'])
    .execute();

  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('window_start', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('blocked_until', 'text')
    .execute();
  await db.schema.createIndex('rate_limits_window_idx').on('rate_limits').column('window_start').execute();

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
}

// biome-ignore lint/suspicious/noExplicitAny: a frozen migration must not depend on today's schema types
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'dev_outbox',
    'rate_limits',
    'away_dates',
    'booking_transitions',
    'bookings',
    'invites',
    'refresh_tokens',
    'one_time_codes',
    'users',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
