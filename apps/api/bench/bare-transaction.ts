/**
 * The write path's reference (issue 34): a bare transaction of a booking request's shape, four
 * inserts (the booking, its transition, its thread's line, its email in the outbox) with the
 * driver alone, no HTTP, no query builder, no checks. Run by bench/run.ts in a child process of
 * its own, right before POST /api/booking/book, so the two compare on the machine as it is then.
 *
 *   DIALECT=sqlite SQLITE_PATH=/tmp/x.db SECONDS=10 npx tsx bench/bare-transaction.ts
 *   DIALECT=postgres DATABASE_URL=postgres://… CONNECTIONS=50 SECONDS=10 npx tsx bench/bare-transaction.ts
 *
 * SQLite: one connection, as the API has (WAL, synchronous = FULL), one transaction after another.
 * PostgreSQL: the API's pool size (10) under CONNECTIONS concurrent writers, in tables of its own
 * that are dropped after. Prints one line: `bare-transaction rate=… p50=… p99=… cpu=…` (ms).
 */
import { randomUUID } from 'node:crypto';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { DEFAULT_POOL_SIZE } from '../src/config';

const dialect = process.env.DIALECT === 'postgres' ? 'postgres' : 'sqlite';
const seconds = Number(process.env.SECONDS ?? 10);
const connections = Number(process.env.CONNECTIONS ?? 50);
/** As large as the API's own pool under the benchmark (its default: bench/processes.ts sets none). */
const POOL_SIZE = DEFAULT_POOL_SIZE;

// Sizes like the real rows: an email's text and HTML parts are a few kilobytes.
const TEXT = 'x'.repeat(900);
const HTML = `<p>${'y'.repeat(3000)}</p>`;

const TABLES = [
  `create table bare_bookings (id text primary key, business_id text not null, customer_id text not null,
     status text not null, starts_at text not null, price real not null, customer_name text,
     customer_email text, service_name text, duration_minutes integer, created_at text not null,
     updated_at text not null)`,
  'create index bare_bookings_business on bare_bookings (business_id, starts_at)',
  'create index bare_bookings_customer on bare_bookings (customer_id)',
  `create table bare_transitions (id text primary key, booking_id text not null, from_status text,
     to_status text not null, actor_id text, price real, created_at text not null)`,
  'create index bare_transitions_booking on bare_transitions (booking_id)',
  `create table bare_lines (id text primary key, booking_id text not null, seq integer not null,
     sender text not null, body text not null, status text, created_at text not null)`,
  'create unique index bare_lines_seq on bare_lines (booking_id, seq)',
  `create table bare_outbox (id text primary key, message_id text not null, kind text not null,
     status text not null, to_address text not null, subject text not null, text text not null,
     html text, not_before text not null, created_at text not null)`,
  'create index bare_outbox_due on bare_outbox (status, not_before)',
];
const DROP = ['bare_bookings', 'bare_transitions', 'bare_lines', 'bare_outbox'].map(
  (table) => `drop table if exists ${table}`,
);

/** The four rows of one request, as parameter lists in the tables' column order. */
function rowsOfOneRequest() {
  const booking = randomUUID();
  const now = new Date().toISOString();
  return [
    [
      booking,
      randomUUID(),
      randomUUID(),
      'Requested',
      now,
      25,
      'Ann Customer',
      'ann@example.com',
      'Appointment',
      60,
      now,
      now,
    ],
    [randomUUID(), booking, null, 'Requested', randomUUID(), 25, now],
    [randomUUID(), booking, 1, 'system', '', 'Requested', now],
    [
      randomUUID(),
      `<${randomUUID()}@localhost>`,
      'booking',
      'pending',
      'shop@example.com',
      'New booking request',
      TEXT,
      HTML,
      now,
      now,
    ],
  ];
}
const INSERTS = [
  'insert into bare_bookings values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  'insert into bare_transitions values (?, ?, ?, ?, ?, ?, ?)',
  'insert into bare_lines values (?, ?, ?, ?, ?, ?, ?)',
  'insert into bare_outbox values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
];
const numbered = (text: string) => {
  let n = 0;
  return text.replace(/\?/g, () => `$${++n}`);
};

const latencies: number[] = [];
const cpuBefore = process.cpuUsage();
const started = performance.now();
const deadline = started + seconds * 1000;

if (dialect === 'sqlite') {
  const path = process.env.SQLITE_PATH;
  if (!path) throw new Error('SQLITE_PATH is required');
  const db = new SqliteDatabase(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  for (const statement of [...DROP, ...TABLES]) db.exec(statement);
  const statements = INSERTS.map((text) => db.prepare(text));
  const oneRequest = db.transaction((rows: unknown[][]) => {
    for (const [index, row] of rows.entries()) statements[index]!.run(row);
  });
  while (performance.now() < deadline) {
    const at = performance.now();
    oneRequest(rowsOfOneRequest());
    latencies.push(performance.now() - at);
  }
  db.close();
} else {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: POOL_SIZE });
  for (const statement of [...DROP, ...TABLES]) await pool.query(statement);
  const texts = INSERTS.map(numbered);
  const writer = async () => {
    while (performance.now() < deadline) {
      const at = performance.now();
      const client = await pool.connect();
      try {
        await client.query('begin');
        const rows = rowsOfOneRequest();
        for (const [index, row] of rows.entries()) await client.query(texts[index]!, row);
        await client.query('commit');
      } finally {
        client.release();
      }
      latencies.push(performance.now() - at);
    }
  };
  await Promise.all(Array.from({ length: connections }, writer));
  for (const statement of DROP) await pool.query(statement);
  await pool.end();
}

const elapsedMs = performance.now() - started;
const cpu = process.cpuUsage(cpuBefore);
latencies.sort((a, b) => a - b);
const at = (p: number) =>
  latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
console.info(
  `bare-transaction rate=${((latencies.length / elapsedMs) * 1000).toFixed(1)} p50=${at(50).toFixed(2)} p99=${at(99).toFixed(2)} cpu=${((cpu.user + cpu.system) / 1000 / latencies.length).toFixed(3)} count=${latencies.length}`,
);
