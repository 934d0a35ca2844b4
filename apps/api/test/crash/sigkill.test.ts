/**
 * Crash safety: the real server in a child process, on a SQLite file, under concurrent
 * booking writes (book, approve, deny, counter, cancel, accept, decline from several customers and
 * businesses), is killed with SIGKILL at a random moment, many times. Between kills, with the
 * server down, the file is opened directly and must pass `PRAGMA integrity_check`, and every write
 * the server acknowledged with a 2xx must be there with the state it acknowledged.
 *
 * An acknowledgement means "committed": BookingsService.book and .transition run the write in
 * `db.transaction().execute(...)`, which resolves only after COMMIT, and the route sends its 201/200
 * only after that promise (and the email after it) resolved. A request still in flight at the kill
 * may or may not have committed; it is allowed either way, and counted.
 *
 * CRASH_ITERATIONS sets the number of kills: 5 by default (the short mode `npm test` and CI run),
 * 40 under `npm run test:crash` and `npm run quality` (the long mode); the assertions are the same.
 * CRASH_SEED repeats a run's random choices, CRASH_MAX_DELAY_MS (default 1000) the longest time the
 * writes run before the kill.
 */
import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BookingStatus, holdsSlot, utcToLondonWallClock } from '@app/domain';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../src/db/database';
import { seededRandom } from '../../src/lib/seeded-random';
import { recordFigures } from './figures';
import { type Account, login, prepareDatabase, SERVER_MODE, ServerProcess, sleep } from './server-process';

const intFromEnv = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
};

/** Kills: 5 in the short mode (`npm test`), 40 under `npm run test:crash` (scripts/quality/run-suite.mjs). */
const ITERATIONS = intFromEnv('CRASH_ITERATIONS', 5);
const SEED = intFromEnv('CRASH_SEED', randomInt(1, 2 ** 31));
const MAX_KILL_DELAY_MS = intFromEnv('CRASH_MAX_DELAY_MS', 1000);
const CUSTOMERS = 6;
const BUSINESSES = 3;
/** Access tokens last 15 minutes; long local runs sign in again before that. */
const TOKEN_REFRESH_MS = 10 * 60_000;

/** What the test knows of one booking: its last acknowledged state, and a change in flight. */
interface Tracked {
  id: string;
  businessId: string;
  customerId: string;
  startsAt: string;
  status: BookingStatus;
  price: number;
  counterPrice: number | null;
  finalPrice: number | null;
  /** booking_transitions rows acknowledged (the request, then one per status change). */
  transitions: number;
  /** The status of a change sent and not yet answered (still set after a kill: in flight). */
  pending: BookingStatus | null;
}

interface BookingJson {
  id: string;
  BusinessID: string;
  CustomerID: string;
  Status: BookingStatus;
  BookingDateTime: string;
  Price: number;
  CounterPrice: number | null;
  FinalPrice: number | null;
}

interface BookingRowLite {
  id: string;
  business_id: string;
  customer_id: string;
  status: BookingStatus;
  starts_at: string;
  price: number;
  counter_price: number | null;
  final_price: number | null;
}

interface Actor extends Account {
  token: string;
}

interface IterationFigures {
  iteration: number;
  killAfterMs: number;
  acknowledged: number;
  rejected409: number;
  inFlightAtKill: number;
  committedButUnacknowledged: number;
  walBytesAtKill: number;
  restartMs: number;
}

const totals = {
  iterations: 0,
  acknowledgedWrites: 0,
  acknowledgedBookings: 0,
  acknowledgedStatusChanges: 0,
  rejected409: 0,
  inFlightAtKill: 0,
  committedButUnacknowledged: 0,
  bookingsVerifiedLastCheck: 0,
  checks: 0,
};

describe('SIGKILL crash safety (SQLite file, server in a child process)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'trimtime-crash-'));
  const dbPath = join(dir, 'crash.db');
  const server = new ServerProcess(dbPath);

  afterAll(async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('the database module opens SQLite files with journal_mode=WAL, synchronous=NORMAL (the driver syncs the log before answering) and foreign keys on', async () => {
    const db = createDatabase({ dialect: 'sqlite', path: join(dir, 'pragmas.db') });
    try {
      const one = async (pragma: string) =>
        Object.values((await sql.raw(`PRAGMA ${pragma}`).execute(db)).rows[0] as object)[0];
      expect(await one('journal_mode')).toBe('wal');
      // 1 = NORMAL: COMMIT does not sync; the driver syncs the log off the event loop before it
      // answers (test/db/sqlite-log-sync.test.ts), so an acknowledged write is on disk as under FULL.
      expect(await one('synchronous')).toBe(1);
      expect(await one('foreign_keys')).toBe(1);
    } finally {
      await db.destroy();
    }
  });

  it(
    'SIGKILL at CRASH_ITERATIONS random moments during concurrent booking writes, restarted on the same file each time: integrity_check ok and every acknowledged booking present with its acknowledged status and prices',
    async () => {
      const rng = seededRandom(SEED);
      const pick = <T>(items: readonly T[]): T => items[Math.floor(rng() * items.length)] as T;
      console.info(
        `[crash] seed ${SEED}, ${ITERATIONS} kills, writes run 0-${MAX_KILL_DELAY_MS} ms before each, server run as ${SERVER_MODE}`,
      );

      const accounts = await prepareDatabase(dbPath, { customers: CUSTOMERS, businesses: BUSINESSES });
      const startedAt = Date.now();
      await server.start();
      const signIn = async (account: Account): Promise<Actor> => ({
        ...account,
        token: await login(server.baseUrl, account.email),
      });
      let customers = await Promise.all(accounts.customers.map(signIn));
      let businesses = await Promise.all(accounts.businesses.map(signIn));
      let signedInAt = Date.now();

      // Every bookable hour of each business from three hours ahead (none passes during the run).
      const notBefore = utcToLondonWallClock(new Date(Date.now() + 3 * 3_600_000));
      const slotsOf = new Map<string, string[]>();
      for (const business of businesses) {
        const response = await fetch(
          `${server.baseUrl}/api/booking/available-times?businessId=${business.id}`,
        );
        expect(response.status).toBe(200);
        const { slots } = (await response.json()) as { slots: string[] };
        slotsOf.set(
          business.id,
          slots.filter((slot) => slot > notBefore),
        );
        expect(slotsOf.get(business.id)?.length).toBeGreaterThan(100);
      }

      const model = new Map<string, Tracked>();
      /** `${businessId} ${slot}` of every Approved/Confirmed booking known (or being made so). */
      const held = new Set<string>();
      const unexpected: string[] = [];
      const figures: IterationFigures[] = [];

      const apply = (tracked: Tracked, booking: BookingJson) => {
        tracked.status = booking.Status;
        tracked.price = booking.Price;
        tracked.counterPrice = booking.CounterPrice;
        tracked.finalPrice = booking.FinalPrice;
      };

      for (let iteration = 1; iteration <= ITERATIONS; iteration += 1) {
        if (Date.now() - signedInAt > TOKEN_REFRESH_MS) {
          customers = await Promise.all(customers.map(signIn));
          businesses = await Promise.all(businesses.map(signIn));
          signedInAt = Date.now();
        }
        const baseUrl = server.baseUrl;
        let killing = false;
        let acknowledged = 0;
        let rejected409 = 0;
        let booksInFlight = 0;

        /** One JSON call; a 2xx body, or null for a 409. Anything else is recorded as unexpected. */
        const call = async (
          actor: Actor,
          method: 'POST' | 'PATCH',
          path: string,
          body: unknown,
        ): Promise<{ booking: BookingJson } | null | 'killed'> => {
          let response: Response;
          let text: string;
          try {
            response = await fetch(`${baseUrl}${path}`, {
              method,
              headers: { 'content-type': 'application/json', authorization: `Bearer ${actor.token}` },
              body: JSON.stringify(body),
            });
            text = await response.text();
          } catch (error) {
            if (killing) return 'killed';
            unexpected.push(`${method} ${path} failed before the kill: ${(error as Error).message}`);
            return 'killed';
          }
          if (response.status === 200 || response.status === 201) {
            acknowledged += 1;
            return JSON.parse(text) as { booking: BookingJson };
          }
          if (response.status === 409) {
            rejected409 += 1;
            return null;
          }
          unexpected.push(`${method} ${path} ${JSON.stringify(body)} → ${response.status} ${text}`);
          return null;
        };

        const mine = (predicate: (t: Tracked) => boolean) =>
          [...model.values()].filter((t) => t.pending === null && predicate(t));

        const transition = async (
          actor: Actor,
          tracked: Tracked,
          to: BookingStatus,
          path: string,
          extra: Record<string, unknown>,
        ) => {
          tracked.pending = to;
          const result = await call(actor, 'PATCH', path, {
            businessId: tracked.businessId,
            bookingId: tracked.id,
            ...extra,
          });
          if (result === 'killed') return; // stays pending: it was in flight at the kill
          tracked.pending = null;
          if (result === null) return;
          expect(result.booking.Status).toBe(to);
          apply(tracked, result.booking);
          tracked.transitions += 1;
          totals.acknowledgedStatusChanges += 1;
        };

        const customerLoop = async (customer: Actor) => {
          while (!killing) {
            const countered = mine((t) => t.customerId === customer.id && t.status === 'Countered');
            if (countered.length > 0 && rng() < 0.8) {
              const tracked = pick(countered);
              const key = `${tracked.businessId} ${tracked.startsAt}`;
              if (!held.has(key) && rng() < 0.5) {
                held.add(key);
                await transition(customer, tracked, 'Confirmed', '/api/booking/respond-to-counter', {
                  response: 'Accepted',
                });
              } else {
                await transition(customer, tracked, 'Declined', '/api/booking/respond-to-counter', {
                  response: 'Declined',
                });
              }
              continue;
            }
            const requested = mine((t) => t.customerId === customer.id && t.status === 'Requested');
            if (requested.length > 2 && rng() < 0.3) {
              await transition(customer, pick(requested), 'Cancelled', '/api/booking/setstatus', {
                status: 'Cancelled',
              });
              continue;
            }
            // A new request, at a free hour this customer has no open request for.
            const business = pick(businesses);
            const slots = slotsOf.get(business.id) ?? [];
            let slot: string | undefined;
            for (let attempt = 0; attempt < 20 && slot === undefined; attempt += 1) {
              const candidate = pick(slots);
              if (held.has(`${business.id} ${candidate}`)) continue;
              const open = [...model.values()].some(
                (t) =>
                  t.customerId === customer.id &&
                  t.businessId === business.id &&
                  t.startsAt === candidate &&
                  (t.status === 'Requested' || t.status === 'Countered' || t.pending !== null),
              );
              if (!open) slot = candidate;
            }
            if (slot === undefined) {
              await sleep(1);
              continue;
            }
            booksInFlight += 1;
            const result = await call(customer, 'POST', '/api/booking/book', {
              businessId: business.id,
              bookingDateTime: slot,
              price: 20 + Math.floor(rng() * 30),
              isHomeVisit: false,
            });
            if (result === 'killed') return;
            booksInFlight -= 1;
            if (result === null) continue;
            const booking = result.booking;
            expect(booking.Status).toBe('Requested');
            model.set(booking.id, {
              id: booking.id,
              businessId: booking.BusinessID,
              customerId: booking.CustomerID,
              startsAt: booking.BookingDateTime,
              status: booking.Status,
              price: booking.Price,
              counterPrice: booking.CounterPrice,
              finalPrice: booking.FinalPrice,
              transitions: 1,
              pending: null,
            });
            totals.acknowledgedBookings += 1;
          }
        };

        const businessLoop = async (business: Actor) => {
          const slotCount = slotsOf.get(business.id)?.length ?? 0;
          while (!killing) {
            const requests = mine((t) => t.businessId === business.id && t.status === 'Requested');
            if (requests.length === 0) {
              await sleep(2);
              continue;
            }
            const tracked = pick(requests);
            const key = `${business.id} ${tracked.startsAt}`;
            const heldHere = [...held].filter((k) => k.startsWith(business.id)).length;
            const roll = rng();
            if (roll < 0.35 && !held.has(key) && heldHere < slotCount / 2) {
              held.add(key);
              await transition(business, tracked, 'Approved', '/api/booking/setstatus', {
                status: 'Approved',
              });
            } else if (roll < 0.6) {
              await transition(business, tracked, 'Countered', '/api/booking/counter', {
                newPrice: 25 + Math.floor(rng() * 40),
              });
            } else if (roll < 0.85 || held.has(key)) {
              await transition(business, tracked, 'Denied', '/api/booking/setstatus', { status: 'Denied' });
            } else {
              await sleep(1);
            }
          }
        };

        const workers = [...customers.map(customerLoop), ...businesses.map(businessLoop)];
        const killAfterMs = Math.floor(rng() * MAX_KILL_DELAY_MS);
        await sleep(killAfterMs);
        killing = true;
        const exit = await server.kill();
        expect(exit.signal).toBe('SIGKILL');
        await Promise.all(workers);
        let walBytesAtKill = 0;
        try {
          walBytesAtKill = statSync(`${dbPath}-wal`).size;
        } catch {
          // no WAL file: nothing was written since the last checkpoint
        }

        // The server is down: check the file itself.
        const inFlightAtKill = booksInFlight + [...model.values()].filter((t) => t.pending !== null).length;
        const check = verifyFile(dbPath, model, booksInFlight);
        expect(check.integrity).toBe('ok');
        expect(check.journalMode).toBe('wal');
        expect(check.foreignKeyProblems).toEqual([]);
        expect(check.doubleBooked).toEqual([]);
        expect(check.problems).toEqual([]);
        expect(unexpected).toEqual([]);

        // What is on disk is now the truth (a change in flight may have committed): carry on from it.
        held.clear();
        for (const row of check.rows) {
          const tracked = model.get(row.id) ?? {
            id: row.id,
            businessId: row.business_id,
            customerId: row.customer_id,
            startsAt: row.starts_at,
            status: row.status,
            price: row.price,
            counterPrice: row.counter_price,
            finalPrice: row.final_price,
            transitions: 0,
            pending: null,
          };
          tracked.status = row.status;
          tracked.price = row.price;
          tracked.counterPrice = row.counter_price;
          tracked.finalPrice = row.final_price;
          tracked.transitions = check.transitionCounts.get(row.id) ?? 0;
          tracked.pending = null;
          model.set(row.id, tracked);
          if (holdsSlot(row.status)) held.add(`${row.business_id} ${row.starts_at}`);
        }

        const restartStarted = Date.now();
        await server.start();
        const restartMs = Date.now() - restartStarted;

        totals.iterations += 1;
        totals.acknowledgedWrites += acknowledged;
        totals.rejected409 += rejected409;
        totals.inFlightAtKill += inFlightAtKill;
        totals.committedButUnacknowledged += check.committedButUnacknowledged;
        totals.bookingsVerifiedLastCheck = check.rows.length;
        totals.checks += 1;
        figures.push({
          iteration,
          killAfterMs,
          acknowledged,
          rejected409,
          inFlightAtKill,
          committedButUnacknowledged: check.committedButUnacknowledged,
          walBytesAtKill,
          restartMs,
        });
      }

      // The kills landed during writes, not between them.
      expect(totals.acknowledgedWrites).toBeGreaterThan(0);
      expect(figures.filter((f) => f.inFlightAtKill > 0).length).toBeGreaterThanOrEqual(ITERATIONS / 2);

      // After the last restart the server itself reads back every booking it acknowledged.
      for (const customer of customers) {
        const response = await fetch(`${server.baseUrl}/api/booking/userbookings`, {
          headers: { authorization: `Bearer ${customer.token}` },
        });
        expect(response.status).toBe(200);
        const { requests } = (await response.json()) as { requests: BookingJson[] };
        const expected = [...model.values()]
          .filter((t) => t.customerId === customer.id)
          .map((t) => `${t.id} ${t.status}`)
          .sort();
        expect(requests.map((b) => `${b.id} ${b.Status}`).sort()).toEqual(expected);
      }
      server.signal('SIGTERM');
      expect(await server.waitForExit()).toEqual({ code: 0, signal: null });

      const statuses: Record<string, number> = {};
      for (const tracked of model.values()) statuses[tracked.status] = (statuses[tracked.status] ?? 0) + 1;
      const summary = {
        seed: SEED,
        serverMode: SERVER_MODE,
        maxKillDelayMs: MAX_KILL_DELAY_MS,
        customers: CUSTOMERS,
        businesses: BUSINESSES,
        ...totals,
        bookingsByStatus: statuses,
        meanRestartMs: Math.round(figures.reduce((sum, f) => sum + f.restartMs, 0) / figures.length),
        durationMs: Date.now() - startedAt,
        iterationsDetail: figures,
      };
      console.info(
        `[crash] ${totals.iterations} SIGKILLs; ${totals.acknowledgedWrites} acknowledged writes (${totals.acknowledgedBookings} bookings, ${totals.acknowledgedStatusChanges} status changes) all present; ${totals.inFlightAtKill} requests in flight at the kills, ${totals.committedButUnacknowledged} of them had committed; ${totals.rejected409} 409s; ${describeCounts(statuses)}; mean restart ${summary.meanRestartMs} ms; ${Math.round(summary.durationMs / 1000)} s`,
      );
      recordFigures('sigkill', summary);
    },
    ITERATIONS * 15_000 + 60_000,
  );
});

const describeCounts = (statuses: Record<string, number>) =>
  Object.entries(statuses)
    .map(([status, count]) => `${count} ${status}`)
    .join(', ');

/**
 * Opens the file read-only while the server is down (a read-only connection neither checkpoints
 * nor removes the WAL, so the restarted server recovers it itself) and compares it with the model.
 */
function verifyFile(path: string, model: Map<string, Tracked>, booksInFlight: number) {
  const conn = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const integrity = conn.pragma('integrity_check', { simple: true });
    const journalMode = conn.pragma('journal_mode', { simple: true });
    const foreignKeyProblems = conn.pragma('foreign_key_check') as unknown[];
    const rows = conn
      .prepare(
        'SELECT id, business_id, customer_id, status, starts_at, price, counter_price, final_price FROM bookings',
      )
      .all() as BookingRowLite[];
    const transitionCounts = new Map(
      (
        conn
          .prepare('SELECT booking_id, count(*) AS n FROM booking_transitions GROUP BY booking_id')
          .all() as { booking_id: string; n: number }[]
      ).map((row) => [row.booking_id, row.n]),
    );
    const doubleBooked = conn
      .prepare(
        `SELECT business_id, starts_at, count(*) AS n FROM bookings WHERE status IN ('Approved', 'Confirmed')
         GROUP BY business_id, starts_at HAVING count(*) > 1`,
      )
      .all();

    const byId = new Map(rows.map((row) => [row.id, row]));
    const problems: string[] = [];
    let committedButUnacknowledged = 0;
    for (const tracked of model.values()) {
      const row = byId.get(tracked.id);
      if (!row) {
        problems.push(`acknowledged booking ${tracked.id} (${tracked.status}) is missing`);
        continue;
      }
      const transitions = transitionCounts.get(tracked.id) ?? 0;
      if (tracked.pending !== null && row.status === tracked.pending && row.status !== tracked.status) {
        // The change in flight at the kill had committed: allowed, and its history row with it.
        committedButUnacknowledged += 1;
        if (transitions !== tracked.transitions + 1) {
          problems.push(`${tracked.id}: ${transitions} transition rows, expected ${tracked.transitions + 1}`);
        }
        continue;
      }
      const expected = {
        business_id: tracked.businessId,
        customer_id: tracked.customerId,
        status: tracked.status,
        starts_at: tracked.startsAt,
        price: tracked.price,
        counter_price: tracked.counterPrice,
        final_price: tracked.finalPrice,
        transitions: tracked.transitions,
      };
      const actual = { ...row, transitions };
      const { id: _id, ...actualFields } = actual;
      if (JSON.stringify(actualFields) !== JSON.stringify(expected)) {
        problems.push(
          `${tracked.id}: on disk ${JSON.stringify(actualFields)}, acknowledged ${JSON.stringify(expected)}`,
        );
      }
    }
    // Bookings nobody acknowledged: only requests in flight at the kill, each with its one history row.
    const extras = rows.filter((row) => !model.has(row.id));
    committedButUnacknowledged += extras.length;
    if (extras.length > booksInFlight) {
      problems.push(
        `${extras.length} unacknowledged bookings but only ${booksInFlight} requests were in flight`,
      );
    }
    for (const row of extras) {
      if (row.status !== 'Requested' || transitionCounts.get(row.id) !== 1) {
        problems.push(
          `unacknowledged booking ${row.id} is ${row.status} with ${transitionCounts.get(row.id)} rows`,
        );
      }
    }
    return {
      integrity,
      journalMode,
      foreignKeyProblems,
      doubleBooked,
      problems,
      rows,
      transitionCounts,
      committedButUnacknowledged,
    };
  } finally {
    conn.close();
  }
}
