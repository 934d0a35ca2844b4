// docs/quality.md is written by the commands that measure things, never by hand. Each command owns
// one section between `<!-- BEGIN id -->` and `<!-- END id -->` and replaces only that section.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
// `npm test` points QUALITY_DOC at test-output/quality.md so a test run (and CI) writes a full report
// without touching the committed docs/quality.md; the commands run on their own update docs/quality.md.
export const QUALITY_DOC = process.env.QUALITY_DOC
  ? resolve(process.env.QUALITY_DOC)
  : join(ROOT, 'docs', 'quality.md');

/** Sections in document order: id, title, the command that writes it. */
export const SECTIONS = [
  { id: 'security', title: '1. Security suite', command: 'npm run test:security' },
  { id: 'state', title: '2. Concurrency and state suite', command: 'npm run test:state' },
  { id: 'crash', title: '3. Crash safety', command: 'npm run test:crash' },
  { id: 'bench', title: '4a. API performance', command: 'npm run bench' },
  { id: 'query-plans', title: '4b. Query plans', command: 'npm run bench' },
  { id: 'bundle', title: '4c. Web bundle per route', command: 'npm run test:bundle' },
  { id: 'lighthouse', title: '4d. Lighthouse', command: 'npm run lighthouse' },
  { id: 'messages', title: '4e. Message delivery', command: 'npm run bench:messages' },
  { id: 'cluster', title: '4f. Many instances behind nginx', command: 'npm run bench:cluster' },
  { id: 'a11y', title: '5. Accessibility', command: 'npm run test:a11y' },
];

const HEADER = `# Quality: what is proved, and the figures

Every section below is written by the command named under its heading; do not edit them by hand.
\`npm run quality\` runs every command below, Lighthouse, the benchmarks and the long crash and
cluster runs among them; \`npm test\` (and CI, with skips turned into failures) runs only the
correctness suites, the crash suite in its short mode, and writes their sections into a copy at
test-output/quality.md. Rerun a command to refresh its section.
`;

function marker(kind, id) {
  return `<!-- ${kind} ${id} -->`;
}

function emptySection(section) {
  return `${marker('BEGIN', section.id)}\n## ${section.title}\n\n_Not yet measured: run \`${section.command}\`._\n${marker('END', section.id)}`;
}

/** Replaces (or adds) one section. `body` is markdown without the heading. */
export function updateSection(id, body) {
  const section = SECTIONS.find((s) => s.id === id);
  if (!section) throw new Error(`unknown quality section ${id}`);
  let text = existsSync(QUALITY_DOC) ? readFileSync(QUALITY_DOC, 'utf8') : `${HEADER}`;
  for (const s of SECTIONS) {
    if (!text.includes(marker('BEGIN', s.id))) text = `${text.trimEnd()}\n\n${emptySection(s)}\n`;
  }
  const begin = text.indexOf(marker('BEGIN', id));
  const end = text.indexOf(marker('END', id)) + marker('END', id).length;
  const stamp = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  const replacement = `${marker('BEGIN', id)}\n## ${section.title}\n\n_Written by \`${section.command}\` on ${stamp} (Node ${process.version}, ${process.platform}/${process.arch})._\n\n${body.trim()}\n${marker('END', id)}`;
  mkdirSync(dirname(QUALITY_DOC), { recursive: true });
  writeFileSync(QUALITY_DOC, text.slice(0, begin) + replacement + text.slice(end));
}

/** A markdown table from a header row and rows of cells. */
export function table(header, rows) {
  const line = (cells) => `| ${cells.map((c) => String(c).replaceAll('|', '\\|')).join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}
