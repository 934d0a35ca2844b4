import { sql } from 'kysely';
import type { Db } from '../db/database';
import { migrations } from '../db/migrations';

export class HealthRepository {
  constructor(private readonly db: Db) {}

  async ping(): Promise<void> {
    await sql`select 1`.execute(this.db);
  }

  /**
   * The migrations this code carries (db/migrations/index.ts) that the database has not recorded
   * as applied (Kysely's `kysely_migration` table; none at all before the first migration).
   */
  async missingMigrations(): Promise<string[]> {
    let applied: Set<string>;
    try {
      const result = await sql<{ name: string }>`select name from kysely_migration`.execute(this.db);
      applied = new Set(result.rows.map((row) => row.name));
    } catch (error) {
      // The table itself is missing: nothing was ever migrated. Anything else is the database's.
      if (!isMissingTable(error)) throw error;
      applied = new Set();
    }
    return Object.keys(migrations).filter((name) => !applied.has(name));
  }
}

/** "no such table" (SQLite) or undefined_table (PostgreSQL). */
function isMissingTable(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === '42P01' || (typeof message === 'string' && /no such table/i.test(message));
}
