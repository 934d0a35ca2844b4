import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDatabase, type Db, sqliteCommitStats } from '../../src/db/database';
import { GROUP_COMMIT_MAX_MEMBERS } from '../../src/db/sqlite-driver';

/** Counts the event loop's turns (setImmediate callbacks) until stopped. */
function countTurns() {
  const loop = {
    turns: 0,
    counting: true,
    stop() {
      loop.counting = false;
    },
  };
  const tick = () => {
    if (!loop.counting) return;
    loop.turns += 1;
    setImmediate(tick);
  };
  setImmediate(tick);
  return loop;
}

// SQLite's one connection (src/db/sqlite-driver.ts, decision 32): the holders waiting for it take
// turns with the event loop, and transactions that wait together commit together, each answering
// only once its write is on disk; one that fails takes only its own work back.
describe('SQLite: turns and group commit on the one connection', () => {
  let dir: string;
  let db: Db;
  /** A second connection, as another process (a command beside the server) would read the file. */
  let other: SqliteDatabase.Database;
  const committed = (id: number) =>
    other.prepare('select count(*) as n from items where id = ?').get(id) as { n: number };

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'trimtime-group-'));
    db = createDatabase({ dialect: 'sqlite', path: join(dir, 'app.db') });
    await sql`create table items (id integer primary key, n integer not null)`.execute(db);
    await sql`create table counts (id integer primary key, n integer not null)`.execute(db);
    await sql`insert into counts (id, n) values (1, 0)`.execute(db);
    other = new SqliteDatabase(join(dir, 'app.db'), { readonly: true });
  });
  afterEach(async () => {
    other.close();
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  const stats = () => {
    const found = sqliteCommitStats(db);
    if (!found) throw new Error('not SQLite');
    return { ...found };
  };

  it('150 transactions queued at once: each sees the last one’s write, they share commits, and the loop turns between groups', async () => {
    const TRANSACTIONS = 150;
    const loop = countTurns();
    const before = stats();
    const startedAtTurn: number[] = [];
    await Promise.all(
      Array.from({ length: TRANSACTIONS }, (_, index) =>
        db
          .transaction()
          .execute(async (trx) => {
            startedAtTurn.push(loop.turns);
            const { n } = await trx
              .selectFrom('counts' as never)
              .select(sql<number>`n`.as('n'))
              .where(sql`id`, '=', 1)
              .executeTakeFirstOrThrow();
            await sql`update counts set n = ${n + 1} where id = 1`.execute(trx);
            await sql`insert into items (id, n) values (${index}, ${n})`.execute(trx);
          })
          // Answered only once on disk: another connection already reads the write.
          .then(() => expect(committed(index).n).toBe(1)),
      ),
    );
    loop.stop();
    const { n } = (await sql<{ n: number }>`select n from counts where id = 1`.execute(db)).rows[0]!;
    expect(n).toBe(TRANSACTIONS);
    const after = stats();
    expect(after.transactions - before.transactions).toBe(TRANSACTIONS);
    const commits = after.commits - before.commits;
    // The ones waiting behind the first joined it, GROUP_COMMIT_MAX_MEMBERS at most to a commit.
    expect(commits).toBeGreaterThanOrEqual(Math.ceil(TRANSACTIONS / GROUP_COMMIT_MAX_MEMBERS));
    expect(commits).toBeLessThan(TRANSACTIONS / 4);
    // A group runs in one turn of the loop and the next starts in a later one: a timer or a request
    // waits for one group at most, not for the whole queue.
    const perTurn = new Map<number, number>();
    for (const turn of startedAtTurn) perTurn.set(turn, (perTurn.get(turn) ?? 0) + 1);
    expect(perTurn.size).toBe(commits);
    expect(Math.max(...perTurn.values())).toBeLessThanOrEqual(GROUP_COMMIT_MAX_MEMBERS);
  });

  it('a transaction with nobody waiting commits on its own, at once', async () => {
    const before = stats();
    for (let index = 0; index < 3; index += 1) {
      await db.transaction().execute(async (trx) => {
        await sql`insert into items (id, n) values (${index}, 0)`.execute(trx);
      });
      expect(committed(index).n).toBe(1);
    }
    const after = stats();
    expect(after.commits - before.commits).toBe(3);
  });

  it('a transaction that fails in a group takes back only its own work', async () => {
    const results = await Promise.allSettled(
      [1, 2, 3, 4].map((id) =>
        db.transaction().execute(async (trx) => {
          await sql`insert into items (id, n) values (${id}, 0)`.execute(trx);
          // The third inserts its row again: the primary key refuses it.
          if (id === 3) await sql`insert into items (id, n) values (${id}, 1)`.execute(trx);
        }),
      ),
    );
    expect(results.map((result) => result.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    expect([1, 2, 3, 4].map((id) => committed(id).n)).toEqual([1, 1, 0, 1]);
  });

  it('40 transactions that all fail, queued at once: the loop still turns between groups', async () => {
    const loop = countTurns();
    const startedAtTurn: number[] = [];
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, (_, index) =>
        db.transaction().execute(async (trx) => {
          startedAtTurn.push(loop.turns);
          await sql`insert into items (id, n) values (${index}, 0)`.execute(trx);
          throw new Error('changed my mind');
        }),
      ),
    );
    loop.stop();
    expect(results.every((result) => result.status === 'rejected')).toBe(true);
    expect(committed(0).n + committed(39).n).toBe(0);
    const perTurn = new Map<number, number>();
    for (const turn of startedAtTurn) perTurn.set(turn, (perTurn.get(turn) ?? 0) + 1);
    expect(Math.max(...perTurn.values())).toBeLessThanOrEqual(GROUP_COMMIT_MAX_MEMBERS);
    expect(perTurn.size).toBeGreaterThanOrEqual(Math.ceil(40 / GROUP_COMMIT_MAX_MEMBERS));
  });

  it('a transaction refused by what an earlier one in its group wrote answers only once that write is on disk', async () => {
    const seen: number[] = [];
    const results = await Promise.allSettled([
      db.transaction().execute(async (trx) => {
        await sql`insert into items (id, n) values (1, 0)`.execute(trx);
      }),
      db
        .transaction()
        .execute(async (trx) => {
          // The first one's row, not yet committed: the primary key refuses this one.
          await sql`insert into items (id, n) values (1, 1)`.execute(trx);
        })
        .catch((error: unknown) => {
          seen.push(committed(1).n);
          throw error;
        }),
      // One more waiting behind it, so the group is still open when the second one fails.
      db.transaction().execute(async (trx) => {
        await sql`insert into items (id, n) values (2, 0)`.execute(trx);
      }),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    // When the refusal answered, another connection already read the row that caused it.
    expect(seen).toEqual([1]);
  });

  it('when SQLite ends the whole group, every transaction waiting in it fails, and none of their writes remains', async () => {
    // RAISE(ROLLBACK) ends the connection's whole transaction, as a full disk or an I/O error does.
    await sql`create trigger items_refuse before insert on items when new.n = 99
      begin select raise(rollback, 'refused'); end`.execute(db);
    const results = await Promise.allSettled(
      [1, 2, 3].map((id) =>
        db.transaction().execute(async (trx) => {
          await sql`insert into items (id, n) values (${id}, ${id === 3 ? 99 : 0})`.execute(trx);
        }),
      ),
    );
    // All three queued at once: the first two waited in the group the third's trigger ended.
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect([1, 2, 3].map((id) => committed(id).n)).toEqual([0, 0, 0]);
    // The connection goes on: the next transaction commits.
    await db.transaction().execute(async (trx) => {
      await sql`insert into items (id, n) values (4, 0)`.execute(trx);
    });
    expect(committed(4).n).toBe(1);
  });

  it('a query outside a transaction that reads inside an open group answers only after the group’s commit', async () => {
    const order: string[] = [];
    await Promise.all([
      db
        .transaction()
        .execute(async (trx) => {
          await sql`insert into items (id, n) values (1, 0)`.execute(trx);
        })
        .then(() => order.push('write')),
      sql<{ n: number }>`select count(*) as n from items`.execute(db).then(({ rows }) => {
        // It read the row the transaction wrote, and only now that another connection sees it.
        expect(rows[0]!.n).toBe(1);
        expect(committed(1).n).toBe(1);
        order.push('read');
      }),
      db
        .transaction()
        .execute(async (trx) => {
          await sql`insert into items (id, n) values (2, 0)`.execute(trx);
        })
        .then(() => order.push('write')),
    ]);
    expect(order.sort()).toEqual(['read', 'write', 'write']);
    expect(committed(2).n).toBe(1);
  });
});
