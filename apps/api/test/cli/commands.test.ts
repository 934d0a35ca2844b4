import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { MESSAGES } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { createAdminInDatabase, runCreateAdmin } from '../../src/cli/create-admin.command';
import { createDatabase } from '../../src/db/database';
import { API_PACKAGE_DIR } from '../../src/paths';
import { describeEachDatabase } from '../helpers/databases';
import { PASSWORD, uniqueEmail } from '../helpers/factories';

const args = (email: string, overrides: Record<string, string> = {}) => {
  const values = {
    email,
    password: PASSWORD,
    'first-name': 'Ada',
    'last-name': 'Admin',
    'business-name': 'Ada Cuts',
    ...overrides,
  };
  return Object.entries(values).flatMap(([key, value]) => [`--${key}`, value]);
};

describeEachDatabase('create-admin', (database) => {
  it('creates a confirmed, unlisted Admin', async () => {
    const email = uniqueEmail('admin');
    const result = await createAdminInDatabase(database().db, args(email.toUpperCase()));
    expect(result.exitCode, result.output).toBe(0);
    expect(result.output).toContain(email);
    const admin = await database()
      .db.selectFrom('users')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(admin).toMatchObject({
      user_type: 'Admin',
      is_confirmed: 1,
      is_listed: 0,
      business_name: 'Ada Cuts',
      first_name: 'Ada',
      last_name: 'Admin',
    });
    expect(admin.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('refuses an email that already has an account', async () => {
    const email = uniqueEmail('admin');
    expect((await createAdminInDatabase(database().db, args(email))).exitCode).toBe(0);
    const again = await createAdminInDatabase(database().db, args(email));
    expect(again).toEqual({ exitCode: 1, output: 'An account with this email already exists.' });
  });

  it('validates its input with the shared rules', async () => {
    const weak = await createAdminInDatabase(database().db, args(uniqueEmail(), { password: 'weak' }));
    expect(weak.exitCode).toBe(2);
    expect(weak.output).toContain(MESSAGES.minimum8Characters);
    const noBusiness = await createAdminInDatabase(
      database().db,
      args(uniqueEmail(), { 'business-name': ' ' }),
    );
    expect(noBusiness.output).toContain(MESSAGES.businessNameRequired);
    const unknownFlag = await createAdminInDatabase(database().db, [...args(uniqueEmail()), '--role', 'x']);
    expect(unknownFlag.exitCode).toBe(2);
    expect(unknownFlag.output).toContain('Usage:');
  });

  it('honours DATABASE_URL', async () => {
    const { config } = database();
    if (config.dialect !== 'postgres') return; // the SQLite path is covered by the real process below
    const url = config.url;
    const email = uniqueEmail('admin');
    const result = await runCreateAdmin(args(email), { DATABASE_URL: url });
    expect(result.exitCode, result.output).toBe(0);
    const row = await database()
      .db.selectFrom('users')
      .select('user_type')
      .where('email', '=', email)
      .executeTakeFirst();
    expect(row).toEqual({ user_type: 'Admin' });
  });
});

describe('npm run create-admin (a real process)', () => {
  it('migrates a new SQLite database named by DATABASE_URL and creates the Admin', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'create-admin-'));
    try {
      const file = join(dir, 'nested', 'app.db');
      const email = uniqueEmail('admin');
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', 'src/cli/create-admin.ts', ...args(email)],
        { cwd: API_PACKAGE_DIR, env: { ...process.env, DATABASE_URL: `sqlite:${file}` } },
      );
      expect(stdout).toContain(`Admin created: ${email}`);
      const db = createDatabase({ dialect: 'sqlite', path: file });
      try {
        const row = await db
          .selectFrom('users')
          .select(['user_type', 'is_listed'])
          .where('email', '=', email)
          .executeTakeFirst();
        expect(row).toEqual({ user_type: 'Admin', is_listed: 0 });
      } finally {
        await db.destroy();
      }
      const failed = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', 'src/cli/create-admin.ts', ...args(email)],
        { cwd: API_PACKAGE_DIR, env: { ...process.env, DATABASE_URL: `sqlite:${file}` } },
      ).catch((error: { code: number; stderr: string }) => error);
      expect(failed).toMatchObject({ code: 1, stderr: expect.stringContaining('already exists') });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('npm run serve', () => {
  it('starts the built server, and npm start is the build followed by it (api-contract §8.9)', () => {
    const scriptsOf = (dir: string) =>
      JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).scripts as Record<string, string>;
    const root = scriptsOf(join(API_PACKAGE_DIR, '..', '..'));
    expect(root.serve).toBe('npm run start -w @app/api');
    expect(scriptsOf(API_PACKAGE_DIR).start).toBe('node dist/server.js');
    expect(root.start).toBe('npm run build && npm run serve');
  });
});
