import type { Migration } from 'kysely';
import * as m0001 from './0001_initial';

/**
 * Every migration, in order. A static list (not a folder scan) so the bundled server carries them.
 * Names sort alphabetically in the order they must run.
 */
export const migrations: Record<string, Migration> = {
  '0001_initial': m0001,
};
