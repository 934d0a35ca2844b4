import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { AppDeps } from '../../src/app';
import { createDatabase, type Db, isPostgres } from '../../src/db/database';
import { HOUR_MS } from '../../src/lib/clock';
import type { Mailer } from '../../src/mail/mailer';
import { createSmtpMailer, type SmtpTimeouts } from '../../src/mail/smtp.mailer';
import { DEFAULT_OUTBOX_TIMING } from '../../src/modules/outbox/outbox.service';
import { OutboxRepository, type OutboxRow } from '../../src/repositories/outbox.repository';
import { createTestApp, type TestApp, type TestAppOptions } from '../helpers/app';
import { describeEachDatabase } from '../helpers/databases';
import { registration } from '../helpers/factories';
import { bookingBody, call, createBusiness, createCustomer, slotsOf } from '../helpers/marketplace';
import {
  freePort,
  messageIdOf,
  type Received,
  smtpReply,
  startSilentServer,
  startSmtpServer,
} from '../helpers/smtp';

const FROM = 'TrimTime NI <no-reply@test.local>';
const SETTINGS_URL = '/api/user/notification-settings';
const ALL_ON = { bookingUpdates: true, reminders: true, messages: true, marketing: false };

/**
 * The outbox under faults (issue 11, api-contract §8.3 and §8.9), against real SMTP listeners. Each
 * test drives delivery itself (`outboxWorker: false` + `drain()`, the test clock for time) except the
 * hung-server one, which needs the real worker to be stuck while requests are answered.
 */
describeEachDatabase('the outbox under faults', (database) => {
  const db = () => database().db;
  const cleanups: (() => Promise<unknown>)[] = [];

  beforeEach(async () => {
    // Each test sees only its own messages (one database per dialect for the whole file).
    await db().deleteFrom('outbox').execute();
  });
  afterEach(async () => {
    // Apps first (their workers and mailers), then the listeners they talk to.
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** A test app whose emails go only where the test says: `mail: 'worker'`, no worker unless asked. */
  async function open(
    deps: Partial<AppDeps>,
    options: Omit<TestAppOptions, 'deps' | 'mail'> & { on?: Db } = {},
  ): Promise<TestApp> {
    const t = await createTestApp(options.on ?? db(), {
      ...options,
      mail: 'worker',
      deps: { outboxWorker: false, ...deps },
    });
    cleanups.push(() => t.close());
    return t;
  }

  async function listen(...args: Parameters<typeof startSmtpServer>) {
    const smtp = await startSmtpServer(...args);
    cleanups.unshift(() => smtp.close());
    return smtp;
  }

  /** POST /api/auth/register for a new account: one code email enqueued (nothing delivered yet). */
  async function signUp(t: TestApp, email?: string): Promise<string> {
    const body = registration(email ? { email } : {});
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
    expect(response.statusCode, response.body).toBe(201);
    await t.app.whenIdle();
    return body.email.toLowerCase();
  }

  const rowsTo = (emails: readonly string[]) =>
    db().selectFrom('outbox').selectAll().where('to_address', 'in', emails).orderBy('created_at').execute();
  const rowById = (id: string) =>
    db().selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  /** How many times each Message-ID arrived. */
  function arrivals(received: readonly Received[]): Map<string, number> {
    const counts = new Map<string, number>();
    for (const message of received) {
      const id = messageIdOf(message.raw);
      if (id) counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    return counts;
  }

  const ms = (iso: string) => new Date(iso).getTime();

  it('keeps every message through 2 minutes of refused connections, then delivers each exactly once', async () => {
    const port = await freePort();
    const received: Received[] = [];
    const t = await open({ mailer: createSmtpMailer(`smtp://127.0.0.1:${port}`, FROM) });
    const emails: string[] = [];
    for (let i = 0; i < 5; i++) emails.push(await signUp(t));
    expect(await rowsTo(emails)).toHaveLength(5);

    // Nothing listens for 2 minutes of clock time; the worker tries every 10 s of it.
    const start = t.clock.now().getTime();
    /** Per message: the delay each failed try set before the next (not_before - the try's time). */
    const delays = new Map<string, number[]>();
    const seenAttempts = new Map<string, number>();
    while (t.clock.now().getTime() - start < 2 * 60_000) {
      await t.app.outbox.drain();
      for (const row of await rowsTo(emails)) {
        expect(row.status).toBe('pending');
        expect(row.lease_owner).toBeNull();
        expect(row.last_error).toMatch(/ECONNREFUSED/);
        if (seenAttempts.get(row.id) !== row.attempts) {
          seenAttempts.set(row.id, row.attempts);
          delays.set(row.id, [...(delays.get(row.id) ?? []), ms(row.not_before) - ms(row.updated_at)]);
        }
      }
      t.clock.advance(10_000);
    }
    for (const row of await rowsTo(emails)) {
      expect(row.status).toBe('pending');
      expect(row.sent_at).toBeNull();
      // Tries at 0, 20, 50 and 110 s: 15 s, then doubling.
      expect(row.attempts).toBe(4);
      const own = delays.get(row.id) ?? [];
      expect(own).toEqual([15_000, 30_000, 60_000, 120_000]);
      expect(own[0]).toBeLessThanOrEqual(30_000);
    }

    // Back on the same port: each message goes once, with the Message-ID it has had all along.
    await listen({ port, received });
    for (let step = 0; step < 60; step++) {
      await t.app.outbox.drain();
      const rows = await rowsTo(emails);
      if (rows.every((row) => row.status === 'sent')) break;
      t.clock.advance(10_000);
    }
    // A few more rounds, in case anything were to go twice.
    for (let step = 0; step < 3; step++) {
      t.clock.advance(HOUR_MS);
      await t.app.outbox.drain();
    }
    const rows = await rowsTo(emails);
    const counts = arrivals(received);
    expect(received).toHaveLength(5);
    for (const row of rows) {
      expect(row).toMatchObject({ status: 'sent', attempts: 5, last_error: null, lease_owner: null });
      expect(counts.get(row.message_id)).toBe(1);
      const message = received.find((m) => messageIdOf(m.raw) === row.message_id);
      expect(message?.to).toEqual([row.to_address]);
    }
  });

  it('answers requests at once while the worker is stuck on a server that never speaks; the try times out and waits', async () => {
    const silent = await startSilentServer();
    cleanups.unshift(() => silent.close());
    const timeouts: SmtpTimeouts = {
      // Nodemailer ends the greeting's wait `connectionMs` after connecting began, too.
      connectionMs: 1_500,
      greetingMs: 1_500,
      socketMs: 3_000,
      messageMs: 4_000,
    };
    const t = await open({
      mailer: createSmtpMailer(silent.url, FROM, timeouts),
      outboxWorker: true,
      outboxTiming: { pollMs: 20 },
    });

    const first = await signUp(t);
    const [stuck] = await rowsTo([first]);
    // The worker has taken it and sits on the silent connection.
    await vi.waitFor(
      async () => {
        expect(silent.accepted()).toBe(1);
        expect(await rowById(stuck!.id)).toMatchObject({ attempts: 1, status: 'pending' });
        expect((await rowById(stuck!.id)).lease_owner).not.toBeNull();
      },
      { timeout: 1_000, interval: 10 },
    );

    const began = performance.now();
    const second = await signUp(t);
    const took = performance.now() - began;
    expect(took).toBeLessThan(1_000);
    // Answered while the try was still hanging.
    expect(await rowById(stuck!.id)).toMatchObject({ attempts: 1, last_error: null });
    expect((await rowById(stuck!.id)).lease_owner).not.toBeNull();

    // Each try runs out of time; the row goes back to pending for later (the clock stands still).
    const now = t.clock.now().getTime();
    await vi.waitFor(
      async () => {
        const rows = await rowsTo([first, second]);
        expect(rows).toHaveLength(2);
        for (const row of rows) {
          expect(row).toMatchObject({ status: 'pending', attempts: 1, lease_owner: null, sent_at: null });
          expect(row.last_error).toMatch(/^SMTP timed out: Greeting never received/);
          expect(ms(row.not_before)).toBe(now + DEFAULT_OUTBOX_TIMING.retryBaseMs);
        }
      },
      { timeout: 6_000, interval: 25 },
    );

    // Due again: the worker is stuck once more; closing the app waits only for that try's timeout.
    const before = silent.accepted();
    t.clock.advance(DEFAULT_OUTBOX_TIMING.retryBaseMs);
    await vi.waitFor(() => expect(silent.accepted()).toBeGreaterThan(before), {
      timeout: 1_000,
      interval: 10,
    });
    const closing = performance.now();
    await cleanups.pop()?.(); // t.close()
    expect(performance.now() - closing).toBeLessThan(timeouts.greetingMs + 1_000);
    const rows = await rowsTo([first, second]);
    // The try in flight was recorded; the other message waits in the database for the next start.
    expect(rows.map((row) => row.attempts).sort()).toEqual([1, 2]);
    for (const row of rows) expect(row).toMatchObject({ status: 'pending', lease_owner: null });
  });

  it('fails a message refused with 550 after one try, never retries it, and shows and logs it without its body', async () => {
    const smtp = await listen({
      onRcptTo(address, _session, callback) {
        if (address.address.startsWith('nobody-')) {
          callback(smtpReply(550, 'No such mailbox here'));
          return;
        }
        callback();
      },
    });
    const t = await open({ mailer: createSmtpMailer(smtp.url, FROM) }, { captureLogs: true });
    const refused = await signUp(t, `nobody-${crypto.randomUUID().slice(0, 8)}@example.com`);
    const fine = await signUp(t);

    await t.app.outbox.drain();
    const [row] = await rowsTo([refused]);
    expect(row).toMatchObject({ status: 'failed', attempts: 1, lease_owner: null, sent_at: null });
    expect(row!.last_error).toMatch(/550/);
    expect(smtp.received.map((m) => m.to)).toEqual([[fine]]);

    for (let i = 0; i < 6; i++) {
      t.clock.advance(HOUR_MS);
      await t.app.outbox.drain();
    }
    expect(await rowById(row!.id)).toMatchObject({ status: 'failed', attempts: 1 });
    expect(smtp.received).toHaveLength(1);

    const listed = await t.app.inject({ url: `/api/dev/outbox?to=${encodeURIComponent(refused)}` });
    expect(listed.statusCode).toBe(200);
    const [shown] = listed.json().messages;
    expect(shown).toMatchObject({ status: 'failed', attempts: 1, messageId: row!.message_id, sentAt: null });
    expect(shown.lastError).toMatch(/550/);
    const failedOnly = await t.app.inject({ url: '/api/dev/outbox?status=failed' });
    expect(failedOnly.json().messages.map((m: { to: string }) => m.to)).toEqual([refused]);

    const page = await t.app.inject({ url: `/dev/outbox?to=${encodeURIComponent(refused)}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('class="state state-failed">Failed</span>');
    expect(page.body).toContain('1 try');
    expect(page.body).toMatch(/<span class="error">[^<]*550[^<]*<\/span>/);

    const lines = t.logs.filter((line) => line.includes('email refused by the mail server: not retried'));
    expect(lines).toHaveLength(1);
    const logged = JSON.parse(lines[0]!);
    expect(logged).toMatchObject({ outboxId: row!.id, messageId: row!.message_id, mailTo: refused });
    expect(logged.reason).toMatch(/550/);
    // The body (with its code) is in no log line.
    const [opened] = await t.app.outbox.list({ to: refused, limit: 1 });
    const code = opened!.text.match(/\b(\d{6})\b/)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(lines[0]).not.toContain(opened!.text.slice(0, 40));
    for (const line of t.logs) expect(line).not.toContain(code);
  });

  it('leaves a message claimed by a dead process alone until its lease runs out, then sends it once', async () => {
    const smtp = await listen();
    const t = await open({ mailer: createSmtpMailer(smtp.url, FROM) });
    const email = await signUp(t);
    const repository = new OutboxRepository(db());
    const dead = 'dead-host:1:deadbeef';
    const claimed = await repository.claimNext(
      dead,
      t.clock.now(),
      DEFAULT_OUTBOX_TIMING.leaseMs,
      isPostgres(db()),
    );
    expect(claimed).toMatchObject({ to_address: email, attempts: 1, lease_owner: dead });

    await t.app.outbox.drain();
    t.clock.advance(DEFAULT_OUTBOX_TIMING.leaseMs - 1_000);
    await t.app.outbox.drain();
    expect(smtp.received).toHaveLength(0);
    expect(await rowById(claimed!.id)).toMatchObject({ status: 'pending', lease_owner: dead });

    // Past the lease (45 s, within the 60 s of §8.9): the live worker takes it over.
    t.clock.advance(2_000);
    await t.app.outbox.drain();
    t.clock.advance(HOUR_MS);
    await t.app.outbox.drain();
    expect(smtp.received).toHaveLength(1);
    expect(messageIdOf(smtp.received[0]!.raw)).toBe(claimed!.message_id);
    expect(await rowById(claimed!.id)).toMatchObject({ status: 'sent', attempts: 2, lease_owner: null });

    // The dead process, were it to wake, can no longer record anything for it.
    expect(await repository.finish(claimed!.id, dead, { status: 'sent', now: t.clock.now() })).toBe(false);
    expect(
      await repository.finish(claimed!.id, dead, {
        status: 'pending',
        now: t.clock.now(),
        reason: 'late',
        retryAt: t.clock.now(),
      }),
    ).toBe(false);
    expect(await rowById(claimed!.id)).toMatchObject({ status: 'sent', last_error: null });
  });

  it('has two instances on one database deliver 100 messages between them, each exactly once', async () => {
    const smtp = await listen();
    // The second instance has its own connection(s) to the database, as another process would.
    const otherDb = createDatabase(database().config);
    cleanups.push(() => otherDb.destroy());
    const delivered = { a: [] as string[], b: [] as string[] };
    const counted = (into: string[]): Mailer => {
      const mailer = createSmtpMailer(smtp.url, FROM);
      return {
        send: async (message) => {
          await mailer.send(message);
          into.push(message.messageId);
        },
        close: () => mailer.close?.() ?? Promise.resolve(),
      };
    };
    const a = await open({ mailer: counted(delivered.a) });
    const b = await open({ mailer: counted(delivered.b) }, { on: otherDb });

    const emails = Array.from(
      { length: 100 },
      (_, i) => `many-${i}-${crypto.randomUUID().slice(0, 8)}@example.com`,
    );
    for (const [i, to] of emails.entries()) {
      await a.app.outbox.enqueue(
        db(),
        { to, subject: `Notice ${i}`, text: `Notice number ${i}` },
        { kind: 'security' },
      );
    }

    await Promise.all([a.app.outbox.drain(), b.app.outbox.drain()]);
    await Promise.all([a.app.outbox.drain(), b.app.outbox.drain()]);

    const rows = await rowsTo(emails);
    expect(rows).toHaveLength(100);
    for (const row of rows) expect(row).toMatchObject({ status: 'sent', attempts: 1, lease_owner: null });
    const counts = arrivals(smtp.received);
    expect(smtp.received).toHaveLength(100);
    expect(new Set(rows.map((row) => counts.get(row.message_id)))).toEqual(new Set([1]));
    expect(delivered.a.length + delivered.b.length).toBe(100);
    expect(new Set([...delivered.a, ...delivered.b]).size).toBe(100);
    // Both took part.
    expect(delivered.a.length).toBeGreaterThan(0);
    expect(delivered.b.length).toBeGreaterThan(0);
  });

  it('gives up on a message refused with 4xx for more than 24 hours, then retryFailed delivers it', async () => {
    let busy = true;
    const smtp = await listen({
      onMailFrom(_address, _session, callback) {
        callback(busy ? smtpReply(451, 'Mailbox busy, try again later') : undefined);
      },
    });
    const t = await open({ mailer: createSmtpMailer(smtp.url, FROM) }, { captureLogs: true });
    const email = await signUp(t);
    const created = t.clock.now().getTime();

    let row: OutboxRow | undefined;
    const delays: number[] = [];
    for (let i = 0; i < 100; i++) {
      await t.app.outbox.drain();
      [row] = await rowsTo([email]);
      if (row!.status !== 'pending') break;
      expect(row!.last_error).toMatch(/451/);
      delays.push(ms(row!.not_before) - ms(row!.updated_at));
      t.clock.advance(ms(row!.not_before) - t.clock.now().getTime());
    }
    expect(row).toMatchObject({ status: 'failed', lease_owner: null, sent_at: null });
    expect(row!.last_error).toMatch(/451 Mailbox busy/);
    const elapsed = t.clock.now().getTime() - created;
    expect(elapsed).toBeGreaterThanOrEqual(24 * HOUR_MS);
    expect(elapsed).toBeLessThanOrEqual(25 * HOUR_MS);
    // 15 s doubling up to an hour, then hourly.
    expect(delays.slice(0, 3)).toEqual([15_000, 30_000, 60_000]);
    expect(Math.max(...delays)).toBe(HOUR_MS);
    expect(row!.attempts).toBe(delays.length + 1);
    expect(t.logs.filter((line) => line.includes('email not delivered: gave up'))).toHaveLength(1);
    expect(smtp.received).toHaveLength(0);

    // Not retried on its own.
    t.clock.advance(2 * HOUR_MS);
    await t.app.outbox.drain();
    expect(await rowById(row!.id)).toMatchObject({ status: 'failed', attempts: row!.attempts });

    busy = false;
    expect(await t.app.outbox.retryFailed()).toBe(1);
    await t.app.outbox.drain();
    expect(await rowById(row!.id)).toMatchObject({
      status: 'sent',
      attempts: row!.attempts + 1,
      last_error: null,
    });
    expect(smtp.received).toHaveLength(1);
    expect(messageIdOf(smtp.received[0]!.raw)).toBe(row!.message_id);
  });

  it('skips a booking email whose recipient turned booking updates off after it was written', async () => {
    const smtp = await listen();
    const t = await open({ mailer: createSmtpMailer(smtp.url, FROM) });
    const business = await createBusiness(t, db());
    const customer = await createCustomer(t, db());

    const [slot] = await slotsOf(t, business.id);
    const booked = await call(t, 'POST', '/api/booking/book', customer, bookingBody(business, slot!));
    expect(booked.statusCode, booked.body).toBe(201);
    const [request] = await rowsTo([business.email]);
    expect(request).toMatchObject({ kind: 'booking', status: 'pending', recipient_id: business.id });

    const off = await call(t, 'PUT', SETTINGS_URL, business, { ...ALL_ON, bookingUpdates: false });
    expect(off.statusCode, off.body).toBe(200);
    await t.app.outbox.drain();
    expect(await rowById(request!.id)).toMatchObject({
      status: 'skipped',
      attempts: 1,
      last_error: 'Booking updates are turned off.',
      sent_at: null,
    });
    expect(smtp.received.filter((m) => m.to.includes(business.email))).toEqual([]);

    // The same for the customer's Approved email (with its invite).
    const approved = await call(t, 'PATCH', '/api/booking/setstatus', business, {
      businessId: business.id,
      bookingId: booked.json().booking.id,
      status: 'Approved',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const [decision] = (await rowsTo([customer.email])).filter((row) => row.kind === 'booking');
    expect(decision).toMatchObject({ status: 'pending', recipient_id: customer.id });
    expect(
      (await call(t, 'PUT', SETTINGS_URL, customer, { ...ALL_ON, bookingUpdates: false })).statusCode,
    ).toBe(200);
    await t.app.outbox.drain();
    expect(await rowById(decision!.id)).toMatchObject({
      status: 'skipped',
      last_error: 'Booking updates are turned off.',
    });
    expect(smtp.received.filter((m) => m.to.includes(customer.email))).toEqual([]);
  });
});
