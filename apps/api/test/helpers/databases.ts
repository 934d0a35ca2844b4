import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import type { DatabaseConfig } from '../../src/config';
import { createDatabase, type Db } from '../../src/db/database';
import { migrateToLatest } from '../../src/db/migrate';

export type Dialect = 'sqlite' | 'postgres';

export interface TestDatabase {
  dialect: Dialect;
  db: Db;
  config: DatabaseConfig;
  /** Closes the connection and deletes the database. */
  drop(): Promise<void>;
}

const postgresUrl = process.env.TEST_DATABASE_URL?.trim() || undefined;

/** SQLite always; PostgreSQL when TEST_DATABASE_URL is set (see global-setup.ts). */
export const DIALECTS: Dialect[] = postgresUrl ? ['sqlite', 'postgres'] : ['sqlite'];

async function withAdminClient<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A fresh, migrated database: a temp SQLite file, or `t_<random>` on the PostgreSQL server. */
export async function createTestDatabase(dialect: Dialect): Promise<TestDatabase> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'api-test-'));
    const config: DatabaseConfig = { dialect: 'sqlite', path: join(dir, 'test.db') };
    const db = createDatabase(config);
    await migrateToLatest(db);
    return {
      dialect,
      db,
      config,
      drop: async () => {
        await db.destroy();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  if (!postgresUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `t_${randomBytes(6).toString('hex')}`;
  await withAdminClient((client) => client.query(`create database ${name}`));
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  const config: DatabaseConfig = { dialect: 'postgres', url: url.toString() };
  const db = createDatabase(config);
  await migrateToLatest(db);
  return {
    dialect,
    db,
    config,
    drop: async () => {
      await db.destroy();
      await withAdminClient((client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/**
 * Runs `body` once per dialect, each with its own database made before and dropped after.
 * `database()` returns it inside tests and hooks. Without a title the describe is named exactly
 * `sqlite` / `postgres`: the docs/quality.md generator groups the quality suites' results by that.
 */
export function describeEachDatabase(
  title: string | undefined,
  body: (database: () => TestDatabase) => void,
): void {
  for (const dialect of DIALECTS) {
    describe(title === undefined ? dialect : `${title} [${dialect}]`, () => {
      let database: TestDatabase | undefined;
      beforeAll(async () => {
        database = await createTestDatabase(dialect);
      });
      afterAll(async () => {
        await database?.drop();
      });
      body(() => {
        if (!database) throw new Error('the test database is not ready');
        return database;
      });
    });
  }
}
