// `npm run quality`: every measuring command in turn, each rewriting its section of docs/quality.md.
// Run it on a quiet machine: the benchmark and Lighthouse figures are timing-sensitive.
import { spawnSync } from 'node:child_process';
import { ROOT } from './doc.mjs';

const COMMANDS = [
  'test:security',
  'test:state',
  'test:crash',
  'test:a11y',
  'test:bundle',
  'lighthouse',
  'bench',
  'bench:messages',
];
const failed = [];
for (const name of COMMANDS) {
  console.info(`\n$ npm run ${name}`);
  const result = spawnSync('npm', ['run', name], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) failed.push(name);
}
if (failed.length > 0) {
  console.error(`\nFailed: ${failed.join(', ')}`);
  process.exit(1);
}
console.info('\ndocs/quality.md is up to date.');
