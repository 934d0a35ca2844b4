import { randomBytes } from 'node:crypto';
import SqliteDatabase from 'better-sqlite3';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { Outbox } from '../../src/modules/outbox/outbox.service';
import { OutboxRepository } from '../../src/repositories/outbox.repository';
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
afterEach(() => {
  Object.assign(statementPrototype, originals);
  vi.restoreAllMocks();
});
beforeEach(async () => {
  await database.db.deleteFrom('outbox').execute();
});

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

function newOutbox(mailer: CapturingMailer) {
  return new Outbox({
    db: database.db,
    clock: () => new Date(),
    mailer,
    logger: pino({ level: 'silent' }),
    appUrl: 'http://localhost:3000',
    bodyKey: randomBytes(32),
  });
}

/** `count` emails due now, to person0@…, person1@…, in that order. */
async function enqueue(outbox: Outbox, count: number) {
  for (let i = 0; i < count; i++) {
    await outbox.enqueue(
      database.db,
      { to: `person${i}@test.local`, subject: 'Hello', text: 'Hi' },
      { kind: 'code' },
    );
    // Due one after another (the worker takes the one due longest first).
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

const rowsByAddress = () =>
  database.db
    .selectFrom('outbox')
    .select(['to_address', 'status', 'lease_owner', 'attempts'])
    .orderBy('to_address')
    .execute();

it('commits once per message: each outcome is recorded in the transaction that claims the next', async () => {
  const mailer = new CapturingMailer();
  const outbox = newOutbox(mailer);
  const count = 5;
  await enqueue(outbox, count);
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

it('records a sent message even when claiming the next one fails: it is never sent again', async () => {
  const mailer = new CapturingMailer();
  const outbox = newOutbox(mailer);
  await enqueue(outbox, 3);
  const claimNext = OutboxRepository.prototype.claimNext;
  let failed = false;
  vi.spyOn(OutboxRepository.prototype, 'claimNext').mockImplementation(function (
    this: OutboxRepository,
    ...args: Parameters<OutboxRepository['claimNext']>
  ) {
    // The claim inside the outcome's transaction (it is given the transaction) fails once.
    if (args[4] !== undefined && !failed) {
      failed = true;
      return Promise.reject(new Error('the claim failed'));
    }
    return claimNext.apply(this, args);
  });
  await expect(outbox.drain()).rejects.toThrow('the claim failed');
  expect(mailer.messages.map((m) => m.to)).toEqual(['person0@test.local']);
  expect(await rowsByAddress()).toEqual([
    { to_address: 'person0@test.local', status: 'sent', lease_owner: null, attempts: 1 },
    { to_address: 'person1@test.local', status: 'pending', lease_owner: null, attempts: 0 },
    { to_address: 'person2@test.local', status: 'pending', lease_owner: null, attempts: 0 },
  ]);
  await outbox.drain();
  expect(mailer.messages.map((m) => m.to)).toEqual([
    'person0@test.local',
    'person1@test.local',
    'person2@test.local',
  ]);
});

it('a worker told to stop while it claims the next message gives that message back unsent', async () => {
  const mailer = new CapturingMailer();
  const outbox = newOutbox(mailer);
  for (const kind of ['booking', 'reminder', 'messages', 'review_invite', 'waitlist'] as const) {
    outbox.handle(kind, { setting: 'notify_booking_updates' });
  }
  await enqueue(outbox, 2);
  const finishAndClaimNext = OutboxRepository.prototype.finishAndClaimNext;
  let stopping: Promise<void> | undefined;
  vi.spyOn(OutboxRepository.prototype, 'finishAndClaimNext').mockImplementation(function (
    this: OutboxRepository,
    ...args: Parameters<OutboxRepository['finishAndClaimNext']>
  ) {
    // The server begins to shut down while the first message's outcome is being recorded.
    stopping ??= outbox.stop();
    return finishAndClaimNext.apply(this, args);
  });
  outbox.start();
  await vi.waitFor(() => expect(stopping).toBeDefined());
  await stopping;
  expect(mailer.messages.map((m) => m.to)).toEqual(['person0@test.local']);
  expect(await rowsByAddress()).toEqual([
    { to_address: 'person0@test.local', status: 'sent', lease_owner: null, attempts: 1 },
    { to_address: 'person1@test.local', status: 'pending', lease_owner: null, attempts: 0 },
  ]);
});
