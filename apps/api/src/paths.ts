import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The api package folder. Both `src/*.ts` (tsx, vitest) and the bundled `dist/*.js` sit one level
 * below it, so the same expression works for both.
 */
export const API_PACKAGE_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function isWorkspaceRoot(dir: string): boolean {
  const manifest = join(dir, 'package.json');
  if (!existsSync(manifest)) return false;
  try {
    return Array.isArray(JSON.parse(readFileSync(manifest, 'utf8')).workspaces);
  } catch {
    return false;
  }
}

/**
 * The repository root (the npm workspace root above the api package), so that `npm start` from the
 * root and from apps/api both keep their data in `<repo>/data`. Outside a checkout (a copied bundle)
 * it falls back to the working directory.
 */
export function findRepoRoot(): string {
  let dir = API_PACKAGE_DIR;
  for (let i = 0; i < 4; i += 1) {
    if (isWorkspaceRoot(dir)) return dir;
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return process.cwd();
}

/** Where a relative path typed by a person is resolved: npm keeps the caller's folder in INIT_CWD. */
export function invocationDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.INIT_CWD ?? process.cwd();
}
