import { type Kysely, sql } from 'kysely';

// Frozen: never edit after release; add a new migration instead.

/**
 * Verified reviews (api-contract §8.6): at most one review per booking, by its customer, which the
 * unique index on `booking_id` enforces (two racing first reviews: one insert wins, the other is a
 * unique violation, answered 409). `author_name` ("Aisling B.") and `visited_on` are captured when
 * written, like a booking's names. No foreign keys: a review outlives the 7-year purge of its
 * booking; the account deletion removes its author's reviews itself (keeping the counts).
 *
 * `users.review_count` and `users.review_sum` are the business's visible (not hidden) reviews,
 * moved in the transaction of every review write, so the business list shows and sorts by the
 * average without reading reviews. The public page reads a business's visible reviews newest
 * first from (business_id, hidden, created_at, id).
 */
// biome-ignore lint/suspicious/noExplicitAny: a frozen migration must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('reviews')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('booking_id', 'text', (c) => c.notNull())
    .addColumn('business_id', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('rating', 'integer', (c) => c.notNull())
    // '' when none; plain text as written.
    .addColumn('comment', 'text', (c) => c.notNull())
    .addColumn('author_name', 'text', (c) => c.notNull())
    // 'YYYY-MM-DD', the appointment's day (Northern Ireland).
    .addColumn('visited_on', 'text', (c) => c.notNull())
    .addColumn('reply', 'text')
    .addColumn('reply_at', 'text')
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hidden_reason', 'text')
    .addColumn('hidden_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint('reviews_rating_check', sql`rating between 1 and 5`)
    .execute();
  await db.schema.createIndex('reviews_booking_idx').on('reviews').column('booking_id').unique().execute();
  await db.schema
    .createIndex('reviews_business_page_idx')
    .on('reviews')
    .columns(['business_id', 'hidden', 'created_at', 'id'])
    .execute();
  // A customer's own reviews (GET /booking/my-reviews, the account deletion).
  await db.schema.createIndex('reviews_customer_idx').on('reviews').column('customer_id').execute();
  // The Admin's list: hidden reviews (few).
  await db.schema.createIndex('reviews_hidden_idx').on('reviews').columns(['hidden', 'hidden_at']).execute();

  await db.schema
    .createTable('review_reports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('review_id', 'text', (c) => c.notNull().references('reviews.id').onDelete('cascade'))
    .addColumn('reporter_id', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // One report per account and review (a second one replaces its reason), and a review's reports.
  await db.schema
    .createIndex('review_reports_review_reporter_idx')
    .on('review_reports')
    .columns(['review_id', 'reporter_id'])
    .unique()
    .execute();
  // The Admin's list, newest report first; and an account's reports (the account deletion).
  await db.schema
    .createIndex('review_reports_created_idx')
    .on('review_reports')
    .column('created_at')
    .execute();
  await db.schema
    .createIndex('review_reports_reporter_idx')
    .on('review_reports')
    .column('reporter_id')
    .execute();

  await db.schema
    .alterTable('users')
    .addColumn('review_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('review_sum', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: a frozen migration must not depend on today's schema types
export async function down(db: Kysely<any>): Promise<void> {
  // Review invitations are checked against reviews when sent: without them they cannot be.
  await db.deleteFrom('outbox').where('kind', '=', 'review_invite').where('status', '=', 'pending').execute();
  await db.schema.alterTable('users').dropColumn('review_sum').execute();
  await db.schema.alterTable('users').dropColumn('review_count').execute();
  await db.schema.dropTable('review_reports').execute();
  await db.schema.dropTable('reviews').execute();
}
