import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { mailInDatabase, runMail } from '../../src/cli/mail.command';
import { createDatabase, type Db } from '../../src/db/database';
import type { OutboxKind } from '../../src/db/schema';
import { DAY_MS } from '../../src/lib/clock';
import { API_PACKAGE_DIR } from '../../src/paths';
import { OutboxRepository } from '../../src/repositories/outbox.repository';
import { describeEachDatabase } from '../helpers/databases';
import { uniqueEmail } from '../helpers/factories';

const OWNER = 'test-worker';

/**
 * Writes a message and, for any status but pending, finishes it through a claim like the worker
 * does (so `attempts` and `last_error` are what the worker leaves).
 */
async function addMessage(
  db: Db,
  options: {
    to: string;
    subject: string;
    status: 'pending' | 'sent' | 'failed' | 'skipped';
    kind?: OutboxKind;
    text?: string;
    reason?: string;
    at: Date;
  },
): Promise<string> {
  const repository = new OutboxRepository(db);
  await repository.insert(
    db,
    { to: options.to, subject: options.subject, text: options.text ?? 'Hello' },
    {
      kind: options.kind ?? 'booking',
      messageId: `<${options.subject}@test>`,
      now: options.at,
      // A pending one is due only in the far future, so no later claim here takes it.
      ...(options.status === 'pending' ? { notBefore: new Date('2100-01-01T00:00:00.000Z') } : {}),
      retryForMs: DAY_MS,
    },
  );
  const row = await db
    .selectFrom('outbox')
    .select('id')
    .where('message_id', '=', `<${options.subject}@test>`)
    .executeTakeFirstOrThrow();
  if (options.status !== 'pending') {
    // Only this message is due so early: the claim takes it.
    const claimed = await repository.claimNext(OWNER, options.at, 45_000, false);
    expect(claimed?.id).toBe(row.id);
    const now = options.at;
    await repository.finish(
      row.id,
      OWNER,
      options.status === 'sent'
        ? { status: 'sent', now }
        : { status: options.status, now, reason: options.reason ?? 'Refused.' },
    );
  }
  return row.id;
}

/** Each test its own moments, far in the past, so claims never pick another test's messages. */
let minute = 0;
const nextMoment = () => {
  minute += 1;
  return new Date(Date.UTC(2001, 0, 1) + minute * 60_000);
};

describeEachDatabase('npm run mail', (database) => {
  it('lists messages newest first, one line each, with state, tries and last error, never the body', async () => {
    const { db } = database();
    const to = uniqueEmail('mail');
    const sentId = await addMessage(db, {
      to,
      subject: 'Your booking is confirmed',
      status: 'sent',
      at: nextMoment(),
    });
    const failedId = await addMessage(db, {
      to,
      subject: 'Your code',
      kind: 'code',
      text: 'Your code is 424242',
      status: 'failed',
      reason: '550 5.1.1 No such mailbox\r\nsecond line',
      at: nextMoment(),
    });
    const result = await mailInDatabase(db, ['list', '--to', to.toUpperCase()]);
    expect(result.exitCode, result.output).toBe(0);
    const lines = result.output.split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(
      new RegExp(
        `^${failedId}  2001-01-01T\\d\\d:\\d\\d:00\\.000Z  failed   1 try     code      ${to}  "Your code"  error: 550 5\\.1\\.1 No such mailbox second line$`,
      ),
    );
    expect(lines[1]).toMatch(
      new RegExp(`^${sentId} .* sent .* 1 try .* booking .*"Your booking is confirmed"$`),
    );
    expect(lines[2]).toBe(`2 messages (to ${to}), newest first.`);
    expect(result.output).not.toContain('424242');
    expect(result.output).not.toContain('Hello');
  });

  it('filters by status and limits the count', async () => {
    const { db } = database();
    const to = uniqueEmail('mail');
    for (let i = 0; i < 3; i += 1) {
      await addMessage(db, { to, subject: `Failed ${i}`, status: 'failed', at: nextMoment() });
    }
    await addMessage(db, { to, subject: 'Waiting', status: 'pending', at: nextMoment() });
    const failed = await mailInDatabase(db, ['list', '--status', 'failed', '--to', to, '--limit', '2']);
    expect(failed.exitCode, failed.output).toBe(0);
    const lines = failed.output.split('\n');
    expect(lines.slice(0, 2).map((line) => line.match(/"(.*)"/)?.[1])).toEqual(['Failed 2', 'Failed 1']);
    expect(lines[2]).toBe(
      `2 messages (status failed, to ${to}), newest first. Only the newest 2 are shown: use --limit to see more.`,
    );
    const pending = await mailInDatabase(db, ['list', '--status', 'pending', '--to', to]);
    expect(pending.output).toMatch(/ pending +0 tries .*"Waiting"\n1 message \(status pending/);
    const none = await mailInDatabase(db, ['list', '--status', 'skipped', '--to', to]);
    expect(none).toEqual({ exitCode: 0, output: `No messages (status skipped, to ${to}).` });
  });

  it('retries the failed messages named, and says how many went back', async () => {
    const { db } = database();
    const to = uniqueEmail('mail');
    const first = await addMessage(db, { to, subject: 'First', status: 'failed', at: nextMoment() });
    const second = await addMessage(db, { to, subject: 'Second', status: 'failed', at: nextMoment() });
    const sent = await addMessage(db, { to, subject: 'Sent', status: 'sent', at: nextMoment() });
    const now = new Date('2030-05-01T10:00:00.000Z');
    const result = await mailInDatabase(db, ['retry', first, sent, first.toUpperCase()], () => now);
    expect(result.exitCode, result.output).toBe(0);
    expect(result.output).toContain('Put back 1 failed message:');
    expect(result.output).toContain('1 of the 2 ids is not a failed message');
    const rows = await db
      .selectFrom('outbox')
      .select(['id', 'status', 'not_before', 'give_up_at'])
      .where('id', 'in', [first, second, sent])
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(first)).toMatchObject({
      status: 'pending',
      not_before: now.toISOString(),
      give_up_at: new Date(now.getTime() + DAY_MS).toISOString(),
    });
    expect(byId.get(second)?.status).toBe('failed');
    expect(byId.get(sent)?.status).toBe('sent');
  });

  it('retries every failed message with --all', async () => {
    const { db } = database();
    const to = uniqueEmail('mail');
    await addMessage(db, { to, subject: 'All 1', status: 'failed', at: nextMoment() });
    await addMessage(db, { to, subject: 'All 2', status: 'failed', at: nextMoment() });
    const result = await mailInDatabase(db, ['retry', '--all']);
    expect(result.exitCode, result.output).toBe(0);
    expect(result.output).toMatch(/^Put back \d+ failed messages: a running server sends them/);
    const left = await db.selectFrom('outbox').select('id').where('status', '=', 'failed').execute();
    expect(left).toEqual([]);
    expect(await mailInDatabase(db, ['retry', '--all'])).toEqual({
      exitCode: 0,
      output: 'No failed messages were put back.',
    });
  });

  it('refuses bad input with a clear message and the usage', async () => {
    const { db } = database();
    const cases: [string[], string][] = [
      [[], 'Missing command: list or retry.'],
      [['send'], 'Unknown command "send": say list or retry.'],
      [['list', '--status', 'lost'], '--status must be one of pending, sent, failed, skipped (got "lost").'],
      [['list', '--limit', '0'], '--limit must be a whole number from 1 to 1000 (got "0").'],
      [['list', '--limit', '2.5'], '--limit must be a whole number from 1 to 1000 (got "2.5").'],
      [['list', '--to', 'nobody'], '--to: '],
      [['list', '--all'], 'list does not take --all.'],
      [['retry'], 'Name the failed messages to retry (their ids, from list), or --all.'],
      [['retry', '--all', '0b7e7c1e-3b8f-4a53-9d1e-2a4f6f0c9b11'], 'Use --all or ids, not both.'],
      [['retry', 'abc'], 'Not a message id: abc (ids are the first column of list).'],
      [['retry', '--all', '--status', 'failed'], 'retry does not take --status.'],
      [['list', '--colour'], "Unknown option '--colour'"],
    ];
    for (const [argv, message] of cases) {
      const result = await mailInDatabase(db, argv);
      expect(result.exitCode, argv.join(' ')).toBe(2);
      expect(result.output, argv.join(' ')).toContain(message);
      expect(result.output).toContain('Usage: npm run mail -- list');
    }
    expect(await mailInDatabase(db, ['--help'])).toMatchObject({ exitCode: 0 });
  });

  it('honours DATABASE_URL', async () => {
    const { config, db } = database();
    if (config.dialect !== 'postgres') return; // the SQLite path is covered by the real process below
    const to = uniqueEmail('mail');
    await addMessage(db, { to, subject: 'Through the URL', status: 'failed', at: nextMoment() });
    const result = await runMail(['list', '--to', to], { DATABASE_URL: config.url });
    expect(result.exitCode, result.output).toBe(0);
    expect(result.output).toContain('"Through the URL"');
  });
});

describe('npm run mail (a real process)', () => {
  it('lists and retries on the SQLite database named by DATABASE_URL', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mail-cli-'));
    const file = join(dir, 'app.db');
    const run = (...argv: string[]) =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/cli/mail.ts', ...argv], {
        cwd: API_PACKAGE_DIR,
        env: { ...process.env, DATABASE_URL: `sqlite:${file}` },
      });
    try {
      expect((await run('list')).stdout).toBe('No messages.\n');
      const db = createDatabase({ dialect: 'sqlite', path: file });
      let id: string;
      try {
        id = await addMessage(db, {
          to: 'someone@example.com',
          subject: 'Refused',
          status: 'failed',
          reason: '550 No such user',
          at: nextMoment(),
        });
      } finally {
        await db.destroy();
      }
      const listed = await run('list', '--status', 'failed');
      expect(listed.stdout).toContain(`${id}  `);
      expect(listed.stdout).toContain('error: 550 No such user');
      expect((await run('retry', id)).stdout).toMatch(/^Put back 1 failed message:/);
      const after = createDatabase({ dialect: 'sqlite', path: file });
      try {
        const row = await after.selectFrom('outbox').select('status').where('id', '=', id).executeTakeFirst();
        expect(row).toEqual({ status: 'pending' });
      } finally {
        await after.destroy();
      }
      const refused = await run('retry').catch((error: { code: number; stderr: string }) => error);
      expect(refused).toMatchObject({ code: 2, stderr: expect.stringContaining('Usage:') });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is `npm run mail` at the root and in the api package, like create-admin', () => {
    const scriptsOf = (dir: string) =>
      JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).scripts as Record<string, string>;
    expect(scriptsOf(join(API_PACKAGE_DIR, '..', '..')).mail).toBe('npm run mail -w @app/api --');
    expect(scriptsOf(API_PACKAGE_DIR).mail).toBe('tsx src/cli/mail.ts');
  });
});
