/**
 * Many instances behind nginx (issue 15, api-contract §8.7): the business list, available times and
 * booking requests through nginx to one and to three API processes on one PostgreSQL database, each
 * beside a bare-Fastify reference measured right before it in the same run, with the CPU each part
 * used. nginx runs with the configuration `npm run test:cluster` tests (nginx.conf.template).
 *
 *   npm run bench:cluster              10 s per endpoint; writes the `cluster` section of docs/quality.md
 *   npm run bench:cluster -- --short   CI: 3 s per endpoint; writes test-output/bench-cluster-short.md
 *
 * A benchmark reports; it fails only when a request errs or is answered 5xx.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import pg from 'pg';
import { DEFAULT_READ_CACHE_TTL_MS } from '../src/config';
import { createDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { hashPassword } from '../src/lib/passwords';
import { NGINX, writeNginxConfig } from '../test/cluster/cluster';
import { cpuMsOf, type LoadResult, runLoad } from './load';
import {
  API_DIR,
  type Child,
  freePort,
  productionApiEnv,
  startTypeScript,
  waitForOutput,
  waitUntilUp,
} from './processes';
import { BENCH_PASSWORD, type SeedSize, SHORT_SIZE, seedMarketplace } from './seed';
import { mintAccessTokens } from './tokens';

const ROOT = join(API_DIR, '..', '..');
const CONNECTIONS = 50;
/** The dataset: CI's short benchmark's marketplace (the figures here are about processes, not data). */
const SIZE: SeedSize = { ...SHORT_SIZE, longHistory: undefined };
const SETUPS = [1, 3] as const;
/** The API's default micro-cache of the public reads (READ_CACHE_TTL_MS unset), in seconds. */
const READ_CACHE_SECONDS = DEFAULT_READ_CACHE_TTL_MS / 1000;

interface Options {
  short: boolean;
  seconds: number;
  warmupSeconds: number;
}

function parseOptions(argv: string[]): Options {
  const unknown = argv.filter((arg) => arg !== '--short');
  if (unknown.length > 0) throw new Error(`unknown option(s): ${unknown.join(' ')}`);
  const short = argv.includes('--short');
  return { short, seconds: short ? 3 : 10, warmupSeconds: short ? 1 : 3 };
}

const postgresUrl =
  process.env.BENCH_DATABASE_URL?.trim() ||
  process.env.TEST_DATABASE_URL?.trim() ||
  'postgres://postgres@127.0.0.1:5432/test';

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** What this machine lacks to run it (empty when it can). */
async function missing(): Promise<string[]> {
  const lacks: string[] = [];
  try {
    await adminQuery('select 1');
  } catch (error) {
    lacks.push(`PostgreSQL is not reachable (${(error as Error).message})`);
  }
  const nginx = spawnSync(NGINX, ['-v'], { encoding: 'utf8' });
  if (nginx.error || nginx.status !== 0) lacks.push(`nginx is not installed (apt-get install -y nginx)`);
  return lacks;
}

const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '-');

/** The whole machine's busy and total CPU time so far (jiffies, all cores), from /proc/stat. */
function machineTicks(): { busy: number; total: number } {
  try {
    const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '')
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    const total = fields.reduce((sum, n) => sum + n, 0);
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0); // idle + iowait
    return { busy: total - idle, total };
  } catch {
    return { busy: Number.NaN, total: Number.NaN };
  }
}

/** nginx's worker processes (the master only hands them connections). */
function childrenOf(pid: number | undefined): number[] {
  if (pid === undefined) return [];
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

interface CpuUse {
  /**
   * Cores busy on average over the run: the API processes together, nginx, PostgreSQL's backends
   * serving the benchmark's database, the whole machine.
   */
  api: number;
  nginx: number;
  postgres: number;
  machine: number;
}

/** PostgreSQL's backends connected to `database` (their process title names it). */
function backendsOf(database: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (title.startsWith('postgres: ') && title.includes(` ${database} `)) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/** Runs `run` and measures, besides its result, the CPU the given processes used meanwhile. */
async function withCpu<T>(
  pids: { api: number[]; nginx: number[]; database?: string },
  run: () => Promise<T>,
) {
  const cpuOf = (list: number[]) => new Map(list.map((pid) => [pid, cpuMsOf(pid)]));
  const used = (before: Map<number, number>, after: Map<number, number>) =>
    [...after].reduce(
      (total, [pid, ms]) => total + (Number.isFinite(ms) ? ms - (before.get(pid) ?? 0) : 0),
      0,
    );
  const database = () => (pids.database ? backendsOf(pids.database) : []);
  const apiBefore = cpuOf(pids.api);
  const nginxBefore = cpuOf(pids.nginx);
  const postgresBefore = cpuOf(database());
  const machineBefore = machineTicks();
  const started = performance.now();
  const result = await run();
  const wallMs = performance.now() - started;
  const machineAfter = machineTicks();
  const cores = cpus().length;
  const cpu: CpuUse = {
    api: used(apiBefore, cpuOf(pids.api)) / wallMs,
    nginx: used(nginxBefore, cpuOf(pids.nginx)) / wallMs,
    postgres: used(postgresBefore, cpuOf(database())) / wallMs,
    machine:
      ((machineAfter.busy - machineBefore.busy) / Math.max(1, machineAfter.total - machineBefore.total)) *
      cores,
  };
  return { result, cpu };
}

interface Row {
  setup: string;
  endpoint: string;
  result: LoadResult;
  reference: LoadResult;
  cpu: CpuUse;
}

interface Nginx {
  url: string;
  /** nginx's worker processes (the master only hands them connections). */
  workers(): number[];
  stop(): Promise<void>;
}

/** nginx in the foreground with the tested configuration, in front of `ports`. */
async function startNginx(ports: readonly number[]): Promise<Nginx> {
  const prefix = mkdtempSync(join(tmpdir(), 'trimtime-bench-nginx-'));
  for (const dir of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(prefix, dir));
  const port = await freePort();
  const config = writeNginxConfig(prefix, port, ports);
  // No access log under load: it would measure the disk as much as the proxy.
  writeFileSync(config, readFileSync(config, 'utf8').replace(/access_log [^;]+;/, 'access_log off;'));
  const child = spawn(NGINX, ['-c', config, '-p', prefix, '-e', join(prefix, 'error.log')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const exited = once(child, 'exit');
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    const answered = await fetch(`${url}/`).then(
      async (response) => {
        await response.arrayBuffer();
        return true;
      },
      () => false,
    );
    if (answered) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      throw new Error(`nginx did not answer on ${url}: ${readFileSync(join(prefix, 'error.log'), 'utf8')}`);
    }
    await sleep(100);
  }
  return {
    url,
    workers: () => childrenOf(child.pid),
    async stop() {
      child.kill('SIGQUIT');
      await exited;
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

interface Offer {
  businessId: string;
  slot: string;
  price: number;
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  const lacks = await missing();
  if (lacks.length > 0) {
    const message = `npm run bench:cluster cannot run here: ${lacks.join('; ')}`;
    if (process.env.REQUIRE_FULL_TESTS === '1')
      throw new Error(`${message}. REQUIRE_FULL_TESTS=1 forbids skipping.`);
    console.warn(`\n${'!'.repeat(78)}\n!! ${message}: SKIPPED.\n${'!'.repeat(78)}\n`);
    return;
  }
  const machine = `${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores, Node ${process.version}`;
  const nginxVersion = spawnSync(NGINX, ['-v'], { encoding: 'utf8' })
    .stderr.trim()
    .replace(/^nginx version: /, '');
  const load = loadavg()[0] ?? 0;
  console.info(`bench:cluster (${options.short ? 'short' : 'full'}): ${machine}, ${nginxVersion}`);

  const children: Child[] = [];
  const proxies: Nginx[] = [];
  const name = `bench_cluster_${randomBytes(6).toString('hex')}`;
  const problems: string[] = [];
  const rows: Row[] = [];
  let proxyCeiling: { result: LoadResult; reference: LoadResult; cpu: CpuUse } | undefined;
  try {
    // The database: the short benchmark's marketplace, and tokens for its businesses' customers.
    await adminQuery(`create database ${name}`);
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    const databaseUrl = url.toString();
    const db = createDatabase({ dialect: 'postgres', url: databaseUrl });
    const jwtSecret = randomBytes(32).toString('base64url');
    let customerTokens: string[];
    let businesses: { id: string; price: number }[];
    try {
      await migrateToLatest(db);
      console.info(
        `seeding ${SIZE.businesses} businesses, ${SIZE.customers} customers, ${SIZE.bookings} bookings`,
      );
      const seeded = await seedMarketplace(db, SIZE, { passwordHash: await hashPassword(BENCH_PASSWORD) });
      customerTokens = await mintAccessTokens(
        db,
        jwtSecret,
        seeded.customers.map((c) => ({ id: c.id, userType: 'User' as const })),
      );
      businesses = seeded.businesses.map((b) => ({ id: b.id, price: b.minimumPrice + 5 }));
      // PostgreSQL plans from statistics, as autovacuum would have them after these inserts.
      await sql.raw('analyze').execute(db);
    } finally {
      await db.destroy();
    }

    const referencePort = await freePort();
    const reference = startTypeScript('reference server', 'bench/reference-server.ts', {
      ...process.env,
      PORT: String(referencePort),
    });
    children.push(reference);
    const referenceUrl = `http://127.0.0.1:${referencePort}`;
    await waitUntilUp(reference, `${referenceUrl}/`);
    const sinkPort = await freePort();
    const sink = startTypeScript('smtp sink', 'bench/smtp-sink.ts', {
      ...process.env,
      PORT: String(sinkPort),
    });
    children.push(sink);
    await waitForOutput(sink, 'ready');

    /** The bare-Fastify reference at the same connections, right before each measurement. */
    const measureReference = () =>
      runLoad({
        url: referenceUrl,
        pid: reference.process.pid,
        path: '/',
        connections: CONNECTIONS,
        seconds: options.seconds,
        warmupSeconds: options.warmupSeconds,
      });

    // What nginx alone costs: the reference behind it.
    {
      const proxy = await startNginx([referencePort]);
      proxies.push(proxy);
      const before = await measureReference();
      const { result, cpu } = await withCpu(
        { api: [reference.process.pid ?? -1], nginx: proxy.workers() },
        () =>
          runLoad({
            url: proxy.url,
            path: '/',
            connections: CONNECTIONS,
            seconds: options.seconds,
            warmupSeconds: options.warmupSeconds,
          }),
      );
      proxyCeiling = { result, reference: before, cpu };
      console.info(
        `nginx → reference: ${fmt(result.rps, 0)} req/s (${fmt((result.rps / before.rps) * 100, 0)}% of the reference direct, ${fmt(before.rps, 0)}), p99 ${fmt(result.p99)} ms`,
      );
      await proxy.stop();
      proxies.pop();
    }

    // The API processes, started as each setup needs them; all on the one database.
    const apis: { child: Child; port: number }[] = [];
    const startApi = async () => {
      const port = await freePort();
      const child = startTypeScript(
        `API ${apis.length + 1}`,
        'src/server.ts',
        productionApiEnv(
          { port, databaseUrl, jwtSecret, sinkPort },
          { TRUST_PROXY: '127.0.0.1', APP_URL: 'http://127.0.0.1' },
        ),
      );
      children.push(child);
      apis.push({ child, port });
      return child;
    };

    // Booking requests: distinct customers and free slots, the businesses interleaved (as npm run
    // bench does), shared by both setups so neither repeats a request of the other.
    let offers: Offer[] = [];
    let booking = 0;
    for (const instances of SETUPS) {
      const started: Child[] = [];
      while (apis.length < instances) started.push(await startApi());
      for (const [index, child] of started.entries()) {
        await waitUntilUp(
          child,
          `http://127.0.0.1:${apis[apis.length - started.length + index]?.port}/api/ready`,
          90_000,
        );
      }
      const proxy = await startNginx(apis.map((api) => api.port));
      proxies.push(proxy);
      const setup = instances === 1 ? '1 instance' : `${instances} instances`;
      const apiPids = apis.map((api) => api.child.process.pid ?? -1);
      console.info(`\n== ${setup} behind nginx`);
      if (offers.length === 0) {
        for (const business of businesses) {
          const response = await fetch(`${proxy.url}/api/booking/available-times?businessId=${business.id}`);
          const body = (await response.json()) as { slots: string[] };
          for (const slot of body.slots)
            offers.push({ businessId: business.id, slot, price: business.price });
        }
        offers = offers.sort(
          (a, b) => a.slot.localeCompare(b.slot) || a.businessId.localeCompare(b.businessId),
        );
      }
      let nextBusiness = 0;
      const endpoints: [string, Partial<Parameters<typeof runLoad>[0]>][] = [
        ['GET /api/booking/businesses', { path: '/api/booking/businesses' }],
        [
          'GET /api/booking/available-times',
          {
            path: '/api/booking/available-times',
            vary: (request) => {
              request.path = `/api/booking/available-times?businessId=${businesses[nextBusiness++ % businesses.length]?.id}`;
            },
          },
        ],
        [
          'POST /api/booking/book',
          {
            path: '/api/booking/book',
            method: 'POST',
            warmupSeconds: 0,
            headers: { 'content-type': 'application/json' },
            vary: (request) => {
              const offer = offers[booking % offers.length] as Offer;
              request.headers.authorization = `Bearer ${customerTokens[booking % customerTokens.length]}`;
              request.body = JSON.stringify({
                businessId: offer.businessId,
                bookingDateTime: offer.slot,
                price: offer.price,
                isHomeVisit: false,
              });
              booking += 1;
            },
          },
        ],
      ];
      for (const [endpoint, extra] of endpoints) {
        const before = await measureReference();
        const { result, cpu } = await withCpu({ api: apiPids, nginx: proxy.workers(), database: name }, () =>
          runLoad({
            url: proxy.url,
            path: '/',
            connections: CONNECTIONS,
            seconds: options.seconds,
            warmupSeconds: options.warmupSeconds,
            ...extra,
          }),
        );
        const row: Row = { setup, endpoint, result, reference: before, cpu };
        rows.push(row);
        console.info(
          `   ${endpoint}: ${fmt(result.rps, 0)} req/s (${fmt((result.rps / before.rps) * 100, 0)}% of ${fmt(before.rps, 0)}), p99 ${fmt(result.p99)} ms; CPU: API ${fmt(cpu.api, 2)}, nginx ${fmt(cpu.nginx, 2)}, PostgreSQL ${fmt(cpu.postgres, 2)}, machine ${fmt(cpu.machine, 2)} cores; ${statusText(result.statuses)}`,
        );
        const bad = Object.entries(result.statuses).filter(([code]) =>
          endpoint.startsWith('POST') ? Number(code) >= 500 : Number(code) !== 200,
        );
        if (bad.length > 0 || result.errors > 0 || result.timeouts > 0) {
          problems.push(
            `${setup}: ${endpoint}: ${statusText(Object.fromEntries(bad))}${result.errors ? ` errors×${result.errors}` : ''}${result.timeouts ? ` timeouts×${result.timeouts}` : ''}`,
          );
        }
      }
      await proxy.stop();
      proxies.pop();
    }
  } finally {
    for (const proxy of proxies) await proxy.stop().catch(() => undefined);
    const outputs = await Promise.allSettled(children.map((child) => child.stop()));
    for (const [index, outcome] of outputs.entries()) {
      const child = children[index];
      if (!child?.name.startsWith('API') || outcome.status !== 'fulfilled') continue;
      const errors = child
        .output()
        .split('\n')
        .filter((line) => /"level":(50|60)/.test(line));
      if (errors.length > 0)
        problems.push(`${child.name} logged ${errors.length} error(s), e.g. ${errors[0]?.slice(0, 400)}`);
    }
    await adminQuery(`drop database if exists ${name} with (force)`).catch(() => undefined);
  }

  const doc = (await import(pathToFileURL(join(ROOT, 'scripts', 'quality', 'doc.mjs')).href)) as {
    updateSection(id: string, body: string): void;
    table(header: string[], rows: string[][]): string;
  };
  const share = (result: LoadResult, reference: LoadResult) =>
    `${fmt((result.rps / reference.rps) * 100, 0)}%`;
  const body = [
    options.short
      ? '**Short mode (CI): 3 s per endpoint; it shows the path works, not how fast it is.**\n'
      : '',
    `Through nginx (${nginxVersion}, the configuration \`npm run test:cluster\` tests: round robin, one worker, a new upstream connection per request, access log off here) to one and to three API processes (\`src/server.ts\`, \`NODE_ENV=production\`, default logging, the ${READ_CACHE_SECONDS} s micro-cache, real SMTP to a local sink) on one PostgreSQL database holding ${SIZE.businesses} businesses, ${SIZE.customers} customers and ${SIZE.bookings} bookings. autocannon on loopback, ${CONNECTIONS} connections, ${options.seconds} s per endpoint after a ${options.warmupSeconds} s warm-up (none for the booking requests). Each row's reference is the bare-Fastify hello-world (\`bench/reference-server.ts\`, no proxy) measured right before it at the same connections. CPU is in cores busy on average over the measured run (a core fully busy for the whole run is 1.00): the API processes together, nginx's worker, PostgreSQL's backends serving the benchmark's database, and the whole machine (everything on it, the load generator and PostgreSQL included). Machine: ${machine}; 1-minute load average before the run ${fmt(load, 2)}.`,
    '',
    doc.table(
      [
        'setup',
        'endpoint',
        'req/s',
        'share of the reference',
        'p99 ms',
        'reference req/s',
        'API CPU',
        'nginx CPU',
        'PostgreSQL CPU',
        'machine CPU',
        'answers',
      ],
      [
        ...(proxyCeiling
          ? [
              [
                'nginx → reference',
                'GET / (hello-world)',
                fmt(proxyCeiling.result.rps, 0),
                share(proxyCeiling.result, proxyCeiling.reference),
                fmt(proxyCeiling.result.p99),
                fmt(proxyCeiling.reference.rps, 0),
                `${fmt(proxyCeiling.cpu.api, 2)} (the reference)`,
                fmt(proxyCeiling.cpu.nginx, 2),
                '-',
                fmt(proxyCeiling.cpu.machine, 2),
                statusText(proxyCeiling.result.statuses),
              ],
            ]
          : []),
        ...rows.map((row) => [
          row.setup,
          row.endpoint,
          fmt(row.result.rps, 0),
          share(row.result, row.reference),
          fmt(row.result.p99),
          fmt(row.reference.rps, 0),
          fmt(row.cpu.api, 2),
          fmt(row.cpu.nginx, 2),
          fmt(row.cpu.postgres, 2),
          fmt(row.cpu.machine, 2),
          statusText(row.result.statuses),
        ]),
      ],
    ),
    '',
    boundsOf(rows, proxyCeiling?.cpu, cpus().length, load),
    '',
    'Rerun: `npm run bench:cluster` (PostgreSQL at `TEST_DATABASE_URL`, nginx installed; about 3 minutes).',
  ].join('\n');
  if (options.short) {
    mkdirSync(join(ROOT, 'test-output'), { recursive: true });
    const file = join(ROOT, 'test-output', 'bench-cluster-short.md');
    writeFileSync(file, `# Many instances behind nginx, short mode\n\n${body}\n`);
    console.info(`\nwrote ${file}`);
  } else {
    doc.updateSection('cluster', body);
    console.info('\nwrote the cluster section of docs/quality.md');
  }
  for (const problem of problems) console.error(`FAIL ${problem}`);
  process.exitCode = problems.length > 0 ? 1 : 0;
}

const statusText = (statuses: Record<number, number>) =>
  Object.entries(statuses)
    .map(([code, count]) => `${code}×${count}`)
    .join(' ');

/** What bounds the figures, read from this run's CPU figures. */
function boundsOf(rows: Row[], proxyCpu: CpuUse | undefined, cores: number, loadBefore: number): string {
  const busiest = Math.max(...rows.map((row) => row.cpu.machine), proxyCpu?.machine ?? 0);
  const pairs = [...new Set(rows.map((row) => row.endpoint))].flatMap((endpoint) => {
    const one = rows.find((row) => row.endpoint === endpoint && row.setup === '1 instance');
    const three = rows.find((row) => row.endpoint === endpoint && row.setup !== '1 instance');
    return one && three ? [{ endpoint, one, three, gain: three.result.rps / one.result.rps }] : [];
  });
  const short = (endpoint: string) => endpoint.replace(/^(GET|POST) \/api\/booking\//, '');
  const gains = pairs.map((p) => `${short(p.endpoint)} ${fmt(p.gain, 2)}×`).join(', ');
  const oneApi = pairs.map((p) => `${short(p.endpoint)} ${fmt(p.one.cpu.api, 2)}`).join(', ');
  const saturated = busiest >= 0.85 * cores;
  const gained = pairs.filter((p) => p.gain >= 1.15).map((p) => short(p.endpoint));
  return [
    `Each instance keeps its own ${READ_CACHE_SECONDS} s micro-cache of the public reads, so with three instances each business's list and available times are computed up to three times per window instead of once.`,
    `What bounds these figures: this machine has ${cores} cores, and everything here runs on them at once: the load generator, nginx, the API processes and PostgreSQL. During the runs the machine was up to ${fmt(busiest, 2)} of ${cores} cores busy${saturated ? ' (full)' : ''}${loadBefore > cores ? `, and not only with this benchmark: the load average of ${fmt(loadBefore, 1)} before it started says other work shared the cores, which moves the reference too (compare its req/s between rows)` : ''}. One instance used ${oneApi} cores for itself (one Node process runs its JavaScript on one core); PostgreSQL's backends up to ${fmt(Math.max(...rows.map((row) => row.cpu.postgres)), 2)}. Three instances against one, in req/s: ${gains}.`,
    saturated
      ? `With the cores already full, two more API processes cannot add any: they take turns on the same cores${gained.length > 0 ? `; what they gain (${gained.join(', ')}) comes from more than one core running JavaScript while the others wait on the database or the network` : ', each with its own event loop, pool and outbox worker'}. More instances pay when they get more cores, their own or another machine's; on this machine the figures show what spreading the load through nginx costs, not what it gains.`
      : `The machine had cores to spare, so the instances, not the machine, set these figures${gained.length > 0 ? `; three serve more (${gained.join(', ')}) where one process's single core was the limit` : ''}.`,
  ].join(' ');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
