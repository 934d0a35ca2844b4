import { ConfigError, type DatabaseConfig, parseDatabaseUrl } from '../config';
import { findRepoRoot, invocationDir } from '../paths';
import type { CommandResult } from './command-result';

/**
 * The database a command works on: `DATABASE_URL` read as the server reads it (relative SQLite paths
 * from where npm was run, the default file under the repository's data/), or the exit-2 result
 * naming what is wrong with it.
 */
export function commandDatabase(
  env: NodeJS.ProcessEnv,
): { database: DatabaseConfig } | { result: CommandResult } {
  try {
    return {
      database: parseDatabaseUrl(
        env.DATABASE_URL?.trim() || undefined,
        `${findRepoRoot()}/data`,
        invocationDir(env),
      ),
    };
  } catch (error) {
    if (error instanceof ConfigError) return { result: { exitCode: 2, output: error.message } };
    throw error;
  }
}
