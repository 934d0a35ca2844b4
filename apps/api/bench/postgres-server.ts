import pg from 'pg';

/**
 * The PostgreSQL server the benchmarks and the profiler make their databases on:
 * BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the local default.
 */
export const postgresUrl =
  process.env.BENCH_DATABASE_URL?.trim() ||
  process.env.TEST_DATABASE_URL?.trim() ||
  'postgres://postgres@127.0.0.1:5432/test';

/** One statement on that server's own database (to create and drop the benchmarks' databases). */
export async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
