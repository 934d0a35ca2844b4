import { closeSync, fdatasync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresAdapter, PostgresDialect } from 'kysely';
import pg from 'pg';
import { type DatabaseConfig, DEFAULT_POOL_SIZE } from '../config';
import type { Database } from './schema';
import { GroupCommitSqliteDialect, type GroupCommitStats, type SqliteHandle } from './sqlite-driver';

export type Db = Kysely<Database>;

// NOTE: PostgreSQL returns bigint (count(*), sums) as strings; every number we store fits a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/** The PostgreSQL pool of each database made here (its use is a metric, api-contract §8.7). */
const pools = new WeakMap<Db, pg.Pool>();

/** The connection pool behind `db`: PostgreSQL's; undefined on SQLite (one connection). */
export const postgresPool = (db: Db): pg.Pool | undefined => pools.get(db);

/** The SQLite driver of each database made here. */
const sqliteDialects = new WeakMap<Db, GroupCommitSqliteDialect>();

/** SQLite's transactions and the commits they shared (group commit); undefined on PostgreSQL. */
export const sqliteCommitStats = (db: Db): GroupCommitStats | undefined =>
  sqliteDialects.get(db)?.driver?.stats;

/** Opens the database named by the config: SQLite (default) or PostgreSQL. */
export function createDatabase(config: DatabaseConfig): Db {
  if (config.dialect === 'postgres') {
    const pool = new pg.Pool({
      connectionString: config.url,
      max: config.poolSize ?? DEFAULT_POOL_SIZE,
      connectionTimeoutMillis: 5_000,
    });
    // An idle client that loses its connection emits on the pool; without a listener the process dies.
    pool.on('error', () => undefined);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    pools.set(db, pool);
    return db;
  }
  if (config.path !== ':memory:') mkdirSync(dirname(config.path), { recursive: true });
  const path = config.path;
  const dialect = new GroupCommitSqliteDialect(async () => openSqlite(path));
  const db = new Kysely<Database>({ dialect });
  sqliteDialects.set(db, dialect);
  return db;
}

/**
 * The server's SQLite connection. On disk it runs in WAL mode with `synchronous = NORMAL`: COMMIT
 * writes the log without waiting for the disk, and the driver syncs the log (`syncLog`, an
 * fdatasync on libuv's thread pool) before it answers anything committed, so a request's answer
 * still means its write is on disk (what `synchronous = FULL` gave), while the event loop and the
 * connection go on with the next requests during the sync (decision 33). SQLite still syncs the log
 * and the database file itself around each checkpoint, as under FULL. Where WAL mode cannot be had
 * (an in-memory database), COMMIT syncs (FULL) and there is no syncLog.
 */
export function openSqlite(path: string): SqliteHandle {
  const sqlite = new SqliteDatabase(path);
  const wal = path !== ':memory:' && sqlite.pragma('journal_mode = WAL', { simple: true }) === 'wal';
  sqlite.pragma(wal ? 'synchronous = NORMAL' : 'synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return withStatementCache(sqlite, wal ? logSyncer(`${path}-wal`) : undefined);
}

/**
 * fdatasync of the WAL file through a descriptor of its own (Linux syncs the file's pages whichever
 * descriptor wrote them). SQLite keeps the file while a connection is open; it is opened at the
 * first sync that finds it (before the first write there is nothing to sync).
 */
function logSyncer(walPath: string): { sync(): Promise<void>; close(): void } {
  let fd: number | undefined;
  return {
    sync: () =>
      new Promise<void>((resolve, reject) => {
        try {
          fd ??= openSync(walPath, 'r+');
        } catch (error) {
          // No log yet: nothing has been committed to it (a statement that wrote nothing, a pragma).
          if ((error as NodeJS.ErrnoException).code === 'ENOENT') resolve();
          else reject(error);
          return;
        }
        fdatasync(fd, (error) => (error ? reject(error) : resolve()));
      }),
    close() {
      if (fd !== undefined) closeSync(fd);
      fd = undefined;
    },
  };
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * The connection as Kysely sees it, keeping prepared statements (the least recently used go past
 * STATEMENT_CACHE_SIZE): Kysely prepares every query anew, which costs more than running most of
 * ours. A statement is never run twice at once: Kysely runs one query at a time per connection.
 */
function withStatementCache(
  sqlite: SqliteDatabase.Database,
  log?: { sync(): Promise<void>; close(): void },
): SqliteHandle {
  const statements = new Map<string, SqliteDatabase.Statement>();
  const prepare = (sql: string): SqliteDatabase.Statement => {
    const cached = statements.get(sql);
    if (cached) {
      statements.delete(sql);
      statements.set(sql, cached);
      return cached;
    }
    const statement = sqlite.prepare(sql);
    if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value as string);
    statements.set(sql, statement);
    return statement;
  };
  return {
    close() {
      sqlite.close();
      log?.close();
    },
    ...(log ? { syncLog: log.sync } : {}),
    prepare,
    // The transaction's own statements (begin, savepoint, release, commit) are kept too.
    exec: (sql: string) => void prepare(sql).run(),
    get inTransaction() {
      return sqlite.inTransaction;
    },
  };
}

/** True when the error is a unique-constraint violation, on either dialect. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/**
 * True when the error is the database refusing two overlapping agreed bookings of one member
 * (migration 0020: PostgreSQL's exclusion constraint, SQLite's trigger).
 */
export function isOverlapViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (code === '23P01') return true;
  return code === 'SQLITE_CONSTRAINT_TRIGGER' && String(message).includes('bookings_member_no_overlap');
}

/** True on PostgreSQL (row locks with SKIP LOCKED), false on SQLite (one writer at a time). */
export function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
