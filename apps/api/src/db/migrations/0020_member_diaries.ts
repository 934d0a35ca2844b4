import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen: never edit after release; add a new migration instead.

/**
 * Services and team, third part (api-contract §9.3): the overlap rule holds per team member, not
 * per business. Every agreed booking gets its business's first member (the owner, who did
 * everything until now); an open request keeps none (the approval picks one then). The unique index of 0001 (one agreed booking per business and start) goes; in its
 * place, no two Approved or Confirmed bookings of one member overlap in time, whatever their
 * lengths:
 * - PostgreSQL: an exclusion constraint over (member_id =, [start minute, end minute) &&) with
 *   `btree_gist`, the start read from the wall-clock text by an immutable function;
 * - SQLite: triggers that refuse the insert or update which would make such a pair (SQLite has no
 *   exclusion constraints; its one writer at a time makes the check inside the write exact).
 * A non-unique partial index on (business_id, starts_at) keeps the reads 0001's index served.
 */
// biome-ignore lint/suspicious/noExplicitAny: a frozen migration must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  const first = (column: 'id' | 'name') =>
    sql`(select ${sql.ref(`team_members.${column}`)} from team_members where team_members.business_id = bookings.business_id order by team_members.position, team_members.created_at, team_members.id limit 1)`;
  await db
    .updateTable('bookings')
    .set({ member_id: first('id'), member_name: first('name') })
    .where('member_id', 'is', null)
    .where('status', 'in', ['Approved', 'Confirmed'])
    .execute();
  await db.schema
    .createIndex('bookings_agreed_starts_idx')
    .on('bookings')
    .columns(['business_id', 'starts_at'])
    .where(sql.ref('status'), 'in', sql`('Approved', 'Confirmed')`)
    .execute();
  await db.schema.dropIndex('bookings_one_per_slot_idx').execute();
  await db.schema
    .createIndex('bookings_member_starts_idx')
    .on('bookings')
    .columns(['member_id', 'starts_at'])
    .execute();
  await addMemberOverlapGuard(db);
}

// biome-ignore lint/suspicious/noExplicitAny: a frozen migration must not depend on today's schema types
export async function down(db: Kysely<any>): Promise<void> {
  await dropMemberOverlapGuard(db);
  if (isPostgres(db)) await sql`drop function if exists booking_minute(text)`.execute(db);
  await db.schema.dropIndex('bookings_member_starts_idx').execute();
  await db.schema
    .createIndex('bookings_one_per_slot_idx')
    .on('bookings')
    .columns(['business_id', 'starts_at'])
    .unique()
    .where(sql.ref('status'), 'in', sql`('Approved', 'Confirmed')`)
    .execute();
  await db.schema.dropIndex('bookings_agreed_starts_idx').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: any database's Kysely
const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** The name both dialects' guards carry (the error each raises names it). */
export const MEMBER_OVERLAP_GUARD = 'bookings_member_no_overlap';

/**
 * The database's own guard against two overlapping agreed bookings of one member (exported so the
 * race tests can take it away and prove the write path holds without it, then put it back).
 */
// biome-ignore lint/suspicious/noExplicitAny: any database's Kysely
export async function addMemberOverlapGuard(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    // Trusted since PostgreSQL 13: the database's owner may create it without being a superuser.
    await sql`create extension if not exists btree_gist`.execute(db);
    // Minutes since 1970-01-01 of a 'YYYY-MM-DD HH:MM' wall-clock time: pure arithmetic on the
    // text (make_date and date subtraction are immutable), so an index may use it.
    await sql`
      create or replace function booking_minute(starts_at text) returns integer
      language sql immutable strict parallel safe as $$
        select (make_date(substr(starts_at, 1, 4)::int, substr(starts_at, 6, 2)::int, substr(starts_at, 9, 2)::int)
                - date '1970-01-01') * 1440
               + substr(starts_at, 12, 2)::int * 60 + substr(starts_at, 15, 2)::int
      $$`.execute(db);
    await sql`
      alter table bookings add constraint ${sql.id(MEMBER_OVERLAP_GUARD)}
      exclude using gist (
        member_id with =,
        int4range(booking_minute(starts_at), booking_minute(starts_at) + duration_minutes) with &&
      ) where (status in ('Approved', 'Confirmed') and member_id is not null)`.execute(db);
    return;
  }
  // A booking lasts at most 240 minutes (api-contract §9.3), so an overlapping one starts less
  // than 240 minutes before this one's start: the index on (member_id, starts_at) finds it.
  for (const [event, when] of [
    ['insert', 'insert'],
    ['update', 'update of status, starts_at, duration_minutes, member_id'],
  ]) {
    await sql
      .raw(`
      create trigger ${MEMBER_OVERLAP_GUARD}_${event}
      before ${when} on bookings
      when new.status in ('Approved', 'Confirmed') and new.member_id is not null
      begin
        select raise(abort, '${MEMBER_OVERLAP_GUARD}')
        where exists (
          select 1 from bookings other
          where other.member_id = new.member_id
            and other.id <> new.id
            and other.status in ('Approved', 'Confirmed')
            and other.starts_at > strftime('%Y-%m-%d %H:%M', new.starts_at, '-240 minutes')
            and other.starts_at < strftime('%Y-%m-%d %H:%M', new.starts_at, '+' || new.duration_minutes || ' minutes')
            and strftime('%Y-%m-%d %H:%M', other.starts_at, '+' || other.duration_minutes || ' minutes') > new.starts_at
        );
      end`)
      .execute(db);
  }
}

/** Takes the guard of `addMemberOverlapGuard` away (the migration's `down`, and the race tests). */
// biome-ignore lint/suspicious/noExplicitAny: any database's Kysely
export async function dropMemberOverlapGuard(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table bookings drop constraint if exists ${sql.id(MEMBER_OVERLAP_GUARD)}`.execute(db);
    return;
  }
  for (const event of ['insert', 'update']) {
    await sql.raw(`drop trigger if exists ${MEMBER_OVERLAP_GUARD}_${event}`).execute(db);
  }
}
