/**
 * A large, realistic marketplace written straight into a migrated database, fast: multi-row
 * inserts of 1,000 rows in one transaction, and one real argon2id hash computed once and shared by
 * every account. Used by the benchmark (`npm run bench`) and the query-plan test.
 *
 * What it makes, relative to `now` (Europe/London wall clock):
 * - businesses: confirmed and listed, each with weekly hours from a handful of realistic patterns,
 *   a minimum price of £10–£40, home visits for about a third, an upcoming away period for one in
 *   ten; one in twenty is a busy shop with about eight times the bookings of the others (so
 *   GET /booking/getallbookings?limit=1000 really returns 1,000 rows for them);
 * - customers: confirmed;
 * - bookings over two years (from 701 days ago to 28 days ahead, the end of the booking window),
 *   each on one of its business's hourly slots, in every status: past ones mostly Approved or
 *   Confirmed (with Denied, Cancelled, Declined and stale open ones), upcoming ones mostly
 *   Requested. Every booking of a business has its own start time, so the partial unique index
 *   (one Approved/Confirmed booking per business and hour) always holds;
 * - reviews (api-contract §8.6): of past Approved or Confirmed bookings picked at random (so a busy
 *   shop has about eight times the reviews of the others), by their customers, written 2 hours to 5
 *   days after the appointment, mostly 4 or 5 stars, a third without a comment, a quarter answered,
 *   one in two hundred hidden by the Admin; each business's kept totals (users.review_count,
 *   review_sum) are then its visible reviews' count and sum, as the reviews repository keeps them.
 */

import { randomUUID } from 'node:crypto';
import {
  type Availability,
  addDays,
  type BookingStatus,
  reviewAuthorName,
  timeToMinutes,
  todayInLondon,
  WEEKDAYS,
  type Weekday,
  weekdayOf,
} from '@app/domain';
import { type Insertable, sql } from 'kysely';
import type { Db } from '../src/db/database';
import { type NewUser, newUserRow } from '../src/db/new-user-row';
import type { AwayDatesTable, BookingsTable, ReviewsTable } from '../src/db/schema';
import { seededRandom } from '../src/lib/seeded-random';
import { CatalogRepository } from '../src/repositories/catalog.repository';

export interface SeedSize {
  businesses: number;
  customers: number;
  bookings: number;
  /** Reviews of past agreed bookings (none when left out). */
  reviews?: number;
  /**
   * One more business with a long history (api-contract §8.5, "the dashboard at scale"): this many
   * bookings over this many years, ending at the end of the booking window. Not in `bookings`.
   */
  longHistory?: { bookings: number; years: number };
}

/** The dataset, and the shop with 20,000 bookings over 7 years. */
export const FULL_SIZE: SeedSize = {
  businesses: 1000,
  customers: 20_000,
  bookings: 300_000,
  reviews: 100_000,
  longHistory: { bookings: 20_000, years: 7 },
};
/** CI's short benchmark. */
export const SHORT_SIZE: SeedSize = {
  businesses: 50,
  customers: 1000,
  bookings: 15_000,
  reviews: 5_000,
  longHistory: { bookings: 3_000, years: 7 },
};

/** The password of every seeded account. */
export const BENCH_PASSWORD = 'Bench123!';

/** Bookings span this many days, ending at the end of the booking window (today + 28). */
export const SPAN_DAYS = 730;
export const DAYS_AHEAD = 28;

export interface SeededBusiness {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  businessName: string;
  minimumPrice: number;
  homeVisits: boolean;
  availability: Availability;
  busy: boolean;
  bookings: number;
}

export interface SeededCustomer {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
}

export interface SeededData {
  /** The listed businesses, the long-history one (if any) last. */
  businesses: SeededBusiness[];
  /** The business with the long history (SeedSize.longHistory). */
  longHistory?: SeededBusiness;
  customers: SeededCustomer[];
  bookings: number;
  /** Reviews written (visible and hidden). */
  reviews: number;
  /** Bookings per status. */
  statuses: Record<string, number>;
}

const words = (text: string) => text.split(',');
const FIRST_NAMES = words(
  'Aisling,Ciara,Declan,Niamh,Conor,Siobhan,Padraig,Orla,Ronan,Grainne,Eoin,Roisin,Cathal,Maeve,Fionn,Saoirse,Kieran,Aoife,Shane,Clodagh',
);
const LAST_NAMES = words(
  "Burns,McAllister,O'Neill,Kelly,Doherty,Murphy,Quinn,McCann,Gallagher,Devlin,Hughes,Campbell,Donnelly,McLaughlin,Magee,Boyle,Brennan,Mullan",
);
const TOWNS = words('Belfast,Derry,Lisburn,Newry,Bangor,Ballymena,Armagh,Omagh,Enniskillen');
const TRADES = words('Barbers,Hair Studio,Cuts,Beauty Rooms,Grooming,Salon,Hair & Beauty');

const range = (value: string) => {
  const [start, end] = value.split('-') as [string, string];
  return { start, end };
};
const on = (days: readonly Weekday[], ...ranges: string[]): Availability =>
  Object.fromEntries(days.map((day) => [day, ranges.map(range)]));

/** Weekly-hours patterns; the busy shops use the last two (long days, six or seven of them). */
const HOURS: Availability[] = [
  on(WEEKDAYS.slice(0, 5), '09:00-17:00'),
  on(WEEKDAYS.slice(1, 6), '10:00-18:00'),
  { ...on(WEEKDAYS.slice(0, 5), '09:00-13:00', '14:00-18:00'), ...on(['Saturday'], '09:00-13:00') },
  { ...on(WEEKDAYS.slice(0, 3), '12:00-20:00'), ...on(WEEKDAYS.slice(3, 6), '08:30-16:30') },
  on(['Thursday', 'Friday', 'Saturday', 'Sunday'], '10:00-19:00'),
  on(WEEKDAYS.slice(0, 6), '08:00-20:00'),
  on(WEEKDAYS, '09:00-21:00'),
];
const BUSY_HOURS = HOURS.slice(-2);

/** Each day's slot start times (minutes), as the domain generates them. */
function slotStarts(availability: Availability): Map<Weekday, string[]> {
  const byDay = new Map<Weekday, string[]>();
  for (const day of WEEKDAYS) {
    const starts: string[] = [];
    for (const { start, end } of availability[day] ?? []) {
      for (let m = timeToMinutes(start); m + 60 <= timeToMinutes(end); m += 60) {
        starts.push(`${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
      }
    }
    byDay.set(day, starts);
  }
  return byDay;
}

type Weights = [BookingStatus, number][];
const PAST: Weights = [
  ['Approved', 45],
  ['Confirmed', 20],
  ['Denied', 10],
  ['Cancelled', 10],
  ['Declined', 5],
  ['Requested', 5],
  ['Countered', 5],
];
const UPCOMING: Weights = [
  ['Requested', 40],
  ['Approved', 30],
  ['Countered', 10],
  ['Confirmed', 10],
  ['Denied', 5],
  ['Cancelled', 5],
];

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

function pickWeighted(random: () => number, weights: Weights): BookingStatus {
  const total = weights.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = random() * total;
  for (const [status, weight] of weights) {
    roll -= weight;
    if (roll < 0) return status;
  }
  return weights[0]![0];
}

const BATCH_ROWS = 1000;

/** Stars by weight: mostly 4 and 5. */
const STARS: [number, number][] = [
  [5, 45],
  [4, 30],
  [3, 13],
  [2, 7],
  [1, 5],
];
const REVIEW_COMMENTS = [
  'Great fade, in and out in no time.',
  'Friendly, tidy shop and a fair price.',
  'Bit of a wait but the cut was spot on.',
  'Not what I asked for this time.',
  'Best beard trim in town.',
  'Booked the night before, no bother at all.',
];

/**
 * Inserts rows in multi-row statements of `batchRows` (rows × columns below both dialects' limits
 * on bound parameters: SQLite's 32,766).
 */
class BatchWriter<T> {
  private rows: T[] = [];
  constructor(
    private readonly flushRows: (rows: T[]) => Promise<void>,
    private readonly batchRows = BATCH_ROWS,
  ) {}
  async add(row: T): Promise<void> {
    this.rows.push(row);
    if (this.rows.length >= this.batchRows) await this.flush();
  }
  async flush(): Promise<void> {
    if (this.rows.length === 0) return;
    const rows = this.rows;
    this.rows = [];
    await this.flushRows(rows);
  }
}

export interface SeedOptions {
  /** The one argon2id hash every account gets (compute it once: hashPassword(BENCH_PASSWORD)). */
  passwordHash: string;
  now?: Date;
  seed?: number;
  /** Told the number of bookings written so far, after each batch. */
  progress?: (bookings: number) => void;
}

/** Fills an empty, migrated database; returns what it made (ids, hours, prices) for the load. */
export async function seedMarketplace(db: Db, size: SeedSize, options: SeedOptions): Promise<SeededData> {
  const random = seededRandom(options.seed ?? 20_251_126);
  const now = options.now ?? new Date();
  const nowIso = now.toISOString();
  const today = todayInLondon(now);
  const firstDay = addDays(today, DAYS_AHEAD - SPAN_DAYS + 1);
  const days = Array.from({ length: SPAN_DAYS }, (_, i) => {
    const date = addDays(firstDay, i);
    return { date, weekday: weekdayOf(date) };
  });

  const busyCount = Math.max(1, Math.round(size.businesses / 20));
  const weightTotal = size.businesses - busyCount + busyCount * 8;
  const businesses: SeededBusiness[] = [];
  const customers: SeededCustomer[] = [];
  const statuses: Record<string, number> = {};
  let bookingsLeft = size.bookings;
  let longHistory: SeededBusiness | undefined;
  /** The past agreed bookings, the reviews' candidates. */
  const visits: {
    id: string;
    businessId: string;
    customer: SeededCustomer;
    date: string;
    startMs: number;
  }[] = [];
  let reviewsWritten = 0;

  await db.transaction().execute(async (trx) => {
    // newUserRow gives every row every column, as a multi-row insert needs.
    // Over 32 columns a row: half the batch.
    const users = new BatchWriter<NewUser>(async (rows) => {
      await trx.insertInto('users').values(rows.map(newUserRow)).execute();
    }, BATCH_ROWS / 2);
    const away = new BatchWriter<Insertable<AwayDatesTable>>(async (rows) => {
      await trx.insertInto('away_dates').values(rows).execute();
    });
    let written = 0;
    const bookings = new BatchWriter<Insertable<BookingsTable>>(async (rows) => {
      await trx.insertInto('bookings').values(rows).execute();
      written += rows.length;
      options.progress?.(written);
    });
    const person = (i: number) => ({
      firstName: FIRST_NAMES[i % FIRST_NAMES.length] as string,
      lastName: LAST_NAMES[Math.floor(i / FIRST_NAMES.length) % LAST_NAMES.length] as string,
    });

    for (let i = 0; i < size.customers; i += 1) {
      const customer = { id: randomUUID(), email: `bench-customer-${i}@bench.test`, ...person(i) };
      customers.push(customer);
      await users.add({
        id: customer.id,
        email: customer.email,
        password_hash: options.passwordHash,
        user_type: 'User',
        first_name: customer.firstName,
        last_name: customer.lastName,
        phone_number: `+4477009${String(i).padStart(5, '0')}`,
        address: `${(i % 200) + 1} Main Street, ${pick(random, TOWNS)}, BT${(i % 90) + 1} 1AA`,
        birthdate: `19${60 + (i % 40)}-0${(i % 9) + 1}-1${i % 10}`,
        is_confirmed: 1,
        confirmed_at: nowIso,
        created_at: nowIso,
        updated_at: nowIso,
      });
    }

    for (let i = 0; i < size.businesses; i += 1) {
      // The busy shops are spread through the list (every 20th).
      const busy = i % 20 === 7 || (i === size.businesses - 1 && businesses.every((b) => !b.busy));
      const town = pick(random, TOWNS);
      const names = person(i * 7 + 3);
      const business: SeededBusiness = {
        id: randomUUID(),
        email: `bench-business-${i}@bench.test`,
        ...names,
        businessName: `${names.lastName} ${pick(random, TRADES)} ${town} ${i}`,
        minimumPrice: 10 + Math.floor(random() * 31),
        homeVisits: random() < 0.33,
        availability: busy ? pick(random, BUSY_HOURS) : pick(random, HOURS),
        busy,
        bookings: 0,
      };
      businesses.push(business);
      await users.add({
        id: business.id,
        email: business.email,
        password_hash: options.passwordHash,
        user_type: 'Business',
        first_name: business.firstName,
        last_name: business.lastName,
        phone_number: `+4477008${String(i).padStart(5, '0')}`,
        address: `${(i % 120) + 1} Church Road, ${town}, BT${(i % 90) + 1} 2AB`,
        birthdate: '1985-04-12',
        is_confirmed: 1,
        confirmed_at: nowIso,
        business_name: business.businessName,
        business_address: `${(i % 80) + 1} High Street, ${town}, BT${(i % 90) + 1} 3CD`,
        business_description: 'Cuts, fades, colour and beard trims. Walk-ins welcome when there is room.',
        minimum_price: business.minimumPrice,
        home_visits_enabled: business.homeVisits ? 1 : 0,
        is_listed: 1,
        availability: JSON.stringify(business.availability),
        created_at: nowIso,
        updated_at: nowIso,
      });
      if (i % 10 === 3) {
        const start = addDays(today, 3 + (i % 20));
        await away.add({
          id: randomUUID(),
          user_id: business.id,
          start_date: start,
          end_date: addDays(start, 2),
          reason: 'Holiday',
          status: 'active',
          created_at: nowIso,
        });
      }
    }
    await users.flush();
    await away.flush();

    /** `count` bookings of the business on distinct hours of `span` (at most 90% of its slots). */
    const bookAt = async (business: SeededBusiness, span: typeof days, count: number) => {
      const starts = slotStarts(business.availability);
      const capacity = span.reduce((sum, day) => sum + (starts.get(day.weekday)?.length ?? 0), 0);
      const target = Math.min(count, Math.floor(capacity * 0.9));
      const taken = new Set<string>();
      while (taken.size < target) {
        const day = span[Math.floor(random() * span.length)]!;
        const dayStarts = starts.get(day.weekday) ?? [];
        if (dayStarts.length === 0) continue;
        const startsAt = `${day.date} ${pick(random, dayStarts)}`;
        if (taken.has(startsAt)) continue;
        taken.add(startsAt);
        await bookings.add(bookingRow(business, day.date, startsAt));
      }
      business.bookings = taken.size;
      return taken.size;
    };
    const bookingRow = (
      business: SeededBusiness,
      date: string,
      startsAt: string,
    ): Insertable<BookingsTable> => {
      const upcoming = date >= today;
      const status = pickWeighted(random, upcoming ? UPCOMING : PAST);
      statuses[status] = (statuses[status] ?? 0) + 1;
      const customer = customers[Math.floor(random() * customers.length)]!;
      const price = business.minimumPrice + Math.floor(random() * 4) * 5;
      // Countered, Declined and Confirmed bookings went through a counter offer.
      const countered = status === 'Countered' || status === 'Declined' || status === 'Confirmed';
      const counterPrice = countered ? price + 5 : null;
      const finalPrice =
        status === 'Approved' ? price : status === 'Confirmed' ? (counterPrice ?? price) : null;
      const homeVisit = business.homeVisits && random() < 0.3;
      // Requested 1–21 days before the time, never after now.
      const startMs = Date.parse(`${date}T${startsAt.slice(11)}:00Z`);
      const createdMs = Math.min(
        startMs - (1 + Math.floor(random() * 21)) * 86_400_000,
        now.getTime() - 60_000,
      );
      const createdAt = createdMs - Math.floor(random() * 3_600_000);
      const updatedAt = status === 'Requested' ? createdAt : Math.min(createdMs + 3_600_000, now.getTime());
      const id = randomUUID();
      if (!upcoming && (status === 'Approved' || status === 'Confirmed'))
        visits.push({ id, businessId: business.id, customer, date, startMs });
      return {
        id,
        business_id: business.id,
        customer_id: customer.id,
        status,
        starts_at: startsAt,
        price,
        original_price: counterPrice === null ? null : price,
        counter_price: counterPrice,
        final_price: finalPrice,
        is_home_visit: homeVisit ? 1 : 0,
        customer_address: homeVisit ? '1 Main Street, Belfast, BT1 1AA' : null,
        customer_name: `${customer.firstName} ${customer.lastName}`,
        customer_email: customer.email,
        customer_phone: '+447700900123',
        barber_name: `${business.firstName} ${business.lastName}`,
        business_name: business.businessName,
        created_at: new Date(createdAt).toISOString(),
        updated_at: new Date(updatedAt).toISOString(),
      };
    };

    for (const [index, business] of businesses.entries()) {
      const remaining = businesses.length - index;
      const share = Math.round((size.bookings * (business.busy ? 8 : 1)) / weightTotal);
      const count = remaining === 1 ? bookingsLeft : Math.min(share, bookingsLeft);
      bookingsLeft -= await bookAt(business, days, count);
    }

    if (size.longHistory) {
      const i = businesses.length;
      const names = person(i * 7 + 3);
      const business: SeededBusiness = {
        id: randomUUID(),
        email: 'bench-long-history@bench.test',
        ...names,
        businessName: `${names.lastName} Long History Barbers Belfast`,
        minimumPrice: 25,
        homeVisits: false,
        availability: BUSY_HOURS[0] as Availability,
        busy: true,
        bookings: 0,
      };
      await trx
        .insertInto('users')
        .values(
          newUserRow({
            id: business.id,
            email: business.email,
            password_hash: options.passwordHash,
            user_type: 'Business',
            first_name: business.firstName,
            last_name: business.lastName,
            phone_number: '+447700799999',
            address: '1 Church Road, Belfast, BT1 2AB',
            birthdate: '1975-04-12',
            is_confirmed: 1,
            confirmed_at: nowIso,
            business_name: business.businessName,
            business_address: '1 High Street, Belfast, BT1 3CD',
            business_description: 'Seven years on the same corner.',
            minimum_price: business.minimumPrice,
            home_visits_enabled: 0,
            is_listed: 1,
            availability: JSON.stringify(business.availability),
            created_at: nowIso,
            updated_at: nowIso,
          }),
        )
        .execute();
      const spanDays = size.longHistory.years * 365;
      const firstLongDay = addDays(today, DAYS_AHEAD - spanDays + 1);
      const span = Array.from({ length: spanDays }, (_, d) => {
        const date = addDays(firstLongDay, d);
        return { date, weekday: weekdayOf(date) };
      });
      await bookAt(business, span, size.longHistory.bookings);
      longHistory = business;
      businesses.push(business);
    }
    await bookings.flush();

    // Reviews of past agreed bookings chosen at random (a partial Fisher-Yates shuffle).
    const reviewCount = Math.min(size.reviews ?? 0, visits.length);
    const reviews = new BatchWriter<Insertable<ReviewsTable>>(async (rows) => {
      await trx.insertInto('reviews').values(rows).execute();
    });
    for (let i = 0; i < reviewCount; i += 1) {
      const j = i + Math.floor(random() * (visits.length - i));
      const visit = visits[j]!;
      visits[j] = visits[i]!;
      // The start is a London wall clock read as UTC: 2 hours after it is after the hour's end.
      const writtenMs = Math.min(
        visit.startMs + 2 * 3_600_000 + Math.floor(random() * 5 * 86_400_000),
        now.getTime() - 60_000,
      );
      const written = new Date(writtenMs).toISOString();
      const roll = random() * 100;
      let rating = 1;
      for (let acc = 0, k = 0; k < STARS.length; k += 1) {
        acc += STARS[k]![1];
        if (roll < acc) {
          rating = STARS[k]![0];
          break;
        }
      }
      const answered = random() < 0.25;
      const hidden = random() < 0.005;
      await reviews.add({
        id: randomUUID(),
        booking_id: visit.id,
        business_id: visit.businessId,
        customer_id: visit.customer.id,
        rating,
        comment: random() < 0.33 ? '' : pick(random, REVIEW_COMMENTS),
        author_name: reviewAuthorName(visit.customer.firstName, visit.customer.lastName),
        visited_on: visit.date,
        reply: answered ? 'Thanks for coming in, see you next time.' : null,
        reply_at: answered
          ? new Date(Math.min(writtenMs + 6 * 3_600_000, now.getTime())).toISOString()
          : null,
        hidden: hidden ? 1 : 0,
        hidden_reason: hidden ? 'Personal details about the barber' : null,
        hidden_at: hidden ? written : null,
        created_at: written,
        updated_at: written,
      });
    }
    await reviews.flush();
    reviewsWritten = reviewCount;
    // The kept totals: each business's visible reviews (migration 0013).
    if (reviewCount > 0) {
      await sql`
        update users set
          review_count = (select count(*) from reviews r where r.business_id = users.id and r.hidden = 0),
          review_sum = (select coalesce(sum(r.rating), 0) from reviews r where r.business_id = users.id and r.hidden = 0)
        where user_type = 'Business'
      `.execute(trx);
    }

    // Every booking's thread (api-contract §8.8): the request as a system line; about a third of
    // them with a customer's question, half of those answered by the business (all read).
    await sql`
      insert into booking_messages (id, booking_id, seq, sender, sender_id, body, status, price, created_at)
      select id || '-requested', id, 1, 'system', null, '', 'Requested', price, created_at from bookings
    `.execute(trx);
    await sql`
      insert into booking_messages (id, booking_id, seq, sender, sender_id, body, status, price, created_at)
      select id || '-question', id, 2, 'customer', customer_id, 'Is there parking nearby?', null, null, created_at
      from bookings where substr(id, 1, 1) in ('0', '1', '2', '3', '4')
    `.execute(trx);
    await sql`
      insert into booking_messages (id, booking_id, seq, sender, sender_id, body, status, price, created_at)
      select id || '-answer', id, 3, 'business', business_id, 'Yes, on the street out front.', null, null, created_at
      from bookings where substr(id, 1, 1) in ('0', '1', '2', '3', '4') and substr(id, 2, 1) < '8'
    `.execute(trx);
    await sql`
      insert into booking_threads
        (booking_id, customer_id, business_id, last_seq, customer_read_seq, business_read_seq, created_at)
      select b.id, b.customer_id, b.business_id, max(m.seq), max(m.seq), max(m.seq), b.created_at
      from bookings b join booking_messages m on m.booking_id = b.id
      group by b.id, b.customer_id, b.business_id, b.created_at
    `.execute(trx);
    // Every business's menu and team as migration 0018 gave every business that existed (its
    // 'Appointment' and its owner): otherwise the first read of each writes them, and the
    // benchmark measures those writes instead of the reads.
    const catalog = new CatalogRepository(trx);
    for (const business of [...businesses, ...(longHistory ? [longHistory] : [])]) {
      await catalog.ensureDefaults(
        { id: business.id, first_name: business.firstName, minimum_price: business.minimumPrice },
        nowIso,
      );
    }
  });

  return {
    businesses,
    ...(longHistory ? { longHistory } : {}),
    customers,
    bookings: size.bookings - bookingsLeft,
    reviews: reviewsWritten,
    statuses,
  };
}
