import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Availability } from '@app/domain';
import { build } from 'esbuild';
import type { DatabaseConfig } from '../../src/config';
import { createDatabase, type Db } from '../../src/db/database';
import { migrateToLatest } from '../../src/db/migrate';
import { newUserRow } from '../../src/db/new-user-row';
import type { UsersTable } from '../../src/db/schema';
import { hashPassword } from '../../src/lib/passwords';

const HERE = dirname(fileURLToPath(import.meta.url));
const API_DIR = resolve(HERE, '..', '..');
export const REPO_ROOT = resolve(API_DIR, '..', '..');
const SERVER_ENTRY = join(API_DIR, 'src', 'server.ts');
/** Private bundles, under node_modules so that their external imports resolve like dist/'s. */
const BUNDLE_DIR = join(REPO_ROOT, 'node_modules', '.cache', 'trimtime-crash');

/**
 * How the child runs the server. `bundle` (default): src/server.ts bundled now with esbuild exactly
 * as build.mjs makes dist/server.js for `npm start` (what production runs), into a private file
 * (the shared apps/api/dist is left alone); it starts about three times faster than tsx, which
 * keeps the many restarts of the crash loop short. `tsx` (CRASH_SERVER=tsx): the source through tsx.
 */
export type ServerMode = 'bundle' | 'tsx';
export const SERVER_MODE: ServerMode = process.env.CRASH_SERVER === 'tsx' ? 'tsx' : 'bundle';

/** Bundles src/server.ts like build.mjs (runtime dependencies external). Returns the file. */
export async function bundleServer(): Promise<string> {
  const pkg = JSON.parse(readFileSync(join(API_DIR, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  const outfile = join(BUNDLE_DIR, `server-${process.pid}-${randomUUID().slice(0, 8)}.mjs`);
  mkdirSync(BUNDLE_DIR, { recursive: true });
  await build({
    entryPoints: [SERVER_ENTRY],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    external: Object.keys(pkg.dependencies ?? {}).filter((name) => name !== '@app/domain'),
    logLevel: 'warning',
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
  });
  return outfile;
}

export const PASSWORD = 'Crash-Test-1!';

/** A TCP port nobody listens on right now (the kernel picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

export interface ExitStatus {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServerProcessOptions {
  /** More environment variables (SMTP_URL, REMINDER_OFFSETS, …), read at each `start`. */
  env?: Record<string, string>;
  /** Shared by several processes that must accept each other's access tokens; default a new one. */
  jwtSecret?: string;
  /** A bundle made once for several processes (bundleServer); default made on first start. */
  bundle?: Promise<string>;
}

/**
 * The real server (`apps/api/src/server.ts`, see SERVER_MODE) in a child process, on a
 * SQLite file (a path) or any database (a DatabaseConfig, e.g. PostgreSQL). Each `start` picks a
 * new free port; the JWT secret stays the same across restarts, so access tokens issued before a
 * crash stay valid after it (as with a configured JWT_SECRET).
 */
export class ServerProcess {
  readonly jwtSecret: string;
  /** Added to the child's environment at each `start` (change it between restarts). */
  env: Record<string, string>;
  child: ChildProcess | undefined;
  exited: Promise<ExitStatus> | undefined;
  port = 0;
  /** stdout and stderr of the current child (warnings and errors only: LOG_LEVEL=warn). */
  output = '';

  private bundle: Promise<string> | undefined;
  /** The bundle was given (shared): its maker removes it. */
  private readonly sharedBundle: boolean;
  private readonly databaseUrl: string;

  constructor(database: string | DatabaseConfig, options: ServerProcessOptions = {}) {
    this.databaseUrl =
      typeof database === 'string'
        ? `sqlite:${database}`
        : database.dialect === 'sqlite'
          ? `sqlite:${database.path}`
          : database.url;
    this.jwtSecret = options.jwtSecret ?? randomBytes(32).toString('base64url');
    this.env = { ...options.env };
    this.bundle = options.bundle;
    this.sharedBundle = options.bundle !== undefined;
  }

  /** The node arguments that run the server (bundling it on first use in `bundle` mode). */
  private async entryArgs(): Promise<string[]> {
    if (SERVER_MODE === 'tsx') return ['--import', 'tsx', SERVER_ENTRY];
    this.bundle ??= bundleServer();
    return [await this.bundle];
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts the server and waits until /api/health answers 200 (a port taken meanwhile: another). */
  async start(timeoutMs = 30_000): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.startOnce(timeoutMs);
      } catch (error) {
        if (attempt >= 3 || !this.output.includes('EADDRINUSE')) throw error;
      }
    }
  }

  private async startOnce(timeoutMs: number): Promise<void> {
    this.port = await freePort();
    this.output = '';
    const child = spawn(process.execPath, await this.entryArgs(), {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'test',
        DATABASE_URL: this.databaseUrl,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        JWT_SECRET: this.jwtSecret,
        AUTH_RATE_LIMIT: '1000000',
        DEMO_DATA: 'off',
        LOG_LEVEL: 'warn',
        WEB_BUILD: `/nonexistent-web-build-${randomUUID()}`,
        ...this.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    child.stdout?.on('data', (chunk) => {
      this.output += String(chunk);
    });
    child.stderr?.on('data', (chunk) => {
      this.output += String(chunk);
    });
    this.exited = new Promise((resolveExit) => {
      child.once('exit', (code, signal) => resolveExit({ code, signal }));
    });
    let exitedEarly: ExitStatus | undefined;
    void this.exited.then((status) => {
      exitedEarly = status;
    });
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (exitedEarly) {
        throw new Error(`the server exited while starting (${JSON.stringify(exitedEarly)}):\n${this.output}`);
      }
      try {
        const response = await fetch(`${this.baseUrl}/api/health`);
        await response.body?.cancel();
        if (response.status === 200) return;
      } catch {
        // not listening yet
      }
      await sleep(25);
    }
    child.kill('SIGKILL');
    throw new Error(`the server did not answer /api/health within ${timeoutMs} ms:\n${this.output}`);
  }

  /** Sends a signal to the current child. */
  signal(signal: NodeJS.Signals): void {
    if (!this.child?.pid) throw new Error('no server process');
    this.child.kill(signal);
  }

  /** SIGKILL, then waits until the process is gone. */
  async kill(): Promise<ExitStatus> {
    this.signal('SIGKILL');
    return this.waitForExit();
  }

  async waitForExit(): Promise<ExitStatus> {
    if (!this.exited) throw new Error('no server process');
    const status = await this.exited;
    this.child = undefined;
    return status;
  }

  /** Stops a child left running (a failed test) with SIGKILL, and removes the bundle it made. */
  async stop(): Promise<void> {
    if (this.child && this.child.exitCode === null && this.child.signalCode === null) {
      await this.kill();
    }
    if (this.sharedBundle) return;
    const bundle = await this.bundle?.catch(() => undefined);
    if (bundle) rmSync(bundle, { force: true });
  }
}

export const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/** Every day 00:00-23:59: 23 hourly slots a day, so the crash loop never runs out of free hours. */
export const ALL_DAY: Availability = Object.fromEntries(
  ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map((day) => [
    day,
    [{ start: '00:00', end: '23:59' }],
  ]),
);

export interface Account {
  id: string;
  email: string;
  userType: 'User' | 'Business';
}

/**
 * A new SQLite file, migrated as the server would, with confirmed customers and listed businesses
 * (password PASSWORD). The server then starts on it with DEMO_DATA=off; everything after this is
 * written by the server.
 */
export async function prepareDatabase(
  path: string,
  counts: { customers: number; businesses: number },
): Promise<{ customers: Account[]; businesses: Account[] }> {
  const db = createDatabase({ dialect: 'sqlite', path });
  try {
    await migrateToLatest(db);
    return await seedAccounts(db, counts);
  } finally {
    await db.destroy();
  }
}

/**
 * Confirmed customers `customer-{i}@crash.test` (Cal Customer {i}) and listed businesses
 * `business-{i}@crash.test` (Crash Cuts {i}, open every day 00:00-23:59), password PASSWORD, in
 * a migrated database of either dialect.
 */
export async function seedAccounts(
  db: Db,
  counts: { customers: number; businesses: number },
): Promise<{ customers: Account[]; businesses: Account[] }> {
  const passwordHash = await hashPassword(PASSWORD);
  const now = new Date().toISOString();
  const row = (userType: Account['userType'], index: number): UsersTable => {
    const isBusiness = userType === 'Business';
    return newUserRow({
      id: randomUUID(),
      email: `${isBusiness ? 'business' : 'customer'}-${index}@crash.test`,
      password_hash: passwordHash,
      user_type: userType,
      first_name: isBusiness ? 'Bea' : 'Cal',
      last_name: `${isBusiness ? 'Barber' : 'Customer'} ${index}`,
      phone_number: '+447123456789',
      address: '1 Main Street, Belfast, BT1 1AA',
      birthdate: '1990-05-01',
      is_confirmed: 1,
      confirmed_at: now,
      business_name: isBusiness ? `Crash Cuts ${index}` : null,
      business_address: isBusiness ? `${index} High Street, Belfast, BT1 2AB` : null,
      business_description: isBusiness ? 'Fades and beards' : null,
      minimum_price: isBusiness ? 20 : null,
      home_visits_enabled: 0,
      is_listed: isBusiness ? 1 : 0,
      availability: isBusiness ? JSON.stringify(ALL_DAY) : null,
      created_at: now,
    });
  };
  const customers = Array.from({ length: counts.customers }, (_, i) => row('User', i + 1));
  const businesses = Array.from({ length: counts.businesses }, (_, i) => row('Business', i + 1));
  // In chunks: one statement's parameters stay well under PostgreSQL's 65,535.
  const rows = [...customers, ...businesses];
  for (let from = 0; from < rows.length; from += 100) {
    await db
      .insertInto('users')
      .values(rows.slice(from, from + 100))
      .execute();
  }
  const account = (user: UsersTable): Account => ({
    id: user.id,
    email: user.email,
    userType: user.user_type as Account['userType'],
  });
  return { customers: customers.map(account), businesses: businesses.map(account) };
}

/** POST /api/auth/login with the password base64-encoded, as the web client sends it. */
export async function login(baseUrl: string, email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-password-encoding': 'base64' },
    body: JSON.stringify({ email, password: Buffer.from(PASSWORD, 'utf8').toString('base64') }),
  });
  const body = (await response.json()) as { accessToken?: string };
  if (response.status !== 200 || !body.accessToken) {
    throw new Error(`login of ${email} answered ${response.status}: ${JSON.stringify(body)}`);
  }
  return body.accessToken;
}
