import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MESSAGES } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { createAdminInDatabase } from '../../src/cli/create-admin.command';
import { createDatabase } from '../../src/db/database';
import { verifyPassword } from '../../src/lib/passwords';
import { API_PACKAGE_DIR } from '../../src/paths';
import { describeEachDatabase } from '../helpers/databases';
import { PASSWORD, uniqueEmail } from '../helpers/factories';

const OTHER_PASSWORD = 'Adm1nPass&';
const details = (email: string) => [
  ...['--email', email, '--first-name', 'Ada', '--last-name', 'Admin', '--business-name', 'Ada Cuts'],
];

describeEachDatabase('create-admin: where the password comes from', (database) => {
  const hashOf = async (email: string) =>
    (
      await database()
        .db.selectFrom('users')
        .select('password_hash')
        .where('email', '=', email)
        .executeTakeFirstOrThrow()
    ).password_hash;

  it('reads ADMIN_PASSWORD when no password flag is given', async () => {
    const email = uniqueEmail('admin');
    const result = await createAdminInDatabase(database().db, details(email), {
      env: { ADMIN_PASSWORD: OTHER_PASSWORD },
    });
    expect(result.exitCode, result.output).toBe(0);
    expect(await verifyPassword(await hashOf(email), OTHER_PASSWORD)).toBe(true);
  });

  it('reads the first line of standard input with --password-stdin', async () => {
    const email = uniqueEmail('admin');
    const result = await createAdminInDatabase(database().db, [...details(email), '--password-stdin'], {
      env: { ADMIN_PASSWORD: 'Ignor3dHere!' },
      readStdin: async () => `${OTHER_PASSWORD}\r\nsecond line\n`,
    });
    expect(result.exitCode, result.output).toBe(0);
    expect(await verifyPassword(await hashOf(email), OTHER_PASSWORD)).toBe(true);
  });

  it('still takes --password, before ADMIN_PASSWORD', async () => {
    const email = uniqueEmail('admin');
    const result = await createAdminInDatabase(database().db, [...details(email), '--password', PASSWORD], {
      env: { ADMIN_PASSWORD: OTHER_PASSWORD },
    });
    expect(result.exitCode, result.output).toBe(0);
    expect(await verifyPassword(await hashOf(email), PASSWORD)).toBe(true);
  });

  it('refuses --password with --password-stdin, and a missing or weak password, with the usage', async () => {
    const both = await createAdminInDatabase(
      database().db,
      [...details(uniqueEmail()), '--password', PASSWORD, '--password-stdin'],
      { readStdin: async () => OTHER_PASSWORD },
    );
    expect(both.exitCode).toBe(2);
    expect(both.output).toContain('not both');
    const missing = await createAdminInDatabase(database().db, details(uniqueEmail()), { env: {} });
    expect(missing.exitCode).toBe(2);
    expect(missing.output).toContain(`password: ${MESSAGES.required}`);
    expect(missing.output).toContain('--password-stdin');
    expect(missing.output).toContain('ADMIN_PASSWORD');
    const weak = await createAdminInDatabase(database().db, [...details(uniqueEmail()), '--password-stdin'], {
      readStdin: async () => 'weak\n',
    });
    expect(weak.exitCode).toBe(2);
    expect(weak.output).toContain(MESSAGES.minimum8Characters);
  });
});

describe('npm run create-admin --password-stdin (a real process)', () => {
  it('reads the password piped to it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'create-admin-stdin-'));
    try {
      const file = join(dir, 'app.db');
      const email = uniqueEmail('admin');
      const stdout = await new Promise<string>((resolve, reject) => {
        const child = execFile(
          process.execPath,
          ['--import', 'tsx', 'src/cli/create-admin.ts', ...details(email), '--password-stdin'],
          {
            cwd: API_PACKAGE_DIR,
            env: { ...process.env, DATABASE_URL: `sqlite:${file}`, ADMIN_PASSWORD: '' },
          },
          (error, out, err) => (error ? reject(new Error(`${error.message}\n${err}`)) : resolve(out)),
        );
        child.stdin?.end(`${OTHER_PASSWORD}\n`);
      });
      expect(stdout).toContain(`Admin created: ${email}`);
      const db = createDatabase({ dialect: 'sqlite', path: file });
      try {
        const row = await db
          .selectFrom('users')
          .select('password_hash')
          .where('email', '=', email)
          .executeTakeFirstOrThrow();
        expect(await verifyPassword(row.password_hash, OTHER_PASSWORD)).toBe(true);
      } finally {
        await db.destroy();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
