import { randomUUID } from 'node:crypto';
import type { Availability, BookingStatus } from '@app/domain';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../../src/db/database';
import { newUserRow } from '../../src/db/new-user-row';
import type { UsersTable } from '../../src/db/schema';
import { hashPassword } from '../../src/lib/passwords';
import {
  type BookingRow,
  BookingsRepository,
  NO_PAYMENT,
  NOT_MOVED,
} from '../../src/repositories/bookings.repository';
import type { TestApp } from './app';
import { PASSWORD, uniqueEmail } from './factories';
import { mintAccessToken } from './sessions';

/** Every day 09:00-17:00, so a business has slots whatever the weekday the tests run on. */
export const EVERY_DAY: Availability = Object.fromEntries(
  ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map((day) => [
    day,
    [{ start: '09:00', end: '17:00' }],
  ]),
);

export const CUSTOMER_ADDRESS = '1 Main Street, Belfast, BT1 1AA';

/** An account made straight in the database, with an access token minted for it. */
export interface Actor {
  id: string;
  email: string;
  token: string;
  headers: { authorization: string };
  firstName: string;
  lastName: string;
}

let passwordHash: Promise<string> | undefined;
/** The hash of PASSWORD, computed once per Vitest worker (the API files share a module graph). */
export const testPasswordHash = () => {
  passwordHash ??= hashPassword(PASSWORD);
  return passwordHash;
};

type UserOverrides = Partial<Omit<UsersTable, 'availability'>> & { availability?: Availability | null };

async function insertUser(t: TestApp, db: Db, values: UserOverrides & Pick<UsersTable, 'user_type'>) {
  const now = t.clock.now().toISOString();
  const id = values.id ?? randomUUID();
  const row = newUserRow({
    id,
    email: uniqueEmail(values.user_type.toLowerCase()),
    password_hash: await testPasswordHash(),
    first_name: 'Ada',
    last_name: 'Lovelace',
    phone_number: '+447123456789',
    address: CUSTOMER_ADDRESS,
    birthdate: '1990-05-01',
    is_confirmed: 1,
    confirmed_at: now,
    created_at: now,
    updated_at: now,
    ...values,
    availability: values.availability ? JSON.stringify(values.availability) : null,
  });
  await db.insertInto('users').values(row).execute();
  const token = await mintAccessToken(t, db, row);
  return {
    id,
    email: row.email,
    token,
    headers: { authorization: `Bearer ${token}` },
    firstName: row.first_name,
    lastName: row.last_name,
  } satisfies Actor;
}

/** The actor with a new token minted at the test clock's current time (tokens last 15 minutes). */
export async function withFreshToken(
  t: TestApp,
  db: Db,
  actor: Actor,
  userType: UsersTable['user_type'] = 'User',
) {
  const token = await mintAccessToken(t, db, { id: actor.id, user_type: userType, session_version: 0 });
  return { ...actor, token, headers: { authorization: `Bearer ${token}` } };
}

export function createCustomer(t: TestApp, db: Db, overrides: UserOverrides = {}): Promise<Actor> {
  return insertUser(t, db, { user_type: 'User', ...overrides });
}

/** A confirmed, listed business open every day 09:00-17:00 with a £20 minimum. */
export function createBusiness(t: TestApp, db: Db, overrides: UserOverrides = {}): Promise<Actor> {
  return insertUser(t, db, {
    user_type: 'Business',
    first_name: 'Bob',
    last_name: 'Barber',
    address: '2 High Street, Belfast, BT1 2AB',
    business_name: `Bob Cuts ${randomUUID().slice(0, 6)}`,
    business_address: '2 High Street, Belfast, BT1 2AB',
    business_description: 'Fades and beards',
    minimum_price: 20,
    home_visits_enabled: 1,
    is_listed: 1,
    availability: EVERY_DAY,
    ...overrides,
  });
}

export interface BookingSeed {
  business: Actor;
  customer: Actor;
  startsAt: string;
  status?: BookingStatus;
  price?: number;
  counterPrice?: number | null;
  isHomeVisit?: boolean;
  createdAt?: string;
  /** Whose diary it fills and for how long (api-contract §9.3); left out, no member's, an hour. */
  memberId?: string;
  durationMinutes?: number;
}

/** The service columns of a booking written before services (migration 0019's defaults). */
const OF_NO_SERVICE = {
  service_id: null,
  service_name: null,
  duration_minutes: 60,
  member_id: null,
  member_name: null,
} as const satisfies Partial<BookingRow>;

/** A booking row straight in the database (any status), as a repository would write it. */
export async function insertBooking(t: TestApp, db: Db, seed: BookingSeed): Promise<BookingRow> {
  const now = seed.createdAt ?? t.clock.now().toISOString();
  const hasCounter = seed.counterPrice !== undefined && seed.counterPrice !== null;
  const row: Omit<BookingRow, keyof typeof NO_PAYMENT | keyof typeof OF_NO_SERVICE | keyof typeof NOT_MOVED> =
    {
      id: randomUUID(),
      business_id: seed.business.id,
      customer_id: seed.customer.id,
      status: seed.status ?? 'Requested',
      starts_at: seed.startsAt,
      price: seed.price ?? 30,
      original_price: hasCounter ? (seed.price ?? 30) : null,
      counter_price: hasCounter ? (seed.counterPrice ?? null) : null,
      final_price: null,
      is_home_visit: seed.isHomeVisit ? 1 : 0,
      customer_address: seed.isHomeVisit ? CUSTOMER_ADDRESS : null,
      customer_name: `${seed.customer.firstName} ${seed.customer.lastName}`,
      customer_email: seed.customer.email,
      customer_phone: '+447123456789',
      barber_name: `${seed.business.firstName} ${seed.business.lastName}`,
      business_name: 'Bob Cuts',
      cancelled_by: seed.status === 'Cancelled' ? 'customer' : null,
      cancellation_reason: null,
      created_at: now,
      updated_at: now,
    };
  // Through the repository, so the business's bookings version moves as with a real request. The
  // payment columns keep their defaults (a migration's test may insert before they exist).
  const ofMember =
    seed.memberId === undefined && seed.durationMinutes === undefined
      ? {}
      : { member_id: seed.memberId ?? null, duration_minutes: seed.durationMinutes ?? 60 };
  await new BookingsRepository(db).insert({ ...row, ...ofMember });
  return { ...row, ...NO_PAYMENT, ...OF_NO_SERVICE, ...NOT_MOVED, ...ofMember };
}

/** GET /api/booking/available-times → its slots (asserting 200). */
export async function slotsOf(t: TestApp, businessId: string): Promise<string[]> {
  const response = await t.app.inject({
    url: `/api/booking/available-times?businessId=${encodeURIComponent(businessId)}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().slots;
}

/** One JSON call with a token (or none). */
export function call(
  t: TestApp,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  actor: Actor | null,
  payload?: unknown,
  extra: Partial<InjectOptions> = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url,
    headers: actor ? actor.headers : {},
    ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    ...extra,
  });
}

export const bookingBody = (
  business: Actor,
  bookingDateTime: string,
  overrides: Record<string, unknown> = {},
) => ({
  businessId: business.id,
  bookingDateTime,
  price: '30',
  isHomeVisit: false,
  ...overrides,
});

/** Every booking column of the database, for "nothing changed" checks. */
export async function bookingsSnapshot(db: Db): Promise<string> {
  const [bookings, transitions] = await Promise.all([
    db.selectFrom('bookings').selectAll().orderBy('id').execute(),
    db.selectFrom('booking_transitions').selectAll().orderBy('id').execute(),
  ]);
  return JSON.stringify({ bookings, transitions });
}
