import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { BackupError, type BackupSummary, backupSqlite } from '../db/sqlite-backup';
import { invocationDir } from '../paths';
import { commandDatabase } from './command-database';
import type { CommandResult } from './command-result';

export const USAGE = [
  'Usage: npm run backup -- --to FILE [--force]',
  '  Copies the SQLite database named by DATABASE_URL (default ./data/app.db) to FILE while the',
  '  server keeps running. FILE must not exist yet; --force replaces it.',
  '  PostgreSQL: use pg_dump (README, "Backups and restore").',
].join('\n');

export const POSTGRES_MESSAGE = [
  'DATABASE_URL names a PostgreSQL database: npm run backup copies SQLite databases only.',
  'Back up PostgreSQL with pg_dump (README, "Backups and restore"):',
  '  pg_dump -Fc "$DATABASE_URL" -f trimtime.dump',
].join('\n');

const formatBytes = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : bytes >= 1024
      ? `${(bytes / 1024).toFixed(1)} KB`
      : `${bytes} bytes`;

export function describeBackup(summary: BackupSummary): string {
  return [
    `Backup written: ${summary.path}`,
    `  size: ${formatBytes(summary.bytes)} (${summary.bytes} bytes)`,
    `  snapshot: ${summary.snapshotAt.toISOString()} (everything committed before it; copied in ${summary.copyMs} ms)`,
    '  integrity_check: ok',
    `  bookings: ${summary.bookings}`,
    summary.lastMigration === null
      ? '  last migration: none (the database was never migrated)'
      : `  last migration: ${summary.lastMigration} (${summary.migrations.length} applied)`,
  ].join('\n');
}

/** `npm run backup -- --to FILE [--force]`: honours DATABASE_URL like the server does. */
export function runBackup(argv: string[], env: NodeJS.ProcessEnv): CommandResult {
  let values: { to?: string; force?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { to: { type: 'string' }, force: { type: 'boolean' }, help: { type: 'boolean' } },
      strict: true,
    }));
  } catch (error) {
    return { exitCode: 2, output: `${(error as Error).message}\n${USAGE}` };
  }
  if (values.help) return { exitCode: 0, output: USAGE };
  if (!values.to?.trim()) return { exitCode: 2, output: `--to FILE is required.\n${USAGE}` };
  const found = commandDatabase(env);
  if ('result' in found) return found.result;
  const { database } = found;
  if (database.dialect === 'postgres') return { exitCode: 1, output: POSTGRES_MESSAGE };
  if (database.path === ':memory:') {
    return { exitCode: 1, output: 'DATABASE_URL is sqlite::memory:: there is no file to back up.' };
  }
  try {
    const summary = backupSqlite(database.path, resolve(invocationDir(env), values.to), {
      force: values.force === true,
    });
    return { exitCode: 0, output: describeBackup(summary) };
  } catch (error) {
    if (error instanceof BackupError) return { exitCode: 1, output: error.message };
    throw error;
  }
}
