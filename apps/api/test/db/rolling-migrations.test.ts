import { randomUUID } from 'node:crypto';
import { Migrator } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../src/db/migrations';
import { OutboxRepository } from '../../src/repositories/outbox.repository';
import { createTestDatabase, DIALECTS, describeEachDatabase, type TestDatabase } from '../helpers/databases';

// docs/deploy.md: while one instance migrates, the others still run the previous version's
// statements against the new schema. Migration 0026 changed indexes those statements depend on.

describeEachDatabase('the previous version against the migrated schema', (database) => {
  const row = (dedupeKey: string | null) => {
    const now = new Date().toISOString();
    return {
      id: randomUUID(),
      message_id: `<${randomUUID()}@trimtime.test>`,
      kind: 'reminder' as const,
      status: 'pending' as const,
      to_address: 'ada@example.com',
      subject: 'Reminder',
      text: 'See you tomorrow.',
      html: null,
      attachments: null,
      recipient_id: null,
      booking_id: null,
      dedupe_key: dedupeKey,
      not_before: now,
      give_up_at: now,
      lease_owner: null,
      lease_until: null,
      last_error: null,
      created_at: now,
      updated_at: now,
      sent_at: null,
    };
  };

  it("enqueues with the previous version's ON CONFLICT (dedupe_key), which needs the whole unique index", async () => {
    const { db } = database();
    const key = `reminder:${randomUUID()}`;
    const previous = (dedupeKey: string | null) =>
      db
        .insertInto('outbox')
        .values(row(dedupeKey))
        .onConflict((oc) => oc.column('dedupe_key').doNothing())
        .execute();
    await previous(key);
    await previous(key); // ignored: the key is taken
    await previous(null);
    await previous(null); // no key: never a conflict
    // And this version's enqueue, which names the predicate, against the same index.
    const outbox = new OutboxRepository(db);
    const options = {
      kind: 'reminder' as const,
      messageId: '<m@trimtime.test>',
      now: new Date(),
      retryForMs: 1,
    };
    await outbox.insert(
      db,
      { to: 'ada@example.com', subject: 'Reminder', text: 'Again' },
      { ...options, dedupeKey: key },
    );
    const keyed = await db.selectFrom('outbox').select('id').where('dedupe_key', '=', key).execute();
    expect(keyed).toHaveLength(1);
    const unkeyed = await db.selectFrom('outbox').select('id').where('dedupe_key', 'is', null).execute();
    expect(unkeyed.length).toBeGreaterThanOrEqual(2);
  });
});

// A booking request writes bookings first and the outbox last. Migration 0026 changes indexes of
// both; on PostgreSQL each change locks its table until the migration commits, so it locks all
// three tables first, in the request's order: a request in flight finishes, then the migration runs.
describe.runIf(DIALECTS.includes('postgres'))(
  'migration 0026 beside a booking request in flight [postgres]',
  () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase('postgres');
    });
    afterAll(() => database.drop());

    it('waits for the request, which finishes, instead of deadlocking with it', async () => {
      const migrator = new Migrator({ db: database.db, provider: { getMigrations: async () => migrations } });
      const down = await migrator.migrateTo('0025_catalog_version');
      if (down.error) throw down.error;
      if (database.config.dialect !== 'postgres') throw new Error('postgres only');
      const request = new pg.Client({ connectionString: database.config.url });
      await request.connect();
      try {
        await request.query('begin');
        await request.query('select count(*) from bookings'); // the request has read and written bookings…
        await request.query('lock table bookings in row exclusive mode');
        const migrating = migrator.migrateTo('0026_fewer_index_pages');
        await new Promise((resolve) => setTimeout(resolve, 300)); // …the migration starts…
        await request.query('select count(*) from outbox'); // …and the request writes its email.
        await request.query('commit');
        const migrated = await migrating;
        expect(migrated.error).toBeUndefined();
        expect(migrated.results?.map((result) => [result.migrationName, result.status])).toEqual([
          ['0026_fewer_index_pages', 'Success'],
        ]);
      } finally {
        await request.end();
        await migrator.migrateToLatest();
      }
    });
  },
);
