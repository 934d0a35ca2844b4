// `npm run quality`: every measuring command in turn, each rewriting its section of docs/quality.md,
// and the long modes of the suites whose short modes `npm test` runs (the crash suite with 40 kills
// and 200 bookings, the many-instances harness with three rolling restarts of every instance).
// Run it on a quiet machine: the benchmark and Lighthouse figures are timing-sensitive.
import { spawnSync } from 'node:child_process';
import { ROOT } from './doc.mjs';

/** Each command, and the environment of its long mode (a variable already set wins). */
const COMMANDS = [
  ['test:security'],
  ['test:state'],
  ['test:crash'], // run-suite.mjs sets CRASH_ITERATIONS=40 and CRASH_OUTBOX_BOOKINGS=200
  ['test:cluster', { CLUSTER_ROLLING_ROUNDS: '3' }],
  ['test:a11y'],
  ['test:bundle'],
  ['lighthouse'],
  ['bench'],
  ['bench:messages'],
  ['bench:cluster'],
];
const failed = [];
for (const [name, longMode = {}] of COMMANDS) {
  const env = { ...longMode, ...process.env };
  const knobs = Object.keys(longMode).map((key) => ` ${key}=${env[key]}`);
  console.info(`\n$${knobs.join('')} npm run ${name}`);
  const result = spawnSync('npm', ['run', name], { cwd: ROOT, stdio: 'inherit', env });
  if (result.status !== 0) failed.push(name);
}
if (failed.length > 0) {
  console.error(`\nFailed: ${failed.join(', ')}`);
  process.exit(1);
}
console.info('\ndocs/quality.md is up to date.');
