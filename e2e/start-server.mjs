// Starts the production build for the browser journeys on a fresh SQLite database, or on the
// PostgreSQL database E2E_DATABASE_URL names (scripts/e2e-postgres.mjs creates and drops it).
import { mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = join(root, 'test-output', `e2e-data-${process.env.E2E_PORT ?? '3100'}`);
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });

process.env.NODE_ENV = 'test';
process.env.PORT = process.env.E2E_PORT ?? '3100';
process.env.HOST = '127.0.0.1';
process.env.DATABASE_URL = process.env.E2E_DATABASE_URL ?? `sqlite:${join(dataDir, 'app.db')}`;
// A pool size left in the shell (say from a PostgreSQL benchmark) would stop a SQLite server.
if (!process.env.E2E_DATABASE_URL) delete process.env.DATABASE_POOL_SIZE;
process.env.APP_URL = `http://127.0.0.1:${process.env.PORT}`;
process.env.AUTH_RATE_LIMIT = '1000';
delete process.env.SMTP_URL;

await import(join(root, 'apps', 'api', 'dist', 'server.js'));
