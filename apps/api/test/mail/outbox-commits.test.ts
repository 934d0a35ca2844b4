import { randomBytes } from 'node:crypto';
import SqliteDatabase from 'better-sqlite3';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { Outbox } from '../../src/modules/outbox/outbox.service';
import { CapturingMailer } from '../helpers/app';
import { createTestDatabase, type TestDatabase } from '../helpers/databases';

// Issue 34: on SQLite every commit waits for the disk. The worker records a message's outcome in the
// transaction that claims the next one, so a message costs one commit instead of two (its claim and
// its outcome), while a crash still repeats at most the one message being sent.
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase('sqlite');
});
afterAll(() => database.drop());

type Method = (...args: unknown[]) => unknown;
interface Statement {
  source: string;
  readonly: boolean;
  database: { inTransaction: boolean };
}
const METHODS = ['run', 'all', 'get', 'iterate'] as const;
const probe = new SqliteDatabase(':memory:');
const statementPrototype = Object.getPrototypeOf(probe.prepare('select 1')) as Record<string, Method>;
probe.close();
const originals = Object.fromEntries(METHODS.map((method) => [method, statementPrototype[method]]));
afterEach(() => Object.assign(statementPrototype, originals));

/** Counts the commits every statement from now on makes: explicit ones, and writes outside a transaction. */
function countCommits(): () => number {
  let commits = 0;
  for (const method of METHODS) {
    const original = originals[method] as Method;
    statementPrototype[method] = function (this: Statement, ...args: unknown[]) {
      const verb = this.source.trim().split(/\s+/)[0]?.toLowerCase();
      if (verb === 'commit') commits += 1;
      else if (verb !== 'begin' && verb !== 'rollback' && !this.readonly && !this.database.inTransaction) {
        commits += 1;
      }
      return original.apply(this, args);
    };
  }
  return () => commits;
}

it('commits once per message: each outcome is recorded in the transaction that claims the next', async () => {
  const mailer = new CapturingMailer();
  const outbox = new Outbox({
    db: database.db,
    clock: () => new Date(),
    mailer,
    logger: pino({ level: 'silent' }),
    appUrl: 'http://localhost:3000',
    bodyKey: randomBytes(32),
  });
  const count = 5;
  for (let i = 0; i < count; i++) {
    await outbox.enqueue(
      database.db,
      { to: `person${i}@test.local`, subject: 'Hello', text: 'Hi' },
      { kind: 'code' },
    );
  }
  const commits = countCommits();
  await outbox.drain();
  expect(mailer.messages.map((m) => m.to).sort()).toEqual(
    Array.from({ length: count }, (_, i) => `person${i}@test.local`),
  );
  // The first claim, then one transaction per message: its outcome and the next claim (none after
  // the last).
  expect(commits()).toBe(count + 1);
  const rows = await database.db.selectFrom('outbox').select(['status', 'lease_owner']).execute();
  expect(rows).toEqual(Array.from({ length: count }, () => ({ status: 'sent', lease_owner: null })));
});
