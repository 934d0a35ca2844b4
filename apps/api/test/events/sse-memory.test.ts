import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../helpers/databases';
import { type Actor, createCustomer } from '../helpers/marketplace';
import { type ListeningApp, listeningApp, sleep } from './support';

const CONNECTIONS = 200;
const PER_ACCOUNT = 10;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/**
 * The clients run in a worker thread (its own heap), on raw sockets, so the main thread's heap
 * holds only the server's side of each connection. RSS is the whole process's, clients included.
 */
const CLIENTS = `
const { parentPort, workerData } = require('node:worker_threads');
const { connect } = require('node:net');
const sockets = [];
let ready = 0;
for (const token of workerData.tokens) {
  const socket = connect(workerData.port, '127.0.0.1');
  let seen = '';
  socket.setEncoding('utf8');
  socket.on('error', () => undefined);
  socket.on('data', (chunk) => {
    if (seen === null) return;
    seen += chunk;
    if (seen.includes('retry: 3000')) {
      seen = null;
      ready += 1;
      if (ready === workerData.tokens.length) parentPort.postMessage('ready');
    }
  });
  socket.write('GET /api/events HTTP/1.1\\r\\nHost: 127.0.0.1\\r\\nAccept: text/event-stream\\r\\nAuthorization: Bearer ' + token + '\\r\\n\\r\\n');
  sockets.push(socket);
}
parentPort.on('message', () => {
  for (const socket of sockets) socket.destroy();
  parentPort.postMessage('closed');
});
`;

/** Opens one stream per token from a worker thread; resolves once every stream has its `retry:`. */
async function openFromWorker(port: number, tokens: string[]) {
  const worker = new Worker(CLIENTS, { eval: true, workerData: { port, tokens } });
  const message = () =>
    new Promise<string>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
  const ready = await Promise.race([
    message(),
    sleep(30_000).then(() => {
      throw new Error('the streams did not open within 30 s');
    }),
  ]);
  expect(ready).toBe('ready');
  return {
    close: async () => {
      const closed = message();
      worker.postMessage('close');
      await closed;
      await worker.terminate();
    },
  };
}

function memory() {
  gc();
  gc();
  const { heapUsed, rss } = process.memoryUsage();
  return { heapUsed, rss };
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

describeEachDatabase('200 open event streams on one process', (database) => {
  let t: ListeningApp;
  let accounts: Actor[];
  beforeAll(async () => {
    t = await listeningApp(database());
    accounts = [];
    for (let i = 0; i < CONNECTIONS / PER_ACCOUNT; i += 1)
      accounts.push(await createCustomer(t, database().db));
  });
  afterAll(() => t.close());

  it(`holds ${CONNECTIONS} streams, reports the memory of each, and lets every one go when they disconnect`, async () => {
    const port = Number(new URL(t.baseUrl).port);
    const tokens = accounts.flatMap((account) => Array.from({ length: PER_ACCOUNT }, () => account.token));
    // A first round warms up what is made once (code paths, the auth queries, pools).
    const warmUp = await openFromWorker(port, tokens.slice(0, 20));
    await warmUp.close();
    await sleep(200);

    const before = memory();
    const clients = await openFromWorker(port, tokens);
    expect(t.app.liveEvents.subscriberCount).toBe(CONNECTIONS);
    const during = memory();
    const heapPer = (during.heapUsed - before.heapUsed) / CONNECTIONS;
    const rssPer = (during.rss - before.rss) / CONNECTIONS;
    console.info(
      `[${database().dialect}] ${CONNECTIONS} open SSE connections: server heap +${kib(during.heapUsed - before.heapUsed)} (${kib(heapPer)} per connection); process RSS +${kib(during.rss - before.rss)} (${kib(rssPer)} per connection, the client worker included)`,
    );

    // Every stream still receives: one event to each account reaches its 10 streams.
    const delivered = new Promise<void>((resolve) => {
      let left = CONNECTIONS;
      const stops = accounts.map((account) =>
        t.app.liveEvents.subscribe(account.id, () => {
          left -= 1;
          if (left === 0) {
            for (const stop of stops) stop();
            resolve();
          }
        }),
      );
      for (const account of accounts) {
        for (let i = 0; i < PER_ACCOUNT; i += 1) {
          t.app.liveEvents.publish({
            type: 'booking',
            recipients: [account.id],
            bookingId: `b-${i}`,
            status: 'Approved',
          });
        }
      }
    });
    await delivered;

    await clients.close();
    await sleep(100);
    await waitUntil(() => t.app.liveEvents.subscriberCount === 0);
    const after = memory();
    console.info(
      `[${database().dialect}] after they disconnected: server heap ${kib(after.heapUsed - before.heapUsed)} from before they opened`,
    );
  });
});

async function waitUntil(condition: () => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(20);
  }
}
