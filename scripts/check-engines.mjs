#!/usr/bin/env node
// Every installed package must run on the Node versions we support (20.19+, 22, 24): a newer
// major that needs Node 22 slips in easily through a transitive update.
import { readFileSync } from 'node:fs';
import semver from 'semver';

const SUPPORTED = ['20.19.0', '22.13.0', '24.0.0'];
const lock = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8'));
const problems = [];
for (const [path, info] of Object.entries(lock.packages)) {
  const range = info.engines?.node;
  if (!path || info.link || !range || info.optional) continue;
  const failing = SUPPORTED.filter((version) => !semver.satisfies(version, range));
  if (failing.length > 0)
    problems.push(`${path}@${info.version} needs node ${range} (not ${failing.join(', ')})`);
}
if (problems.length > 0) {
  console.error(`Packages that do not run on every supported Node version:\n${problems.join('\n')}`);
  process.exit(1);
}
console.info(`engines: every package runs on Node ${SUPPORTED.join(', ')}`);
