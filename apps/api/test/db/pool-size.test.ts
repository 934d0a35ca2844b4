import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_POOL_SIZE } from '../../src/config';
import { createDatabase, type Db, postgresPool } from '../../src/db/database';

const url = process.env.TEST_DATABASE_URL;

// Each instance opens at most DATABASE_POOL_SIZE connections to PostgreSQL (issue 34, item 3): the
// instances' pools together must fit the server's max_connections (README, docs/deploy.md).
describe.skipIf(!url)('PostgreSQL: the pool size of one instance', () => {
  let db: Db | undefined;
  afterEach(async () => {
    await db?.destroy();
    db = undefined;
  });

  it(`opens at most ${DEFAULT_POOL_SIZE} connections by default`, () => {
    db = createDatabase({ dialect: 'postgres', url: url! });
    expect(postgresPool(db)?.options.max).toBe(DEFAULT_POOL_SIZE);
  });

  it('opens no more than DATABASE_POOL_SIZE connections under more concurrent queries, and answers them all', async () => {
    db = createDatabase({ dialect: 'postgres', url: url!, poolSize: 3 });
    const pool = postgresPool(db)!;
    let most = 0;
    const answers = await Promise.all(
      Array.from({ length: 9 }, async (_, index) => {
        const { rows } = await sql<{ n: number }>`select pg_sleep(0.05), ${index}::int as n`.execute(db!);
        most = Math.max(most, pool.totalCount);
        return rows[0]!.n;
      }),
    );
    expect(answers).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(most).toBe(3);
  });
});
