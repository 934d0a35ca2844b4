/**
 * The multi-instance harness of `npm run test:cluster` (issue 15, api-contract §8.7): a fresh
 * PostgreSQL database on the TEST_DATABASE_URL server, a real SMTP listener, N API processes
 * (`node --import tsx src/server.ts`, NODE_ENV=production) started at the same moment on that one
 * database (so their migrations race), and nginx from Debian's packages in front, round robin,
 * passing X-Forwarded-For (the instances trust it from 127.0.0.1).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createDatabase, type Db } from '../../src/db/database';
import { freePort } from '../crash/server-process';
import { type SmtpListener, startSmtpListener } from './smtp-listener';

const HERE = dirname(fileURLToPath(import.meta.url));
const API_DIR = resolve(HERE, '..', '..');

export const NGINX = process.env.NGINX_BIN ?? 'nginx';
/** The read cache's window on every instance (the default, stated in the README). */
export const READ_CACHE_TTL_MS = 2000;
/** Per-IP auth attempts per minute on every instance: small, so the test reaches it. */
export const AUTH_RATE_LIMIT = 5;

/** The PostgreSQL server: TEST_DATABASE_URL, else the local one the API tests also use. */
export const POSTGRES_URL =
  process.env.TEST_DATABASE_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/test';

/** What the cluster needs and this machine lacks (empty when it can run). */
export async function missingPrerequisites(): Promise<string[]> {
  const missing: string[] = [];
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    await client.query('select 1');
  } catch (error) {
    missing.push(
      `PostgreSQL at ${new URL(POSTGRES_URL).host} (TEST_DATABASE_URL) is unreachable: ${(error as Error).message}`,
    );
  } finally {
    await client.end().catch(() => undefined);
  }
  const nginx = spawnSync(NGINX, ['-v'], { encoding: 'utf8' });
  if (nginx.error || nginx.status !== 0)
    missing.push(`nginx is not installed (apt-get install -y nginx): ${NGINX}`);
  return missing;
}

export interface Instance {
  name: string;
  port: number;
  baseUrl: string;
  child: ChildProcess;
  output: () => string;
  exited: Promise<void>;
}

export interface Cluster {
  /** nginx: http://127.0.0.1:<port> */
  baseUrl: string;
  instances: Instance[];
  smtp: SmtpListener;
  /** The test's own connection to the cluster's database. */
  db: Db;
  databaseUrl: string;
  /** nginx's error log and each instance's output, for failure messages. */
  logs(): string;
  /**
   * A rolling restart's step, as an operator does it with nginx: marks instance `index` `down`,
   * reloads nginx and waits until its old workers have exited (what they had sent is answered;
   * nothing more is on its way to the instance), stops the instance (SIGTERM, a graceful shutdown;
   * nothing when it is gone already), starts it again on the same port, waits until it is ready and
   * puts it back in the upstream.
   */
  restart(index: number): Promise<void>;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({
    connectionString: POSTGRES_URL,
    connectionTimeoutMillis: 5_000,
  });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function startInstance(name: string, port: number, env: Record<string, string>): Instance {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_DIR,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-32_768);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  return { name, port, baseUrl: `http://127.0.0.1:${port}`, child, output: () => tail, exited };
}

async function stopChild(child: ChildProcess, exited: Promise<void>, signal: NodeJS.Signals = 'SIGTERM') {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** Waits until GET `url` answers 200; throws with `describe()` after `timeoutMs` or when `dead()`. */
async function waitFor200(url: string, timeoutMs: number, dead: () => boolean, describe: () => string) {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (dead()) throw new Error(`a process exited while waiting for ${url}:\n${describe()}`);
    try {
      const response = await fetch(url);
      last = `${response.status} ${await response.text()}`;
      if (response.status === 200) return;
    } catch (error) {
      last = (error as Error).message;
    }
    await sleep(100);
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms (last: ${last}):\n${describe()}`);
}

/** nginx's worker processes: the master's children. */
function workersOf(master: number): number[] {
  try {
    return readFileSync(`/proc/${master}/task/${master}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/** Writes the nginx config from nginx.conf.template into `prefix`; returns its path. */
export function writeNginxConfig(
  prefix: string,
  port: number,
  upstreamPorts: readonly number[],
  /** Upstreams marked `down`: nginx sends them nothing new (a rolling restart's drain). */
  downPorts: readonly number[] = [],
): string {
  const template = readFileSync(join(HERE, 'nginx.conf.template'), 'utf8');
  const config = template
    .replaceAll('{{USER}}', process.getuid?.() === 0 ? 'user root root;' : '')
    .replaceAll('{{PREFIX}}', prefix)
    .replaceAll('{{PORT}}', String(port))
    .replaceAll(
      '{{UPSTREAMS}}',
      upstreamPorts
        .map(
          (p) =>
            `    server 127.0.0.1:${p} max_fails=1 fail_timeout=1s${downPorts.includes(p) ? ' down' : ''};`,
        )
        .join('\n'),
    );
  const path = join(prefix, 'nginx.conf');
  writeFileSync(path, config);
  return path;
}

/** Starts everything and waits until /api/ready answers 200 on each instance and through nginx. */
export async function startCluster(count = 3): Promise<Cluster> {
  const name = `cluster_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const prefix = mkdtempSync(join(tmpdir(), 'trimtime-cluster-'));
  const smtp = await startSmtpListener();
  const db = createDatabase({ dialect: 'postgres', url: databaseUrl });
  const instances: Instance[] = [];
  /** The output of instances restarted since (the last of each run). */
  const retired: string[] = [];
  let nginx: { child: ChildProcess; exited: Promise<void> } | undefined;
  const logs = () => {
    let nginxLog = '';
    try {
      // Without the refused connections of instances restarting (nginx passes those on).
      nginxLog = readFileSync(join(prefix, 'error.log'), 'utf8')
        .split('\n')
        .filter((line) => !/connect\(\) failed \(111|upstream server temporarily disabled/.test(line))
        .join('\n')
        .slice(-8_000);
    } catch {
      // not started
    }
    return [
      `nginx error.log (refused connections left out):\n${nginxLog}`,
      ...retired,
      ...instances.map((i) => `${i.name} (${i.port}):\n${i.output()}`),
    ].join('\n----\n');
  };
  const stop = async () => {
    await Promise.all(instances.map((i) => stopChild(i.child, i.exited)));
    if (nginx) await stopChild(nginx.child, nginx.exited, 'SIGQUIT');
    await smtp.close();
    await db.destroy().catch(() => undefined);
    await adminQuery(`drop database if exists ${name} with (force)`);
    // CLUSTER_KEEP=1 keeps nginx's config and logs for a look after a failure.
    if (process.env.CLUSTER_KEEP === '1') console.info(`nginx files kept in ${prefix}`);
    else rmSync(prefix, { recursive: true, force: true });
  };
  try {
    const jwtSecret = randomBytes(32).toString('base64url');
    const ports: number[] = [];
    for (let i = 0; i < count; i += 1) ports.push(await freePort());
    const nginxPort = await freePort();
    const baseUrl = `http://127.0.0.1:${nginxPort}`;
    const env = {
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      JWT_SECRET: jwtSecret,
      SMTP_URL: smtp.url,
      APP_URL: baseUrl,
      TRUST_PROXY: '127.0.0.1',
      AUTH_RATE_LIMIT: String(AUTH_RATE_LIMIT),
      READ_CACHE_TTL_MS: String(READ_CACHE_TTL_MS),
      LOG_LEVEL: 'warn',
    };
    // All at once: their migrations race on the fresh database.
    ports.forEach((port, i) => {
      instances.push(startInstance(`api-${i + 1}`, port, env));
    });
    const dead = () =>
      instances.some((i) => i.child.exitCode !== null) || (nginx?.child.exitCode ?? null) !== null;
    for (const dir of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(prefix, dir));
    const config = writeNginxConfig(prefix, nginxPort, ports);
    const test = spawnSync(NGINX, ['-t', '-q', '-c', config, '-p', prefix, '-e', join(prefix, 'error.log')], {
      encoding: 'utf8',
    });
    if (test.status !== 0) throw new Error(`nginx -t refused the config:\n${test.stderr}`);
    const child = spawn(NGINX, ['-c', config, '-p', prefix, '-e', join(prefix, 'error.log')], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    nginx = { child, exited: new Promise<void>((done) => child.once('exit', () => done())) };
    for (const instance of instances) {
      await waitFor200(`${instance.baseUrl}/api/ready`, 90_000, dead, logs);
    }
    await waitFor200(`${baseUrl}/api/ready`, 10_000, dead, logs);
    /**
     * Rewrites the config with `down` upstreams and reloads nginx; resolves once the old workers
     * have finished what they had sent and exited, so that nothing but the new config sends.
     */
    const reloadNginx = async (down: readonly number[]) => {
      const master = nginx?.child.pid;
      if (master === undefined) throw new Error('nginx is not running');
      const old = workersOf(master);
      writeNginxConfig(prefix, nginxPort, ports, down);
      process.kill(master, 'SIGHUP');
      const deadline = Date.now() + 15_000;
      for (;;) {
        const workers = workersOf(master);
        if (workers.length > 0 && !workers.some((pid) => old.includes(pid))) break;
        if (Date.now() > deadline) throw new Error(`nginx did not reload:\n${logs()}`);
        await sleep(20);
      }
    };
    const restart = async (index: number) => {
      const old = instances[index];
      if (!old) throw new Error(`no instance ${index}`);
      await reloadNginx([old.port]);
      const wasRunning = old.child.exitCode === null && old.child.signalCode === null;
      await stopChild(old.child, old.exited);
      // A rolling restart's SIGTERM ends the instance gracefully: exit 0, not its own shutdown
      // timeout (exit 1) or stopChild's SIGKILL.
      if (wasRunning && old.child.exitCode !== 0) {
        throw new Error(
          `${old.name} did not shut down gracefully (exit ${old.child.exitCode}, ${old.child.signalCode}):\n${old.output().slice(-4_000)}`,
        );
      }
      retired.push(`${old.name} (${old.port}) before its restart:\n${old.output().slice(-4_000)}`);
      const fresh = startInstance(old.name, old.port, env);
      instances[index] = fresh;
      await waitFor200(`${fresh.baseUrl}/api/ready`, 90_000, () => fresh.child.exitCode !== null, logs);
      await reloadNginx([]);
    };
    return { baseUrl, instances, smtp, db, databaseUrl, logs, restart, stop };
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
}
