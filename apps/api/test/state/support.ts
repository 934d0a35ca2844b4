import { addDays, londonWallClockToUtc, todayInLondon } from '@app/domain';
import type { Db } from '../../src/db/database';
import type { TestApp } from '../helpers/app';
import { describeEachDatabase, type TestDatabase } from '../helpers/databases';

/** A positive whole number from the environment, or the CI default. */
export function envCount(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

/** Model runs per database (STATE_RUNS raises it for a longer local run). */
export const STATE_RUNS = envCount('STATE_RUNS', 40);
/** How many times each race is repeated per database (STATE_REPEATS). */
export const STATE_REPEATS = envCount('STATE_REPEATS', 3);
/** Per-test time limits that grow with the counts above (a loaded CI machine is slow). */
export const MODEL_TIMEOUT_MS = 120_000 + STATE_RUNS * 6_000;
export const RACE_TIMEOUT_MS = 30_000 + STATE_REPEATS * 15_000;

/** One describe per database, named exactly `sqlite` / `postgres` (see describeEachDatabase). */
export function onEachDatabase(body: (database: () => TestDatabase) => void): void {
  describeEachDatabase(undefined, body);
}

/** A London day a few days from the real today, so its hours are in the booking window. */
export const testDay = (daysAhead = 2) => addDays(todayInLondon(new Date()), daysAhead);

/** Moves the test clock (either way) to the instant of a London wall-clock time 'YYYY-MM-DD HH:MM'. */
export function setClock(t: TestApp, wallClock: string): void {
  t.clock.advance(londonWallClockToUtc(wallClock).getTime() - t.clock.now().getTime());
}

/** Minutes of a wall-clock 'YYYY-MM-DD HH:MM' on a plain (zone-free) timeline. */
export function wallMinutes(dateTime: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})$/.exec(dateTime);
  if (!match) throw new Error(`not a booking time: ${dateTime}`);
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  return Date.UTC(y, mo - 1, d, h, mi) / 60_000;
}

/** Two one-hour bookings overlap when their starts are less than an hour apart (api-contract §4). */
export const hoursOverlap = (a: string, b: string) => Math.abs(wallMinutes(a) - wallMinutes(b)) < 60;

export interface HeldBooking {
  id: string;
  business_id: string;
  starts_at: string;
  status: string;
}

/** Every Approved or Confirmed booking of these businesses, straight from the database. */
export function heldBookings(db: Db, businessIds: readonly string[]): Promise<HeldBooking[]> {
  if (businessIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('bookings')
    .select(['id', 'business_id', 'starts_at', 'status'])
    .where('business_id', 'in', businessIds)
    .where('status', 'in', ['Approved', 'Confirmed'])
    .orderBy('starts_at')
    .execute();
}

/** Pairs of one business's held bookings whose hours overlap: must always be empty. */
export function overlappingPairs(held: readonly HeldBooking[]): [HeldBooking, HeldBooking][] {
  const pairs: [HeldBooking, HeldBooking][] = [];
  for (let i = 0; i < held.length; i += 1) {
    for (let j = i + 1; j < held.length; j += 1) {
      const a = held[i]!;
      const b = held[j]!;
      if (a.business_id === b.business_id && hoursOverlap(a.starts_at, b.starts_at)) pairs.push([a, b]);
    }
  }
  return pairs;
}

/** Fisher–Yates with Math.random: races want a new order each repetition. */
export function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}
