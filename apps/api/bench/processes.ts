import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** apps/api */
export const API_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The benchmark's ports: 3400–3499 on loopback. */
const PORTS = { first: 3400, last: 3499 };
const reserved = new Set<number>();

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A port of 3400–3499 nothing listens on (and this run has not handed out). */
export async function freePort(): Promise<number> {
  for (let port = PORTS.first; port <= PORTS.last; port += 1) {
    if (reserved.has(port)) continue;
    if (await isFree(port)) {
      reserved.add(port);
      return port;
    }
  }
  throw new Error(`no free port in ${PORTS.first}-${PORTS.last}`);
}

export interface Child {
  name: string;
  process: ChildProcess;
  /** The last output (64 KB), for error messages. */
  output(): string;
  /** Every line it wrote to stderr starting `loop-delay #` (bench/loop-delay.cjs), oldest first. */
  loopReports(): readonly string[];
  /** SIGTERM, then SIGKILL after 10 s; resolves with everything it printed after the signal. */
  stop(): Promise<string>;
}

/** Runs a TypeScript file of apps/ with the same Node (through tsx), from apps/api. */
export function startTypeScript(
  name: string,
  file: string,
  env: NodeJS.ProcessEnv,
  nodeArgs: readonly string[] = [],
): Child {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', file], {
    cwd: API_DIR,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let tail = '';
  let afterStop: string | null = null;
  const keep = (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    tail = (tail + text).slice(-65_536);
    if (afterStop !== null) afterStop += text;
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  // The delay reports apart from the log: a burst of log lines would push them out of the tail.
  const reports: string[] = [];
  let partial = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString('utf8')).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) if (line.startsWith('loop-delay #')) reports.push(line);
  });
  const exited = once(child, 'exit');
  return {
    name,
    process: child,
    output: () => tail,
    loopReports: () => reports,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return afterStop ?? '';
      afterStop = '';
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
      return afterStop;
    },
  };
}

/** Waits until `url` answers 200 (or the child dies, or 60 s pass). */
export async function waitUntilUp(child: Child, url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.process.exitCode !== null) {
      throw new Error(`${child.name} exited with ${child.process.exitCode}:\n${child.output()}`);
    }
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${child.name} did not answer ${url} within ${timeoutMs} ms:\n${child.output()}`);
}

/** Waits until the child prints `text`. */
export async function waitForOutput(child: Child, text: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!child.output().includes(text)) {
    if (child.process.exitCode !== null || Date.now() > deadline) {
      throw new Error(`${child.name} did not print "${text}":\n${child.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The API's environment as in production for a benchmark: its port, its database and secret, real
 * SMTP to the sink on `sinkPort`, no web build; `extra` adds or overrides settings.
 */
export function productionApiEnv(
  settings: { port: number; databaseUrl: string; jwtSecret: string; sinkPort: number },
  extra: NodeJS.ProcessEnv = {},
): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    ...(process.env.BENCH_CPU_PROFILE ? { BENCH_CPU_PROFILE: process.env.BENCH_CPU_PROFILE } : {}),
    PORT: String(settings.port),
    HOST: '127.0.0.1',
    DATABASE_URL: settings.databaseUrl,
    JWT_SECRET: settings.jwtSecret,
    SMTP_URL: `smtp://127.0.0.1:${settings.sinkPort}`,
    APP_URL: 'http://localhost:3000',
    WEB_BUILD: join(tmpdir(), 'trimtime-bench-no-web'),
    ...extra,
  };
}

/** Node's arguments that preload the event loop's delay monitor (bench/loop-delay.cjs). */
export const LOOP_DELAY = ['--require', join(import.meta.dirname, 'loop-delay.cjs')];

/**
 * The event loop's delay (p99 and max, ms) since the last call, from a child started with LOOP_DELAY;
 * with BENCH_CPU_PROFILE set, the CPU profile of that span too.
 */
export async function loopDelay(child: Child): Promise<{ p99: number; max: number; profile?: string }> {
  const before = child.loopReports().length;
  child.process.kill('SIGUSR2');
  const deadline = Date.now() + 30_000;
  for (;;) {
    const reports = child.loopReports();
    const last =
      reports.length > before
        ? /p99=([\d.]+) max=([\d.]+)(?: profile=(\S+))?/.exec(reports.at(-1) ?? '')
        : null;
    if (last) return { p99: Number(last[1]), max: Number(last[2]), ...(last[3] ? { profile: last[3] } : {}) };
    if (child.process.exitCode !== null || Date.now() > deadline) {
      throw new Error(`${child.name} did not report its event loop's delay`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
