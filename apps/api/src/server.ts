import { buildApp, isOutboxEnabled } from './app';
import { ConfigError, loadConfig } from './config';
import { createDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { formatDemoLogins, hasDemoData, seedDemoData } from './db/seed';
import { systemClock } from './lib/clock';
import { scheduleBookingPurge } from './modules/bookings/bookings.purge';

const SHUTDOWN_TIMEOUT_MS = 10_000;

/** Process entry: config, migrate, listen, and a graceful shutdown on SIGTERM/SIGINT. */
async function main() {
  const config = loadConfig();
  const db = createDatabase(config.database);
  try {
    await migrateToLatest(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  const seeded = config.demoData ? (await seedDemoData(db)).seeded : false;
  const app = await buildApp(config, { db });
  const stopPurge = scheduleBookingPurge(db, systemClock, app.log);

  let closing = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    try {
      stopPurge();
      await app.close();
      await db.destroy();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
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

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('The server could not start:', error);
  }
  process.exit(1);
});
