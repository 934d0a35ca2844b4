/**
 * The outbox with real server processes (api-contract §8.3, §8.9; issue 11's faults), delivering
 * to a real SMTP listener. Counted by the Message-ID header of what the listener received, compared
 * with the outbox table read directly once the servers have stopped.
 *
 * 1. SIGKILL between commit and delivery (SQLite file, and PostgreSQL when TEST_DATABASE_URL is
 *    set): sign-ups and a booking request and approval are committed while SMTP refuses
 *    connections, so every message has failed one try; the server is killed, the listener opens on
 *    that port and the server restarts on the same database: every message arrives exactly once.
 * 2. Three server processes on one PostgreSQL database, one listener: CRASH_OUTBOX_BOOKINGS
 *    businesses (default 10, the short mode of `npm test` and CI; `npm run test:crash` runs 200) each
 *    get one request at the same slot from their own customer and approve it, requests and approvals
 *    round-robin over the processes, all at once. REMINDER_OFFSETS is chosen at spawn so that both
 *    reminders fall due a minute or two later. Exactly one email per event and one reminder per
 *    offset, none twice, all `sent`.
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import {
  generateBookableSlots,
  londonWallClockToUtc,
  parseReminderOffsets,
  utcToLondonWallClock,
} from '@app/domain';
import { afterAll, describe, expect, it } from 'vitest';
import type { OutboxRow } from '../../src/repositories/outbox.repository';
import { createTestDatabase, DIALECTS, type Dialect, type TestDatabase } from '../helpers/databases';
import { freePort, messageIdOf, type Received, startSmtpServer, type TestSmtpServer } from '../helpers/smtp';
import { recordFigures } from './figures';
import {
  type Account,
  ALL_DAY,
  bundleServer,
  login,
  SERVER_MODE,
  ServerProcess,
  seedAccounts,
  sleep,
} from './server-process';

const intFromEnv = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
};

/** Bookings in the three-process run: 10 by default (`npm test`, CI), 200 under `npm run test:crash`. */
const BOOKINGS = intFromEnv('CRASH_OUTBOX_BOOKINGS', 10);
const PROCESSES = 3;
/**
 * How long after REMINDER_OFFSETS is chosen the first reminder may fall due at the earliest: the
 * three processes' start and every request and approval must be done before it (a reminder whose
 * moment has passed at the approval is not written; checked after the approvals). Scaled by how long
 * one process took to start, which tells how busy the machine is.
 */
const reminderMargin = (oneStartMs: number) => 10_000 + 3 * oneStartMs + BOOKINGS * 250;
const MINUTE_MS = 60_000;

const figures: Record<string, unknown> = {};

/** Tries `check` every `everyMs` until it returns true; throws `describe()` after `timeoutMs`. */
async function until(
  check: () => Promise<boolean>,
  timeoutMs: number,
  describeFailure: () => Promise<string> | string,
  everyMs = 100,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(await describeFailure());
    await sleep(everyMs);
  }
}

/**
 * The outbox's rows, but the review invitations: an approval schedules one for an hour after the
 * appointment, days after these tests end (test/reviews delivers them).
 */
const outboxRows = (database: TestDatabase): Promise<OutboxRow[]> =>
  database.db
    .selectFrom('outbox')
    .selectAll()
    .where('kind', '!=', 'review_invite')
    .orderBy('created_at')
    .execute();

/** Rows not finished yet (pending, or claimed by a process). */
async function unfinished(database: TestDatabase): Promise<number> {
  const row = await database.db
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('status', '=', 'pending')
    .where('kind', '!=', 'review_invite')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const describeRows = (rows: readonly OutboxRow[]) =>
  rows
    .map(
      (row) =>
        `${row.status} ${row.kind} ${row.to_address} "${row.subject}" tries ${row.attempts} due ${row.not_before} lease ${row.lease_until ?? '-'} ${row.last_error ?? ''}`,
    )
    .join('\n');

/** A header of a raw message, unfolded ('' when missing). */
function headerOf(raw: string, name: string): string {
  const head = raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n(?=[ \t])/g, '');
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? line.slice(name.length + 1).trim() : '';
}

/** How many times each Message-ID arrived (a message without one counts under ''). */
function messageIdCounts(received: readonly Received[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const message of received) {
    const id = messageIdOf(message.raw) ?? '';
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}

/** The booking.ics part of a raw message: a text/calendar attachment named booking.ics. */
const hasCalendarAttachment = (raw: string) =>
  /Content-Type: text\/calendar[^\r\n]*(\r?\n[ \t][^\r\n]*)*/i.test(raw) &&
  /filename="?booking\.ics"?/i.test(raw) &&
  /Content-Disposition: attachment/i.test(raw);

async function json<T>(response: Response, expected: number, what: string): Promise<T> {
  const text = await response.text();
  if (response.status !== expected) throw new Error(`${what} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

const authorised = (token: string) => ({
  'content-type': 'application/json',
  authorization: `Bearer ${token}`,
});

/** POST /api/booking/book, then the business's PATCH /api/booking/setstatus Approved. */
async function requestBooking(
  baseUrl: string,
  customerToken: string,
  businessId: string,
  slot: string,
): Promise<string> {
  const response = await fetch(`${baseUrl}/api/booking/book`, {
    method: 'POST',
    headers: authorised(customerToken),
    body: JSON.stringify({ businessId, bookingDateTime: slot, price: 25, isHomeVisit: false }),
  });
  const body = await json<{ booking: { id: string; Status: string } }>(response, 201, 'the request');
  expect(body.booking.Status).toBe('Requested');
  return body.booking.id;
}

async function approveBooking(
  baseUrl: string,
  businessToken: string,
  businessId: string,
  bookingId: string,
): Promise<void> {
  const response = await fetch(`${baseUrl}/api/booking/setstatus`, {
    method: 'PATCH',
    headers: authorised(businessToken),
    body: JSON.stringify({ businessId, bookingId, status: 'Approved' }),
  });
  const body = await json<{ booking: { Status: string } }>(response, 200, 'the approval');
  expect(body.booking.Status).toBe('Approved');
}

afterAll(() => {
  if (Object.keys(figures).length > 0) recordFigures('outbox', { ...figures, serverMode: SERVER_MODE });
});

// The tests run at the same time (each on its own database and ports): most of their time is
// waiting for a retry or a reminder.
describe.concurrent('the outbox with server processes', () => {
  for (const dialect of DIALECTS) {
    describe(dialect, () => {
      it('SIGKILL between commit and delivery: after the restart every message is delivered exactly once, with the Message-ID it was given', async () => {
        const started = Date.now();
        const database = await createTestDatabase(dialect);
        const smtpPort = await freePort(); // nothing listens yet: connections are refused
        const server = new ServerProcess(database.config, {
          env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, REMINDER_OFFSETS: '' },
        });
        let smtp: TestSmtpServer | undefined;
        try {
          const { customers, businesses } = await seedAccounts(database.db, { customers: 1, businesses: 1 });
          const customer = customers[0] as Account;
          const business = businesses[0] as Account;
          await server.start();

          // Three sign-ups (a code email each), one booking request (to the business) and its approval
          // (to the customer, with booking.ics).
          const signUps = [1, 2, 3].map((i) => `sign-up-${i}-${Date.now()}@crash.test`);
          for (const email of signUps) {
            const response = await fetch(`${server.baseUrl}/api/auth/register`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({
                email,
                password: 'Passw0rd!', // the sign-up rules allow only @$!%*?& as specials
                firstName: 'Sam',
                lastName: 'Signup',
                address: '1 Main Street, Belfast, BT1 1AA',
                birthdate: '1990-05-01',
                phoneNumber: '+447123456789',
                userType: 'User',
              }),
            });
            await json(response, 201, `the sign-up of ${email}`);
          }
          const [customerToken, businessToken] = await Promise.all([
            login(server.baseUrl, customer.email),
            login(server.baseUrl, business.email),
          ]);
          const notBefore = utcToLondonWallClock(new Date(Date.now() + 3 * 3_600_000));
          const { slots } = await json<{ slots: string[] }>(
            await fetch(`${server.baseUrl}/api/booking/available-times?businessId=${business.id}`),
            200,
            'available-times',
          );
          const slot = slots.find((s) => s > notBefore);
          if (!slot) throw new Error('no slot three hours ahead');
          const bookingId = await requestBooking(server.baseUrl, customerToken, business.id, slot);
          await approveBooking(server.baseUrl, businessToken, business.id, bookingId);
          const expected = signUps.length + 2;

          // Every message has been tried once and refused, and none is held by a lease: the next try is
          // the retry 15 s after the failure (so the restarted process does not wait out a lease).
          await until(
            async () => {
              const rows = await outboxRows(database);
              return (
                rows.length === expected &&
                rows.every((row) => row.status === 'pending' && row.attempts >= 1 && row.lease_owner === null)
              );
            },
            15_000,
            async () => `the messages were not all tried once:\n${describeRows(await outboxRows(database))}`,
            50,
          );
          const before = await outboxRows(database);
          expect(before.every((row) => row.last_error !== null)).toBe(true);
          const killedAt = Date.now();
          expect((await server.kill()).signal).toBe('SIGKILL');

          smtp = await startSmtpServer({ port: smtpPort });
          await server.start();
          await until(
            async () => (await unfinished(database)) === 0,
            60_000,
            async () => `still pending after the restart:\n${describeRows(await outboxRows(database))}`,
            200,
          );
          const deliveredAfterKillMs = Date.now() - killedAt;
          await sleep(500); // a second delivery, if there were one, would arrive now
          server.signal('SIGTERM');
          expect((await server.waitForExit()).code).toBe(0);

          // With the server stopped: the table against what arrived.
          const rows = await outboxRows(database);
          expect(rows.map((row) => row.status)).toEqual(rows.map(() => 'sent'));
          expect(rows.map((row) => row.message_id).sort()).toEqual(
            before.map((row) => row.message_id).sort(),
          );
          const counts = messageIdCounts(smtp.received);
          expect([...counts.keys()].sort()).toEqual(rows.map((row) => row.message_id).sort());
          expect([...counts.values()]).toEqual(rows.map(() => 1));
          for (const row of rows) {
            const message = smtp.received.find((m) => messageIdOf(m.raw) === row.message_id);
            expect(message?.to).toEqual([row.to_address]);
            expect(headerOf(message?.raw ?? '', 'Subject')).toBe(row.subject);
          }
          const approval = rows.find((row) => row.to_address === customer.email);
          expect(approval?.subject).toBe('Your booking with Crash Cuts 1 is approved');
          const approvalRaw = smtp.received.find((m) => messageIdOf(m.raw) === approval?.message_id)?.raw;
          expect(hasCalendarAttachment(approvalRaw ?? '')).toBe(true);

          figures[`sigkill-${dialect}`] = {
            messages: rows.length,
            deliveredAfterKillMs,
            totalMs: Date.now() - started,
          };
          console.info(
            `[outbox ${dialect}] SIGKILL: ${rows.length} messages each delivered once, ${deliveredAfterKillMs} ms after the kill`,
          );
        } catch (error) {
          if (server.output) console.error(`[outbox ${dialect}] server output:\n${server.output}`);
          throw error;
        } finally {
          await server.stop();
          await smtp?.close();
          await database.drop();
        }
      }, 120_000);

      if (dialect === 'postgres') {
        it(
          `three server processes on one database, ${BOOKINGS} bookings requested and approved at once across them: exactly one email per event, one reminder per booking and offset, no Message-ID twice, every row sent`,
          async () => {
            await threeProcesses(dialect);
          },
          10 * MINUTE_MS,
        );
      }
    });
  }
});

async function threeProcesses(dialect: Dialect): Promise<void> {
  const started = Date.now();
  const database = await createTestDatabase(dialect);
  const smtp = await startSmtpServer();
  const servers: ServerProcess[] = [];
  // One bundle for the three processes (removed at the end; shared bundles are not their own).
  const bundle = SERVER_MODE === 'bundle' ? bundleServer() : undefined;
  try {
    const { customers, businesses } = await seedAccounts(database.db, {
      customers: BOOKINGS,
      businesses: BOOKINGS,
    });

    // The sign-ins (argon2: seconds for many accounts) on a process of their own, started first and
    // sending nothing; the sessions are in the database and the JWT secret is shared, so the tokens
    // work on the three processes started after it.
    const jwtSecret = randomBytes(32).toString('base64url');
    const options = (reminderOffsets: string) => ({
      jwtSecret,
      ...(bundle ? { bundle } : {}),
      env: { SMTP_URL: smtp.url, REMINDER_OFFSETS: reminderOffsets, READ_CACHE_TTL_MS: '0' },
    });
    const signInServer = new ServerProcess(database.config, options(''));
    servers.push(signInServer);
    await bundle; // made before the timing below
    const startAt = Date.now();
    await signInServer.start();
    const signInsAt = Date.now();
    const margin = reminderMargin(signInsAt - startAt);
    const signIn = (account: Account) => login(signInServer.baseUrl, account.email);
    const customerTokens = await Promise.all(customers.map(signIn));
    const businessTokens = await Promise.all(businesses.map(signIn));
    signInServer.signal('SIGTERM');
    expect((await signInServer.waitForExit()).code).toBe(0);

    // The slot: the earliest at least the margin and three minutes ahead (every business is open all
    // day, so it is the same for all). Two offsets a minute apart in whole minutes put the first
    // reminder between the margin and a minute after it, the second a minute later.
    const spawnAt = Date.now();
    const slot = generateBookableSlots({ availability: ALL_DAY, now: new Date(spawnAt) }).find(
      (s) => londonWallClockToUtc(s).getTime() - spawnAt >= margin + 3 * MINUTE_MS,
    );
    if (!slot) throw new Error('no slot ahead');
    const startsAt = londonWallClockToUtc(slot).getTime();
    const first = Math.floor((startsAt - spawnAt - margin) / MINUTE_MS);
    const offsets = `${first}m,${first - 1}m`;
    expect(parseReminderOffsets(offsets).map((o) => o.label)).toEqual([`${first}m`, `${first - 1}m`]);
    const firstDue = startsAt - first * MINUTE_MS;
    const secondDue = firstDue + MINUTE_MS;
    const processes = Array.from(
      { length: PROCESSES },
      () => new ServerProcess(database.config, options(offsets)),
    );
    servers.push(...processes);
    await Promise.all(processes.map((server) => server.start()));
    const serverFor = (i: number) => processes[i % PROCESSES] as ServerProcess;

    // Every process lists the slot (they compute it as the test did).
    for (const server of processes) {
      const { slots } = await json<{ slots: string[] }>(
        await fetch(`${server.baseUrl}/api/booking/available-times?businessId=${businesses[0]?.id}`),
        200,
        'available-times',
      );
      expect(slots).toContain(slot);
    }

    // Each booking's request on one process and its approval on the next, all at once.
    const writesAt = Date.now();
    const bookingIds = await Promise.all(
      businesses.map(async (business, i) => {
        const bookingId = await requestBooking(
          serverFor(i).baseUrl,
          customerTokens[i] as string,
          business.id,
          slot,
        );
        await approveBooking(serverFor(i + 1).baseUrl, businessTokens[i] as string, business.id, bookingId);
        return bookingId;
      }),
    );
    const approvedAt = Date.now();
    if (approvedAt >= firstDue) {
      throw new Error(
        `the approvals ended ${approvedAt - firstDue} ms after the first reminder's moment: widen reminderMargin (margin ${margin} ms, start ${writesAt - spawnAt} ms, writes ${approvedAt - writesAt} ms)`,
      );
    }
    const reminderRows = await database.db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('kind', '=', 'reminder')
      .executeTakeFirstOrThrow();
    expect(Number(reminderRows.n)).toBe(2 * BOOKINGS);

    // Until the second reminders are due and everything is delivered (each within 60 s of its moment).
    await until(
      async () => Date.now() > secondDue && (await unfinished(database)) === 0,
      secondDue - Date.now() + 2 * MINUTE_MS,
      async () => {
        const pending = (await outboxRows(database)).filter((row) => row.status !== 'sent');
        return `${pending.length} not sent:\n${describeRows(pending.slice(0, 20))}\n${servers.map((s) => s.output).join('\n')}`;
      },
      250,
    );
    const deliveredAt = Date.now();
    await sleep(1_000); // a second delivery, if there were one, would arrive now
    for (const server of processes) server.signal('SIGTERM');
    for (const server of processes) expect((await server.waitForExit()).code).toBe(0);

    // With every process stopped: the table against what arrived.
    const rows = await outboxRows(database);
    expect(rows).toHaveLength(4 * BOOKINGS);
    expect(rows.filter((row) => row.status !== 'sent').map((row) => `${row.status} ${row.subject}`)).toEqual(
      [],
    );
    const counts = messageIdCounts(smtp.received);
    const twice = [...counts].filter(([, n]) => n > 1);
    expect(twice).toEqual([]);
    expect(smtp.received).toHaveLength(rows.length);
    expect([...counts.keys()].sort()).toEqual(rows.map((row) => row.message_id).sort());

    // Per booking: the request to the business, the approval (with booking.ics) and one reminder per
    // offset to the customer, each received once.
    const byId = new Map(smtp.received.map((m) => [messageIdOf(m.raw) ?? '', m]));
    const bookingOf = new Map(bookingIds.map((id, i) => [id, i]));
    const perBooking = new Map<string, string[]>();
    let lateReminderMs = 0;
    for (const row of rows) {
      const message = byId.get(row.message_id);
      const i = bookingOf.get(row.booking_id ?? '');
      if (!message || i === undefined)
        throw new Error(`unexpected message ${row.subject} to ${row.to_address}`);
      const subject = headerOf(message.raw, 'Subject');
      expect(subject).toBe(row.subject);
      const customer = customers[i] as Account;
      const business = businesses[i] as Account;
      let what: string;
      if (subject === `New booking request from Cal Customer ${i + 1}`) {
        expect(message.to).toEqual([business.email]);
        what = 'request';
      } else if (subject === `Your booking with Crash Cuts ${i + 1} is approved`) {
        expect(message.to).toEqual([customer.email]);
        expect(hasCalendarAttachment(message.raw)).toBe(true);
        what = 'approval';
      } else if (subject.startsWith('Reminder:')) {
        expect(row.kind).toBe('reminder');
        expect(message.to).toEqual([customer.email]);
        expect(hasCalendarAttachment(message.raw)).toBe(false);
        what = `reminder ${row.dedupe_key?.split(':').at(-1)}`;
        expect(row.not_before).toBe(
          new Date(row.dedupe_key?.endsWith(`:${first}m`) ? firstDue : secondDue).toISOString(),
        );
        lateReminderMs = Math.max(lateReminderMs, Date.parse(row.sent_at ?? '') - Date.parse(row.not_before));
      } else {
        throw new Error(`unexpected subject ${subject}`);
      }
      perBooking.set(row.booking_id ?? '', [...(perBooking.get(row.booking_id ?? '') ?? []), what]);
    }
    const expectedKinds = ['approval', 'reminder', 'reminder', 'request'];
    for (const bookingId of bookingIds) {
      const kinds = (perBooking.get(bookingId) ?? []).map((k) => k.split(' ')[0]).sort();
      expect(kinds, bookingId).toEqual(expectedKinds);
      const reminders = (perBooking.get(bookingId) ?? []).filter((k) => k.startsWith('reminder')).sort();
      expect(reminders).toEqual([`reminder ${first - 1}m`, `reminder ${first}m`].sort());
    }
    expect(lateReminderMs).toBeLessThanOrEqual(MINUTE_MS);

    const connections = new Set(smtp.received.map((m) => m.connection)).size;
    figures.threeProcesses = {
      processes: PROCESSES,
      bookings: BOOKINGS,
      emails: rows.length,
      reminderOffsets: offsets,
      signInsMs: spawnAt - signInsAt,
      startMs: writesAt - spawnAt,
      reminderMarginMs: margin,
      requestsAndApprovalsMs: approvedAt - writesAt,
      approvedBeforeFirstReminderMs: firstDue - approvedAt,
      latestReminderAfterItsMomentMs: lateReminderMs,
      smtpConnections: connections,
      deliveredAfterSecondReminderDueMs: deliveredAt - secondDue,
      totalMs: Date.now() - started,
    };
    console.info(
      `[outbox ${dialect}] ${PROCESSES} processes, ${BOOKINGS} bookings: ${rows.length} emails each once over ${connections} SMTP connections; requests+approvals ${approvedAt - writesAt} ms; reminders at most ${lateReminderMs} ms after their moment; ${Date.now() - started} ms in all`,
    );
  } catch (error) {
    for (const [i, server] of servers.entries()) {
      if (server.output) console.error(`[outbox] server ${i} output:\n${server.output}`);
    }
    throw error;
  } finally {
    for (const server of servers) await server.stop();
    const file = await bundle?.catch(() => undefined);
    if (file) rmSync(file, { force: true });
    await smtp.close();
    await database.drop();
  }
}
