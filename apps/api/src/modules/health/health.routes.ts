import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../lib/clock';
import type { HealthRepository } from '../../repositories/health.repository';

const HealthSchema = z.object({ status: z.literal('ok'), database: z.literal('ok') });
const UnhealthySchema = z.object({
  status: z.literal('error'),
  database: z.literal('unreachable'),
  message: z.string(),
  code: z.literal('DatabaseUnavailable'),
});

const PING_TIMEOUT_MS = 3_000;

/** How recently this process's outbox worker must have run for GET /api/ready (api-contract §8.7). */
export const OUTBOX_HEARTBEAT_MS = 60_000;

const ReadyChecksSchema = z.object({
  database: z.literal('ok'),
  migrations: z.literal('ok'),
  outbox: z.literal('ok'),
});
const ReadySchema = z
  .object({ status: z.literal('ready'), checks: ReadyChecksSchema })
  .describe('Ready: this process may take traffic.');
const NotReadySchema = z
  .object({
    status: z.literal('not ready'),
    checks: z.object({
      database: z.enum(['ok', 'unreachable']).describe('Whether the database answers.'),
      migrations: z
        .enum(['ok', 'pending', 'unknown'])
        .describe(
          'Every migration this code carries is applied; `unknown` when the database does not answer.',
        ),
      outbox: z
        .enum(['ok', 'stale'])
        .describe('This process’s outbox worker completed a round (or a message) in the last 60 s.'),
    }),
    message: z.string().describe('Which checks failed.'),
    code: z.literal('ServiceUnavailable'),
  })
  .describe('Not ready: `checks` says which checks failed; keep traffic away from this process for now.');
type ReadinessChecks = z.infer<typeof NotReadySchema>['checks'];

/** `work`, or a rejection once `ms` have passed without it settling. */
async function within<T>(ms: number, work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what} timed out`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export interface HealthRoutesOptions {
  health: HealthRepository;
  /** When this process's outbox worker last showed it runs (`Outbox.heartbeat`). */
  outboxHeartbeat: () => Date | undefined;
  clock: Clock;
}

const LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
type Level = (typeof LEVELS)[number];
const quieter = (a: string, b: Level): Level =>
  LEVELS.indexOf(a as Level) > LEVELS.indexOf(b) ? (a as Level) : b;

export const healthRoutes: FastifyPluginAsyncZod<HealthRoutesOptions> = async (
  app,
  { health, outboxHeartbeat, clock },
) => {
  app.get(
    '/health',
    {
      // Probes call this often: log it only when it fails (or when the app logs less anyway).
      logLevel: quieter(app.log.level, 'warn'),
      schema: {
        tags: ['health'],
        summary: 'Liveness and database reachability',
        response: { 200: HealthSchema, 503: UnhealthySchema },
      },
    },
    async (request, reply) => {
      try {
        await within(PING_TIMEOUT_MS, health.ping(), 'database ping');
        return { status: 'ok' as const, database: 'ok' as const };
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        return reply.code(503).send({
          status: 'error',
          database: 'unreachable',
          message: 'The database is unreachable.',
          code: 'DatabaseUnavailable',
        });
      }
    },
  );

  // Migrations never go back: once all are applied, this process need not ask again.
  let migrated = false;
  app.get(
    '/ready',
    {
      logLevel: quieter(app.log.level, 'warn'),
      schema: {
        tags: ['health'],
        summary: 'Readiness: the database answers, every migration is applied, the outbox worker runs',
        description:
          'For a load balancer: 200 when this process may take traffic; 503 `ServiceUnavailable` with the failed checks otherwise (api-contract §8.7). No token needed.',
        response: { 200: ReadySchema, 503: NotReadySchema },
      },
    },
    async (request, reply) => {
      const checks: ReadinessChecks = { database: 'ok', migrations: 'ok', outbox: 'ok' };
      const problems: string[] = [];
      try {
        await within(PING_TIMEOUT_MS, health.ping(), 'database ping');
        if (!migrated) {
          const missing = await within(PING_TIMEOUT_MS, health.missingMigrations(), 'migration check');
          if (missing.length === 0) {
            migrated = true;
          } else {
            checks.migrations = 'pending';
            problems.push(`migrations not applied: ${missing.join(', ')}`);
          }
        }
      } catch (error) {
        request.log.error({ err: error }, 'readiness check: database unreachable');
        checks.database = 'unreachable';
        if (!migrated) checks.migrations = 'unknown';
        problems.push('the database is unreachable');
      }
      const beat = outboxHeartbeat();
      if (!beat || clock().getTime() - beat.getTime() > OUTBOX_HEARTBEAT_MS) {
        checks.outbox = 'stale';
        problems.push('the outbox worker has not run in the last 60 s');
      }
      if (problems.length === 0) {
        return {
          status: 'ready' as const,
          checks: { database: 'ok', migrations: 'ok', outbox: 'ok' } as const,
        };
      }
      request.log.warn({ checks }, 'not ready');
      return reply.code(503).send({
        status: 'not ready',
        checks,
        message: `Not ready: ${problems.join('; ')}.`,
        code: 'ServiceUnavailable',
      });
    },
  );
};
