import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import autocannon from 'autocannon';

/**
 * What every request of the benchmark sends besides its own headers: the Accept-Encoding of every
 * browser, so the API may answer gzip as it would to the web app.
 */
export const CLIENT_HEADERS: Readonly<Record<string, string>> = { 'accept-encoding': 'gzip, deflate, br' };

/**
 * NOTE: autocannon 8 appends every chunk of every answer to a string (PipelinedRequestsQueue's
 * addBody, for its `expectBody`/`verifyBody` checks, which this benchmark does not use). Decoding
 * a 36 KB gzip body as UTF-8 costs the client several times what the server spends on the whole
 * request, on the same cores, and would be measured as the server's slowness (a bare Fastify
 * serving a ready-made 36 KB gzip body fell from ~20,000 to ~2,000 req/s). The client only counts
 * the bytes here, as it already does for its figures.
 */
function dropBodyDecoding() {
  const require = createRequire(import.meta.url);
  const queue = require('autocannon/lib/pipelinedRequestsQueue.js') as {
    prototype: { addBody(data: Buffer): void };
  };
  queue.prototype.addBody = () => undefined;
}
dropBodyDecoding();

/** A request without an answer after this long is a timeout. */
export const TIMEOUT_SECONDS = 10;

const CLOCK_TICKS_PER_SECOND = 100; // USER_HZ: 100 on Linux

/** CPU time (ms) a process has used so far, or NaN where /proc is not there. */
export function cpuMsOf(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return Number.NaN;
  }
}

export interface LoadOptions {
  /** Base URL, e.g. http://127.0.0.1:3401 */
  url: string;
  method?: 'GET' | 'POST';
  path: string;
  connections: number;
  /** Seconds measured (after a warm-up of `warmupSeconds` that is not counted). */
  seconds: number;
  warmupSeconds?: number;
  headers?: Record<string, string>;
  /** The server's process, to measure its CPU time per request. */
  pid?: number;
  /** Called for every request: change the path, headers or body (different ids, tokens, slots). */
  vary?: (request: { path: string; headers: Record<string, string>; body?: string }) => void;
}

export interface LoadResult {
  requests: number;
  /** Completed requests per second. */
  rps: number;
  /** Latency percentiles (ms) over every response, whatever its status. */
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Responses by status code. */
  statuses: Record<number, number>;
  /** Connection errors (not timeouts). */
  errors: number;
  /** Requests without an answer within TIMEOUT_SECONDS (counted in the percentiles at that time). */
  timeouts: number;
  bytesPerResponse: number;
  /** The server's CPU time per response (ms): unlike req/s, barely moved by other work on the machine. */
  cpuMsPerRequest: number;
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] as number;
}

async function attack(options: LoadOptions, seconds: number): Promise<LoadResult> {
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  let bytes = 0;
  const started = process.hrtime.bigint();
  const cpuBefore = cpuMsOf(options.pid);
  let instance: autocannon.Instance | undefined;
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(
      {
        url: options.url,
        connections: options.connections,
        duration: seconds,
        timeout: TIMEOUT_SECONDS,
        requests: [
          {
            method: options.method ?? 'GET',
            path: options.path,
            headers: { ...CLIENT_HEADERS, ...options.headers },
            setupRequest: (request) => {
              if (!options.vary) return request;
              const next = { path: options.path, headers: { ...CLIENT_HEADERS, ...options.headers } } as {
                path: string;
                headers: Record<string, string>;
                body?: string;
              };
              options.vary(next);
              return { ...request, path: next.path, headers: next.headers, body: next.body };
            },
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
  instance?.on('response', (_client, statusCode, resBytes, responseTime) => {
    latencies.push(responseTime);
    statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
    bytes += resBytes;
  });
  const result = await done;
  const cpuMs = cpuMsOf(options.pid) - cpuBefore;
  const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
  const answered = latencies.length;
  // A timed-out request took at least the timeout: count it so in the percentiles.
  for (let i = 0; i < result.timeouts; i += 1) latencies.push(TIMEOUT_SECONDS * 1000);
  const sorted = Float64Array.from(latencies).sort();
  return {
    requests: answered,
    rps: answered / Math.max(elapsed, 0.001),
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.length > 0 ? (sorted[sorted.length - 1] as number) : Number.NaN,
    statuses,
    errors: result.errors - result.timeouts,
    timeouts: result.timeouts,
    bytesPerResponse: answered > 0 ? bytes / answered : 0,
    cpuMsPerRequest: answered > 0 ? cpuMs / answered : Number.NaN,
  };
}

/** A warm-up (JIT, caches, pools), then the measured run. */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  if ((options.warmupSeconds ?? 0) > 0) await attack(options, options.warmupSeconds ?? 0);
  return attack(options, options.seconds);
}
