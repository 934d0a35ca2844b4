/**
 * Message delivery latency (issue 13, api-contract §8.8): from POST /api/booking/messages to the
 * other party's server-sent event on GET /api/events, over many messages at many concurrent
 * conversations: on SQLite (one process), on PostgreSQL (one process), and across two processes on
 * one PostgreSQL database (posted through one, streamed from the other).
 *
 *   npm run bench:messages              1,000 messages at 50 conversations; writes the `messages`
 *                                        section of docs/quality.md
 *   npm run bench:messages -- --short   CI: 200 at 10; writes test-output/bench-messages-short.md
 *
 * A benchmark reports; it fails only when a message is lost or doubled, or a call is refused.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { addDays, todayInLondon } from '@app/domain';
import pg from 'pg';
import type { DatabaseConfig } from '../src/config';
import { createDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { newUserRow } from '../src/db/new-user-row';
import { hashPassword } from '../src/lib/passwords';
import { BookingsRepository } from '../src/repositories/bookings.repository';
import { adminQuery, postgresUrl } from './postgres-server';
import {
  type Child,
  freePort,
  productionApiEnv,
  startTypeScript,
  waitForOutput,
  waitUntilUp,
} from './processes';
import { BENCH_PASSWORD } from './seed';
import { mintAccessTokens } from './tokens';

type Dialect = 'sqlite' | 'postgres';

interface Setup {
  name: string;
  dialect: Dialect;
  /** API processes: messages are posted through the first, streams read from the last. */
  instances: 1 | 2;
}

const SETUPS: Setup[] = [
  { name: 'SQLite, one process', dialect: 'sqlite', instances: 1 },
  { name: 'PostgreSQL, one process', dialect: 'postgres', instances: 1 },
  {
    name: 'PostgreSQL, two processes (posted through one, streamed from the other)',
    dialect: 'postgres',
    instances: 2,
  },
];

const ROOT = join(import.meta.dirname, '..', '..', '..');

interface Options {
  short: boolean;
  conversations: number;
  messages: number;
}

function parseOptions(argv: string[]): Options {
  const unknown = argv.filter((arg) => arg !== '--short');
  if (unknown.length > 0) throw new Error(`unknown option(s): ${unknown.join(' ')}`);
  const short = argv.includes('--short');
  return { short, conversations: short ? 10 : 50, messages: short ? 200 : 1000 };
}

async function createBenchDatabase(dialect: Dialect) {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'trimtime-bench-messages-'));
    const path = join(dir, 'bench.db');
    return {
      config: { dialect, path } as DatabaseConfig,
      url: `sqlite:${path}`,
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = `bench_messages_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return {
    config: { dialect, url: url.toString() } as DatabaseConfig,
    url: url.toString(),
    drop: () => adminQuery(`drop database if exists ${name} with (force)`),
  };
}

interface Conversation {
  bookingId: string;
  customer: { id: string; token: string };
  business: { id: string; token: string };
}

/** One business, one customer and one Requested booking per conversation, straight in the database. */
async function seedConversations(
  config: DatabaseConfig,
  count: number,
  secret: string,
): Promise<Conversation[]> {
  const db = createDatabase(config);
  try {
    await migrateToLatest(db);
    const passwordHash = await hashPassword(BENCH_PASSWORD);
    const now = new Date().toISOString();
    const day = addDays(todayInLondon(), 7);
    const people = Array.from({ length: count }, (_, i) => {
      const business = newUserRow({
        id: randomUUID(),
        email: `bench-business-${i}@bench.test`,
        password_hash: passwordHash,
        user_type: 'Business',
        first_name: 'Maeve',
        last_name: `Shop${i}`,
        phone_number: '+447700900123',
        address: '1 High Street, Belfast, BT1 1AA',
        birthdate: null,
        created_at: now,
        is_confirmed: 1,
        confirmed_at: now,
        is_listed: 1,
        business_name: `Bench Barbers ${i}`,
        business_address: '1 High Street, Belfast, BT1 1AA',
        minimum_price: 20,
        availability: JSON.stringify({ Monday: [{ start: '09:00', end: '17:00' }] }),
      });
      const customer = newUserRow({
        id: randomUUID(),
        email: `bench-customer-${i}@bench.test`,
        password_hash: passwordHash,
        user_type: 'User',
        first_name: 'Ciara',
        last_name: `Customer${i}`,
        phone_number: '+447700900456',
        address: '2 Main Street, Belfast, BT1 1AB',
        birthdate: '1990-01-01',
        created_at: now,
        is_confirmed: 1,
        confirmed_at: now,
      });
      return { business, customer };
    });
    await db
      .insertInto('users')
      .values(people.flatMap(({ business, customer }) => [business, customer]))
      .execute();
    const bookings = new BookingsRepository(db);
    const conversations: Omit<Conversation, 'customer' | 'business'>[] = [];
    for (const { business, customer } of people) {
      const id = randomUUID();
      await bookings.insert({
        id,
        business_id: business.id,
        customer_id: customer.id,
        status: 'Requested',
        starts_at: `${day} 10:00`,
        price: 25,
        original_price: null,
        counter_price: null,
        final_price: null,
        is_home_visit: 0,
        customer_address: null,
        customer_name: `${customer.first_name} ${customer.last_name}`,
        customer_email: customer.email,
        customer_phone: customer.phone_number,
        barber_name: `${business.first_name} ${business.last_name}`,
        business_name: business.business_name ?? '',
        cancelled_by: null,
        cancellation_reason: null,
        created_at: now,
        updated_at: now,
      });
      conversations.push({ bookingId: id });
    }
    const businessTokens = await mintAccessTokens(
      db,
      secret,
      people.map(({ business }) => ({ id: business.id, userType: 'Business' as const })),
    );
    const customerTokens = await mintAccessTokens(
      db,
      secret,
      people.map(({ customer }) => ({ id: customer.id, userType: 'User' as const })),
    );
    return conversations.map((conversation, i) => ({
      ...conversation,
      business: { id: people[i]?.business.id as string, token: businessTokens[i] as string },
      customer: { id: people[i]?.customer.id as string, token: customerTokens[i] as string },
    }));
  } finally {
    await db.destroy();
  }
}

/** A server-sent event stream read with fetch: calls `onEvent` for each `message` event's data. */
async function openStream(
  base: string,
  token: string,
  onMessage: (data: { bookingId: string; id: string; body?: string }) => void,
): Promise<() => void> {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/events`, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  if (response.status !== 200 || !response.body)
    throw new Error(`GET /api/events answered ${response.status}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        buffer += value;
        let end = buffer.indexOf('\n\n');
        while (end !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const lines = block.split('\n');
          const event = lines
            .find((line) => line.startsWith('event:'))
            ?.slice(6)
            .trim();
          const data = lines
            .filter((line) => line.startsWith('data:'))
            .map((line) => line.slice(5).trimStart())
            .join('\n');
          if (event === 'message' && data) onMessage(JSON.parse(data));
          end = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // Aborted at the end of the run.
    }
  })();
  return () => controller.abort();
}

/** Streams held open at once for the memory figure (at most 10 per account: spread over the parties). */
const STREAMS_HELD = 200;

/** A process's resident memory (Linux /proc), in KB. */
function rssKb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
}

/** The benchmark's servers collect garbage on SIGUSR2 (bench/gc-on-signal.cjs), so heaps compare. */
const GC_ON_SIGNAL = ['--expose-gc', '--require', join(import.meta.dirname, 'gc-on-signal.cjs')];

/**
 * The process's used V8 heap right after a full collection, from its Prometheus metrics
 * (METRICS_PORT), in KB.
 */
async function heapUsedKb(pid: number, metricsPort: number): Promise<number> {
  process.kill(pid, 'SIGUSR2');
  await new Promise((resolve) => setTimeout(resolve, 300));
  const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  return Number(/^nodejs_heap_size_used_bytes (\d+(?:\.\d+)?)/m.exec(text)?.[1] ?? Number.NaN) / 1024;
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number);
const fmt = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '-');

interface SetupResult {
  setup: Setup;
  /** 200 more streams held open on the streaming process: its resident memory before and with them. */
  streams?: {
    count: number;
    rssBeforeKb: number;
    rssWithKb: number;
    heapBeforeKb: number;
    heapWithKb: number;
  };
  delivered: number;
  sent: number;
  lost: number;
  doubled: number;
  refused: string[];
  latencies: number[];
  posts: number[];
  seconds: number;
}

async function benchSetup(setup: Setup, options: Options): Promise<SetupResult> {
  console.info(`\n== ${setup.name}`);
  const database = await createBenchDatabase(setup.dialect);
  const children: Child[] = [];
  try {
    const secret = randomBytes(32).toString('base64url');
    const conversations = await seedConversations(database.config, options.conversations, secret);
    const sinkPort = await freePort();
    const sink = startTypeScript('smtp sink', 'bench/smtp-sink.ts', {
      ...process.env,
      PORT: String(sinkPort),
    });
    children.push(sink);
    await waitForOutput(sink, 'ready');
    const bases: string[] = [];
    const metricsPorts: number[] = [];
    for (let i = 0; i < setup.instances; i++) {
      const port = await freePort();
      const metricsPort = await freePort();
      metricsPorts.push(metricsPort);
      const server = startTypeScript(
        `API ${i + 1}`,
        'src/server.ts',
        productionApiEnv(
          { port, databaseUrl: database.url, jwtSecret: secret, sinkPort },
          { LOG_LEVEL: 'warn', METRICS_PORT: String(metricsPort) },
        ),
        GC_ON_SIGNAL,
      );
      children.push(server);
      const base = `http://127.0.0.1:${port}`;
      await waitUntilUp(server, `${base}/api/health`);
      bases.push(base);
    }
    const postBase = bases[0] as string;
    const streamBase = bases.at(-1) as string;

    // Each party's stream, on the streaming instance; a waiter per expected body.
    const waiting = new Map<string, (at: number) => void>();
    const seen = new Map<string, number>();
    const closers: (() => void)[] = [];
    for (const conversation of conversations) {
      for (const party of [conversation.customer, conversation.business]) {
        closers.push(
          await openStream(streamBase, party.token, (data) => {
            const body = data.body ?? '';
            if (!body.startsWith(`${party.id}:`)) return;
            seen.set(body, (seen.get(body) ?? 0) + 1);
            waiting.get(body)?.(performance.now());
          }),
        );
      }
    }

    const perConversation = Math.ceil(options.messages / conversations.length);
    const latencies: number[] = [];
    const posts: number[] = [];
    const refused: string[] = [];
    let sent = 0;
    const started = performance.now();
    await Promise.all(
      conversations.map(async (conversation, c) => {
        for (let k = 0; k < perConversation && c * perConversation + k < options.messages; k++) {
          // The two parties take turns; each line is addressed (by its text) to the one who reads it.
          const [from, to] =
            k % 2 === 0
              ? [conversation.customer, conversation.business]
              : [conversation.business, conversation.customer];
          const body = `${to.id}:${c}:${k}`;
          const delivered = new Promise<number>((resolve) => waiting.set(body, resolve));
          const timeout = new Promise<number>((resolve) =>
            setTimeout(() => resolve(Number.NaN), 10_000).unref(),
          );
          const t0 = performance.now();
          const response = await fetch(`${postBase}/api/booking/messages`, {
            method: 'POST',
            headers: { authorization: `Bearer ${from.token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ bookingId: conversation.bookingId, body }),
          });
          posts.push(performance.now() - t0);
          if (response.status !== 201) {
            refused.push(`${response.status} ${(await response.text()).slice(0, 200)}`);
            waiting.delete(body);
            continue;
          }
          sent += 1;
          const at = await Promise.race([delivered, timeout]);
          waiting.delete(body);
          if (Number.isFinite(at)) latencies.push(at - t0);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    // Late duplicates would arrive within a moment.
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const close of closers) close();

    // 200 open streams on the streaming process (api-contract §8.8: many parties online at once):
    // its resident memory before and while they are open.
    const streamer = children.at(-1)?.process.pid;
    const parties = conversations.flatMap((conversation) => [conversation.customer, conversation.business]);
    let streams: SetupResult['streams'];
    if (streamer !== undefined) {
      const metricsPort = metricsPorts.at(-1) as number;
      await new Promise((resolve) => setTimeout(resolve, 500));
      const rssBeforeKb = rssKb(streamer);
      const heapBeforeKb = await heapUsedKb(streamer, metricsPort);
      const held: (() => void)[] = [];
      for (let i = 0; i < STREAMS_HELD; i++) {
        const party = parties[i % parties.length] as Conversation['customer'];
        held.push(await openStream(streamBase, party.token, () => undefined));
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
      streams = {
        count: STREAMS_HELD,
        rssBeforeKb,
        rssWithKb: rssKb(streamer),
        heapBeforeKb,
        heapWithKb: await heapUsedKb(streamer, metricsPort),
      };
      for (const close of held) close();
    }
    const doubled = [...seen.values()].filter((count) => count > 1).length;
    latencies.sort((a, b) => a - b);
    posts.sort((a, b) => a - b);
    const result: SetupResult = {
      setup,
      delivered: latencies.length,
      sent,
      lost: sent - latencies.length,
      doubled,
      refused,
      latencies,
      posts,
      seconds,
      streams,
    };
    console.info(
      `   ${result.delivered}/${sent} delivered in ${fmt(seconds)} s: p50 ${fmt(percentile(latencies, 50))} ms, p99 ${fmt(percentile(latencies, 99))} ms, max ${fmt(latencies.at(-1) ?? Number.NaN)} ms; lost ${result.lost}, doubled ${doubled}, refused ${refused.length}`,
    );
    return result;
  } finally {
    await Promise.allSettled(children.map((child) => child.stop()));
    await database.drop();
  }
}

async function canReachPostgres(): Promise<boolean> {
  const client = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  let setups = SETUPS;
  if (!(await canReachPostgres())) {
    const message = 'PostgreSQL is not reachable: the PostgreSQL setups are SKIPPED.';
    if (process.env.REQUIRE_FULL_TESTS === '1')
      throw new Error(`${message} REQUIRE_FULL_TESTS=1 forbids skipping.`);
    console.warn(message);
    setups = setups.filter((setup) => setup.dialect === 'sqlite');
  }
  const load = loadavg()[0] ?? 0;
  const results: SetupResult[] = [];
  for (const setup of setups) results.push(await benchSetup(setup, options));

  const machine = `${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores, Node ${process.version}`;
  const rows = results.map((r) => [
    r.setup.name,
    `${r.delivered} of ${r.sent}`,
    fmt(percentile(r.latencies, 50)),
    fmt(percentile(r.latencies, 95)),
    fmt(percentile(r.latencies, 99)),
    fmt(r.latencies.at(-1) ?? Number.NaN),
    fmt(percentile(r.posts, 50)),
    fmt(percentile(r.posts, 99)),
    String(r.lost),
    String(r.doubled),
    r.refused.length === 0 ? '0' : `${r.refused.length} (e.g. ${r.refused[0]})`,
  ]);
  const doc = (await import(pathToFileURL(join(ROOT, 'scripts', 'quality', 'doc.mjs')).href)) as {
    updateSection(id: string, body: string): void;
    table(header: string[], rows: string[][]): string;
  };
  const body = [
    options.short
      ? '**Short mode (CI): a few messages; it shows the path works, not how fast it is.**\n'
      : '',
    `Each of ${options.conversations} conversations (a customer, a business and a Requested booking) has both parties' live streams open (GET /api/events); the parties take turns posting (POST /api/booking/messages), one message at a time per conversation, all conversations at once, ${options.messages} messages in all. Latency is from sending the POST to the other party's \`message\` event arriving on their stream. With two processes, messages are posted through the first and the streams are read from the second (PostgreSQL LISTEN/NOTIFY between them). The API runs \`src/server.ts\` in production mode with real SMTP to a local sink (each message also schedules its unread email in the outbox). Machine: ${machine}; 1-minute load average before the run ${fmt(load, 2)}.`,
    '',
    doc.table(
      [
        'setup',
        'delivered',
        'p50 ms',
        'p95 ms',
        'p99 ms',
        'max ms',
        'POST p50 ms',
        'POST p99 ms',
        'lost',
        'doubled',
        'refused',
      ],
      rows,
    ),
    '',
    'Open streams: after the run, 200 more streams are opened on the streaming process (spread over the parties, at most 10 per account) and held for a second; its used heap comes from its own Prometheus metrics right after a full garbage collection (the benchmark starts its servers with `--expose-gc` and a SIGUSR2 hook), its resident memory from /proc.',
    '',
    doc.table(
      [
        'setup',
        'streams',
        'used heap before (MB)',
        'with them open (MB)',
        'heap per stream (KB)',
        'resident memory before (MB)',
        'with them open (MB)',
      ],
      results.map((r) =>
        r.streams
          ? [
              r.setup.name,
              String(r.streams.count),
              fmt(r.streams.heapBeforeKb / 1024),
              fmt(r.streams.heapWithKb / 1024),
              fmt((r.streams.heapWithKb - r.streams.heapBeforeKb) / r.streams.count),
              fmt(r.streams.rssBeforeKb / 1024),
              fmt(r.streams.rssWithKb / 1024),
            ]
          : [r.setup.name, '-', '-', '-', '-', '-', '-'],
      ),
    ),
    '',
    `Target (api-contract §8.8): every message reaches the other party's stream within 5 s, on any instance. Rerun: \`npm run bench:messages\` (PostgreSQL at \`TEST_DATABASE_URL\`).`,
  ].join('\n');
  if (options.short) {
    mkdirSync(join(ROOT, 'test-output'), { recursive: true });
    const file = join(ROOT, 'test-output', 'bench-messages-short.md');
    writeFileSync(file, `# Message delivery, short mode\n\n${body}\n`);
    console.info(`\nwrote ${file}`);
  } else {
    doc.updateSection('messages', body);
    console.info('\nwrote the messages section of docs/quality.md');
  }
  const problems = results.flatMap((r) => [
    ...(r.lost > 0
      ? [`${r.setup.name}: ${r.lost} message(s) never reached the other party's stream within 10 s`]
      : []),
    ...(r.doubled > 0 ? [`${r.setup.name}: ${r.doubled} message(s) arrived twice`] : []),
    ...(r.refused.length > 0
      ? [`${r.setup.name}: ${r.refused.length} post(s) refused, e.g. ${r.refused[0]}`]
      : []),
  ]);
  for (const problem of problems) console.error(`FAIL ${problem}`);
  process.exitCode = problems.length > 0 ? 1 : 0;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
