import { randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import SqliteDatabase from 'better-sqlite3';

/** What a backup wrote, read back from the copy itself. */
export interface BackupSummary {
  path: string;
  bytes: number;
  bookings: number;
  /** The newest migration recorded in the copy (null: the database was never migrated). */
  lastMigration: string | null;
  migrations: string[];
  /** When the copy's read transaction began (at the latest): every commit before it is in the copy. */
  snapshotAt: Date;
  /** How long VACUUM INTO took. */
  copyMs: number;
}

/** A refusal or failure with a message for the person running the command. */
export class BackupError extends Error {}

/**
 * Copies the SQLite database at `source` to `target`, consistently, while other processes (the
 * server) read and write it.
 *
 * `VACUUM INTO` rather than the online backup API (better-sqlite3's `db.backup()`): VACUUM INTO
 * reads the whole database inside one read transaction, so the copy is the snapshot at that
 * transaction's start (every commit before it, nothing after), and in WAL mode that reader neither
 * blocks the server's writers nor is blocked by them. The backup API copies page by page between
 * steps, and restarts from the first page whenever another connection (the server's process)
 * writes to the database in between: under a steady stream of bookings it may start over again and
 * again. VACUUM INTO also writes a compact copy in rollback-journal mode: one self-contained file,
 * with no -wal or -shm beside it. It runs synchronously; this command has nothing else to do.
 *
 * The copy goes to a temporary file beside `target`, is checked (`PRAGMA integrity_check`),
 * fsynced, and only then given the name `target` (a hard link that fails if `target` exists, or a
 * rename with `force`), so an interrupted backup never leaves a half file under `target`.
 */
export function backupSqlite(
  source: string,
  target: string,
  options: { force?: boolean } = {},
): BackupSummary {
  const force = options.force === true;
  const from = resolve(source);
  const to = resolve(target);
  if ([from, `${from}-wal`, `${from}-shm`, `${from}-journal`].includes(to)) {
    throw new BackupError(`--to ${to} is the database itself: name another file.`);
  }
  if (!existsSync(from)) throw new BackupError(`No SQLite database at ${from} (DATABASE_URL).`);
  if (!force && existsSync(to)) {
    throw new BackupError(`${to} already exists: name a new file, or pass --force to replace it.`);
  }
  const dir = dirname(to);
  mkdirSync(dir, { recursive: true });
  const temp = join(dir, `.${basename(to)}.${randomBytes(6).toString('hex')}.partial`);
  let snapshotAt = new Date();
  let copyMs = 0;
  try {
    const database = new SqliteDatabase(from, { fileMustExist: true });
    try {
      // The server may hold the write lock for a moment (a checkpoint, WAL recovery): wait for it.
      database.pragma('busy_timeout = 5000');
      snapshotAt = new Date();
      database.prepare('VACUUM INTO ?').run(temp);
      copyMs = Date.now() - snapshotAt.getTime();
    } finally {
      database.close();
    }
    const summary = inspectCopy(temp);
    fsyncFile(temp, 'r+');
    place(temp, to, force);
    fsyncFile(dir, 'r');
    return { ...summary, path: to, bytes: statSync(to).size, snapshotAt, copyMs };
  } finally {
    rmSync(temp, { force: true });
  }
}

/** Opens the copy read-only and checks it: integrity, bookings, migrations. */
function inspectCopy(path: string): Pick<BackupSummary, 'bookings' | 'migrations' | 'lastMigration'> {
  const copy = new SqliteDatabase(path, { readonly: true, fileMustExist: true });
  try {
    const problems = (copy.pragma('integrity_check') as { integrity_check: string }[]).map(
      (row) => row.integrity_check,
    );
    if (problems.length !== 1 || problems[0] !== 'ok') {
      throw new BackupError(`The copy failed PRAGMA integrity_check:\n${problems.slice(0, 10).join('\n')}`);
    }
    const tables = new Set(
      (copy.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map(
        (row) => row.name,
      ),
    );
    const bookings = tables.has('bookings')
      ? (copy.prepare('SELECT count(*) AS n FROM bookings').get() as { n: number }).n
      : 0;
    const migrations = tables.has('kysely_migration')
      ? (copy.prepare('SELECT name FROM kysely_migration ORDER BY name').all() as { name: string }[]).map(
          (row) => row.name,
        )
      : [];
    return { bookings, migrations, lastMigration: migrations.at(-1) ?? null };
  } finally {
    copy.close();
  }
}

function fsyncFile(path: string, flags: 'r' | 'r+'): void {
  const fd = openSync(path, flags);
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Gives the finished copy its name: atomically, and without replacing a file unless `force`. */
function place(temp: string, to: string, force: boolean): void {
  if (force) {
    renameSync(temp, to);
    return;
  }
  try {
    linkSync(temp, to); // fails with EEXIST if a file appeared under `to` meanwhile
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') {
      throw new BackupError(`${to} already exists: name a new file, or pass --force to replace it.`);
    }
    // A file system without hard links: check, then rename (a race here is the caller's own).
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP') throw error;
    if (existsSync(to)) {
      throw new BackupError(`${to} already exists: name a new file, or pass --force to replace it.`);
    }
    renameSync(temp, to);
    return;
  }
  unlinkSync(temp);
}
