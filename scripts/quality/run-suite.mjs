// `npm run test:security` / `test:state` / `test:crash`: one API suite on SQLite and PostgreSQL,
// then its section of docs/quality.md from the run's JSON report.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './doc.mjs';
import { SUITES, writeSuiteSections } from './suites.mjs';

const suite = process.argv[2];
if (!SUITES[suite]) {
  console.error(`usage: node scripts/quality/run-suite.mjs <${Object.keys(SUITES).join('|')}>`);
  process.exit(2);
}
const env = { ...process.env };
env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
// The long mode: the full sizes (`npm test` and CI run the tests' short defaults, 5 kills and 10
// bookings, with the same assertions).
if (suite === 'crash') {
  env.CRASH_ITERATIONS ??= '40';
  env.CRASH_OUTBOX_BOOKINGS ??= '200';
}
mkdirSync(join(ROOT, 'test-output'), { recursive: true });
const report = join(ROOT, 'test-output', `vitest-${suite}.json`);
const result = spawnSync(
  'npx',
  [
    'vitest',
    'run',
    '--project',
    'api',
    SUITES[suite].dir,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ],
  { cwd: ROOT, stdio: 'inherit', env },
);
try {
  writeSuiteSections(report, [suite]);
} catch (error) {
  console.error(`could not update docs/quality.md: ${error.message}`);
}
process.exit(result.status ?? 1);
