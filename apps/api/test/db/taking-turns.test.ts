import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Db } from '../../src/db/database';

// SQLite's one connection (src/db/database.ts): better-sqlite3 answers at once, so without a turn
// of the event loop between holders the transactions waiting for it would all run in one microtask
// flush, and the process would take no request and fire no timer until the queue was empty.
describe('SQLite: waiting transactions take turns with the event loop', () => {
  let dir: string;
  let db: Db;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'trimtime-turns-'));
    db = createDatabase({ dialect: 'sqlite', path: join(dir, 'app.db') });
    await sql`create table counts (id integer primary key, n integer not null)`.execute(db);
    await sql`insert into counts (id, n) values (1, 0)`.execute(db);
  });
  afterAll(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('20 transactions queued at once: the event loop turns between one and the next, and each sees the last one’s write', async () => {
    const TRANSACTIONS = 20;
    let turns = 0;
    let done = 0;
    const doneAtTurn: number[] = [];
    let counting = true;
    const tick = () => {
      if (!counting) return;
      turns += 1;
      setImmediate(tick);
    };
    setImmediate(tick);
    await Promise.all(
      Array.from({ length: TRANSACTIONS }, () =>
        db
          .transaction()
          .execute(async (trx) => {
            const { n } = await trx
              .selectFrom('counts' as never)
              .select(sql<number>`n`.as('n'))
              .where(sql`id`, '=', 1)
              .executeTakeFirstOrThrow();
            await sql`update counts set n = ${n + 1} where id = 1`.execute(trx);
          })
          .then(() => {
            done += 1;
            doneAtTurn.push(turns);
          }),
      ),
    );
    counting = false;
    expect(done).toBe(TRANSACTIONS);
    const { n } = (await sql<{ n: number }>`select n from counts where id = 1`.execute(db)).rows[0]!;
    expect(n).toBe(TRANSACTIONS);
    // The loop turned between each transaction and the next one waiting (a timer or a request waits
    // for one at most): in no turn did more than the one let go and the last, with nobody behind
    // it, finish.
    const perTurn = new Map<number, number>();
    for (const turn of doneAtTurn) perTurn.set(turn, (perTurn.get(turn) ?? 0) + 1);
    expect(Math.max(...perTurn.values())).toBeLessThanOrEqual(2);
    expect(perTurn.size).toBeGreaterThanOrEqual(TRANSACTIONS - 1);
  });
});
