/**
 * `npm run test:cluster` (issue 15, api-contract §8.7): three API processes started at the same
 * moment on one fresh PostgreSQL database, behind nginx (round robin, X-Forwarded-For), with a real
 * SMTP listener. Each test proves one rule holds across the instances, not just within one.
 * Without PostgreSQL (TEST_DATABASE_URL, default the local server) or nginx the suite fails under
 * REQUIRE_FULL_TESTS=1 and is otherwise skipped with a loud warning.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../src/db/migrations';
import { type Account, PASSWORD, seedAccounts } from '../crash/server-process';
import { messageIdOf } from '../helpers/smtp';
import {
  AUTH_RATE_LIMIT,
  type Cluster,
  missingPrerequisites,
  READ_CACHE_TTL_MS,
  startCluster,
} from './cluster';

const missing = await missingPrerequisites();
if (missing.length > 0) {
  const message = `npm run test:cluster cannot run here: ${missing.join('; ')}`;
  if (process.env.REQUIRE_FULL_TESTS === '1')
    throw new Error(`${message}. REQUIRE_FULL_TESTS=1 forbids skipping.`);
  console.warn(`\n${'!'.repeat(78)}\n!! ${message}: the cluster tests are SKIPPED.\n${'!'.repeat(78)}\n`);
}

const INSTANCES = 3;
const APPROVALS = 50;
/** Clients booking and reading in a loop during the rolling restart, each pausing 50 ms. */
const ROLLING_LOAD_WORKERS = 4;
/** CLUSTER_ROLLING_ROUNDS=N restarts every instance N times (a soak run); 1 by default. */
const ROLLING_ROUNDS = Math.max(1, Number(process.env.CLUSTER_ROLLING_ROUNDS ?? 1) || 1);
const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/** A distinct client address for each call that counts against the per-IP auth limit. */
let nextAddress = 0;
const newAddress = () => {
  nextAddress += 1;
  return `198.51.${Math.floor(nextAddress / 250)}.${(nextAddress % 250) + 1}`;
};

const json = { 'content-type': 'application/json' };
const bearer = (token: string) => ({ ...json, authorization: `Bearer ${token}` });

interface Tokens {
  accessToken: string;
  refreshToken: string;
}

describe.skipIf(missing.length > 0)(`${INSTANCES} API processes on one PostgreSQL behind nginx`, () => {
  let cluster: Cluster;
  let customers: Account[];
  let businesses: Account[];
  let startMs = 0;
  /** The requesters' access tokens (15 minutes), from the approvals test. */
  let requesterTokens: Tokens[] = [];
  /** The booking of the read-cache test, whose thread the live-stream test writes to. */
  let sharedBooking: { bookingId: string; customerToken: string; businessToken: string } | undefined;

  /** POST /api/auth/login through nginx, from an address of its own. */
  async function login(email: string, baseUrl = cluster.baseUrl): Promise<Tokens> {
    const password = Buffer.from(PASSWORD, 'utf8').toString('base64');
    const response = await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { ...json, 'x-password-encoding': 'base64', 'x-forwarded-for': newAddress() },
      body: JSON.stringify({ email, password }),
    });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`login of ${email} answered ${response.status}: ${text}`);
    return JSON.parse(text) as Tokens;
  }

  /**
   * The business's offered times from two hours ahead (at least an hour ahead, whatever the season).
   * The soonest ones stop being bookable as the clock passes them (the notice, the next start every
   * 15 minutes), and a test books its times seconds after it read them: one run at 00:59 had 46
   * requests for the first offered time refused as no longer available.
   */
  async function slotsOf(baseUrl: string, businessId: string): Promise<string[]> {
    const response = await fetch(`${baseUrl}/api/booking/available-times?businessId=${businessId}`);
    const text = await response.text();
    if (response.status !== 200) throw new Error(`available-times answered ${response.status}: ${text}`);
    // A slot is London's wall time ('2026-03-02 09:00'): read as UTC it is at most an hour late.
    const soonest = Date.now() + 2 * 60 * 60 * 1000;
    return (JSON.parse(text) as { slots: string[] }).slots.filter(
      (slot) => Date.parse(`${slot.replace(' ', 'T')}Z`) >= soonest,
    );
  }

  async function book(baseUrl: string, token: string, businessId: string, slot: string): Promise<string> {
    const response = await fetch(`${baseUrl}/api/booking/book`, {
      method: 'POST',
      headers: bearer(token),
      body: JSON.stringify({ businessId, bookingDateTime: slot, price: 25, isHomeVisit: false }),
    });
    const text = await response.text();
    if (response.status !== 201) throw new Error(`the request answered ${response.status}: ${text}`);
    return (JSON.parse(text) as { booking: { id: string } }).booking.id;
  }

  const approve = (baseUrl: string, token: string, businessId: string, bookingId: string) =>
    fetch(`${baseUrl}/api/booking/setstatus`, {
      method: 'PATCH',
      headers: bearer(token),
      body: JSON.stringify({ businessId, bookingId, status: 'Approved' }),
    });

  beforeAll(async () => {
    const started = Date.now();
    cluster = await startCluster(INSTANCES);
    startMs = Date.now() - started;
    ({ customers, businesses } = await seedAccounts(cluster.db, { customers: APPROVALS + 2, businesses: 4 }));
  });

  afterAll(async () => {
    await cluster?.stop();
  });

  it('all three, started at the same moment on a fresh database, become ready, with each migration recorded once', async () => {
    for (const instance of cluster.instances) {
      const response = await fetch(`${instance.baseUrl}/api/ready`);
      expect(response.status, `${instance.name} /api/ready`).toBe(200);
    }
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(cluster.db);
    const names = rows.map((row) => row.name).sort();
    expect(names).toEqual(Object.keys(migrations).sort());
    console.info(`cluster ready in ${startMs} ms`);
  });

  it(`${APPROVALS} concurrent approvals and counter-offer acceptances of ${APPROVALS} requests for one hour, through nginx across the instances: exactly one 200, the rest 409 SlotTaken, one held booking`, async () => {
    const business = businesses[0] as Account;
    const hour = (await slotsOf(cluster.baseUrl, business.id))[30] as string;
    const requesters = customers.slice(0, APPROVALS);
    const tokens = await Promise.all(requesters.map((c) => login(c.email)));
    requesterTokens = tokens;
    const bookingIds = await Promise.all(
      tokens.map((t) => book(cluster.baseUrl, t.accessToken, business.id, hour)),
    );
    const { accessToken } = await login(business.email);
    // Every other request gets a counter offer first: its customer's acceptance races the
    // business's approvals of the rest (both would hold the hour).
    const countered = new Set(bookingIds.filter((_, i) => i % 2 === 1));
    await Promise.all(
      [...countered].map(async (bookingId) => {
        const response = await fetch(`${cluster.baseUrl}/api/booking/counter`, {
          method: 'PATCH',
          headers: bearer(accessToken),
          body: JSON.stringify({ businessId: business.id, bookingId, newPrice: 30 }),
        });
        expect(response.status, await response.text()).toBe(200);
      }),
    );
    const responses = await Promise.all(
      bookingIds.map((id, i) =>
        countered.has(id)
          ? fetch(`${cluster.baseUrl}/api/booking/respond-to-counter`, {
              method: 'PATCH',
              headers: bearer((tokens[i] as Tokens).accessToken),
              body: JSON.stringify({ businessId: business.id, bookingId: id, response: 'Accepted' }),
            })
          : approve(cluster.baseUrl, accessToken, business.id, id),
      ),
    );
    const bodies = await Promise.all(
      responses.map(async (r) => ({ status: r.status, body: await r.text() })),
    );
    const upstreams = new Set(responses.map((r) => r.headers.get('x-upstream')));
    expect(upstreams.size, 'the calls reached every instance').toBe(INSTANCES);
    const won = bodies.filter((b) => b.status === 200);
    const lost = bodies.filter((b) => b.status !== 200);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(APPROVALS - 1);
    for (const loss of lost) {
      expect(loss.status, loss.body).toBe(409);
      expect((JSON.parse(loss.body) as { code: string }).code).toBe('SlotTaken');
    }
    const held = await cluster.db
      .selectFrom('bookings')
      .select(['id', 'status'])
      .where('business_id', '=', business.id)
      .where('status', 'in', ['Approved', 'Confirmed'])
      .execute();
    expect(held).toHaveLength(1);
    console.info(
      `the hour went to ${held[0]?.status === 'Confirmed' ? 'an accepted counter offer' : 'an approval'}`,
    );
  });

  it('one refresh token used on two instances at once: exactly one new pair, the other 401, and the login goes on (re-use within the 10 s grace)', async () => {
    const customer = customers[APPROVALS] as Account;
    const tokens = await login(customer.email);
    const [a, b] = cluster.instances as [Cluster['instances'][0], Cluster['instances'][0]];
    const refresh = (baseUrl: string, refreshToken: string) =>
      fetch(`${baseUrl}/api/auth/refresh`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ refreshToken }),
      });
    const answers = await Promise.all([
      refresh(a.baseUrl, tokens.refreshToken),
      refresh(b.baseUrl, tokens.refreshToken),
    ]);
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 401]);
    const winner = answers.find((r) => r.status === 200) as Response;
    const pair = (await winner.json()) as Tokens;
    expect(pair.refreshToken).not.toBe(tokens.refreshToken);
    // The refused re-use came within the grace window: the new pair still works, on any instance.
    const next = await refresh(cluster.instances[2]?.baseUrl as string, pair.refreshToken);
    expect(next.status).toBe(200);
    const me = await fetch(`${b.baseUrl}/api/user/userdetails`, { headers: bearer(pair.accessToken) });
    expect(me.status).toBe(200);
  });

  it(`the per-IP auth limit (AUTH_RATE_LIMIT=${AUTH_RATE_LIMIT}) counts across the instances: the ${AUTH_RATE_LIMIT + 1}th login from one X-Forwarded-For address through nginx is 429`, async () => {
    const address = '203.0.113.77';
    const attempt = (i: number) =>
      fetch(`${cluster.baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { ...json, 'x-forwarded-for': address },
        body: JSON.stringify({ email: `nobody-${i}@cluster.test`, password: 'Wrong-Password-1!' }),
      });
    const upstreams = new Set<string | null>();
    for (let i = 1; i <= AUTH_RATE_LIMIT; i += 1) {
      const response = await attempt(i);
      await response.text();
      expect(response.status, `attempt ${i}`).toBe(401);
      upstreams.add(response.headers.get('x-upstream'));
    }
    expect(upstreams.size, 'the attempts were spread over the instances').toBe(INSTANCES);
    // Whichever instance takes the next ones, the address is over its limit.
    for (let i = 0; i < INSTANCES; i += 1) {
      const response = await attempt(AUTH_RATE_LIMIT + 1 + i);
      await response.text();
      expect(
        response.status,
        `attempt ${AUTH_RATE_LIMIT + 1 + i} (${response.headers.get('x-upstream')})`,
      ).toBe(429);
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // Another address is not affected.
    const other = await fetch(`${cluster.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { ...json, 'x-forwarded-for': '203.0.113.78' },
      body: JSON.stringify({ email: 'nobody@cluster.test', password: 'Wrong-Password-1!' }),
    });
    await other.text();
    expect(other.status).toBe(401);
  });

  it('the per-account failure limit counts across the instances: after 5 wrong passwords from 5 addresses, the right one is 429 on every instance', async () => {
    const account = customers[APPROVALS + 1] as Account;
    const upstreams = new Set<string | null>();
    for (let i = 1; i <= 5; i += 1) {
      const response = await fetch(`${cluster.baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { ...json, 'x-forwarded-for': newAddress() },
        body: JSON.stringify({ email: account.email, password: 'Wrong-Password-1!' }),
      });
      await response.text();
      expect(response.status, `wrong password ${i}`).toBe(401);
      upstreams.add(response.headers.get('x-upstream'));
    }
    expect(upstreams.size, 'the failures were spread over the instances').toBe(INSTANCES);
    for (const instance of cluster.instances) {
      const response = await fetch(`${instance.baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { ...json, 'x-password-encoding': 'base64', 'x-forwarded-for': newAddress() },
        body: JSON.stringify({
          email: account.email,
          password: Buffer.from(PASSWORD, 'utf8').toString('base64'),
        }),
      });
      await response.text();
      expect(response.status, `the right password on ${instance.name}`).toBe(429);
    }
  });

  it(`a booking approved through one instance leaves another instance's available-times within the read cache's window (READ_CACHE_TTL_MS = ${READ_CACHE_TTL_MS} ms)`, async () => {
    const business = businesses[1] as Account;
    const customer = customers[0] as Account;
    const [writer, , reader] = cluster.instances as [
      Cluster['instances'][0],
      Cluster['instances'][0],
      Cluster['instances'][0],
    ];
    const slot = (await slotsOf(reader.baseUrl, business.id))[10] as string;
    const customerTokens = await login(customer.email);
    const businessTokens = await login(business.email);
    const bookingId = await book(writer.baseUrl, customerTokens.accessToken, business.id, slot);
    // The reader holds the list in its cache from just before the approval (it may have read it
    // up to READ_CACHE_TTL_MS earlier, so the slot may stay that long).
    expect(await slotsOf(reader.baseUrl, business.id)).toContain(slot);
    const approved = await approve(writer.baseUrl, businessTokens.accessToken, business.id, bookingId);
    expect(approved.status, await approved.text()).toBe(200);
    const at = Date.now();
    // The writer's own reads see it at once.
    expect(await slotsOf(writer.baseUrl, business.id)).not.toContain(slot);
    let goneAfter = -1;
    while (Date.now() - at < READ_CACHE_TTL_MS + 500) {
      if (!(await slotsOf(reader.baseUrl, business.id)).includes(slot)) {
        goneAfter = Date.now() - at;
        break;
      }
      await sleep(50);
    }
    expect(
      goneAfter,
      `the slot was still offered by ${reader.name} ${READ_CACHE_TTL_MS + 500} ms later`,
    ).toBeGreaterThanOrEqual(0);
    console.info(`slot gone from the other instance after ${goneAfter} ms`);
    sharedBooking = {
      bookingId,
      customerToken: customerTokens.accessToken,
      businessToken: businessTokens.accessToken,
    };
  });

  it("a message posted through one instance reaches the other party's live stream on another instance within 5 s", async () => {
    if (!sharedBooking) throw new Error('needs the booking of the read-cache test');
    const { bookingId, customerToken, businessToken } = sharedBooking;
    const [writer, listener] = cluster.instances as [Cluster['instances'][0], Cluster['instances'][0]];
    const abort = new AbortController();
    const stream = await fetch(`${listener.baseUrl}/api/events`, {
      headers: { authorization: `Bearer ${customerToken}` },
      signal: abort.signal,
    });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let received = '';
    const text = `Cluster hello ${Date.now()}`;
    try {
      const sentAt = Date.now();
      const posted = await fetch(`${writer.baseUrl}/api/booking/messages`, {
        method: 'POST',
        headers: bearer(businessToken),
        body: JSON.stringify({ bookingId, body: text }),
      });
      expect(posted.status, await posted.text()).toBe(201);
      const deadline = sentAt + 5_000;
      const timeout = setTimeout(() => abort.abort(), Math.max(0, deadline - Date.now()));
      try {
        while (!received.includes(text)) {
          const { value, done } = await reader.read();
          if (done) break;
          received += decoder.decode(value, { stream: true });
        }
      } catch {
        // aborted at the deadline
      } finally {
        clearTimeout(timeout);
      }
      const event = received.split('\n\n').find((block) => block.includes(text));
      expect(event, `the stream on ${listener.name} received within 5 s:\n${received}`).toBeDefined();
      expect(event).toContain('event: message');
      const data = JSON.parse(
        (event as string)
          .split('\n')
          .find((line) => line.startsWith('data: '))
          ?.slice(6) ?? '{}',
      );
      expect(data).toMatchObject({ bookingId, from: 'business', body: text });
      console.info(`message reached the other instance's stream after ${Date.now() - sentAt} ms`);
    } finally {
      abort.abort();
    }
  });

  /** Rows due and not finished: pending with no live lease, or claimed. */
  async function unfinishedDue(): Promise<number> {
    const row = await cluster.db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('status', '=', 'pending')
      .where('not_before', '<=', new Date().toISOString())
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * Waits until every due email is finished and the listener holds as many as the outbox marked
   * sent; then each sent row's Message-ID arrived, exactly once but for at most `repeats` of them
   * (§8.9: a crash repeats at most one message, with the same Message-ID), and nothing else arrived.
   */
  async function expectEachEmailOnce(timeoutMs: number, repeats = 0): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    let sent: { message_id: string }[] = [];
    for (;;) {
      sent = await cluster.db
        .selectFrom('outbox')
        .select('message_id')
        .where('status', '=', 'sent')
        .execute();
      // Also until every message that arrived is one the outbox marked sent: a killed instance's
      // send that arrived, its row still pending (a retry not yet due), is not finished yet.
      const sentIds = new Set(sent.map((row) => row.message_id));
      const strays = cluster.smtp.received.filter((mail) => !sentIds.has(messageIdOf(mail.raw) ?? ''));
      if (
        (await unfinishedDue()) === 0 &&
        cluster.smtp.received.length >= sent.length &&
        strays.length === 0
      ) {
        break;
      }
      if (Date.now() > deadline) {
        throw new Error(
          `after ${timeoutMs} ms: ${await unfinishedDue()} due emails unfinished, ${sent.length} sent, ${cluster.smtp.received.length} received, ${strays.length} not marked sent`,
        );
      }
      await sleep(200);
    }
    const counts = new Map<string, number>();
    for (const message of cluster.smtp.received) {
      const id = messageIdOf(message.raw) ?? '(none)';
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    const twice = [...counts].filter(([, n]) => n > 1);
    expect(twice.length, `Message-IDs received more than once: ${JSON.stringify(twice)}`).toBeLessThanOrEqual(
      repeats,
    );
    for (const [, n] of twice) expect(n).toBe(2);
    expect([...counts.keys()].sort()).toEqual(sent.map((row) => row.message_id).sort());
    const failed = await cluster.db
      .selectFrom('outbox')
      .select('id')
      .where('status', '=', 'failed')
      .execute();
    expect(failed).toEqual([]);
    return sent.length;
  }

  it('the waiting list across the instances (api-contract §9.4): a freed time emails each customer waiting for its day exactly once', async () => {
    const business = businesses[1] as Account;
    const slot = (await slotsOf(cluster.baseUrl, business.id))[10] as string;
    const booker = customers[APPROVALS] as Account;
    const bookerToken = (await login(booker.email)).accessToken;
    const bookingId = await book(cluster.baseUrl, bookerToken, business.id, slot);
    const { accessToken: businessToken } = await login(business.email);
    const approved = await approve(cluster.baseUrl, businessToken, business.id, bookingId);
    expect(approved.status, await approved.text()).toBe(200);
    // Five customers wait for that day, their calls spread over the instances by nginx.
    const waiting = customers.slice(0, 5);
    const joined = await Promise.all(
      waiting.map((_, i) =>
        fetch(`${cluster.baseUrl}/api/booking/waitlist`, {
          method: 'POST',
          headers: bearer((requesterTokens[i] as Tokens).accessToken),
          body: JSON.stringify({ businessId: business.id, date: slot.slice(0, 10) }),
        }),
      ),
    );
    for (const response of joined) expect(response.status, await response.text()).toBe(201);
    const cancelled = await fetch(`${cluster.baseUrl}/api/booking/setstatus`, {
      method: 'PATCH',
      headers: bearer(bookerToken),
      body: JSON.stringify({ businessId: business.id, bookingId, status: 'Cancelled' }),
    });
    expect(cancelled.status, await cancelled.text()).toBe(200);
    // Within 2 minutes (the outbox's poll, any of the three workers), then nothing more.
    const opened = () =>
      cluster.smtp.received.filter((mail) => mail.raw.includes('Subject: A time opened at'));
    const deadline = Date.now() + 120_000;
    while (opened().length < waiting.length && Date.now() < deadline) await sleep(200);
    await sleep(2000);
    const perRecipient = new Map<string, number>();
    for (const mail of opened())
      for (const to of mail.to) perRecipient.set(to, (perRecipient.get(to) ?? 0) + 1);
    expect(Object.fromEntries(perRecipient)).toEqual(Object.fromEntries(waiting.map((c) => [c.email, 1])));
  });

  it('the outbox with all three workers running: every email of the tests so far arrives exactly once', async () => {
    const sent = await expectEachEmailOnce(30_000);
    // At least the 50 requests' emails to the business and the approval's to its customer.
    expect(sent).toBeGreaterThanOrEqual(APPROVALS + 1);
  });

  it('the outbox after one instance is SIGKILLed mid-burst of booking requests: every held request emails its business, by one Message-ID each (a crash may repeat one message)', async () => {
    const business = businesses[2] as Account;
    const slots = await slotsOf(cluster.baseUrl, business.id);
    const victim = cluster.instances[2] as Cluster['instances'][0];
    const before = await cluster.db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('to_address', '=', business.email)
      .executeTakeFirstOrThrow();
    expect(Number(before.n)).toBe(0);
    const attempts = requesterTokens.slice(0, 40).map(async (tokens, i) => {
      await sleep(i * 15);
      if (i === 15) victim.child.kill('SIGKILL');
      const response = await fetch(`${cluster.baseUrl}/api/booking/book`, {
        method: 'POST',
        headers: bearer(tokens.accessToken),
        body: JSON.stringify({
          businessId: business.id,
          bookingDateTime: slots[i % 5],
          price: 25,
          isHomeVisit: false,
        }),
      });
      await response.text();
      return response.status;
    });
    const statuses = await Promise.all(attempts);
    await victim.exited;
    const acknowledged = statuses.filter((status) => status === 201).length;
    // A request cut off by the kill may fail (502); every other one is acknowledged.
    expect(
      statuses.filter((status) => status !== 201 && status !== 502),
      JSON.stringify(statuses),
    ).toEqual([]);
    expect(acknowledged).toBeGreaterThanOrEqual(20);
    const requests = await cluster.db
      .selectFrom('bookings')
      .select('id')
      .where('business_id', '=', business.id)
      .execute();
    // Every acknowledged request is held; one cut off by the kill after its commit is held too.
    expect(requests.length).toBeGreaterThanOrEqual(acknowledged);
    expect(requests.length).toBeLessThanOrEqual(
      acknowledged + statuses.filter((status) => status === 502).length,
    );
    // A claim held by the killed process is taken over after its lease (45 s).
    await expectEachEmailOnce(75_000, 1);
    const toBusiness = new Set(
      cluster.smtp.received
        .filter((message) => message.to.includes(business.email))
        .map((m) => messageIdOf(m.raw)),
    );
    expect(toBusiness.size, 'one email to the business per request held').toBe(requests.length);
    console.info(
      `SIGKILL mid-burst: ${acknowledged} of 40 requests acknowledged, ${requests.length} held, each emailed to the business`,
    );
  });

  it(
    'a rolling restart under a steady booking load (each instance in turn marked down in nginx, SIGTERMed, started again and put back): no failed request through nginx, every acknowledged request held and emailed',
    async () => {
      await cluster.restart(2); // the one SIGKILLed above
      const business = businesses[3] as Account;
      const slots = await slotsOf(cluster.baseUrl, business.id);
      let running = true;
      let next = 0;
      let reads = 0;
      const failures: string[] = [];
      const booked: string[] = [];
      // Each call on a connection of its own: a reload of nginx closes the idle keep-alive
      // connections of its old workers, and fetch (unlike a browser) does not send a request again
      // when the reused connection it went out on turns out closed.
      const ownConnection = { connection: 'close' };
      const worker = async () => {
        while (running) {
          const k = next;
          next += 1;
          const tokens = requesterTokens[k % APPROVALS] as Tokens;
          const slot = slots[Math.floor(k / APPROVALS)] as string;
          try {
            const response = await fetch(`${cluster.baseUrl}/api/booking/book`, {
              method: 'POST',
              headers: { ...bearer(tokens.accessToken), ...ownConnection },
              body: JSON.stringify({
                businessId: business.id,
                bookingDateTime: slot,
                price: 25,
                isHomeVisit: false,
              }),
            });
            const text = await response.text();
            if (response.status === 201)
              booked.push((JSON.parse(text) as { booking: { id: string } }).booking.id);
            else
              failures.push(`request ${k}: ${response.status} ${response.headers.get('x-upstream')} ${text}`);
            const read = await fetch(
              `${cluster.baseUrl}/api/booking/available-times?businessId=${business.id}`,
              { headers: ownConnection },
            );
            await read.text();
            if (read.status === 200) reads += 1;
            else failures.push(`read ${k}: ${read.status} ${read.headers.get('x-upstream')}`);
          } catch (error) {
            const cause = (error as Error & { cause?: Error }).cause;
            failures.push(`request ${k}: ${(error as Error).message}${cause ? ` (${cause.message})` : ''}`);
          }
          await sleep(50);
        }
      };
      const workers = Array.from({ length: ROLLING_LOAD_WORKERS }, () => worker());
      await sleep(500);
      const restartMs: number[] = [];
      for (let round = 0; round < ROLLING_ROUNDS; round += 1) {
        for (let index = 0; index < INSTANCES; index += 1) {
          const restartAt = Date.now();
          await cluster.restart(index);
          restartMs.push(Date.now() - restartAt);
          await sleep(500);
        }
      }
      running = false;
      await Promise.all(workers);
      expect(failures, cluster.logs()).toEqual([]);
      expect(booked.length).toBeGreaterThan(10);
      const held = await cluster.db
        .selectFrom('bookings')
        .select('id')
        .where('business_id', '=', business.id)
        .execute();
      expect(held.map((row) => row.id).sort()).toEqual([...booked].sort());
      await expectEachEmailOnce(30_000, 1);
      const toBusiness = new Set(
        cluster.smtp.received
          .filter((message) => message.to.includes(business.email))
          .map((m) => messageIdOf(m.raw)),
      );
      expect(toBusiness.size, 'one email to the business per request').toBe(booked.length);
      console.info(
        `rolling restart (${ROLLING_ROUNDS} round(s) of ${INSTANCES} restarts): ${booked.length} requests and ${reads} reads through nginx, none failed; each restart (SIGTERM to ready) took ${restartMs.join(', ')} ms`,
      );
    },
    60_000 + ROLLING_ROUNDS * 150_000,
  );
});
