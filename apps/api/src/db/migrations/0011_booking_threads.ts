import { type Kysely, sql } from 'kysely';

// Frozen: never edit after release; add a new migration instead.

/**
 * Messages about a booking (api-contract §8.8): one thread per booking between its customer and its
 * business, with the booking's status changes in line as system lines.
 *
 * `booking_threads.last_seq` numbers the thread's lines: a writer takes the next number with
 * `UPDATE … SET last_seq = last_seq + 1 … RETURNING` in its own transaction, so the row lock makes
 * the numbers' order the commits' order and paging by `after` never skips a line committed late.
 * Each party's read position is the seq of the last line it has read.
 *
 * No foreign keys to users: a thread outlives a deleted account like its booking does (7 years);
 * it goes with its booking (the purge).
 */
// biome-ignore lint/suspicious/noExplicitAny: a frozen migration must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('booking_threads')
    .addColumn('booking_id', 'text', (c) => c.primaryKey().references('bookings.id').onDelete('cascade'))
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('business_id', 'text', (c) => c.notNull())
    .addColumn('last_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('customer_read_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('business_read_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // GET /booking/unread reads a person's threads on each side.
  await db.schema
    .createIndex('booking_threads_customer_idx')
    .on('booking_threads')
    .column('customer_id')
    .execute();
  await db.schema
    .createIndex('booking_threads_business_idx')
    .on('booking_threads')
    .column('business_id')
    .execute();

  await db.schema
    .createTable('booking_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('booking_id', 'text', (c) => c.notNull().references('bookings.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('sender', 'text', (c) => c.notNull())
    // Null for system lines.
    .addColumn('sender_id', 'text')
    // '' for system lines: their text is written when read, from status and price.
    .addColumn('body', 'text', (c) => c.notNull())
    // A system line's new status; null for the parties' messages.
    .addColumn('status', 'text')
    .addColumn('price', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint('booking_messages_sender_check', sql`sender in ('customer', 'business', 'system')`)
    .execute();
  // The thread's order and its pages (seq > after), and the unread counts (seq > read seq).
  await db.schema
    .createIndex('booking_messages_booking_seq_idx')
    .on('booking_messages')
    .columns(['booking_id', 'seq'])
    .unique()
    .execute();

  // Every status change so far becomes its system line (its id is the transition's), numbered in
  // the order they happened; the history is read by both parties already, so nothing is unread.
  await sql`
    insert into booking_messages (id, booking_id, seq, sender, sender_id, body, status, price, created_at)
    select id, booking_id,
           row_number() over (partition by booking_id order by created_at, id),
           'system', null, '', to_status, price, created_at
    from booking_transitions
  `.execute(db);
  await sql`
    insert into booking_threads
      (booking_id, customer_id, business_id, last_seq, customer_read_seq, business_read_seq, created_at)
    select b.id, b.customer_id, b.business_id, count(t.id), count(t.id), count(t.id), b.created_at
    from bookings b
    left join booking_transitions t on t.booking_id = b.id
    group by b.id, b.customer_id, b.business_id, b.created_at
  `.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: a frozen migration must not depend on today's schema types
export async function down(db: Kysely<any>): Promise<void> {
  // Unread-message emails are written from the threads when sent: without them they cannot be.
  await db.deleteFrom('outbox').where('kind', '=', 'messages').where('status', '=', 'pending').execute();
  await db.schema.dropTable('booking_messages').execute();
  await db.schema.dropTable('booking_threads').execute();
}
