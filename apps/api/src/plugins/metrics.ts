import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BookingStatus } from '@app/domain';
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** A connection pool's use, as node-postgres' `pg.Pool` counts it. */
export interface PoolUse {
  readonly totalCount: number;
  readonly idleCount: number;
  readonly waitingCount: number;
}

export interface MetricsSources {
  /** Due outbox messages not yet sent, read at each scrape. */
  outboxBacklog: () => Promise<number>;
  /** PostgreSQL's pool; SQLite has one connection and no pool metrics. */
  pool?: PoolUse;
  logger: FastifyBaseLogger;
}

/** The label of a request no route matched (the raw URL never becomes a label). */
export const UNMATCHED_ROUTE = '(unmatched)';
/** The `from` label of a new request, which has no status before it. */
export const NEW_BOOKING = '(new)';

/**
 * This app's Prometheus metrics (api-contract §8.7, decision 15), in a registry of its own: tests
 * build several apps in one process, and prom-client's global registry would refuse the second
 * app's metrics of the same names.
 */
export class AppMetrics {
  readonly registry = new Registry();
  private readonly requestDuration: Histogram<'method' | 'route' | 'status_code'>;
  private readonly transitions: Counter<'from' | 'to'>;
  private readonly outboxFailures: Counter<'outcome'>;

  constructor(sources: MetricsSources) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.requestDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from a request’s arrival to its answer, by method, route pattern and status code.',
      labelNames: ['method', 'route', 'status_code'],
      registers,
    });
    this.transitions = new Counter({
      name: 'booking_transitions_total',
      help: 'Booking status changes committed by this process, by status before (“(new)” for a request) and after.',
      labelNames: ['from', 'to'],
      registers,
    });
    this.outboxFailures = new Counter({
      name: 'outbox_failures_total',
      help: 'Failed email tries by this process’s outbox worker: retry (it goes again later) or failed (given up).',
      labelNames: ['outcome'],
      registers,
    });
    for (const outcome of ['retry', 'failed']) this.outboxFailures.inc({ outcome }, 0);
    new Gauge({
      name: 'outbox_backlog',
      help: 'Outbox messages due and not yet sent (all processes’), read at each scrape.',
      registers,
      async collect() {
        try {
          this.set(await sources.outboxBacklog());
        } catch (error) {
          // The scrape still answers (the process's own figures matter most when the database is down).
          sources.logger.warn({ err: error }, 'metrics: the outbox backlog could not be read');
          this.set(Number.NaN);
        }
      },
    });
    const pool = sources.pool;
    if (pool) {
      const poolGauge = (name: string, help: string, read: (pool: PoolUse) => number) =>
        new Gauge({
          name,
          help,
          registers,
          collect() {
            this.set(read(pool));
          },
        });
      poolGauge(
        'db_pool_connections',
        'PostgreSQL connections open in the pool, busy or idle.',
        (p) => p.totalCount,
      );
      poolGauge(
        'db_pool_idle_connections',
        'PostgreSQL connections open and idle in the pool.',
        (p) => p.idleCount,
      );
      poolGauge(
        'db_pool_waiting_requests',
        'Queries waiting for a PostgreSQL connection from the pool.',
        (p) => p.waitingCount,
      );
    }
  }

  /** One answered request: `route` is the route's pattern (`/api/calendar/:token`), never the URL. */
  observeRequest(method: string, route: string | undefined, statusCode: number, seconds: number): void {
    this.requestDuration.observe(
      { method, route: route ?? UNMATCHED_ROUTE, status_code: String(statusCode) },
      seconds,
    );
  }

  /** A booking status change, once its transaction has committed. */
  bookingTransition(from: BookingStatus | null, to: BookingStatus): void {
    this.transitions.inc({ from: from ?? NEW_BOOKING, to });
  }

  outboxFailure(outcome: 'retry' | 'failed'): void {
    this.outboxFailures.inc({ outcome });
  }

  /** The metrics listener's one resource: GET (or HEAD) /metrics. */
  async serve(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = (request.url ?? '/').split('?')[0];
    if (path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' });
      response.end('Method not allowed\n');
      return;
    }
    const text = await this.registry.metrics();
    response.writeHead(200, {
      'content-type': this.registry.contentType,
      'cache-control': 'no-store',
      'content-length': Buffer.byteLength(text),
    });
    response.end(request.method === 'HEAD' ? undefined : text);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Where the metrics listener listens (METRICS_PORT); undefined when it is off or not yet open. */
    metricsAddress(): AddressInfo | undefined;
  }
}

export interface MetricsPluginOptions {
  /** Undefined: no metrics, no listener. */
  metrics: AppMetrics | undefined;
  port: number | undefined;
  host: string;
}

/**
 * With METRICS_PORT: every answered request goes into the duration histogram, and a second HTTP
 * listener on that port serves `/metrics` and nothing else; the public port never does. It opens
 * when the app is ready and closes first when the app closes.
 */
export const metricsPlugin = fp<MetricsPluginOptions>(
  async (app, { metrics, port, host }) => {
    let server: Server | undefined;
    app.decorate('metricsAddress', () => {
      const address = server?.address();
      return address && typeof address === 'object' ? address : undefined;
    });
    if (!metrics || port === undefined) return;

    app.addHook('onResponse', async (request, reply) => {
      metrics.observeRequest(
        request.method,
        request.routeOptions.url,
        reply.statusCode,
        reply.elapsedTime / 1000,
      );
    });

    app.addHook('onReady', async () => {
      const listener = createServer((request, response) => {
        metrics.serve(request, response).catch((error: unknown) => {
          app.log.error({ err: error }, 'metrics: the scrape failed');
          if (!response.headersSent) response.writeHead(500);
          response.end();
        });
      });
      await new Promise<void>((resolve, reject) => {
        listener.once('error', reject);
        listener.listen({ port, host }, () => {
          listener.off('error', reject);
          resolve();
        });
      });
      server = listener;
      app.log.info({ metrics: `http://${host}:${app.metricsAddress()?.port}/metrics` }, 'metrics listening');
    });

    // Before the app's own close: no scrape reads a database being closed.
    app.addHook('preClose', async () => {
      const listener = server;
      if (!listener) return;
      server = undefined;
      await new Promise<void>((resolve) => {
        listener.close(() => resolve());
        // A scrape is cheap to repeat: keep-alive connections (and one in flight) end now.
        listener.closeAllConnections();
      });
    });
  },
  { name: 'metrics' },
);
