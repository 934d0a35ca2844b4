import { parseArgs } from 'node:util';
import { EmailSchema, MAX_NAME_LENGTH, MESSAGES, NewPasswordSchema, toFieldErrors } from '@app/domain';
import { z } from 'zod';
import { ConfigError, parseDatabaseUrl } from '../config';
import { createDatabase, type Db } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { systemClock } from '../lib/clock';
import { AppError } from '../lib/errors';
import { UsersService } from '../modules/users/users.service';
import { findRepoRoot, invocationDir } from '../paths';

export const USAGE =
  'Usage: npm run create-admin -- --email E --password P --first-name F --last-name L --business-name B';

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

export interface CommandResult {
  exitCode: number;
  output: string;
}

/** Creates the Admin in an open database (migrating it first). Exported for tests. */
export async function createAdminInDatabase(db: Db, argv: string[]): Promise<CommandResult> {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        'first-name': { type: 'string' },
        'last-name': { type: 'string' },
        'business-name': { type: 'string' },
      },
      strict: true,
    }));
  } catch (error) {
    return { exitCode: 2, output: `${(error as Error).message}\n${USAGE}` };
  }
  const parsed = CreateAdminInputSchema.safeParse({
    email: values.email,
    password: values.password,
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

/** `npm run create-admin -- …`: honours DATABASE_URL like the server does. */
export async function runCreateAdmin(argv: string[], env: NodeJS.ProcessEnv): Promise<CommandResult> {
  let database: ReturnType<typeof parseDatabaseUrl>;
  try {
    database = parseDatabaseUrl(
      env.DATABASE_URL?.trim() || undefined,
      `${findRepoRoot()}/data`,
      invocationDir(env),
    );
  } catch (error) {
    if (error instanceof ConfigError) return { exitCode: 2, output: error.message };
    throw error;
  }
  const db = createDatabase(database);
  try {
    return await createAdminInDatabase(db, argv);
  } finally {
    await db.destroy();
  }
}
