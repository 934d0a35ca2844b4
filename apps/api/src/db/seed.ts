/**
 * Demo data for a fresh non-production database (api-contract §6): businesses across Northern
 * Ireland with varied hours, prices, home visits and away dates; an unlisted Admin; two customers;
 * and bookings in every status at sensible times around today. Every account is confirmed and
 * signs in with DEMO_PASSWORD. Runs only on an empty users table, so it never touches real data.
 */
import { randomUUID } from 'node:crypto';
import {
  type Availability,
  addDays,
  type BookingStatus,
  generateBookableSlots,
  todayInLondon,
  type UserType,
  WEEKDAYS,
  weekdayOf,
} from '@app/domain';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../lib/clock';
import { hashPassword } from '../lib/passwords';
import { type Db, isUniqueViolation } from './database';
import { newUserRow } from './new-user-row';
import type { BookingStatusValue, Database } from './schema';

/** The one password of every demo account (it meets the sign-up rules). */
export const DEMO_PASSWORD = 'Demo123!';

interface DemoBusiness {
  key: string;
  email: string;
  userType: Extract<UserType, 'Business' | 'Admin'>;
  firstName: string;
  lastName: string;
  phone: string;
  address: string;
  businessName: string;
  businessAddress: string;
  town: string;
  description: string;
  minimumPrice: number;
  homeVisits: boolean;
  isListed: boolean;
  availability: Availability;
  /** Away periods as day offsets from today, both ends included. */
  away: { from: number; to: number; reason?: string }[];
}

interface DemoCustomer {
  key: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  address: string;
  birthdate: string;
}

const weekdays = (range: string, days = WEEKDAYS.slice(0, 5)) =>
  Object.fromEntries(days.map((day) => [day, ranges(range)]));
const ranges = (...values: string[]) =>
  values.map((value) => {
    const [start, end] = value.split('-') as [string, string];
    return { start, end };
  });

export const DEMO_BUSINESSES: readonly DemoBusiness[] = [
  {
    key: 'belfast',
    email: 'belfast@trimtime.test',
    userType: 'Business',
    firstName: 'Conor',
    lastName: 'McAllister',
    phone: '+447700900101',
    address: '4 Cliftonville Road, Belfast, BT14 6JX',
    businessName: 'Cathedral Quarter Barbers',
    businessAddress: '27 Donegall Street, Belfast, BT1 2FF',
    town: 'Belfast',
    description:
      'Classic cuts, skin fades and hot-towel shaves in the heart of the Cathedral Quarter. Late opening on Thursdays.',
    minimumPrice: 20,
    homeVisits: false,
    isListed: true,
    availability: {
      ...weekdays('09:00-17:30'),
      Thursday: ranges('09:00-12:00', '13:00-20:00'),
      Saturday: ranges('09:00-16:00'),
    },
    away: [],
  },
  {
    key: 'belfastSouth',
    email: 'malone@trimtime.test',
    userType: 'Business',
    firstName: 'Orla',
    lastName: 'Kearney',
    phone: '+447700900102',
    address: '18 Eglantine Avenue, Belfast, BT9 6DX',
    businessName: 'Lisburn Road Hair & Beauty',
    businessAddress: '212 Lisburn Road, Belfast, BT9 6GD',
    town: 'Belfast',
    description:
      'Cuts, colour, blow-dries and occasion hair on the Lisburn Road. Home visits across south Belfast.',
    minimumPrice: 35,
    homeVisits: true,
    isListed: true,
    availability: weekdays('10:00-18:00', ['Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']),
    away: [{ from: 12, to: 14, reason: 'Hair show in Dublin' }],
  },
  {
    key: 'derry',
    email: 'derry@trimtime.test',
    userType: 'Business',
    firstName: 'Ciarán',
    lastName: 'Doherty',
    phone: '+447700900103',
    address: '7 Northland Road, Londonderry, BT48 7JD',
    businessName: 'Walled City Barbers',
    businessAddress: '12 Shipquay Street, Londonderry, BT48 6DN',
    town: 'Derry~Londonderry',
    description: 'Sharp fades and beard sculpting inside the city walls, a minute from Guildhall Square.',
    minimumPrice: 15,
    homeVisits: false,
    isListed: true,
    availability: weekdays('09:00-18:00', [
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
    ]),
    away: [{ from: 16, to: 17, reason: 'Training course' }],
  },
  {
    key: 'newry',
    email: 'newry@trimtime.test',
    userType: 'Business',
    firstName: 'Aoife',
    lastName: 'Murphy',
    phone: '+447700900104',
    address: '22 Downshire Road, Newry, BT34 1EE',
    businessName: 'Mourne Grooming Rooms',
    businessAddress: '8 Hill Street, Newry, BT34 1AR',
    town: 'Newry',
    description:
      'Relaxed barbering and grooming: beard trims, hot-towel shaves and kids’ cuts. Home visits around Newry and the Mournes.',
    minimumPrice: 18,
    homeVisits: true,
    isListed: true,
    availability: {
      Monday: ranges('10:00-18:00'),
      Wednesday: ranges('10:00-18:00'),
      Friday: ranges('10:00-18:00'),
      Saturday: ranges('09:00-13:00'),
    },
    away: [],
  },
  {
    key: 'lisburn',
    email: 'lisburn@trimtime.test',
    userType: 'Business',
    firstName: 'Gareth',
    lastName: 'Wilson',
    phone: '+447700900105',
    address: '9 Hillsborough Road, Lisburn, BT28 1JL',
    businessName: 'Bow Street Barbers',
    businessAddress: '41 Bow Street, Lisburn, BT28 1BJ',
    town: 'Lisburn',
    description: 'Traditional gents’ barbers on Bow Street since 1998. Early starts on Saturdays.',
    minimumPrice: 25,
    homeVisits: false,
    isListed: true,
    availability: {
      ...weekdays('09:00-17:00', ['Tuesday', 'Wednesday', 'Thursday', 'Friday']),
      Saturday: ranges('08:00-14:00'),
    },
    away: [{ from: 20, to: 24, reason: 'Family holiday' }],
  },
  {
    key: 'bangor',
    email: 'bangor@trimtime.test',
    userType: 'Business',
    firstName: 'Ryan',
    lastName: 'Magee',
    phone: '+447700900106',
    address: '15 Seacliff Road, Bangor, BT20 5EY',
    businessName: 'Marina Cuts',
    businessAddress: '3 Quay Street, Bangor, BT20 5ED',
    town: 'Bangor',
    description: 'Seaside barbershop by Bangor Marina: fades, crops and beard tidies. Evening appointments.',
    minimumPrice: 30,
    homeVisits: true,
    isListed: true,
    availability: {
      ...weekdays('11:00-19:00'),
      Sunday: ranges('12:00-16:00'),
    },
    away: [{ from: 1, to: 1, reason: 'Stocktake' }],
  },
  {
    key: 'ballymena',
    email: 'ballymena@trimtime.test',
    userType: 'Business',
    firstName: 'Niamh',
    lastName: 'Quinn',
    phone: '+447700900107',
    address: '30 Galgorm Road, Ballymena, BT42 1AE',
    businessName: 'Seven Towers Barbershop',
    businessAddress: '19 Church Street, Ballymena, BT43 6DD',
    town: 'Ballymena',
    description: 'Premium cuts and styling with a consultation, a hot towel and a proper coffee.',
    minimumPrice: 45,
    homeVisits: false,
    isListed: true,
    availability: weekdays('09:00-13:00', ['Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']),
    away: [],
  },
  {
    key: 'admin',
    email: 'admin@trimtime.test',
    userType: 'Admin',
    firstName: 'Sam',
    lastName: 'Admin',
    phone: '+447700900100',
    address: '1 Lanyon Place, Belfast, BT1 3LP',
    businessName: 'TrimTime HQ',
    businessAddress: '1 Lanyon Place, Belfast, BT1 3LP',
    town: 'Belfast',
    description: 'The TrimTime NI team.',
    minimumPrice: 25,
    homeVisits: false,
    // The Admin is unlisted (api-contract §4): hidden from the businesses list and not bookable.
    isListed: false,
    availability: weekdays('09:00-17:00'),
    away: [],
  },
];

export const DEMO_CUSTOMERS: readonly DemoCustomer[] = [
  {
    key: 'customer',
    email: 'customer@trimtime.test',
    firstName: 'Aisling',
    lastName: 'Burns',
    phone: '+447700900123',
    address: '14 Malone Avenue, Belfast, BT9 6EN',
    birthdate: '1994-03-12',
  },
  {
    key: 'customer2',
    email: 'declan@trimtime.test',
    firstName: 'Declan',
    lastName: 'Murray',
    phone: '+447700900456',
    address: '5 Strand Road, Londonderry, BT48 7AB',
    birthdate: '1988-11-02',
  },
];

export interface DemoLogin {
  email: string;
  role: string;
  description: string;
}

/** Every demo login, for the start-up banner and the README. */
export const DEMO_LOGINS: readonly DemoLogin[] = [
  ...DEMO_CUSTOMERS.map((c) => ({
    email: c.email,
    role: 'Customer',
    description: `${c.firstName} ${c.lastName}`,
  })),
  ...DEMO_BUSINESSES.map((b) => ({
    email: b.email,
    role: b.userType,
    description: `${b.businessName}, ${b.town}${b.isListed ? '' : ' (unlisted)'}`,
  })),
];

/** One booking of the demo story: whose, where, when (days from today) and how it went. */
interface DemoBooking {
  customer: string;
  business: string;
  /** Days from today (negative: in the past). */
  day: number;
  /** The earliest hour wanted that day (the first bookable slot from it is used). */
  hour: number;
  status: BookingStatus;
  price: number;
  counter?: number;
  homeVisit?: boolean;
}

const DEMO_BOOKINGS: readonly DemoBooking[] = [
  { customer: 'customer', business: 'belfast', day: 2, hour: 10, status: 'Requested', price: 25 },
  {
    customer: 'customer',
    business: 'bangor',
    day: 6,
    hour: 17,
    status: 'Requested',
    price: 40,
    homeVisit: true,
  },
  {
    customer: 'customer',
    business: 'lisburn',
    day: 5,
    hour: 11,
    status: 'Countered',
    price: 25,
    counter: 32,
  },
  { customer: 'customer', business: 'derry', day: 7, hour: 14, status: 'Approved', price: 20 },
  {
    customer: 'customer',
    business: 'belfastSouth',
    day: 9,
    hour: 15,
    status: 'Confirmed',
    price: 35,
    counter: 45,
    homeVisit: true,
  },
  { customer: 'customer', business: 'ballymena', day: 4, hour: 10, status: 'Denied', price: 45 },
  { customer: 'customer', business: 'newry', day: 3, hour: 12, status: 'Declined', price: 18, counter: 25 },
  { customer: 'customer', business: 'belfast', day: 8, hour: 16, status: 'Cancelled', price: 22 },
  {
    customer: 'customer',
    business: 'belfast',
    day: -14,
    hour: 11,
    status: 'Confirmed',
    price: 20,
    counter: 24,
  },
  { customer: 'customer', business: 'derry', day: -30, hour: 10, status: 'Approved', price: 18 },
  { customer: 'customer2', business: 'belfast', day: 2, hour: 14, status: 'Requested', price: 30 },
  { customer: 'customer2', business: 'belfast', day: 3, hour: 9, status: 'Approved', price: 28 },
  { customer: 'customer2', business: 'derry', day: 1, hour: 12, status: 'Requested', price: 15 },
];

/** The statuses a booking passes through to reach `status`, with who moved it. */
function pathTo(status: BookingStatus): { status: BookingStatus; by: 'customer' | 'business' }[] {
  const requested = { status: 'Requested' as const, by: 'customer' as const };
  switch (status) {
    case 'Requested':
      return [requested];
    case 'Approved':
    case 'Denied':
      return [requested, { status, by: 'business' }];
    case 'Cancelled':
      return [requested, { status, by: 'customer' }];
    case 'Countered':
      return [requested, { status, by: 'business' }];
    case 'Confirmed':
    case 'Declined':
      return [requested, { status: 'Countered', by: 'business' }, { status, by: 'customer' }];
    default: {
      const unreachable: never = status;
      throw new Error(`no demo path to ${String(unreachable)}`);
    }
  }
}

const iso = (ms: number) => new Date(ms).toISOString();
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The booking time for a demo booking: in the future, the first bookable slot on or after the
 * wanted day and hour (so it respects hours, away dates and hours already held); in the past,
 * the wanted hour on the nearest earlier open day, clamped into that day's first range.
 */
function demoBookingTime(
  business: DemoBusiness,
  wanted: DemoBooking,
  today: string,
  now: Date,
  held: string[],
): string {
  if (wanted.day < 0) {
    for (let offset = wanted.day; offset > wanted.day - 7; offset -= 1) {
      const date = addDays(today, offset);
      const range = business.availability[weekdayOf(date)]?.[0];
      if (!range) continue;
      const startHour = Number(range.start.slice(0, 2));
      const lastHour = Number(range.end.slice(0, 2)) - 1;
      return `${date} ${pad(Math.min(Math.max(wanted.hour, startHour), lastHour))}:00`;
    }
    throw new Error(`${business.key} has no hours in the week before day ${wanted.day}`);
  }
  const slots = generateBookableSlots({
    availability: business.availability,
    awayDates: business.away.map((away) => ({
      startDate: addDays(today, away.from),
      endDate: addDays(today, away.to),
    })),
    takenSlots: held,
    now,
  });
  const from = `${addDays(today, wanted.day)} ${pad(wanted.hour)}:00`;
  const slot = slots.find((s) => s >= from) ?? slots.at(-1);
  if (!slot) throw new Error(`${business.key} has no bookable slots`);
  return slot;
}

export interface SeedResult {
  /** False when the database already had accounts (nothing was written). */
  seeded: boolean;
  logins: readonly DemoLogin[];
}

/** True when the database has no accounts yet. */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count) === 0;
}

/** True when the demo accounts are there (so their logins are worth printing). */
export async function hasDemoData(db: Db): Promise<boolean> {
  const customer = DEMO_CUSTOMERS[0]!;
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', customer.email)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Fills an empty database with the demo data, in one transaction; does nothing (seeded: false)
 * when any account exists. Safe to call on every start, and from two processes at once.
 */
export async function seedDemoData(db: Db, now: Date = new Date()): Promise<SeedResult> {
  if (!(await isDatabaseEmpty(db))) return { seeded: false, logins: DEMO_LOGINS };
  // One hash for every demo account: seeding stays fast.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const nowMs = now.getTime();
  const today = todayInLondon(now);
  const ids = new Map<string, string>();
  const idOf = (key: string) => {
    const id = ids.get(key);
    if (!id) throw new Error(`unknown demo account ${key}`);
    return id;
  };

  const users: Database['users'][] = [];
  for (const [index, business] of DEMO_BUSINESSES.entries()) {
    const id = randomUUID();
    ids.set(business.key, id);
    const joined = iso(nowMs - (120 - index) * DAY_MS);
    users.push(
      newUserRow({
        id,
        email: business.email,
        password_hash: passwordHash,
        user_type: business.userType,
        first_name: business.firstName,
        last_name: business.lastName,
        phone_number: business.phone,
        address: business.address,
        birthdate: '1985-06-15',
        is_confirmed: 1,
        confirmed_at: joined,
        business_name: business.businessName,
        business_address: business.businessAddress,
        business_description: business.description,
        minimum_price: business.minimumPrice,
        home_visits_enabled: business.homeVisits ? 1 : 0,
        is_listed: business.isListed ? 1 : 0,
        availability: JSON.stringify(business.availability),
        created_at: joined,
      }),
    );
  }
  for (const [index, customer] of DEMO_CUSTOMERS.entries()) {
    const id = randomUUID();
    ids.set(customer.key, id);
    const joined = iso(nowMs - (60 - index) * DAY_MS);
    users.push(
      newUserRow({
        id,
        email: customer.email,
        password_hash: passwordHash,
        user_type: 'User',
        first_name: customer.firstName,
        last_name: customer.lastName,
        phone_number: customer.phone,
        address: customer.address,
        birthdate: customer.birthdate,
        is_confirmed: 1,
        confirmed_at: joined,
        created_at: joined,
      }),
    );
  }

  const awayDates: Database['away_dates'][] = DEMO_BUSINESSES.flatMap((business) =>
    business.away.map((away) => ({
      id: randomUUID(),
      user_id: idOf(business.key),
      start_date: addDays(today, away.from),
      end_date: addDays(today, away.to),
      reason: away.reason ?? null,
      status: 'active',
      created_at: iso(nowMs - 10 * DAY_MS),
    })),
  );

  const bookings: Database['bookings'][] = [];
  const transitions: Database['booking_transitions'][] = [];
  const heldBy = new Map<string, string[]>();
  for (const [index, wanted] of DEMO_BOOKINGS.entries()) {
    const business = DEMO_BUSINESSES.find((b) => b.key === wanted.business)!;
    const customer = DEMO_CUSTOMERS.find((c) => c.key === wanted.customer)!;
    const held = heldBy.get(business.key) ?? [];
    const startsAt = demoBookingTime(business, wanted, today, now, held);
    if (wanted.status === 'Approved' || wanted.status === 'Confirmed')
      heldBy.set(business.key, [...held, startsAt]);

    // Requested a few days before its time (never in the future), each later step an hour apart.
    const bookingMs = Date.parse(`${startsAt.replace(' ', 'T')}:00Z`);
    // Minutes apart, so "newest first" lists have one order.
    const requestedMs = Math.min(nowMs - 3 * HOUR_MS, bookingMs - 3 * DAY_MS) - index * 7 * MINUTE_MS;
    const steps = pathTo(wanted.status);
    const id = randomUUID();
    const hasCounter = steps.some((step) => step.status === 'Countered');
    const finalPrice =
      wanted.status === 'Approved'
        ? wanted.price
        : wanted.status === 'Confirmed'
          ? (wanted.counter ?? wanted.price)
          : null;
    steps.forEach((step, index) => {
      const price =
        step.status === 'Countered'
          ? (wanted.counter ?? null)
          : step.status === 'Requested'
            ? wanted.price
            : step.status === 'Approved' || step.status === 'Confirmed'
              ? finalPrice
              : null;
      transitions.push({
        id: randomUUID(),
        booking_id: id,
        from_status: index === 0 ? null : (steps[index - 1]!.status as BookingStatusValue),
        to_status: step.status,
        actor_id: idOf(step.by === 'customer' ? customer.key : business.key),
        price,
        created_at: iso(requestedMs + index * HOUR_MS),
      });
    });
    const updatedMs = requestedMs + (steps.length - 1) * HOUR_MS;
    bookings.push({
      id,
      business_id: idOf(business.key),
      customer_id: idOf(customer.key),
      status: wanted.status,
      starts_at: startsAt,
      price: wanted.price,
      original_price: hasCounter ? wanted.price : null,
      counter_price: hasCounter ? (wanted.counter ?? null) : null,
      final_price: finalPrice,
      is_home_visit: wanted.homeVisit ? 1 : 0,
      customer_address: wanted.homeVisit ? customer.address : null,
      customer_name: `${customer.firstName} ${customer.lastName}`,
      customer_email: customer.email,
      customer_phone: customer.phone,
      barber_name: `${business.firstName} ${business.lastName}`,
      business_name: business.businessName,
      cancelled_by: wanted.status === 'Cancelled' ? (steps.at(-1)?.by ?? 'customer') : null,
      cancellation_reason: null,
      created_at: iso(requestedMs),
      updated_at: iso(updatedMs),
    });
  }

  try {
    await db.transaction().execute(async (trx) => {
      // Checked again inside the transaction: another process may have seeded meanwhile.
      if (!(await isDatabaseEmpty(trx))) throw new AlreadySeeded();
      await trx.insertInto('users').values(users).execute();
      if (awayDates.length > 0) await trx.insertInto('away_dates').values(awayDates).execute();
      await trx.insertInto('bookings').values(bookings).execute();
      await trx.insertInto('booking_transitions').values(transitions).execute();
    });
  } catch (error) {
    if (error instanceof AlreadySeeded || isUniqueViolation(error))
      return { seeded: false, logins: DEMO_LOGINS };
    throw error;
  }
  return { seeded: true, logins: DEMO_LOGINS };
}

class AlreadySeeded extends Error {}

/** The start-up banner: every demo login and the shared password. */
export function formatDemoLogins(logins: readonly DemoLogin[] = DEMO_LOGINS): string {
  const width = Math.max(...logins.map((login) => login.email.length));
  const lines = logins.map(
    (login) => `  ${login.email.padEnd(width)}  ${login.role.padEnd(8)}  ${login.description}`,
  );
  const rule = '-'.repeat(Math.max(...lines.map((line) => line.length)) + 2);
  return [
    rule,
    `  Demo accounts (development data), all with the password: ${DEMO_PASSWORD}`,
    rule,
    ...lines,
    rule,
  ].join('\n');
}
