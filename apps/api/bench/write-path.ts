/**
 * The write path under load: `connections` clients, each in a loop, request a booking
 * (POST /api/booking/book, as a customer) and then approve it (PATCH /api/booking/setstatus
 * Approved, as its business), the approval waiting for the booking's id. Each request's latency
 * is recorded by kind. Keep-alive connections over node:http, like autocannon's (autocannon cannot
 * chain a request on the previous answer's body here: load.ts drops the bodies).
 */
import { Agent, request as httpRequest } from 'node:http';
import { CLIENT_HEADERS } from './load';

export interface WriteOffer {
  businessId: string;
  /** The business's access token (it approves). */
  businessToken: string;
  slot: string;
  price: number;
}

export interface WritePathOptions {
  /** e.g. http://127.0.0.1:3401 */
  url: string;
  connections: number;
  seconds: number;
  /** Not counted: JIT, pools (it books and approves too). */
  warmupSeconds: number;
  /** Free slots, each used once (the run stops early if they run out). */
  offers: readonly WriteOffer[];
  /** Customers' access tokens, used in turn. */
  customerTokens: readonly string[];
}

export interface Latencies {
  requests: number;
  p50: number;
  p99: number;
  max: number;
  statuses: Record<number, number>;
  /** Connection errors (not timeouts). */
  errors: number;
  /** Requests without an answer within 10 s (counted in the percentiles at that time). */
  timeouts: number;
}

export interface WritePathResult {
  /** Bookings requested and then approved (201 then 200), per second. */
  pairsPerSecond: number;
  pairs: number;
  book: Latencies;
  approve: Latencies;
  /** True when the run used up its offers before its time. */
  ranOut: boolean;
}

const REQUEST_TIMEOUT_MS = 10_000;

class RequestTimeout extends Error {}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] as number;
}

class Recorder {
  private readonly times: number[] = [];
  readonly statuses: Record<number, number> = {};
  errors = 0;
  timeouts = 0;
  add(ms: number, status: number) {
    this.times.push(ms);
    this.statuses[status] = (this.statuses[status] ?? 0) + 1;
  }
  /** A request that failed: a timeout took at least the timeout, as in load.ts. */
  fail(error: unknown) {
    if (error instanceof RequestTimeout) {
      this.timeouts += 1;
      this.times.push(REQUEST_TIMEOUT_MS);
    } else this.errors += 1;
  }
  result(): Latencies {
    const sorted = Float64Array.from(this.times).sort();
    return {
      requests: sorted.length,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      max: sorted.length > 0 ? (sorted[sorted.length - 1] as number) : Number.NaN,
      statuses: this.statuses,
      errors: this.errors,
      timeouts: this.timeouts,
    };
  }
}

interface Answer {
  status: number;
  body: string;
  ms: number;
}

function send(agent: Agent, base: URL, method: string, path: string, token: string, body: object) {
  const payload = JSON.stringify(body);
  return new Promise<Answer>((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = httpRequest(
      {
        agent,
        host: base.hostname,
        port: base.port,
        method,
        path,
        timeout: REQUEST_TIMEOUT_MS,
        headers: {
          ...CLIENT_HEADERS,
          // Answers come uncompressed, so the body (the booking's id) is read as it is.
          'accept-encoding': 'identity',
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            ms: Number(process.hrtime.bigint() - started) / 1e6,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new RequestTimeout(`no answer within ${REQUEST_TIMEOUT_MS} ms`)));
    req.on('error', reject);
    req.end(payload);
  });
}

async function attack(
  options: WritePathOptions,
  seconds: number,
  next: { offer: number; customer: number },
): Promise<WritePathResult> {
  const base = new URL(options.url);
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  const book = new Recorder();
  const approve = new Recorder();
  let pairs = 0;
  let ranOut = false;
  const started = Date.now();
  const deadline = started + seconds * 1000;
  const client = async () => {
    while (Date.now() < deadline) {
      const offer = options.offers[next.offer++];
      if (!offer) {
        ranOut = true;
        return;
      }
      const customerToken = options.customerTokens[next.customer++ % options.customerTokens.length]!;
      let booked: Answer;
      try {
        booked = await send(agent, base, 'POST', '/api/booking/book', customerToken, {
          businessId: offer.businessId,
          bookingDateTime: offer.slot,
          price: offer.price,
          isHomeVisit: false,
        });
      } catch (error) {
        book.fail(error);
        continue;
      }
      book.add(booked.ms, booked.status);
      if (booked.status !== 201) continue;
      const bookingId = (JSON.parse(booked.body) as { booking: { id: string } }).booking.id;
      try {
        const approved = await send(agent, base, 'PATCH', '/api/booking/setstatus', offer.businessToken, {
          businessId: offer.businessId,
          bookingId,
          status: 'Approved',
        });
        approve.add(approved.ms, approved.status);
        if (approved.status === 200) pairs += 1;
      } catch (error) {
        approve.fail(error);
      }
    }
  };
  await Promise.all(Array.from({ length: options.connections }, client));
  const elapsed = (Date.now() - started) / 1000;
  agent.destroy();
  return {
    pairs,
    pairsPerSecond: pairs / Math.max(elapsed, 0.001),
    book: book.result(),
    approve: approve.result(),
    ranOut,
  };
}

/** A warm-up (not counted), then the measured run; offers and customers continue across both. */
export async function runWritePath(options: WritePathOptions): Promise<WritePathResult> {
  const next = { offer: 0, customer: 0 };
  if (options.warmupSeconds > 0) await attack(options, options.warmupSeconds, next);
  return attack(options, options.seconds, next);
}
