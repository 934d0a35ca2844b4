// Playwright global setup and teardown for the accessibility suite. Setup forgets the previous run's
// scans; teardown gathers test-output/a11y-results/*.jsonl into test-output/a11y.json and writes the
// 'a11y' section of docs/quality.md through scripts/quality/doc.mjs (never by hand).
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { KeyboardRecord, ScanRecord } from './tests/a11y-helpers';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const RESULTS_DIR = join(ROOT, 'test-output', 'a11y-results');
const SUMMARY = join(ROOT, 'test-output', 'a11y.json');

export function clearA11yResults() {
  rmSync(RESULTS_DIR, { recursive: true, force: true });
}

function readLines<T>(file: string): T[] {
  const path = join(RESULTS_DIR, file);
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as T);
}

/** The last record of each key: a retried test replaces its first attempt's figures. */
function latest<T>(records: T[], key: (record: T) => string): T[] {
  const byKey = new Map<string, T>();
  for (const record of records) {
    const k = key(record);
    byKey.delete(k);
    byKey.set(k, record);
  }
  return [...byKey.values()];
}

const ruleList = (record: ScanRecord, impacts: string[]) =>
  record.violations
    .filter((violation) => impacts.includes(violation.impact))
    .map((violation) => `${violation.id} (${violation.nodes})`)
    .join(', ');

type Table = (header: string[], rows: (string | number)[][]) => string;

function markdown(scans: ScanRecord[], journeys: KeyboardRecord[], table: Table): string {
  const total = (impacts: (keyof ScanRecord['counts'])[]) =>
    scans.reduce((sum, scan) => sum + impacts.reduce((n, impact) => n + scan.counts[impact], 0), 0);
  const pages = new Set(scans.filter((s) => s.kind === 'page').map((s) => s.name)).size;
  const dialogs = new Set(scans.filter((s) => s.kind === 'dialog').map((s) => s.name)).size;
  const blocking = total(['serious', 'critical']);
  const lines = [
    `axe-core (via @axe-core/playwright) with the tags \`wcag2a\`, \`wcag2aa\`, \`wcag21a\`, \`wcag21aa\` and \`best-practice\`, on the production build in Chromium, by \`e2e/tests/a11y.spec.ts\`.`,
    `Every route of \`apps/web/src/config/paths.ts\` (visitor, customer, business and admin views, invite valid and invalid, the 404 page) and every dialog, each at 375 px and 1280 px (the burger menu exists at 375 px only; the deletion-complete dialog is scanned on one account per width because it closes after 2 s).`,
    'A serious or critical violation fails the test; moderate and minor ones are listed here (rule id and number of elements).',
    '',
    `**${pages} page states and ${dialogs} dialogs, ${scans.length} scans: ${blocking} serious/critical rule violations, ${total(['moderate', 'minor'])} moderate/minor.**`,
    '',
    table(
      [
        'view',
        'kind',
        'width',
        'serious / critical',
        'moderate / minor',
        'moderate / minor rules',
        'rules passed',
      ],
      scans.map((scan) => [
        scan.name,
        scan.kind,
        `${scan.width} px`,
        scan.counts.serious + scan.counts.critical,
        scan.counts.moderate + scan.counts.minor,
        ruleList(scan, ['moderate', 'minor']) || '–',
        scan.passes,
      ]),
    ),
  ];
  const failing = scans.filter((scan) => scan.counts.serious + scan.counts.critical > 0);
  if (failing.length > 0) {
    lines.push(
      '',
      '### Serious and critical violations',
      '',
      table(
        ['view', 'width', 'rules'],
        failing.map((scan) => [scan.name, `${scan.width} px`, ruleList(scan, ['serious', 'critical'])]),
      ),
    );
  }
  lines.push(
    '',
    '### Keyboard-only journeys',
    '',
    '`e2e/tests/keyboard.spec.ts` drives the app with `page.keyboard` only (Tab, Shift+Tab, Enter, Space, arrow keys; no mouse). At every focus stop the focused element must be visible and show a focus indicator (an outline of at least 1 px, a ring, or the brand-coloured border Mantine draws around a focused input); dialogs must keep focus inside through Tab and Shift+Tab and give it back to their trigger on Escape.',
    '',
    journeys.length > 0
      ? table(
          ['journey', 'result', 'steps', 'time'],
          journeys.map((journey) => [
            journey.journey,
            journey.status,
            journey.steps.join(' → '),
            `${(journey.durationMs / 1000).toFixed(1)} s`,
          ]),
        )
      : '_Not run in this pass: run `npm run test:a11y`._',
    '',
    'Rerun: `npm run test:a11y` (builds, then runs `a11y.spec.ts` and `keyboard.spec.ts`; they also run in `npm run test:e2e`). Raw figures: `test-output/a11y.json`.',
  );
  return lines.join('\n');
}

export async function writeA11yReport() {
  const scans = latest(readLines<ScanRecord>('scans.jsonl'), (s) => `${s.name}@${s.width}`);
  const journeys = latest(readLines<KeyboardRecord>('keyboard.jsonl'), (j) => j.journey);
  if (scans.length === 0) return;
  mkdirSync(dirname(SUMMARY), { recursive: true });
  writeFileSync(SUMMARY, `${JSON.stringify({ scans, journeys }, null, 2)}\n`);
  const doc = (await import(pathToFileURL(join(ROOT, 'scripts', 'quality', 'doc.mjs')).href)) as {
    updateSection: (id: string, body: string) => void;
    table: Table;
  };
  doc.updateSection('a11y', markdown(scans, journeys, doc.table));
}
