import { request } from 'node:http';
import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { inFlightPlugin } from '../../src/plugins/in-flight';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// plugins/in-flight.ts makes the app's close wait for the handlers still running. A client that
// closes its connection while the onRequest hooks run (a slow authentication under load: the
// benchmark's POST /book at the end of a row) must not hold the close for ever: Fastify never reads
// such a request's body, so it never reaches its handler or onSend (issue 34; the benchmark's
// servers timed out on shutdown with 19 of them counted).
it('a close waits for the handlers of requests whose clients left, and for nothing else', async () => {
  const app = Fastify();
  await app.register(inFlightPlugin);
  let handled = 0;
  app.addHook('onRequest', async () => sleep(30));
  app.post('/slow', async (_request, reply) => {
    await sleep(150);
    handled += 1;
    return reply.code(201).send({ ok: true });
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };

  /** A POST /slow whose client goes away after `leaveAfterMs`; `partial`: its body never all sent. */
  const leave = (leaveAfterMs: number, partial = false) =>
    new Promise<void>((resolve) => {
      const body = JSON.stringify({ a: 1 });
      const sent = request({
        host: '127.0.0.1',
        port,
        path: '/slow',
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': body.length + (partial ? 10 : 0) },
      });
      sent.on('error', () => undefined);
      sent.write(body);
      if (!partial) sent.end();
      setTimeout(() => {
        sent.destroy();
        resolve();
      }, leaveAfterMs);
    });

  // Gone during the onRequest hook (body sent, or not all of it), and gone during the handler.
  await Promise.all([leave(5), leave(5), leave(5, true), leave(60), leave(60)]);
  const closing = Date.now();
  const closed = app.close().then(() => Date.now() - closing);
  const waited = await Promise.race([closed, sleep(3000).then(() => 'hung' as const)]);
  expect(waited).not.toBe('hung');
  // The two that reached their handler finished before the close went on.
  expect(handled).toBe(2);
});
