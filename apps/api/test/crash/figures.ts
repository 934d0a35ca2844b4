import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './server-process';

const FILE = join(REPO_ROOT, 'test-output', 'crash.json');

/** Merges one test's figures into test-output/crash.json (one key per test file). */
export function recordFigures(key: string, figures: Record<string, unknown>): void {
  mkdirSync(join(REPO_ROOT, 'test-output'), { recursive: true });
  let current: Record<string, unknown> = {};
  try {
    current = JSON.parse(readFileSync(FILE, 'utf8')) as Record<string, unknown>;
  } catch {
    // first writer, or an unreadable file: start again
  }
  current[key] = { ...figures, recordedAt: new Date().toISOString() };
  writeFileSync(FILE, `${JSON.stringify(current, null, 2)}\n`);
}
