#!/usr/bin/env node
// `npm test`: every suite. Unit, API (SQLite and PostgreSQL) and component tests run in one
// Vitest run; then the production build is driven in headless Chromium by Playwright.
// Where PostgreSQL or Chromium is missing the part is skipped LOUDLY, unless
// REQUIRE_FULL_TESTS=1 (CI), which turns every skip into a failure.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const requireFull = process.env.REQUIRE_FULL_TESTS === '1';
const DEFAULT_PG = 'postgres://postgres@127.0.0.1:5432/test';
const env = { ...process.env };
const skipped = [];

function loud(message) {
  const bar = '!'.repeat(78);
  console.warn(`\n${bar}\n!! ${message}\n${bar}\n`);
}

async function canReachPostgres(url) {
  const { Client } = require('pg');
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

const pgUrl = env.TEST_DATABASE_URL || DEFAULT_PG;
if (await canReachPostgres(pgUrl)) {
  env.TEST_DATABASE_URL = pgUrl;
  console.info(`PostgreSQL tests: on (${pgUrl.replace(/\/\/[^@]*@/, '//***@')})`);
} else {
  delete env.TEST_DATABASE_URL;
  skipped.push('PostgreSQL');
  loud(`PostgreSQL is not reachable at ${pgUrl}: the API tests run on SQLite only.`);
}

const chromium = env.CHROMIUM_PATH || '/usr/bin/chromium';
const hasChromium = existsSync(chromium);
if (hasChromium) env.CHROMIUM_PATH = chromium;
else {
  skipped.push('browser journeys');
  loud(`Chromium not found at ${chromium}: the browser journeys are skipped (apt-get install -y chromium).`);
}

if (requireFull && skipped.length > 0) {
  console.error(`REQUIRE_FULL_TESTS=1 but these cannot run: ${skipped.join(', ')}`);
  process.exit(1);
}

function run(command, args) {
  console.info(`\n$ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env, shell: process.platform === 'win32' });
  return result.status ?? 1;
}

let failed = run('npx', ['vitest', 'run']) !== 0;
if (hasChromium) failed = run('npm', ['run', 'test:e2e']) !== 0 || failed;

if (skipped.length > 0) loud(`Skipped: ${skipped.join(', ')}`);
process.exit(failed ? 1 : 0);
