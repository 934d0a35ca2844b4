import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDatabase, openSqlite, sqliteCommitStats } from '../../src/db/database';
import { GroupCommitSqliteDialect, type SqliteHandle } from '../../src/db/sqlite-driver';

interface Items {
  items: { id: number };
}

/** The log's syncs held until the test lets them end (or fail), each after the real one. */
function heldSyncs(real: () => Promise<void>) {
  const held: { resolve: () => void; reject: (error: unknown) => void }[] = [];
  return {
    calls: 0,
    sync(): Promise<void> {
      this.calls += 1;
      return new Promise<void>((resolve, reject) => held.push({ resolve, reject })).then(real);
    },
    /** Ends the syncs asked for so far. */
    release() {
      for (const sync of held.splice(0)) sync.resolve();
    },
    fail(error: Error) {
      for (const sync of held.splice(0)) sync.reject(error);
    },
  };
}

/** Whether the promise has settled after the event loop has turned a few times. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  promise.then(
    () => {
      done = true;
    },
    () => {
      done = true;
    },
  );
  for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setImmediate(resolve));
  return done;
}

async function until(condition: () => boolean): Promise<void> {
  for (let turn = 0; turn < 1000 && !condition(); turn += 1) {
    await new Promise((resolve) => setImmediate(resolve));
  }
  expect(condition()).toBe(true);
}

// SQLite's commits are synced off the event loop (decision 33): COMMIT writes the log without waiting
// for the disk (WAL, synchronous = NORMAL) and the driver answers the committed work, and any read
// that may have seen it, only once a sync of the log that began after the commit has ended. The
// connection goes on with the next work meanwhile.
describe('SQLite: the log synced off the event loop before anything committed answers', () => {
  let dir: string;
  let db: Kysely<Items>;
  let syncs: ReturnType<typeof heldSyncs>;
  /** Another connection, as another process would read the file. */
  let other: SqliteDatabase.Database;
  const visible = (id: number) =>
    (other.prepare('select count(*) as n from items where id = ?').get(id) as { n: number }).n === 1;
  const insert = (id: number) =>
    db.transaction().execute((trx) => trx.insertInto('items').values({ id }).execute());

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'trimtime-log-sync-'));
    const path = join(dir, 'app.db');
    db = new Kysely<Items>({
      dialect: new GroupCommitSqliteDialect(async () => {
        const real = openSqlite(path);
        if (!real.syncLog) throw new Error('expected a log synced by the driver');
        syncs = heldSyncs(real.syncLog);
        const handle: SqliteHandle = {
          prepare: (text) => real.prepare(text),
          exec: (text) => real.exec(text),
          get inTransaction() {
            return real.inTransaction;
          },
          syncLog: () => syncs.sync(),
          close: () => real.close(),
        };
        return handle;
      }),
    });
    const created = sql`create table items (id integer primary key)`.execute(db);
    await until(() => syncs?.calls === 1);
    syncs.release();
    await created;
    other = new SqliteDatabase(path, { readonly: true });
  });
  afterEach(async () => {
    other.close();
    syncs.release();
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a transaction answers once the sync after its commit ends; the next one runs meanwhile and shares the following sync', async () => {
    const first = insert(1);
    await until(() => syncs.calls === 2);
    // Committed (another connection reads it), not answered: its sync has not ended.
    expect(visible(1)).toBe(true);
    expect(await settled(first)).toBe(false);

    // The connection is free: the next transaction commits while the first one's sync runs.
    const second = insert(2);
    await until(() => visible(2));
    const third = insert(3);
    await until(() => visible(3));
    expect(await settled(second)).toBe(false);
    expect(syncs.calls).toBe(2);

    syncs.release();
    await first;
    // The commits made during that sync share the next one.
    await until(() => syncs.calls === 3);
    expect(await settled(second)).toBe(false);
    syncs.release();
    await Promise.all([second, third]);
  });

  it('a read outside a transaction that may have read a commit whose sync runs answers after it', async () => {
    const write = insert(1);
    await until(() => syncs.calls === 2);
    const read = db.selectFrom('items').select('id').execute();
    expect(await settled(read)).toBe(false);
    syncs.release();
    expect(await read).toEqual([{ id: 1 }]);
    await write;
  });

  it('a read with no sync running answers at once', async () => {
    expect(await db.selectFrom('items').select('id').execute()).toEqual([]);
    expect(syncs.calls).toBe(1);
  });

  it('a write outside a transaction commits by itself and answers after its sync', async () => {
    const write = db.insertInto('items').values({ id: 7 }).execute();
    await until(() => syncs.calls === 2);
    expect(visible(7)).toBe(true);
    expect(await settled(write)).toBe(false);
    syncs.release();
    await write;
  });

  it('a statement outside a transaction refused by a commit whose sync runs answers after it', async () => {
    const write = insert(1);
    await until(() => syncs.calls === 2);
    const duplicate = db.insertInto('items').values({ id: 1 }).execute();
    expect(await settled(duplicate)).toBe(false);
    syncs.release();
    await expect(duplicate).rejects.toThrow(/UNIQUE/);
    await write;
  });

  it('closing the database waits for the syncs still running', async () => {
    const write = insert(1);
    await until(() => syncs.calls === 2);
    const closed = db.destroy();
    expect(await settled(closed)).toBe(false);
    syncs.release();
    await Promise.all([write, closed]);
  });

  it('a sync that fails fails the work that waited for it; the next commit is synced again', async () => {
    const write = insert(1);
    await until(() => syncs.calls === 2);
    syncs.fail(new Error('EIO: i/o error, fdatasync'));
    await expect(write).rejects.toThrow('EIO');

    const next = insert(2);
    await until(() => syncs.calls === 3);
    syncs.release();
    await next;
  });
});

describe('SQLite: the server’s connection', () => {
  it('runs in WAL mode with synchronous = NORMAL, and a transaction’s commit is synced by the driver', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'trimtime-log-sync-'));
    const db = createDatabase({ dialect: 'sqlite', path: join(dir, 'app.db') });
    try {
      const mode = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db);
      const synchronous = await sql<{ synchronous: number }>`pragma synchronous`.execute(db);
      expect(mode.rows[0]?.journal_mode).toBe('wal');
      expect(synchronous.rows[0]?.synchronous).toBe(1);
      await sql`create table items (id integer primary key)`.execute(db);
      const before = sqliteCommitStats(db)?.syncs ?? 0;
      await db.transaction().execute((trx) => sql`insert into items (id) values (1)`.execute(trx));
      expect(sqliteCommitStats(db)?.syncs).toBe(before + 1);
    } finally {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('an in-memory database has no log to sync: COMMIT syncs', async () => {
    const handle = openSqlite(':memory:');
    try {
      expect(handle.syncLog).toBeUndefined();
      expect(handle.prepare('pragma synchronous').get()).toEqual({ synchronous: 2 });
    } finally {
      handle.close();
    }
  });
});
