import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// scripts/check-boundaries.mjs (part of `npm run lint`) run against a small copy of our layout:
// the clean copy passes, and each boundary broken in it on its own fails the lint, naming the rule.
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../../..');
const CHECKER = join(ROOT, 'scripts/check-boundaries.mjs');

const EXHAUSTIVE = `import { assertNever, type Status } from '@app/domain';
export function label(status: Status): string {
  switch (status) {
    case 'Requested':
      return 'Waiting';
    case 'Approved':
      return 'Booked';
    default:
      return assertNever(status);
  }
}
`;

/** One file per layer, each importing what its layer may. */
const CLEAN_TREE: Record<string, string> = {
  'packages/domain/src/index.ts': `import { z } from 'zod';
export const StatusSchema = z.enum(['Requested', 'Approved']);
export type Status = z.infer<typeof StatusSchema>;
export function assertNever(value: never): never {
  throw new Error(String(value));
}
`,
  'apps/web/src/main.tsx': `import { routes } from './app/routes';\nexport default routes;\n`,
  'apps/web/src/app/routes.tsx': `import { BookingPage } from '@/features/booking/booking-page';
import { ProfilePage } from '../features/profile/profile-page';
import { paths } from '@/config/paths';
export const routes = [BookingPage, ProfilePage, paths];
`,
  'apps/web/src/features/booking/booking-page.tsx': `import { Button } from '@/components/button';
import { paths } from '@/config/paths';
import { api } from '../../lib/api-client';
import { label } from './status-label';
export const BookingPage = [Button, paths, api, label];
`,
  'apps/web/src/features/booking/status-label.ts': EXHAUSTIVE,
  'apps/web/src/features/booking/booking-page.test.tsx': `import { AppProvider } from '@/app/provider';
import { renderApp } from '@/testing/render-app';
import { BookingPage } from './booking-page';
export default [AppProvider, renderApp, BookingPage];
`,
  'apps/web/src/features/profile/profile-page.tsx': `import { Button } from '../../components/button';\nexport const ProfilePage = Button;\n`,
  'apps/web/src/components/button.tsx': `import { api } from '@/lib/api-client';\nexport const Button = api;\n`,
  'apps/web/src/lib/api-client.ts': `import type { Status } from '@app/domain';
import { paths } from '../config/paths';
export const api = (status: Status) => [paths, status];
`,
  'apps/web/src/config/paths.ts': `export const paths = { home: '/' };\n`,
  'apps/web/src/app/provider.tsx': `export const AppProvider = null;\n`,
  'apps/web/src/testing/render-app.tsx': `import { routes } from '@/app/routes';\nexport const renderApp = () => routes;\n`,
  'apps/api/src/server.ts': `import { buildApp } from './app';\nexport default buildApp;\n`,
  'apps/api/src/app.ts': `import { config } from './config';
import { database } from './db/database';
import { mailer } from './mail/mailer';
import { bookingsRoutes } from './modules/bookings/bookings.routes';
import { errors } from './plugins/errors';
export const buildApp = () => [config, database, mailer, bookingsRoutes, errors];
`,
  'apps/api/src/config.ts': `export const config = { port: 3000 };\n`,
  'apps/api/src/modules/bookings/bookings.routes.ts': `import { errors } from '../../plugins/errors';
import { BookingsService } from './bookings.service';
export const bookingsRoutes = [errors, BookingsService];
`,
  'apps/api/src/modules/bookings/bookings.service.ts': `import { StatusSchema } from '@app/domain';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/errors';
import { mailer } from '../../mail/mailer';
import { BookingsRepository } from '../../repositories/bookings.repository';
import { UsersRepository } from '../../repositories/users.repository';
import { usersService } from '../users/users.service';
export class BookingsService {
  constructor(private readonly db: Database) {}
  approve() {
    return this.db.transaction().execute(async (trx) => [trx, StatusSchema, AppError, mailer, UsersRepository, BookingsRepository, usersService]);
  }
}
`,
  'apps/api/src/repositories/bookings.repository.ts': `import { type Kysely, sql } from 'kysely';
export class BookingsRepository {
  constructor(private readonly db: Kysely<any>) {}
  list() {
    return this.db.selectFrom('bookings').select(sql<number>\`count(*)\`.as('n')).execute();
  }
}
`,
  'apps/api/src/repositories/users.repository.ts': `export class UsersRepository {}\n`,
  'apps/api/src/modules/users/users.service.ts': `import { UsersRepository } from '../../repositories/users.repository';
import { outbox } from '../outbox/outbox.service';
export const usersService = [UsersRepository, outbox];
`,
  'apps/api/src/modules/outbox/outbox.service.ts': `import { mailer } from '../../mail/mailer';\nexport const outbox = mailer;\n`,
  'apps/api/src/modules/listing/listing.service.ts': `import { BookingsService } from '../bookings/bookings.service';\nexport const listing = BookingsService;\n`,
  'apps/api/src/modules/calendar/calendar.service.ts': `import { BookingsRepository } from '../../repositories/bookings.repository';\nexport const calendar = BookingsRepository;\n`,
  'apps/api/src/plugins/errors.ts': `import { AppError } from '../lib/errors';\nexport const errors = AppError;\n`,
  'apps/api/src/mail/mailer.ts': `import { AppError } from '../lib/errors';\nexport const mailer = AppError;\n`,
  'apps/api/src/lib/errors.ts': `export class AppError extends Error {}\n`,
  'apps/api/src/db/database.ts': `import { Kysely } from 'kysely';
import pg from 'pg';
import type { config } from '../config';
export type Database = Kysely<{ config: typeof config }>;
export const database = [Kysely, pg];
`,
  'apps/api/src/db/migrations/0001_initial.ts': `import { type Kysely, sql } from 'kysely';
export async function up(db: Kysely<any>) {
  await sql\`create table bookings (id text)\`.execute(db);
}
`,
  'apps/api/test/bookings.test.ts': `import { sql } from 'kysely';
import { buildApp } from '../src/app';
export default [sql\`select 1\`, buildApp];
`,
};

const SERVICE = 'apps/api/src/modules/bookings/bookings.service.ts';
function cleanFile(file: string): string {
  const text = CLEAN_TREE[file];
  if (text === undefined) throw new Error(`${file} is not in the clean tree`);
  return text;
}
const appended = (file: string, line: string) => ({ [file]: `${line}\n${cleanFile(file)}` });

/** Each boundary broken on its own: the files it changes, and the rule that must fail. */
const VIOLATIONS: { name: string; rule: string; files: Record<string, string> }[] = [
  {
    name: 'a feature imports another feature by a relative path',
    rule: 'feature-imports-feature',
    files: appended('apps/web/src/features/booking/booking-page.tsx', `import '../profile/profile-page';`),
  },
  {
    name: 'a feature imports another feature through the @/ alias',
    rule: 'feature-imports-feature',
    files: appended(
      'apps/web/src/features/profile/profile-page.tsx',
      `import '@/features/booking/status-label';`,
    ),
  },
  {
    name: "a feature's test imports another feature",
    rule: 'feature-imports-feature',
    files: appended(
      'apps/web/src/features/booking/booking-page.test.tsx',
      `import '@/features/profile/profile-page';`,
    ),
  },
  {
    name: 'the web imports the API package',
    rule: 'web-imports-api',
    files: appended(
      'apps/web/src/lib/api-client.ts',
      `import type { Database } from '@app/api/src/db/database';`,
    ),
  },
  {
    name: "the web imports the API's files by a relative path",
    rule: 'web-imports-api',
    files: appended('apps/web/src/config/paths.ts', `import '../../../api/src/config';`),
  },
  {
    name: 'the domain imports the web package',
    rule: 'domain-imports-ours',
    files: appended('packages/domain/src/index.ts', `import '@app/web';`),
  },
  {
    name: "the domain imports the API's files by a relative path",
    rule: 'domain-imports-ours',
    files: appended('packages/domain/src/index.ts', `export * from '../../../apps/api/src/config';`),
  },
  {
    name: 'a service imports kysely',
    rule: 'sql-outside-repository',
    files: appended(SERVICE, `import { sql } from 'kysely';`),
  },
  {
    name: 'a service builds a query on the database',
    rule: 'sql-outside-repository',
    files: {
      [SERVICE]: cleanFile(SERVICE).replace('this.db.transaction()', `this.db.selectFrom('bookings')`),
    },
  },
  {
    name: 'a route runs raw SQL',
    rule: 'sql-outside-repository',
    files: appended('apps/api/src/modules/bookings/bookings.routes.ts', 'const raw = sql`select 1`;'),
  },
  {
    name: 'a repository kept inside a module runs a query (queries live in repositories/)',
    rule: 'sql-outside-repository',
    files: {
      'apps/api/src/modules/users/users.repository.ts': `import type { Database } from '../../db/database';
export const count = (db: Database) => db.selectFrom('users').execute();
`,
    },
  },
  {
    name: 'a plugin imports a database driver',
    rule: 'sql-outside-repository',
    files: appended('apps/api/src/plugins/errors.ts', `import pg from 'pg';`),
  },
  {
    name: 'the web imports kysely',
    rule: 'sql-outside-repository',
    files: appended('apps/web/src/lib/api-client.ts', `import type { Kysely } from 'kysely';`),
  },
  {
    name: "a plugin imports a module's type",
    rule: 'imports-upward',
    files: appended(
      'apps/api/src/plugins/errors.ts',
      `import type { BookingsService } from '../modules/bookings/bookings.service';`,
    ),
  },
  {
    name: 'a mailer imports a module',
    rule: 'imports-upward',
    files: appended(
      'apps/api/src/mail/mailer.ts',
      `import { usersService } from '../modules/users/users.service';`,
    ),
  },
  {
    name: 'lib imports a plugin',
    rule: 'imports-upward',
    files: appended('apps/api/src/lib/errors.ts', `import { errors } from '../plugins/errors';`),
  },
  {
    name: 'a module imports the app',
    rule: 'imports-upward',
    files: appended(
      'apps/api/src/modules/bookings/bookings.routes.ts',
      `import { buildApp } from '../../app';`,
    ),
  },
  {
    name: 'a web component imports a feature',
    rule: 'imports-upward',
    files: appended('apps/web/src/components/button.tsx', `import '@/features/booking/status-label';`),
  },
  {
    name: 'web lib imports a component',
    rule: 'imports-upward',
    files: appended('apps/web/src/lib/api-client.ts', `import { Button } from '../components/button';`),
  },
  {
    name: 'a feature imports the app',
    rule: 'imports-upward',
    files: appended(
      'apps/web/src/features/profile/profile-page.tsx',
      `import { routes } from '@/app/routes';`,
    ),
  },
  {
    name: 'app code imports test helpers',
    rule: 'imports-upward',
    files: appended('apps/web/src/app/routes.tsx', `import { renderApp } from '@/testing/render-app';`),
  },
  {
    name: 'a repository imports a module',
    rule: 'imports-upward',
    files: appended(
      'apps/api/src/repositories/users.repository.ts',
      `import { outbox } from '../modules/outbox/outbox.service';`,
    ),
  },
  {
    name: 'two modules import each other (users imports bookings, which imports users)',
    rule: 'module-imports-upward',
    files: appended(
      'apps/api/src/modules/users/users.service.ts',
      `import type { BookingsService } from '../bookings/bookings.service';`,
    ),
  },
  {
    name: 'a module imports one above it (the outbox imports users)',
    rule: 'module-imports-upward',
    files: appended('apps/api/src/modules/outbox/outbox.service.ts', `import '../users/users.service';`),
  },
  {
    name: 'a module imports another of its own level (listing imports calendar)',
    rule: 'module-imports-sideways',
    files: appended(
      'apps/api/src/modules/listing/listing.service.ts',
      `import '../calendar/calendar.service';`,
    ),
  },
  {
    name: 'a module the order does not place',
    rule: 'module-not-ordered',
    files: { 'apps/api/src/modules/loyalty/loyalty.service.ts': `export const loyalty = 1;\n` },
  },
  {
    name: 'a migration imports app code',
    rule: 'migration-imports-app-code',
    files: appended(
      'apps/api/src/db/migrations/0001_initial.ts',
      `import { AppError } from '../../lib/errors';`,
    ),
  },
  {
    name: 'a switch has no default',
    rule: 'switch-not-exhaustive',
    files: {
      'apps/web/src/features/booking/status-label.ts': EXHAUSTIVE.replace(
        '    default:\n      return assertNever(status);\n',
        '',
      ),
    },
  },
  {
    name: 'a default that does not prove the switch exhaustive',
    rule: 'switch-not-exhaustive',
    files: {
      'apps/web/src/features/booking/status-label.ts': EXHAUSTIVE.replace(
        'return assertNever(status);',
        "return '';",
      ),
    },
  },
  {
    name: 'a default that asserts another value',
    rule: 'switch-not-exhaustive',
    files: {
      'apps/api/src/lib/errors.ts': `${cleanFile('apps/api/src/lib/errors.ts')}${EXHAUSTIVE.replace(
        'assertNever(status)',
        'assertNever(other)',
      )}`,
    },
  },
];

type Violation = { file: string; line: number; rule: string; detail: string };
type Checker = {
  checkBoundaries(root: string): { violations: Violation[] };
  describeViolation(violation: Violation): string;
};

let checker: Checker;
const trees: string[] = [];
beforeAll(async () => {
  checker = await import(pathToFileURL(CHECKER).href);
});
afterAll(() => {
  for (const tree of trees) rmSync(tree, { recursive: true, force: true });
});

/** A temporary copy of the clean tree with `files` changed in it. */
function treeWith(files: Record<string, string>) {
  const root = mkdtempSync(join(tmpdir(), 'boundaries-'));
  trees.push(root);
  for (const [file, text] of Object.entries({ ...CLEAN_TREE, ...files })) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), text);
  }
  return root;
}

/** The checker as `npm run lint` runs it. */
function lint(root: string) {
  const run = spawnSync(process.execPath, [CHECKER, '--root', root], { encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe('npm run lint keeps the boundaries', () => {
  it('runs the boundary checker', () => {
    const scripts = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts;
    expect(scripts.lint).toContain('node scripts/check-boundaries.mjs');
  });

  it('passes a tree where every layer imports only what it may', () => {
    const result = lint(treeWith({}));
    expect(result.output).toContain('boundaries: every import keeps its layer');
    expect(result.status).toBe(0);
  });

  it('fails, naming the file, line and rule, when a boundary is broken', () => {
    const result = lint(
      treeWith(
        appended('apps/web/src/features/booking/booking-page.tsx', `import '../profile/profile-page';`),
      ),
    );
    expect(result.status).toBe(1);
    expect(result.output).toContain(
      'apps/web/src/features/booking/booking-page.tsx:1  feature-imports-feature  ../profile/profile-page:',
    );
  });

  it('names both files of an import between modules that breaks their order', () => {
    const result = lint(
      treeWith(
        appended(
          'apps/api/src/modules/users/users.service.ts',
          `import type { BookingsService } from '../bookings/bookings.service';`,
        ),
      ),
    );
    expect(result.status).toBe(1);
    expect(result.output).toContain(
      'apps/api/src/modules/users/users.service.ts:1  module-imports-upward  ../bookings/bookings.service (apps/api/src/modules/bookings/bookings.service)',
    );
  });

  it('reports the module graph, level by level', () => {
    const run = spawnSync(process.execPath, [CHECKER, '--root', treeWith({}), '--modules'], {
      encoding: 'utf8',
    });
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/4 {2}bookings +-> users \(1\)/);
    expect(run.stdout).toMatch(/5 {2}listing +-> bookings \(1\)/);
  });

  it('passes a switch over an open value marked as open', () => {
    const open = `export function area(code: string) {
  // open switch: any string a caller passes.
  switch (code) {
    case 'BT1':
      return 'Belfast';
    default:
      return null;
  }
}
`;
    expect(checker.checkBoundaries(treeWith({ 'apps/web/src/lib/area.ts': open })).violations).toEqual([]);
  });

  it.each(VIOLATIONS)('fails when $name ($rule)', ({ rule, files }) => {
    const { violations } = checker.checkBoundaries(treeWith(files));
    expect(violations.map(checker.describeViolation)).toEqual([expect.stringContaining(`  ${rule}  `)]);
  });
});
