import pg from 'pg';

const BANNER = '!'.repeat(78);

/**
 * Runs once before the API tests. PostgreSQL variants run when TEST_DATABASE_URL points at a
 * server (each test file creates and drops its own database there). Without it they are skipped
 * with a loud warning, or fail when REQUIRE_FULL_TESTS=1 (CI).
 */
export default async function setup() {
  const url = process.env.TEST_DATABASE_URL;
  const required = process.env.REQUIRE_FULL_TESTS === '1';
  if (!url) {
    const message = 'TEST_DATABASE_URL is not set: the PostgreSQL variants of the API tests are SKIPPED.';
    if (required) throw new Error(`${message} REQUIRE_FULL_TESTS=1 forbids skipping.`);
    console.warn(
      `\n${BANNER}\n!! ${message}\n!! Only SQLite was tested. Set e.g. TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres\n${BANNER}\n`,
    );
    return;
  }
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    await client.query('select 1');
  } catch (error) {
    throw new Error(`TEST_DATABASE_URL is set but PostgreSQL is unreachable: ${(error as Error).message}`);
  } finally {
    await client.end().catch(() => undefined);
  }
}
