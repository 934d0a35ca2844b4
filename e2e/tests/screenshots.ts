import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

const dir = join(import.meta.dirname, '..', '..', 'test-output', 'screenshots');
/**
 * `npm test` sets E2E_SCREENSHOTS=0: the pictures are for a person to open, nothing asserts on them,
 * and the 62 pairs took about a minute of its wall time on two cores (decision 30). `npm run
 * test:e2e` and `npx playwright test` take them.
 */
export const screenshotsEnabled = process.env.E2E_SCREENSHOTS !== '0';

/** Full-page screenshots of the current view at 375 px (phone) and 1280 px (desktop). */
export async function shootBothWidths(page: Page, name: string) {
  if (!screenshotsEnabled) return;
  mkdirSync(dir, { recursive: true });
  const original = page.viewportSize() ?? { width: 1280, height: 800 };
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: join(dir, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(original);
}
