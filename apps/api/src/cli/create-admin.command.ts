import { parseArgs } from 'node:util';
import { EmailSchema, MAX_NAME_LENGTH, MESSAGES, NewPasswordSchema, toFieldErrors } from '@app/domain';
import { z } from 'zod';
import { createDatabase, type Db } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { systemClock } from '../lib/clock';
import { AppError } from '../lib/errors';
import { UsersService } from '../modules/users/users.service';
import { commandDatabase } from './command-database';
import type { CommandResult } from './command-result';

export const USAGE = [
  'Usage: npm run create-admin -- --email E --first-name F --last-name L --business-name B <password>',
  '  where <password> is one of: --password-stdin (read from standard input),',
  '  the ADMIN_PASSWORD environment variable, or --password P (visible to other users of the machine)',
].join('\n');

/** Where the command reads the password besides its arguments (tests hand in their own). */
export interface CommandInput {
  env?: NodeJS.ProcessEnv;
  /** All of standard input, for --password-stdin. */
  readStdin?: () => Promise<string>;
}

/** Reads all of process.stdin (a pipe or a file; a terminal until Ctrl-D). */
export async function readProcessStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

type PasswordSource = { password: string | undefined } | { error: string };

/**
 * The password from exactly one place: --password-stdin (its first line), --password, or else the
 * ADMIN_PASSWORD environment variable.
 */
async function readPassword(
  values: Record<string, string | boolean | undefined>,
  input: CommandInput,
): Promise<PasswordSource> {
  const fromArgument = typeof values.password === 'string' ? values.password : undefined;
  if (values['password-stdin'] === true) {
    if (fromArgument !== undefined) return { error: 'Use --password or --password-stdin, not both.' };
    if (!input.readStdin) return { error: '--password-stdin: no standard input to read.' };
    const text = await input.readStdin();
    return { password: text.split(/\r?\n/)[0] ?? '' };
  }
  if (fromArgument !== undefined) return { password: fromArgument };
  const fromEnv = input.env?.ADMIN_PASSWORD;
  return { password: fromEnv === '' ? undefined : fromEnv };
}

const name = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(MAX_NAME_LENGTH, `${label} must be at most ${MAX_NAME_LENGTH} characters`);

export const CreateAdminInputSchema = z.object({
  email: EmailSchema,
  password: NewPasswordSchema,
  firstName: name('First name'),
  lastName: name('Last name'),
  businessName: z
    .string({ error: MESSAGES.businessNameRequired })
    .trim()
    .min(1, MESSAGES.businessNameRequired)
    .max(100, 'Business name must be at most 100 characters'),
});

/** Creates the Admin in an open database (migrating it first). Exported for tests. */
export async function createAdminInDatabase(
  db: Db,
  argv: string[],
  input: CommandInput = {},
): Promise<CommandResult> {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        'password-stdin': { type: 'boolean' },
        'first-name': { type: 'string' },
        'last-name': { type: 'string' },
        'business-name': { type: 'string' },
      },
      strict: true,
    }));
  } catch (error) {
    return { exitCode: 2, output: `${(error as Error).message}\n${USAGE}` };
  }
  const source = await readPassword(values, input);
  if ('error' in source) return { exitCode: 2, output: `${source.error}\n${USAGE}` };
  const parsed = CreateAdminInputSchema.safeParse({
    email: values.email,
    password: source.password,
    firstName: values['first-name'],
    lastName: values['last-name'],
    businessName: values['business-name'],
  });
  if (!parsed.success) {
    const lines = Object.entries(toFieldErrors(parsed.error)).map(
      ([field, message]) => `  ${field}: ${message}`,
    );
    return { exitCode: 2, output: `Invalid input:\n${lines.join('\n')}\n${USAGE}` };
  }
  await migrateToLatest(db);
  try {
    const admin = await new UsersService(db, systemClock).createAdmin(parsed.data);
    return {
      exitCode: 0,
      output: `Admin created: ${admin.Email} (id ${admin.id}). The account is confirmed and not listed publicly.`,
    };
  } catch (error) {
    if (error instanceof AppError) return { exitCode: 1, output: error.message };
    throw error;
  }
}

/** `npm run create-admin -- …`: honours DATABASE_URL like the server does, and ADMIN_PASSWORD. */
export async function runCreateAdmin(
  argv: string[],
  env: NodeJS.ProcessEnv,
  readStdin: () => Promise<string> = readProcessStdin,
): Promise<CommandResult> {
  const found = commandDatabase(env);
  if ('result' in found) return found.result;
  const { database } = found;
  const db = createDatabase(database);
  try {
    return await createAdminInDatabase(db, argv, { env, readStdin });
  } finally {
    await db.destroy();
  }
}
