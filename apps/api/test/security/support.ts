import { randomUUID } from 'node:crypto';
import { addDays, todayInLondon } from '@app/domain';
import { sql } from 'kysely';
import type { Db } from '../../src/db/database';
import type { BookingRow } from '../../src/repositories/bookings.repository';
import { ReviewsRepository } from '../../src/repositories/reviews.repository';
import type { TestApp } from '../helpers/app';
import { describeEachDatabase, type TestDatabase } from '../helpers/databases';
import { createAdmin } from '../helpers/invites';
import { type Actor, createBusiness, createCustomer, insertBooking } from '../helpers/marketplace';

/** One describe per database, named exactly `sqlite` / `postgres` (see describeEachDatabase). */
export function forEachDatabase(body: (database: () => TestDatabase) => void): void {
  describeEachDatabase(undefined, body);
}

/** The six callers of the access-control matrix. */
export const ACTORS = [
  'anonymous',
  'customer',
  'otherCustomer',
  'business',
  'otherBusiness',
  'admin',
] as const;
export type ActorName = (typeof ACTORS)[number];
export type SignedIn = Exclude<ActorName, 'anonymous'>;

/**
 * A small marketplace of its own: `customer` has a Requested and a Countered booking with
 * `business`; `otherCustomer` and `otherBusiness` are strangers to both; `admin` is the Admin.
 */
export interface World {
  actors: Record<SignedIn, Actor>;
  requested: string;
  countered: string;
  /** A bookable hour of `business` no booking uses. */
  freeSlot: string;
  /** An Approved booking of `customer` with `business` that ended yesterday, not yet reviewed. */
  visited: string;
  /** A Confirmed booking of theirs that ended two days ago, which `customer` reviewed (`review`). */
  reviewed: string;
  review: string;
}

const hourOn = (day: string, hour: number) => `${day} ${String(hour).padStart(2, '0')}:00`;

/** Made in one transaction (one commit), so hundreds of worlds cost little. */
export function createWorld(t: TestApp, db: Db): Promise<World> {
  return db.transaction().execute((trx) => fillWorld(t, trx));
}

async function fillWorld(t: TestApp, db: Db): Promise<World> {
  const [customer, otherCustomer, business, otherBusiness, admin] = await Promise.all([
    createCustomer(t, db, { first_name: 'Cara' }),
    createCustomer(t, db, { first_name: 'Oscar' }),
    createBusiness(t, db),
    createBusiness(t, db),
    createAdmin(t, db),
  ]);
  const day = addDays(todayInLondon(t.clock.now()), 3);
  const requested = await insertBooking(t, db, { business, customer, startsAt: hourOn(day, 10) });
  const countered = await insertBooking(t, db, {
    business,
    customer,
    startsAt: hourOn(day, 11),
    status: 'Countered',
    counterPrice: 40,
  });
  const yesterday = addDays(todayInLondon(t.clock.now()), -1);
  const visited = await insertBooking(t, db, {
    business,
    customer,
    startsAt: hourOn(yesterday, 10),
    status: 'Approved',
  });
  const reviewed = await insertBooking(t, db, {
    business,
    customer,
    startsAt: hourOn(addDays(yesterday, -1), 10),
    status: 'Confirmed',
  });
  const review = await insertReview(t, db, reviewed, 4);
  return {
    actors: { customer, otherCustomer, business, otherBusiness, admin },
    requested: requested.id,
    countered: countered.id,
    freeSlot: hourOn(day, 14),
    visited: visited.id,
    reviewed: reviewed.id,
    review,
  };
}

/** A visible review of the booking by its customer, as POST /booking/review writes it (with the totals). */
async function insertReview(t: TestApp, db: Db, booking: BookingRow, rating: number): Promise<string> {
  const now = t.clock.now().toISOString();
  const id = randomUUID();
  const reviews = new ReviewsRepository(db);
  await reviews.insert({
    id,
    booking_id: booking.id,
    business_id: booking.business_id,
    customer_id: booking.customer_id,
    rating,
    comment: 'Sharp fade',
    author_name: 'Cara L.',
    visited_on: booking.starts_at.slice(0, 10),
    reply: null,
    reply_at: null,
    hidden: 0,
    hidden_reason: null,
    hidden_at: null,
    created_at: now,
    updated_at: now,
  });
  await reviews.adjustTotals(booking.business_id, 1, rating);
  return id;
}

/** Every row that belongs to the world's accounts, for "nothing of theirs changed" checks. */
export async function worldSnapshot(db: Db, world: World): Promise<string> {
  const ids = Object.values(world.actors).map((actor) => actor.id);
  const [users, awayDates, bookings, codes, invites, calendarFeeds, reviews] = await Promise.all([
    db.selectFrom('users').selectAll().where('id', 'in', ids).orderBy('id').execute(),
    db.selectFrom('away_dates').selectAll().where('user_id', 'in', ids).orderBy('id').execute(),
    db
      .selectFrom('bookings')
      .selectAll()
      .where((eb) => eb.or([eb('customer_id', 'in', ids), eb('business_id', 'in', ids)]))
      .orderBy('id')
      .execute(),
    db.selectFrom('one_time_codes').selectAll().where('user_id', 'in', ids).orderBy('id').execute(),
    db.selectFrom('invites').selectAll().where('invited_by', 'in', ids).orderBy('id').execute(),
    db.selectFrom('calendar_feeds').selectAll().where('user_id', 'in', ids).orderBy('user_id').execute(),
    db
      .selectFrom('reviews')
      .selectAll()
      .where((eb) => eb.or([eb('customer_id', 'in', ids), eb('business_id', 'in', ids)]))
      .orderBy('id')
      .execute(),
  ]);
  const reports =
    reviews.length === 0
      ? []
      : await db
          .selectFrom('review_reports')
          .selectAll()
          .where(
            'review_id',
            'in',
            reviews.map((r) => r.id),
          )
          .orderBy('id')
          .execute();
  const bookingIds = bookings.map((b) => b.id);
  const transitions =
    bookingIds.length === 0
      ? []
      : await db
          .selectFrom('booking_transitions')
          .selectAll()
          .where('booking_id', 'in', bookingIds)
          .orderBy('id')
          .execute();
  return JSON.stringify({
    users,
    awayDates,
    bookings,
    transitions,
    codes,
    invites,
    calendarFeeds,
    reviews,
    reports,
  });
}

/** Every row of every table, as text: what a database thief would get. */
export async function dumpDatabase(db: Db): Promise<string> {
  const tables = await db.introspection.getTables();
  const dump: Record<string, unknown[]> = {};
  for (const table of tables) {
    if (table.name.startsWith('kysely_')) continue;
    dump[table.name] = (await sql`select * from ${sql.table(table.name)}`.execute(db)).rows;
  }
  return JSON.stringify(dump);
}

/** The claims of a JWT, unverified. */
export const claimsOf = (token: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
