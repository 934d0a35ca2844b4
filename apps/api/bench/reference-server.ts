// The benchmark's reference: a bare Fastify hello-world (no logger, no plugins) on the same
// machine and the same Node as the API. Listens on PORT (127.0.0.1).
// GET /payload/:bytes answers a ready-made JSON body of about that many bytes: the most any
// server could do for a response of that size here (the "same-size ceiling" of the benchmark).
import Fastify from 'fastify';

const payloads = new Map<number, string>();
function payload(bytes: number): string {
  const size = Math.max(32, Math.min(bytes, 10_000_000));
  let body = payloads.get(size);
  if (!body) {
    const item = JSON.stringify('x'.repeat(90));
    const count = Math.max(0, Math.floor((size - 20) / (item.length + 1)));
    body = JSON.stringify({ items: Array.from({ length: count }, () => 'x'.repeat(90)) });
    payloads.set(size, body);
  }
  return body;
}

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
app.get<{ Params: { bytes: string } }>('/payload/:bytes', async (request, reply) =>
  reply.type('application/json; charset=utf-8').send(payload(Number(request.params.bytes) || 0)),
);
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.once('SIGTERM', () => {
  app.close().then(() => process.exit(0));
});
