import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MINUTE_MS } from '../lib/clock';
import type { RateLimitsService } from '../modules/rate-limits/rate-limits.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Route hook: counts the request against the caller's IP for `action` (429 over the limit). */
    rateLimit(action: string): (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

export const rateLimitPlugin = fp<{ rateLimits: RateLimitsService }>(
  async (app, { rateLimits }) => {
    app.decorate('rateLimit', (action: string) => async (request: FastifyRequest) => {
      await rateLimits.hitPerIp(action, request.ip);
    });

    const timer = setInterval(() => {
      rateLimits
        .deleteStale()
        .catch((error: unknown) => app.log.warn({ err: error }, 'rate-limit cleanup failed'));
    }, 10 * MINUTE_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'rate-limit' },
);
