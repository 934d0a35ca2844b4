import { sql } from 'kysely';
import type { Db } from '../db/database';

export interface Bucket {
  count: number;
  window_start: string;
  blocked_until: string | null;
}

/** Fixed-window counters shared by every API instance (they live in the database). */
export class RateLimitsRepository {
  constructor(private readonly db: Db) {}

  /**
   * Counts one hit atomically (one upsert): a bucket whose window started before `windowCutoff`
   * starts over at 1 from `now`.
   */
  async hit(key: string, now: string, windowCutoff: string): Promise<Bucket> {
    const expired = sql<boolean>`rate_limits.window_start <= ${windowCutoff}`;
    return this.db
      .insertInto('rate_limits')
      .values({ key, window_start: now, count: 1, blocked_until: null })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          count: sql<number>`case when ${expired} then 1 else rate_limits.count + 1 end`,
          window_start: sql<string>`case when ${expired} then cast(${now} as text) else rate_limits.window_start end`,
        }),
      )
      .returning(['count', 'window_start', 'blocked_until'])
      .executeTakeFirstOrThrow();
  }

  find(key: string): Promise<Bucket | undefined> {
    return this.db
      .selectFrom('rate_limits')
      .select(['count', 'window_start', 'blocked_until'])
      .where('key', '=', key)
      .executeTakeFirst();
  }

  async block(key: string, until: string): Promise<void> {
    await this.db.updateTable('rate_limits').set({ blocked_until: until }).where('key', '=', key).execute();
  }

  async clear(key: string): Promise<void> {
    await this.db.deleteFrom('rate_limits').where('key', '=', key).execute();
  }

  /** Drops buckets whose window and block are both over. */
  async deleteStale(before: string): Promise<void> {
    await this.db
      .deleteFrom('rate_limits')
      .where('window_start', '<', before)
      .where((eb) => eb.or([eb('blocked_until', 'is', null), eb('blocked_until', '<', before)]))
      .execute();
  }
}
