import { performance } from 'node:perf_hooks';
import { type Availability, addDays, WEEKDAYS } from '@app/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, expect, it } from 'vitest';
import { sha256Hex } from '../../src/lib/secrets';
import { REFRESH_REUSE_GRACE_MS } from '../../src/modules/auth/auth.service';
import { createTestApp, type TestApp } from '../helpers/app';
import { login, PASSWORD, uniqueEmail } from '../helpers/factories';
import { businessRegistration, createAdmin, sendInvite } from '../helpers/invites';
import { type Actor, call, createBusiness, createCustomer, insertBooking } from '../helpers/marketplace';
import {
  heldBookings,
  hoursOverlap,
  onEachDatabase,
  overlappingPairs,
  RACE_TIMEOUT_MS,
  STATE_REPEATS,
  setClock,
  shuffled,
  testDay,
} from './support';

const RACERS = 50;
const DAY = testDay(2);
/** The day before DAY at noon: DAY's hours are ahead and in the booking window. */
const NOON_BEFORE = `${addDays(DAY, -1)} 12:00`;
/** One hour of DAY per repetition, so every repetition races on a fresh hour. */
const hourOf = (repetition: number) => `${DAY} ${String(9 + (repetition % 8)).padStart(2, '0')}:00`;

const statuses = (responses: LightMyRequestResponse[]) => responses.map((r) => r.statusCode);
const codes = (responses: LightMyRequestResponse[]) => responses.map((r) => r.json().code as string);

onEachDatabase((database) => {
  const db = () => database().db;
  const apps: TestApp[] = [];
  /** A fresh app (own JWT secret and clock) at NOON_BEFORE; closed after the test. */
  async function app() {
    const t = await createTestApp(db());
    setClock(t, NOON_BEFORE);
    apps.push(t);
    return t;
  }
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((t) => t.close()));
  });

  async function customers(t: TestApp, count: number): Promise<Actor[]> {
    return Promise.all(Array.from({ length: count }, () => createCustomer(t, db())));
  }

  const setStatus = (t: TestApp, actor: Actor, businessId: string, bookingId: string, status: string) =>
    call(t, 'PATCH', '/api/booking/setstatus', actor, { businessId, bookingId, status });
  const respond = (t: TestApp, actor: Actor, businessId: string, bookingId: string, response: string) =>
    call(t, 'PATCH', '/api/booking/respond-to-counter', actor, { businessId, bookingId, response });

  /** How many of the business's bookings are in `status`. */
  async function countWithStatus(businessId: string, status: string): Promise<number> {
    const rows = await db()
      .selectFrom('bookings')
      .select('status')
      .where('business_id', '=', businessId)
      .execute();
    return rows.filter((b) => b.status === status).length;
  }

  /** Exactly one winner; every loser a 409 SlotTaken; one held booking at the hour; one history row. */
  async function expectOneWinner(
    businessId: string,
    startsAt: string,
    responses: LightMyRequestResponse[],
    bookingIds: string[],
  ) {
    expect(statuses(responses).filter((s) => s === 200)).toHaveLength(1);
    const losers = responses.filter((r) => r.statusCode !== 200);
    expect(
      statuses(losers).every((s) => s === 409),
      JSON.stringify(statuses(losers)),
    ).toBe(true);
    expect(new Set(codes(losers))).toEqual(new Set(['SlotTaken']));
    const winner = responses.find((r) => r.statusCode === 200)!.json().booking;
    const held = await heldBookings(db(), [businessId]);
    expect(held.map((h) => [h.id, h.starts_at])).toEqual([[winner.id, startsAt]]);
    const history = await db()
      .selectFrom('booking_transitions')
      .select('to_status')
      .where('booking_id', 'in', bookingIds)
      .where('from_status', 'is not', null)
      .execute();
    expect(history).toEqual([{ to_status: winner.Status }]);
    return winner;
  }

  it(
    `${STATE_REPEATS}× ${RACERS} concurrent approvals of ${RACERS} requests for one hour: exactly one 200 (Approved), ${RACERS - 1}× 409 SlotTaken, one held booking and one history row, every time`,
    async () => {
      const t = await app();
      const racers = await customers(t, RACERS);
      for (let repetition = 0; repetition < STATE_REPEATS; repetition += 1) {
        const business = await createBusiness(t, db());
        const startsAt = hourOf(repetition);
        const bookingIds: string[] = [];
        for (const customer of racers) {
          bookingIds.push((await insertBooking(t, db(), { business, customer, startsAt })).id);
        }
        const responses = await Promise.all(
          shuffled(bookingIds).map((id) => setStatus(t, business, business.id, id, 'Approved')),
        );
        const winner = await expectOneWinner(business.id, startsAt, responses, bookingIds);
        expect(winner.Status).toBe('Approved');
        expect(await countWithStatus(business.id, 'Requested')).toBe(RACERS - 1);
      }
    },
    RACE_TIMEOUT_MS,
  );

  it(
    `${STATE_REPEATS}× ${RACERS} concurrent acceptances of ${RACERS} counter offers for one hour: exactly one 200 (Confirmed at the counter price), ${RACERS - 1}× 409 SlotTaken and the losers still Countered, every time`,
    async () => {
      const t = await app();
      const racers = await customers(t, RACERS);
      for (let repetition = 0; repetition < STATE_REPEATS; repetition += 1) {
        const business = await createBusiness(t, db());
        const startsAt = hourOf(repetition);
        const bookings: { customer: Actor; id: string }[] = [];
        for (const customer of racers) {
          const row = await insertBooking(t, db(), {
            business,
            customer,
            startsAt,
            status: 'Countered',
            counterPrice: 45,
          });
          bookings.push({ customer, id: row.id });
        }
        const responses = await Promise.all(
          shuffled(bookings).map(({ customer, id }) => respond(t, customer, business.id, id, 'Accepted')),
        );
        const winner = await expectOneWinner(
          business.id,
          startsAt,
          responses,
          bookings.map((b) => b.id),
        );
        expect(winner).toMatchObject({ Status: 'Confirmed', FinalPrice: 45 });
        expect(await countWithStatus(business.id, 'Countered')).toBe(RACERS - 1);
      }
    },
    RACE_TIMEOUT_MS,
  );

  it(
    `${STATE_REPEATS}× ${RACERS / 2} approvals and ${RACERS / 2} acceptances of one hour at once: exactly one wins, every time`,
    async () => {
      const t = await app();
      const racers = await customers(t, RACERS);
      for (let repetition = 0; repetition < STATE_REPEATS; repetition += 1) {
        const business = await createBusiness(t, db());
        const startsAt = hourOf(repetition);
        const calls: (() => Promise<LightMyRequestResponse>)[] = [];
        const ids: string[] = [];
        for (const [i, customer] of racers.entries()) {
          const countered = i % 2 === 1;
          const row = await insertBooking(t, db(), {
            business,
            customer,
            startsAt,
            status: countered ? 'Countered' : 'Requested',
            counterPrice: countered ? 40 : null,
          });
          ids.push(row.id);
          calls.push(() =>
            countered
              ? respond(t, customer, business.id, row.id, 'Accepted')
              : setStatus(t, business, business.id, row.id, 'Approved'),
          );
        }
        const responses = await Promise.all(shuffled(calls).map((go) => go()));
        await expectOneWinner(business.id, startsAt, responses, ids);
      }
    },
    RACE_TIMEOUT_MS,
  );

  it(
    `${STATE_REPEATS}× 8 concurrent registrations with one invite: exactly one 201 and one account, 7× 409 InviteUsed, the invite used by the winner, one confirmation email, every time`,
    async () => {
      const t = await app();
      const admin = await createAdmin(t, db());
      for (let repetition = 0; repetition < STATE_REPEATS; repetition += 1) {
        const email = uniqueEmail('shop');
        const code = await sendInvite(t, admin, email);
        const responses = await Promise.all(
          Array.from({ length: 8 }, (_, i) =>
            t.post(
              '/api/auth/register-with-invite',
              businessRegistration(code, { businessName: `Racer ${i}` }),
            ),
          ),
        );
        expect(statuses(responses).sort()).toEqual([201, ...Array(7).fill(409)]);
        expect(new Set(codes(responses.filter((r) => r.statusCode === 409)))).toEqual(
          new Set(['InviteUsed']),
        );
        const users = await db()
          .selectFrom('users')
          .select(['id', 'business_name'])
          .where('email', '=', email)
          .execute();
        expect(users).toHaveLength(1);
        const invites = await db()
          .selectFrom('invites')
          .select(['used_by'])
          .where('email', '=', email)
          .execute();
        expect(invites).toEqual([{ used_by: users[0]!.id }]);
        expect(t.mailer.to(email).filter((m) => /confirmation code/i.test(m.subject))).toHaveLength(1);
      }
    },
    RACE_TIMEOUT_MS,
  );

  it(
    `${STATE_REPEATS}× 8 concurrent refreshes of one refresh token (decision 0003): exactly one new pair, 7× 401 without ending the login; re-use after the ${REFRESH_REUSE_GRACE_MS / 1000} s grace ends it, every time`,
    async () => {
      const t = await app();
      const customer = await createCustomer(t, db());
      const refresh = (refreshToken: string) => t.post('/api/auth/refresh', { refreshToken });
      /** The stored tokens of the login (family) a refresh token belongs to. */
      const loginOf = async (refreshToken: string) => {
        const { family_id } = await db()
          .selectFrom('refresh_tokens')
          .select('family_id')
          .where('token_hash', '=', sha256Hex(refreshToken))
          .executeTakeFirstOrThrow();
        return db()
          .selectFrom('refresh_tokens')
          .select(['token_hash', 'rotated_at', 'revoked_at'])
          .where('family_id', '=', family_id)
          .execute();
      };
      for (let repetition = 0; repetition < STATE_REPEATS; repetition += 1) {
        const tokens = await login(t, { email: customer.email, password: PASSWORD });
        const responses = await Promise.all(Array.from({ length: 8 }, () => refresh(tokens.refreshToken)));
        expect(statuses(responses).sort()).toEqual([200, ...Array(7).fill(401)]);
        for (const loser of responses.filter((r) => r.statusCode === 401)) {
          expect(loser.json()).toEqual({
            code: 'NotAuthorized',
            message: 'Invalid or expired refresh token.',
          });
        }
        // Exactly one new refresh token was stored, in the same login: the presented one is rotated,
        // the new one live, nothing revoked.
        const pair = responses.find((r) => r.statusCode === 200)!.json();
        expect(Object.keys(pair).sort()).toEqual(['accessToken', 'refreshToken']);
        const stored = await loginOf(tokens.refreshToken);
        expect(stored).toHaveLength(2);
        expect(stored.filter((row) => row.revoked_at !== null)).toEqual([]);
        const fresh = stored.find((row) => row.token_hash === sha256Hex(pair.refreshToken));
        expect(fresh?.rotated_at).toBeNull();
        expect(stored.find((row) => row !== fresh)?.rotated_at).not.toBeNull();
        // The login survives the race: the new token rotates again.
        const next = await refresh(pair.refreshToken);
        expect(next.statusCode).toBe(200);
        // After the grace, presenting the first token again ends the whole login.
        t.clock.advance(REFRESH_REUSE_GRACE_MS + 1000);
        expect((await refresh(tokens.refreshToken)).statusCode).toBe(401);
        expect((await refresh(next.json().refreshToken)).statusCode).toBe(401);
        expect((await loginOf(tokens.refreshToken)).every((row) => row.revoked_at !== null)).toBe(true);
      }
    },
    RACE_TIMEOUT_MS,
  );

  // ---- Weekly hours changing while bookings are approved and accepted -------------------------------

  const range = (start: string, end: string) => ({ start, end });
  /**
   * Weekly hours that only ever shrink, each inside the one before, the same every day. So the hours
   * in force at any moment of a call are inside the hours set by the last change that had finished
   * before the call was sent, and contain the hours of the last change sent before it returned.
   */
  const SHRINKING: Availability[] = [
    [range('09:00', '17:00')],
    [range('09:00', '12:00'), range('13:00', '17:00')],
    [range('09:30', '12:00'), range('13:00', '16:30')],
    [range('10:00', '12:00'), range('13:00', '16:00')],
    [range('10:00', '11:30'), range('13:30', '16:00')],
    [range('13:30', '15:30')],
    [range('14:00', '15:00')],
  ].map((ranges) => Object.fromEntries(WEEKDAYS.map((day) => [day, ranges])));
  const minutesOfDay = (time: string) => {
    const [h, m] = time.split(':').map(Number) as [number, number];
    return h * 60 + m;
  };
  /** The hour [start, start + 60 min) lies inside one of the day's ranges (api-contract §4: a booking lasts one hour). */
  const withinHours = (startsAt: string, hours: Availability) => {
    const start = minutesOfDay(startsAt.slice(11));
    const ranges = Object.values(hours)[0] ?? [];
    return ranges.some((r) => minutesOfDay(r.start) <= start && start + 60 <= minutesOfDay(r.end));
  };

  it(
    `${STATE_REPEATS}× weekly hours shrinking 6 times while 32 requests and counter offers on the half hours are approved and accepted at once: no 5xx, no held hours overlap, every approval/acceptance lies inside the hours in force during the call, every refusal is justified (hours in force excluded it, or an overlapping booking holds the hour)`,
    async () => {
      const t = await app();
      const people = await customers(t, 32);
      for (let repetition = 0; repetition < STATE_REPEATS; repetition += 1) {
        const business = await createBusiness(t, db(), { availability: SHRINKING[0]! });
        interface Op {
          startsAt: string;
          bookingId: string;
          go: () => Promise<LightMyRequestResponse>;
          sentAt?: number;
          doneAt?: number;
          response?: LightMyRequestResponse;
        }
        const ops: Op[] = [];
        // Each half hour 09:00 … 16:30: one request to approve and one counter offer to accept (as if
        // made under earlier hours that started on the half hour).
        for (let i = 0; i < 16; i += 1) {
          const minutes = 9 * 60 + i * 30;
          const startsAt = `${DAY} ${String(Math.floor(minutes / 60)).padStart(2, '0')}:${minutes % 60 === 0 ? '00' : '30'}`;
          const requester = people[2 * i]!;
          const counterTaker = people[2 * i + 1]!;
          const requested = await insertBooking(t, db(), { business, customer: requester, startsAt });
          const countered = await insertBooking(t, db(), {
            business,
            customer: counterTaker,
            startsAt,
            status: 'Countered',
            counterPrice: 50,
          });
          ops.push({
            startsAt,
            bookingId: requested.id,
            go: () => setStatus(t, business, business.id, requested.id, 'Approved'),
          });
          ops.push({
            startsAt,
            bookingId: countered.id,
            go: () => respond(t, counterTaker, business.id, countered.id, 'Accepted'),
          });
        }

        const changes: { sentAt: number; doneAt: number; status: number }[] = [];
        const pause = () => new Promise((resolve) => setTimeout(resolve, Math.random() * 4));
        const changeHours = async () => {
          for (const hours of SHRINKING.slice(1)) {
            await pause();
            const sentAt = performance.now();
            // Keeping the agreed bookings the new hours leave out (issue 29): the check lists them;
            // one approved between the check and the change makes it 409 AgreedBookingsChanged,
            // and the business checks again.
            let response: LightMyRequestResponse | undefined;
            for (let attempt = 0; attempt < 40 && response?.statusCode !== 200; attempt += 1) {
              const listed = await call(t, 'POST', '/api/user/availability/check', business, {
                availability: hours,
              });
              const bookingIds = listed.json().bookings.map((booking: { id: string }) => booking.id);
              response = await call(t, 'PUT', '/api/user/availability', business, {
                availability: hours,
                agreedBookings: { action: 'keep', bookingIds },
              });
              if (response.statusCode !== 200) expect(response.json().code).toBe('AgreedBookingsChanged');
            }
            changes.push({ sentAt, doneAt: performance.now(), status: response?.statusCode ?? 0 });
          }
        };
        const queue = shuffled(ops);
        const lane = async () => {
          for (let op = queue.shift(); op; op = queue.shift()) {
            await pause();
            op.sentAt = performance.now();
            op.response = await op.go();
            op.doneAt = performance.now();
          }
        };
        await Promise.all([changeHours(), lane(), lane(), lane(), lane()]);

        expect(changes.map((c) => c.status)).toEqual(Array(SHRINKING.length - 1).fill(200));
        /** Index into SHRINKING of the hours set by the last change finished before `at` (0: none). */
        const finishedBefore = (at: number) => changes.filter((c) => c.doneAt < at).length;
        /** Index of the hours set by the last change sent before `at`. */
        const sentBefore = (at: number) => changes.filter((c) => c.sentAt < at).length;

        const held = await heldBookings(db(), [business.id]);
        expect(overlappingPairs(held)).toEqual([]);
        for (const op of ops) {
          const response = op.response!;
          const what = `${op.startsAt} → ${response.statusCode} ${response.body}`;
          expect([200, 409], what).toContain(response.statusCode);
          if (response.statusCode === 200) {
            // Inside the widest hours that can have been in force at any moment of the call.
            expect(withinHours(op.startsAt, SHRINKING[finishedBefore(op.sentAt!)]!), what).toBe(true);
            expect(held.map((h) => h.id)).toContain(op.bookingId);
            continue;
          }
          const { code, message } = response.json();
          if (code === 'SlotTaken') {
            expect(
              held.some((h) => hoursOverlap(h.starts_at, op.startsAt)),
              what,
            ).toBe(true);
          } else {
            expect(code, what).toBe('InvalidTransition');
            expect(message, what).toMatch(
              /^Cannot change booking from (Requested to Approved|Countered to Confirmed): /,
            );
            // Refused for its hours only if the narrowest hours that can have been in force exclude it.
            expect(withinHours(op.startsAt, SHRINKING[sentBefore(op.doneAt!)]!), what).toBe(false);
          }
        }
        // Nothing was refused that could have been taken: every booking left over is outside the final
        // hours or overlaps a held one.
        const finalHours = SHRINKING.at(-1)!;
        for (const op of ops.filter((o) => o.response!.statusCode !== 200)) {
          const excluded = !withinHours(op.startsAt, finalHours);
          const overlapped = held.some((h) => hoursOverlap(h.starts_at, op.startsAt));
          expect(excluded || overlapped, `${op.startsAt} left over`).toBe(true);
        }
        // Some calls won (the 14:00 hour is inside every hours of the chain).
        expect(held.length).toBeGreaterThan(0);
      }
    },
    RACE_TIMEOUT_MS,
  );
});
