import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MINUTE_MS } from '../lib/clock';

declare module 'fastify' {
  interface FastifyInstance {
    /** Route hook: counts the request against the caller's IP for `action` (429 over the limit). */
    rateLimit(action: string): (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/** What the plugin needs of the rate-limits service (modules/rate-limits), which app.ts passes in. */
export interface IpRateLimiter {
  /** Counts one request by `ip` for `action`; throws the 429 error over the limit. */
  hitPerIp(action: string, ip: string): Promise<void>;
  /** Deletes counters whose window has passed. */
  deleteStale(): Promise<unknown>;
}

export const rateLimitPlugin = fp<{ rateLimits: IpRateLimiter }>(
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
