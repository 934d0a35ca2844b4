import { parseArgs } from 'node:util';
import { EmailSchema, OUTBOX_STATUSES } from '@app/domain';
import { createDatabase, type Db } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { type Clock, systemClock } from '../lib/clock';
import { DEFAULT_OUTBOX_TIMING } from '../modules/outbox/outbox.service';
import { OutboxRepository, type OutboxRow } from '../repositories/outbox.repository';
import { commandDatabase } from './command-database';
import type { CommandResult } from './command-result';

export const DEFAULT_LIST_LIMIT = 50;
export const MAX_LIST_LIMIT = 1000;

export const USAGE = [
  'Usage: npm run mail -- list [--status failed|pending|sent|skipped] [--to EMAIL] [--limit N]',
  `         newest first, ${DEFAULT_LIST_LIMIT} by default (at most ${MAX_LIST_LIMIT}); bodies are never shown`,
  '       npm run mail -- retry --all | <id> ...',
  '         puts failed messages back in the queue (all of them, or the ids that list shows)',
].join('\n');

const ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const usageError = (message: string): CommandResult => ({ exitCode: 2, output: `${message}\n${USAGE}` });

/** Subjects and SMTP replies come from elsewhere: one line each, whatever they hold. */
const oneLine = (text: string) => text.replace(/\p{Cc}+/gu, ' ').trim();

const STATUS_WIDTH = Math.max(...OUTBOX_STATUSES.map((status) => status.length));

/** One message as one line: never its body (codes and invite links are in it). */
export function formatMessageLine(row: OutboxRow): string {
  const tries = `${row.attempts} ${row.attempts === 1 ? 'try' : 'tries'}`;
  const fields = [
    row.id,
    row.created_at,
    row.status.padEnd(STATUS_WIDTH),
    tries.padEnd(8),
    row.kind.padEnd(8),
    row.to_address,
    JSON.stringify(oneLine(row.subject)),
  ];
  if (row.last_error) fields.push(`error: ${oneLine(row.last_error)}`);
  return fields.join('  ');
}

type Values = Record<string, string | boolean | undefined>;

async function list(repository: OutboxRepository, values: Values): Promise<CommandResult> {
  const status = values.status as string | undefined;
  if (status !== undefined && !(OUTBOX_STATUSES as readonly string[]).includes(status)) {
    return usageError(`--status must be one of ${OUTBOX_STATUSES.join(', ')} (got "${status}").`);
  }
  let to: string | undefined;
  if (values.to !== undefined) {
    const parsed = EmailSchema.safeParse(values.to);
    if (!parsed.success) return usageError(`--to: ${parsed.error.issues[0]?.message ?? 'not an email'}.`);
    to = parsed.data;
  }
  let limit = DEFAULT_LIST_LIMIT;
  if (values.limit !== undefined) {
    const text = String(values.limit).trim();
    limit = /^\d{1,7}$/.test(text) ? Number(text) : Number.NaN;
    if (!(limit >= 1 && limit <= MAX_LIST_LIMIT)) {
      return usageError(`--limit must be a whole number from 1 to ${MAX_LIST_LIMIT} (got "${text}").`);
    }
  }
  const rows = await repository.list({
    status: status as OutboxRow['status'] | undefined,
    to,
    limit,
  });
  const filters = [status && `status ${status}`, to && `to ${to}`].filter(Boolean).join(', ');
  if (rows.length === 0) return { exitCode: 0, output: `No messages${filters ? ` (${filters})` : ''}.` };
  const more = rows.length === limit ? ` Only the newest ${limit} are shown: use --limit to see more.` : '';
  const summary = `${rows.length} ${rows.length === 1 ? 'message' : 'messages'}${filters ? ` (${filters})` : ''}, newest first.${more}`;
  return { exitCode: 0, output: [...rows.map(formatMessageLine), summary].join('\n') };
}

async function retry(
  repository: OutboxRepository,
  values: Values,
  ids: string[],
  clock: Clock,
): Promise<CommandResult> {
  if (values.all === true && ids.length > 0) return usageError('Use --all or ids, not both.');
  if (values.all !== true && ids.length === 0) {
    return usageError('Name the failed messages to retry (their ids, from list), or --all.');
  }
  const bad = ids.filter((id) => !ID_PATTERN.test(id));
  if (bad.length > 0) {
    return usageError(`Not a message id: ${bad.join(', ')} (ids are the first column of list).`);
  }
  const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
  const retried = await repository.retryFailed(
    clock(),
    DEFAULT_OUTBOX_TIMING.retryForMs,
    values.all === true ? undefined : unique,
  );
  const lines = [
    retried === 0
      ? 'No failed messages were put back.'
      : `Put back ${retried} failed ${retried === 1 ? 'message' : 'messages'}: a running server sends ${retried === 1 ? 'it' : 'them'} within seconds (otherwise at its next start), retrying for 24 hours.`,
  ];
  const notFailed = values.all === true ? 0 : unique.length - retried;
  if (notFailed > 0) {
    lines.push(
      `${notFailed} of the ${unique.length} ids ${notFailed === 1 ? 'is' : 'are'} not a failed message (already pending, sent or skipped, or unknown): see npm run mail -- list.`,
    );
  }
  return { exitCode: 0, output: lines.join('\n') };
}

/** Runs `list` or `retry` on an open database (migrating it first). Exported for tests. */
export async function mailInDatabase(
  db: Db,
  argv: string[],
  clock: Clock = systemClock,
): Promise<CommandResult> {
  let values: Values;
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: argv,
      options: {
        status: { type: 'string' },
        to: { type: 'string' },
        limit: { type: 'string' },
        all: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      allowPositionals: true,
      strict: true,
    }));
  } catch (error) {
    return usageError((error as Error).message);
  }
  const [command, ...rest] = positionals;
  if (values.help === true || command === 'help') return { exitCode: 0, output: USAGE };
  if (command === undefined) return usageError('Missing command: list or retry.');
  if (command !== 'list' && command !== 'retry') {
    return usageError(`Unknown command "${command}": say list or retry.`);
  }
  const listOnly = ['status', 'to', 'limit'].filter((option) => values[option] !== undefined);
  if (command === 'retry' && listOnly.length > 0) {
    return usageError(`retry does not take --${listOnly.join(', --')}.`);
  }
  if (command === 'list' && (values.all !== undefined || rest.length > 0)) {
    return usageError(`list does not take ${values.all !== undefined ? '--all' : `"${rest.join(' ')}"`}.`);
  }
  await migrateToLatest(db);
  const repository = new OutboxRepository(db);
  return command === 'list' ? list(repository, values) : retry(repository, values, rest, clock);
}

/** `npm run mail -- …`: honours DATABASE_URL like the server does. */
export async function runMail(argv: string[], env: NodeJS.ProcessEnv): Promise<CommandResult> {
  const found = commandDatabase(env);
  if ('result' in found) return found.result;
  const { database } = found;
  const db = createDatabase(database);
  try {
    return await mailInDatabase(db, argv);
  } finally {
    await db.destroy();
  }
}
