// Reads a V8 .cpuprofile (node --cpu-prof) and prints where the time went: the functions with the
// most self time, and each source area's share (ours by module, each dependency by package).
//   node bench/profile-summary.mjs <file.cpuprofile> [top=30]
import { readFileSync } from 'node:fs';

const [file, topArg] = process.argv.slice(2);
if (!file) throw new Error('usage: profile-summary.mjs <file.cpuprofile> [top]');
const top = Number(topArg ?? 30);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const self = new Map();
const { samples, timeDeltas } = profile;
for (let i = 0; i < samples.length; i += 1) {
  self.set(samples[i], (self.get(samples[i]) ?? 0) + (timeDeltas[i] ?? 0));
}
const total = [...self.values()].reduce((a, b) => a + b, 0);

function area(url) {
  if (!url) return '(native)';
  const modules = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (modules) return modules[1];
  if (url.startsWith('node:')) return url;
  const ours = url.match(/(apps\/[^/]+\/src\/[^?]*|packages\/domain\/src\/[^?]*)/);
  return ours ? ours[1] : url;
}

const functions = new Map();
const areas = new Map();
for (const [id, us] of self) {
  const { callFrame } = byId.get(id);
  const where = area(callFrame.url);
  const key = `${callFrame.functionName || '(anonymous)'}  ${where}:${callFrame.lineNumber + 1}`;
  functions.set(key, (functions.get(key) ?? 0) + us);
  areas.set(where, (areas.get(where) ?? 0) + us);
}
const pct = (us) => `${((us / total) * 100).toFixed(1).padStart(5)}%`;
console.info(`total ${(total / 1000).toFixed(0)} ms sampled\n\nby area:`);
for (const [name, us] of [...areas].sort((a, b) => b[1] - a[1]).slice(0, top))
  console.info(`${pct(us)}  ${name}`);
console.info('\nby function (self):');
for (const [name, us] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, top)) {
  console.info(`${pct(us)}  ${name}`);
}

// Inclusive time of the functions named after the file (e.g. availableTimes serializeWith).
const named = process.argv.slice(4);
if (named.length > 0) {
  const parents = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const inclusive = new Map(named.map((name) => [name, 0]));
  for (const [id, us] of self) {
    const seen = new Set();
    for (let at = id; at !== undefined; at = parents.get(at)) {
      const name = byId.get(at).callFrame.functionName;
      if (inclusive.has(name) && !seen.has(name)) {
        seen.add(name);
        inclusive.set(name, inclusive.get(name) + us);
      }
    }
  }
  console.info('\ninclusive:');
  for (const [name, us] of inclusive) console.info(`${pct(us)}  ${name}`);
}
