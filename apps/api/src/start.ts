import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { type AppDeps, buildApp, isOutboxEnabled } from './app';
import { loadConfig } from './config';
import { createDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { formatDemoLogins, hasDemoData, seedDemoData } from './db/seed';
import { systemClock } from './lib/clock';
import { endLogs } from './lib/logger';
import { scheduleBookingPurge } from './modules/bookings/bookings.purge';

const SHUTDOWN_TIMEOUT_MS = 10_000;

/** How long a connection opened before or during the shutdown may take to send its first request. */
const FIRST_REQUEST_GRACE_MS = 1_000;

/**
 * Node's `server.close()` closes only the keep-alive connections idle at that moment; one whose
 * request is still running would stay open after its answer until the keep-alive timeout, holding
 * the shutdown up, and one that has never sent a request (a TCP health check, a browser's
 * speculative connection) is not idle in Node's sense and would hold it for ever. Returns the
 * shutdown's first step: every answer not yet sent carries `Connection: close`, so those
 * connections end with their answer, and a connection that has sent no request within
 * FIRST_REQUEST_GRACE_MS (of the shutdown, or of its opening while the listener still accepts) is
 * closed.
 */
function closeConnectionsAtShutdown(server: Server): () => void {
  const answering = new Set<ServerResponse>();
  const silent = new Set<Socket>();
  let closing = false;
  const closeIfSilent = (socket: Socket) => {
    if (silent.has(socket)) socket.destroy();
  };
  const afterGrace = (socket: Socket) => setTimeout(closeIfSilent, FIRST_REQUEST_GRACE_MS, socket).unref();
  server.on('connection', (socket: Socket) => {
    silent.add(socket);
    socket.once('close', () => silent.delete(socket));
    if (closing) afterGrace(socket);
  });
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    silent.delete(request.socket);
    if (response.writableEnded) return;
    answering.add(response);
    response.once('close', () => answering.delete(response));
  });
  return () => {
    closing = true;
    for (const response of answering) {
      if (!response.headersSent) response.setHeader('Connection', 'close');
    }
    for (const socket of silent) afterGrace(socket);
  };
}

/**
 * Config, migrate, listen, and a graceful shutdown on SIGTERM/SIGINT. `web`: the web app's renderer
 * instead of its build's (`npm run dev`, src/dev.ts).
 */
export async function startServer({ web }: Pick<AppDeps, 'web'> = {}) {
  const config = loadConfig();
  const db = createDatabase(config.database);
  try {
    await migrateToLatest(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  const seeded = config.demoData ? (await seedDemoData(db)).seeded : false;
  const app = await buildApp(config, { db, web });
  for (const warning of config.startupWarnings ?? []) app.log.warn(warning);
  const stopPurge = scheduleBookingPurge(db, systemClock, app.log);
  const closeConnections = closeConnectionsAtShutdown(app.server);

  let closing = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    // The log's last lines are written before the process ends (they go out off the event loop).
    const exit = (code: number) => endLogs(app.log, () => process.exit(code));
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    try {
      stopPurge();
      closeConnections();
      await app.close();
      await db.destroy();
      exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      exit(1);
    }
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);

  await app.listen({ port: config.port, host: config.host });
  const where = config.database.dialect === 'sqlite' ? config.database.path : 'PostgreSQL';
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  app.log.info(
    {
      database: where,
      mail: config.smtpUrl ? 'smtp' : 'dev outbox',
      docs: `http://${shown}:${config.port}/api/docs`,
      ...(isOutboxEnabled(config) ? { outbox: `http://${shown}:${config.port}/dev/outbox` } : {}),
    },
    `${config.env} server ready`,
  );
  // NOTE: demo logins are printed on purpose: they are development data, not secrets.
  if (config.demoData && (seeded || (await hasDemoData(db)))) {
    console.info(
      `\n${formatDemoLogins()}\n  ${seeded ? 'Demo data was created now' : 'Demo data already present'}; open http://${shown}:${config.port}\n`,
    );
  }
}
