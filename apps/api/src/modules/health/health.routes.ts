import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { HealthRepository } from './health.repository';

const HealthSchema = z.object({ status: z.literal('ok'), database: z.literal('ok') });
const UnhealthySchema = z.object({
  status: z.literal('error'),
  database: z.literal('unreachable'),
  message: z.string(),
  code: z.literal('DatabaseUnavailable'),
});

const PING_TIMEOUT_MS = 3_000;

const LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
type Level = (typeof LEVELS)[number];
const quieter = (a: string, b: Level): Level =>
  LEVELS.indexOf(a as Level) > LEVELS.indexOf(b) ? (a as Level) : b;

export const healthRoutes: FastifyPluginAsyncZod<{ health: HealthRepository }> = async (app, { health }) => {
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
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          health.ping(),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error('database ping timed out')), PING_TIMEOUT_MS);
          }),
        ]);
        return { status: 'ok' as const, database: 'ok' as const };
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        return reply.code(503).send({
          status: 'error',
          database: 'unreachable',
          message: 'The database is unreachable.',
          code: 'DatabaseUnavailable',
        });
      } finally {
        clearTimeout(timer);
      }
    },
  );
};
