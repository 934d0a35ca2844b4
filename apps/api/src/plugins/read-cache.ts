import fp from 'fastify-plugin';
import type { ReadCache } from '../lib/read-cache';

/** Methods that never write. Every other request makes the read cache stale. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Makes the read cache stale after every request that may write, before its answer goes out (a
 * client reads its own write at once), and again once it is sent (in case an answer never got to
 * onSend). Coarse on purpose: no write path can be forgotten.
 */
export const readCachePlugin = fp<{ cache: ReadCache }>(
  async (app, { cache }) => {
    app.addHook('onSend', (request, _reply, payload, done) => {
      if (!SAFE_METHODS.has(request.method)) cache.invalidate();
      done(null, payload);
    });
    app.addHook('onResponse', (request, _reply, done) => {
      if (!SAFE_METHODS.has(request.method)) cache.invalidate();
      done();
    });
  },
  { name: 'read-cache' },
);
