import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * axe-core scans for the accessibility suite. Every scan is appended to
 * test-output/a11y-results/scans.jsonl; the global teardown (e2e/a11y-report.ts) turns the file into
 * test-output/a11y.json and the 'a11y' section of docs/quality.md.
 */
export const A11Y_RESULTS_DIR = join(import.meta.dirname, '..', '..', 'test-output', 'a11y-results');
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
export const WIDTHS = [375, 1280] as const;
const HEIGHT_FOR_WIDTH: Record<number, number> = { 375: 812, 1280: 800 };
/** Impacts that fail the suite; the others are recorded only. */
const BLOCKING = new Set(['serious', 'critical']);

export interface ViolationSummary {
  id: string;
  impact: string;
  help: string;
  nodes: number;
  targets: string[];
}

export interface ScanRecord {
  name: string;
  kind: 'page' | 'dialog';
  width: number;
  /** Rules that failed, by impact. */
  counts: { critical: number; serious: number; moderate: number; minor: number };
  violations: ViolationSummary[];
  /** Rules axe checked on this view. */
  passes: number;
  /** Time the resize, settling and scan took. */
  ms: number;
}

export interface KeyboardRecord {
  journey: string;
  status: string;
  steps: string[];
  durationMs: number;
}

function append(file: string, record: unknown) {
  mkdirSync(A11Y_RESULTS_DIR, { recursive: true });
  appendFileSync(join(A11Y_RESULTS_DIR, file), `${JSON.stringify(record)}\n`);
}

export function recordKeyboardJourney(record: KeyboardRecord) {
  append('keyboard.jsonl', record);
}

export async function setWidth(page: Page, width: number) {
  const current = page.viewportSize();
  if (current?.width === width) return;
  await page.setViewportSize({ width, height: HEIGHT_FOR_WIDTH[width] ?? 800 });
  // Media-query listeners re-render (burger menu, full-screen calendar) and layouts settle.
  await page.waitForTimeout(250);
}

/** Waits until exactly one dialog is open and its opening transition has ended. */
export async function settledDialog(page: Page, name: string | RegExp) {
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(1);
  await page.waitForTimeout(350);
  return dialog;
}

interface ScanOptions {
  kind?: 'page' | 'dialog';
  widths?: readonly number[];
  /** Runs after each resize, before the scan (e.g. to reopen something a resize closes). */
  prepare?: (width: number) => Promise<void>;
}

/**
 * Runs axe (WCAG 2.0/2.1 A and AA plus best practices) on the current view at each width: the whole
 * page, or only the open dialog. Serious and critical violations fail the test (softly, so one run
 * lists them all); moderate and minor ones are recorded.
 */
export async function scan(page: Page, name: string, options: ScanOptions = {}) {
  const kind = options.kind ?? 'page';
  // The width the page has now first: one resize (and its settling) per view instead of two.
  const current = page.viewportSize()?.width;
  const widths = [...(options.widths ?? WIDTHS)].sort(
    (a, b) => Number(b === current) - Number(a === current),
  );
  for (const width of widths) {
    const started = Date.now();
    await setWidth(page, width);
    await options.prepare?.(width);
    // Nothing still loading: skeletons and overlays mark themselves busy.
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    // Node details for violations only (the passes are counted, not listed): less for axe to
    // serialise and hand back per scan. Legacy mode runs axe.run in the page itself; the default
    // opens a blank page per scan to merge the frames' results (axe.finishRun), which took 1.3 s of
    // a 2.1 s scan here, and the app has no frames (decision 30).
    let builder = new AxeBuilder({ page })
      .withTags(AXE_TAGS)
      .options({ resultTypes: ['violations'] })
      .setLegacyMode(true);
    // Legacy mode skips a cross-origin frame and any frame it fails to load axe into, silently: a
    // page that gains a frame must be looked at here rather than pass unscanned.
    expect(page.frames(), 'a frame on the page: axe in legacy mode may skip it').toHaveLength(1);
    if (kind === 'dialog') builder = builder.include('[role="dialog"]');
    const results = await builder.analyze();
    const violations: ViolationSummary[] = results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? 'minor',
      help: violation.help,
      nodes: violation.nodes.length,
      targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
    }));
    const counts = { critical: 0, serious: 0, moderate: 0, minor: 0 };
    for (const violation of violations) counts[violation.impact as keyof typeof counts] += 1;
    append('scans.jsonl', {
      name,
      kind,
      width,
      counts,
      violations,
      passes: results.passes.length,
      ms: Date.now() - started,
    } satisfies ScanRecord);
    const blocking = violations
      .filter((violation) => BLOCKING.has(violation.impact))
      .map((v) => `${v.id} (${v.impact}): ${v.help} -> ${v.targets.join(' | ')}`);
    expect.soft(blocking, `serious/critical axe violations on "${name}" at ${width}px`).toEqual([]);
  }
}
