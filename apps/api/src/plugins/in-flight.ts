import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Counts the requests whose hooks and handler are still running, and makes the app's close wait
 * for them before its other onClose hooks (the database, the mailer, the live-event connection).
 *
 * Fastify's close waits for the server's connections, not for the handlers: a client that
 * disconnects mid-request ends its connection at once, so the close could go on and close the
 * database under a handler still using it. A request is finished when its answer is handed to
 * onSend (its handler is done, whether the client is still there or not), when it is answered at
 * all, or when its connection closes after Fastify stopped sending for it (a hijacked event stream).
 */
/** A request whose client closed the connection before its body was read. */
class ClientGoneError extends Error {
  readonly statusCode = 400;
  readonly code = 'ClientGone';
  constructor() {
    super('The client closed the connection before the request was read');
  }
}

export const inFlightPlugin = fp(
  async (app) => {
    let running = 0;
    let waiters: (() => void)[] = [];
    const finished = new WeakSet<FastifyRequest>();
    const finish = (request: FastifyRequest) => {
      if (finished.has(request)) return;
      finished.add(request);
      running -= 1;
      if (running > 0) return;
      for (const wake of waiters) wake();
      waiters = [];
    };

    app.addHook('onRequest', (request, reply, done) => {
      running += 1;
      reply.raw.once('close', () => {
        if (reply.sent) finish(request);
      });
      done();
    });
    // A client that went away while the onRequest hooks ran (a slow authentication, say): Fastify
    // would wait for its body for ever, never reaching the handler or onSend, and the close would
    // wait with it. It is answered now with an error, which nobody reads, and counted as finished.
    app.addHook('preParsing', (request, _reply, payload, done) => {
      if (request.raw.destroyed) done(new ClientGoneError(), undefined);
      else done(null, payload);
    });
    app.addHook('onSend', (request, _reply, payload, done) => {
      finish(request);
      done(null, payload);
    });
    app.addHook('onResponse', (request, _reply, done) => {
      finish(request);
      done();
    });
    // Registered after the database's and the mailer's onClose hooks, so it runs before them.
    app.addHook('onClose', async () => {
      if (running === 0) return;
      app.log.info({ running }, 'shutting down: waiting for handlers still running');
      await new Promise<void>((done) => waiters.push(done));
    });
  },
  { name: 'in-flight' },
);
