#!/usr/bin/env node
// The booking journeys again, on PostgreSQL: the built server on a fresh database (created here
// and dropped after), driven by the same Playwright specs. Run after `npm run build` (test:e2e
// builds). The accessibility figures of the full run are left as they are (E2E_KEEP_REPORTS).
//
//   node scripts/e2e-postgres.mjs [spec ...]   (default: the cancellation journey)
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const { Client } = require('pg');
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const adminUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const specs = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['tests/cancellation.spec.ts'];
const name = `e2e_${process.pid}_${Date.now()}`;

async function admin(sql) {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

await admin(`CREATE DATABASE ${name}`);
let status = 1;
try {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  console.info(`\nBrowser journeys on PostgreSQL (database ${name}): ${specs.join(' ')}`);
  const result = spawnSync('npx', ['playwright', 'test', ...specs], {
    cwd: join(root, 'e2e'),
    stdio: 'inherit',
    env: {
      ...process.env,
      E2E_DATABASE_URL: url.toString(),
      E2E_PORT: process.env.E2E_PG_PORT ?? '3101',
      E2E_KEEP_REPORTS: '1',
    },
  });
  status = result.status ?? 1;
} finally {
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
process.exit(status);
