/**
 * `npm run backup -- --to FILE` (api-contract §8.7) against the real server in a child process on a
 * SQLite file, with customers booking through HTTP the whole time. The copy must open, pass
 * `PRAGMA integrity_check`, carry every migration and every booking acknowledged (201) before the
 * backup started; the server must keep answering while it runs; and the copy must bring a server
 * back (the restore drill of the README: stop, copy the file into place, start).
 */
import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { utcToLondonWallClock } from '@app/domain';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { POSTGRES_MESSAGE, runBackup, USAGE } from '../../src/cli/backup.command';
import { migrations } from '../../src/db/migrations';
import { API_PACKAGE_DIR } from '../../src/paths';
import { type Account, login, prepareDatabase, ServerProcess, sleep } from '../crash/server-process';

const CUSTOMERS = 4;
const BUSINESSES = 2;
/** Rows of 4 KB (80 MB) beside the app's tables, so that VACUUM INTO runs long enough (about 0.5 s
 * here) for bookings to be acknowledged while it copies. */
const FILLER_ROWS = 20_000;
const MIGRATIONS = Object.keys(migrations);

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

/** `node --import tsx src/cli/backup.ts …` from apps/api, as `npm run backup` runs it. */
async function backupProcess(args: string[], databaseUrl: string): Promise<Outcome> {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'src/cli/backup.ts', ...args],
      { cwd: API_PACKAGE_DIR, env: { ...process.env, DATABASE_URL: databaseUrl } },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('npm run backup (SQLite, the real server taking bookings meanwhile)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'trimtime-backup-'));
  const dbPath = join(dir, 'app.db');
  const copyPath = join(dir, 'backups', 'trimtime.db');
  const server = new ServerProcess(dbPath);

  afterAll(async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('copies the database while bookings are written: the copy opens, passes integrity_check, has every migration and every booking acknowledged before it started; the server kept answering; the copy restores', async () => {
    const accounts = await prepareDatabase(dbPath, { customers: CUSTOMERS, businesses: BUSINESSES });
    const filler = new Database(dbPath);
    filler.exec('CREATE TABLE backup_test_filler (id INTEGER PRIMARY KEY, data BLOB NOT NULL)');
    const insert = filler.prepare('INSERT INTO backup_test_filler (data) VALUES (randomblob(4096))');
    filler.transaction(() => {
      for (let i = 0; i < FILLER_ROWS; i += 1) insert.run();
    })();
    filler.close();

    await server.start();
    const baseUrl = server.baseUrl;
    const customers = await Promise.all(
      accounts.customers.map(async (account: Account) => ({
        ...account,
        token: await login(baseUrl, account.email),
      })),
    );
    const notBefore = utcToLondonWallClock(new Date(Date.now() + 3 * 3_600_000));
    const slotsOf = new Map<string, string[]>();
    for (const business of accounts.businesses) {
      const response = await fetch(`${baseUrl}/api/booking/available-times?businessId=${business.id}`);
      const { slots } = (await response.json()) as { slots: string[] };
      slotsOf.set(
        business.id,
        slots.filter((slot) => slot > notBefore),
      );
    }

    /** Every booking the server acknowledged, with the moment its 201 arrived. */
    const acknowledged: { id: string; customerId: string; at: number }[] = [];
    const failures: string[] = [];
    let stop = false;
    const customerLoop = async (customer: (typeof customers)[number], index: number) => {
      // Each customer its own hours (every CUSTOMERS-th slot), so no request meets a conflict.
      for (let n = index; !stop; n += CUSTOMERS) {
        const business = accounts.businesses[n % BUSINESSES] as Account;
        const slots = slotsOf.get(business.id) ?? [];
        const slot = slots[Math.floor(n / BUSINESSES) % slots.length];
        const response = await fetch(`${baseUrl}/api/booking/book`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${customer.token}` },
          body: JSON.stringify({
            businessId: business.id,
            bookingDateTime: slot,
            price: 25,
            isHomeVisit: false,
          }),
        });
        const text = await response.text();
        if (response.status !== 201) {
          failures.push(`POST /api/booking/book → ${response.status} ${text}`);
          continue;
        }
        const { booking } = JSON.parse(text) as { booking: { id: string } };
        acknowledged.push({ id: booking.id, customerId: customer.id, at: Date.now() });
      }
    };
    /** Health probes every 20 ms: how long the server took to answer each. */
    const probes: { at: number; ms: number; status: number }[] = [];
    const probeLoop = async () => {
      while (!stop) {
        const sent = Date.now();
        const response = await fetch(`${baseUrl}/api/health`);
        await response.body?.cancel();
        probes.push({ at: sent, ms: Date.now() - sent, status: response.status });
        await sleep(20);
      }
    };
    const load = Promise.all([...customers.map(customerLoop), probeLoop()]);

    await sleep(800);
    const backupStartedAt = Date.now();
    const before = new Set(acknowledged.map((booking) => booking.id));
    const backup = await backupProcess(['--to', copyPath], `sqlite:${dbPath}`);
    const backupEndedAt = Date.now();
    await sleep(300);
    stop = true;
    await load;

    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(failures).toEqual([]);
    expect(before.size).toBeGreaterThan(10);
    const during = acknowledged.filter((b) => b.at > backupStartedAt && b.at < backupEndedAt);
    const after = acknowledged.filter((b) => b.at > backupEndedAt);
    const probesDuring = probes.filter((p) => p.at > backupStartedAt && p.at < backupEndedAt);
    console.info(
      `[backup] ${before.size} bookings acknowledged before the backup, ${during.length} during its ${backupEndedAt - backupStartedAt} ms, ${after.length} after; health during it: ${probesDuring.length} probes, slowest ${Math.max(...probesDuring.map((p) => p.ms))} ms; copy ${statSync(copyPath).size} bytes`,
    );
    // The server kept answering: bookings were acknowledged and health answered while it ran.
    expect(during.length).toBeGreaterThan(0);
    expect(probesDuring.length).toBeGreaterThan(5);
    expect(probesDuring.every((p) => p.status === 200 && p.ms < 2_000)).toBe(true);

    const copy = new Database(copyPath, { readonly: true, fileMustExist: true });
    let copied: Set<string>;
    let copiedOfFirst: number;
    try {
      expect(copy.pragma('integrity_check')).toEqual([{ integrity_check: 'ok' }]);
      const applied = (
        copy.prepare('SELECT name FROM kysely_migration ORDER BY name').all() as { name: string }[]
      ).map((row) => row.name);
      expect(applied).toEqual(MIGRATIONS);
      copied = new Set(
        (copy.prepare('SELECT id FROM bookings').all() as { id: string }[]).map((row) => row.id),
      );
      const first = customers[0] as Account;
      copiedOfFirst = (
        copy.prepare('SELECT count(*) AS n FROM bookings WHERE customer_id = ?').get(first.id) as {
          n: number;
        }
      ).n;
      expect((copy.prepare('SELECT count(*) AS n FROM backup_test_filler').get() as { n: number }).n).toBe(
        FILLER_ROWS,
      );
    } finally {
      copy.close();
    }
    const missing = [...before].filter((id) => !copied.has(id));
    expect(missing).toEqual([]);
    // Stronger, by the command's own clock: everything acknowledged before its snapshot moment.
    const snapshot = /snapshot: (\S+) \(everything committed before it; copied in (\d+) ms\)/.exec(
      backup.stdout,
    );
    expect(snapshot, backup.stdout).not.toBeNull();
    const snapshotAt = Date.parse(snapshot?.[1] ?? '');
    const copyMs = Number(snapshot?.[2]);
    expect(snapshotAt).toBeGreaterThanOrEqual(backupStartedAt);
    const beforeSnapshot = acknowledged.filter((b) => b.at < snapshotAt);
    expect(beforeSnapshot.filter((b) => !copied.has(b.id))).toEqual([]);
    // While VACUUM INTO itself ran, the server answered (writes need no lock the copy holds).
    const whileCopying = (at: number) => at >= snapshotAt && at <= snapshotAt + copyMs;
    const copiedMeanwhile = acknowledged.filter((b) => whileCopying(b.at)).length;
    console.info(
      `[backup] VACUUM INTO took ${copyMs} ms: ${copiedMeanwhile} bookings acknowledged and ${probes.filter((p) => whileCopying(p.at + p.ms)).length} health answers meanwhile; ${beforeSnapshot.length} acknowledged before the snapshot, all in the copy`,
    );
    expect(copiedMeanwhile).toBeGreaterThan(0);
    // A snapshot, not the live file: nothing acknowledged after the command ended is in it.
    expect(after.length).toBeGreaterThan(0);
    expect(after.filter((b) => copied.has(b.id))).toEqual([]);
    expect(backup.stdout).toContain(`Backup written: ${copyPath}`);
    expect(backup.stdout).toContain('integrity_check: ok');
    expect(backup.stdout).toContain(`bookings: ${copied.size}\n`);
    expect(backup.stdout).toContain(`last migration: ${MIGRATIONS.at(-1)} (${MIGRATIONS.length} applied)`);
    expect(readdirSync(join(dir, 'backups'))).toEqual(['trimtime.db']); // no temporary file left

    // An existing --to is refused and left as it was; --force replaces it.
    const bytes = readFileSync(copyPath);
    const again = await backupProcess(['--to', copyPath], `sqlite:${dbPath}`);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(
      `${copyPath} already exists: name a new file, or pass --force to replace it.`,
    );
    expect(readFileSync(copyPath).equals(bytes)).toBe(true);
    expect(readdirSync(join(dir, 'backups'))).toEqual(['trimtime.db']);

    // The restore drill: stop the server, put the copy in place (and the old WAL away), start.
    server.signal('SIGTERM');
    expect((await server.waitForExit()).code).toBe(0);
    for (const file of [dbPath, `${dbPath}-wal`, `${dbPath}-shm`]) rmSync(file, { force: true });
    copyFileSync(copyPath, dbPath);
    await server.start();
    const first = customers[0] as Account;
    const token = await login(server.baseUrl, first.email);
    const response = await fetch(`${server.baseUrl}/api/booking/userbookings`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    const { requests } = (await response.json()) as { requests: { id: string }[] };
    expect(requests.length).toBe(copiedOfFirst);
    expect(requests.every((booking) => copied.has(booking.id))).toBe(true);
    const restored = new Set(requests.map((booking) => booking.id));
    for (const booking of acknowledged) {
      if (booking.customerId === first.id && before.has(booking.id))
        expect(restored.has(booking.id)).toBe(true);
    }
  }, 60_000);

  it('--force replaces an existing file', () => {
    const result = runBackup(['--to', copyPath, '--force'], { DATABASE_URL: `sqlite:${dbPath}` });
    expect(result.exitCode, result.output).toBe(0);
    expect(result.output).toContain(`Backup written: ${copyPath}`);
    expect(readdirSync(join(dir, 'backups'))).toEqual(['trimtime.db']);
  });
});

describe('npm run backup refuses', () => {
  it('a PostgreSQL DATABASE_URL, pointing to pg_dump (exit 1)', async () => {
    const result = await backupProcess(
      ['--to', join(tmpdir(), 'never.db')],
      'postgres://postgres@127.0.0.1:5432/x',
    );
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(POSTGRES_MESSAGE);
    expect(POSTGRES_MESSAGE).toContain('pg_dump -Fc "$DATABASE_URL" -f trimtime.dump');
  });

  it('bad arguments with the usage and exit code 2', () => {
    const env = { DATABASE_URL: 'sqlite:/nonexistent/app.db' };
    expect(runBackup([], env)).toEqual({ exitCode: 2, output: `--to FILE is required.\n${USAGE}` });
    expect(runBackup(['--to'], env).exitCode).toBe(2);
    expect(runBackup(['--to', ' '], env).exitCode).toBe(2);
    const unknown = runBackup(['--to', 'x.db', '--overwrite'], env);
    expect(unknown.exitCode).toBe(2);
    expect(unknown.output).toContain('Usage: npm run backup -- --to FILE [--force]');
    expect(runBackup(['--to', 'x.db', 'extra'], env).exitCode).toBe(2);
    expect(runBackup(['--to', 'x.db'], { DATABASE_URL: 'mysql://x' }).exitCode).toBe(2);
  });

  it('a database that does not exist, and the database itself as --to (exit 1)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'trimtime-backup-'));
    try {
      const missing = runBackup(['--to', join(dir, 'b.db')], {
        DATABASE_URL: `sqlite:${join(dir, 'none.db')}`,
      });
      expect(missing).toEqual({
        exitCode: 1,
        output: `No SQLite database at ${join(dir, 'none.db')} (DATABASE_URL).`,
      });
      new Database(join(dir, 'a.db')).close();
      const itself = runBackup(['--to', join(dir, 'a.db'), '--force'], {
        DATABASE_URL: `sqlite:${join(dir, 'a.db')}`,
      });
      expect(itself.exitCode).toBe(1);
      expect(itself.output).toContain('is the database itself');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
