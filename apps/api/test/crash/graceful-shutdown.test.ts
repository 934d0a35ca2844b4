/**
 * Graceful shutdown: on SIGTERM the server stops accepting connections, finishes the
 * requests already in flight (their writes are stored and answered 2xx), closes idle keep-alive
 * connections, and exits 0 promptly.
 *
 * "In flight" is made deterministic with raw sockets: each request's head and half its body are
 * sent before the signal, so the server has started the request and is waiting for the rest of it;
 * the rest is sent only after the signal.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { utcToLondonWallClock } from '@app/domain';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { recordFigures } from './figures';
import { login, prepareDatabase, SERVER_MODE, ServerProcess, sleep } from './server-process';

interface RawResponse {
  status: number;
  headers: string;
  body: string;
}

/** A socket that has completed one GET /api/health (so the server has accepted it) and keeps its data. */
async function openConnection(
  port: number,
): Promise<{ socket: Socket; received: () => string; closed: Promise<void> }> {
  const socket = connect(port, '127.0.0.1');
  let data = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    data += chunk;
  });
  socket.on('error', () => undefined);
  const closed = new Promise<void>((done) => socket.once('close', () => done()));
  await new Promise<void>((done, fail) => {
    socket.once('connect', () => done());
    socket.once('error', fail);
  });
  socket.write(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
  const deadline = Date.now() + 10_000;
  while (!/\r\n\r\n[\s\S]*"database":"ok"\}/.test(data)) {
    if (Date.now() > deadline) throw new Error(`no health answer: ${data}`);
    await sleep(5);
  }
  const offset = data.length;
  return { socket, received: () => data.slice(offset), closed };
}

function parseResponse(raw: string): RawResponse {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split);
  const status = Number(head.split(' ')[1]);
  return { status, headers: head, body: raw.slice(split + 4) };
}

async function waitForResponse(received: () => string, timeoutMs = 10_000): Promise<RawResponse> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const raw = received();
    const split = raw.indexOf('\r\n\r\n');
    if (split >= 0) {
      const length = Number(/content-length: (\d+)/i.exec(raw.slice(0, split))?.[1] ?? Number.NaN);
      if (Buffer.byteLength(raw.slice(split + 4)) >= length) return parseResponse(raw);
    }
    if (Date.now() > deadline) throw new Error(`no complete response: ${raw}`);
    await sleep(5);
  }
}

/** Resolves with the error code of a new connection attempt (or 'connected'). */
function tryConnect(port: number): Promise<string> {
  return new Promise((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      done('connected');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => done(error.code ?? error.message));
  });
}

describe('graceful shutdown (server in a child process)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'trimtime-sigterm-'));
  const dbPath = join(dir, 'sigterm.db');
  const server = new ServerProcess(dbPath);

  afterAll(async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('SIGTERM: booking requests in flight (keep-alive and Connection: close) finish with 201 and are stored, new connections are refused, idle keep-alive connections and ones that never sent a request are closed, and the process exits 0', async () => {
    const { customers, businesses } = await prepareDatabase(dbPath, { customers: 6, businesses: 1 });
    const business = businesses[0];
    if (!business) throw new Error('no business');
    await server.start();
    const port = server.port;
    const tokens = await Promise.all(customers.map((customer) => login(server.baseUrl, customer.email)));
    const response = await fetch(`${server.baseUrl}/api/booking/available-times?businessId=${business.id}`);
    const notBefore = utcToLondonWallClock(new Date(Date.now() + 3 * 3_600_000));
    const slots = ((await response.json()) as { slots: string[] }).slots.filter((slot) => slot > notBefore);

    // An idle keep-alive connection, which must not hold the shutdown up.
    const idle = await openConnection(port);
    // Nor a connection that never sends a request (a TCP health check, a browser's speculative
    // connection): Node's server.close() would wait for it for ever.
    const silent = connect(port, '127.0.0.1');
    silent.on('error', () => undefined);
    const silentClosed = new Promise<void>((done) => silent.once('close', () => done()));
    await new Promise<void>((done) => silent.once('connect', () => done()));
    // One booking request per customer, half sent: half keep-alive (HTTP/1.1 default), half close.
    const inFlight = await Promise.all(
      tokens.map(async (token, index) => {
        const connection = await openConnection(port);
        const body = JSON.stringify({
          businessId: business.id,
          bookingDateTime: slots[index],
          price: 30,
          isHomeVisit: false,
        });
        const head = [
          'POST /api/booking/book HTTP/1.1',
          `Host: 127.0.0.1:${port}`,
          `Authorization: Bearer ${token}`,
          'Content-Type: application/json',
          `Content-Length: ${Buffer.byteLength(body)}`,
          ...(index % 2 === 0 ? [] : ['Connection: close']),
        ].join('\r\n');
        const half = Math.floor(body.length / 2);
        connection.socket.write(`${head}\r\n\r\n${body.slice(0, half)}`);
        return { ...connection, rest: body.slice(half), keepAlive: index % 2 === 0 };
      }),
    );
    await sleep(500); // the server has read every head: the requests are in flight

    const signalledAt = Date.now();
    server.signal('SIGTERM');
    let exitedAt = 0;
    void server.exited?.then(() => {
      exitedAt = Date.now();
    });

    // New connections are refused soon after the signal…
    let refused = '';
    for (let attempt = 0; attempt < 100 && refused !== 'ECONNREFUSED'; attempt += 1) {
      refused = await tryConnect(port);
      if (refused !== 'ECONNREFUSED') await sleep(20);
    }
    expect(refused).toBe('ECONNREFUSED');
    const refusedAfterMs = Date.now() - signalledAt;
    // …the idle keep-alive connection is closed, and the silent one after a second's grace…
    await idle.closed;
    await silentClosed;
    // …and the process waits for the requests in flight.
    await sleep(200);
    expect(exitedAt).toBe(0);

    for (const request of inFlight) request.socket.write(request.rest);
    const answers = await Promise.all(inFlight.map((request) => waitForResponse(request.received)));
    const answeredAt = Date.now();
    for (const answer of answers) {
      expect(answer.status, answer.body).toBe(201);
      expect(JSON.parse(answer.body).booking.Status).toBe('Requested');
      // Keep-alive or not, the answer ends its connection: nothing is left open to wait for.
      expect(answer.headers).toMatch(/^connection: close$/im);
    }
    // Every connection ends once its answer is out (keep-alive ones too), so nothing holds the exit.
    await Promise.all(inFlight.map((request) => request.closed));

    const exit = await server.waitForExit();
    const exitAfterLastAnswerMs = Math.max(0, exitedAt - answeredAt);
    expect(exit).toEqual({ code: 0, signal: null });
    expect(exitAfterLastAnswerMs).toBeLessThan(2_000);

    const conn = new Database(dbPath, { readonly: true, fileMustExist: true });
    try {
      expect(conn.pragma('integrity_check', { simple: true })).toBe('ok');
      const ids = answers.map((answer) => JSON.parse(answer.body).booking.id as string);
      const stored = conn
        .prepare(`SELECT id FROM bookings WHERE id IN (${ids.map(() => '?').join(', ')})`)
        .all(...ids);
      expect(stored).toHaveLength(ids.length);
    } finally {
      conn.close();
    }

    const figures = {
      serverMode: SERVER_MODE,
      requestsInFlight: inFlight.length,
      answered201: answers.filter((answer) => answer.status === 201).length,
      refusedAfterMs,
      exitAfterLastAnswerMs,
      exitCode: exit.code,
    };
    console.info(
      `[sigterm] ${figures.answered201}/${figures.requestsInFlight} in-flight bookings answered 201 and stored; new connections refused ${refusedAfterMs} ms after the signal; exit ${exit.code} ${exitAfterLastAnswerMs} ms after the last answer`,
    );
    recordFigures('sigterm', figures);
  }, 60_000);
});
