import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

const firstPort = Number(process.env.E2E_PORT ?? 3100);
// Debian's headless shell (the chromium-headless-shell package: the same Chromium build without
// the browser's UI, what Playwright itself runs headless by default) where it is installed: the
// journeys spend most of their time in the browser, and it takes about a sixth less of it
// (docs/decisions/0030-a-test-run-in-twenty-minutes.md). Else CHROMIUM_PATH, else Debian's Chromium.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromiumPath =
  process.env.E2E_CHROMIUM_PATH ??
  (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : (process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'));

// Two journeys run at once (E2E_WORKERS), each worker against a server and database of its own
// (ports firstPort, firstPort + 1, …), so that no journey sees another's writes while it runs. On PostgreSQL (scripts/e2e-postgres.mjs: one
// database) one worker. Playwright sets TEST_PARALLEL_INDEX in each worker, which loads this file too.
const workers = process.env.E2E_DATABASE_URL ? 1 : Number(process.env.E2E_WORKERS ?? 2);
const port = firstPort + Number(process.env.TEST_PARALLEL_INDEX ?? 0);

// NOTE: browser downloads are impossible here, so Playwright drives Debian's Chromium.
const launchOptions = {
  executablePath: chromiumPath,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: './tests',
  // The accessibility suite's figures: cleared before a run, written to docs/quality.md after it.
  globalSetup: './global-setup.ts',
  globalTeardown: './global-teardown.ts',
  outputDir: '../test-output/e2e-results',
  fullyParallel: false,
  workers,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions,
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions },
    },
  ],
  webServer: Array.from({ length: workers }, (_, index) => ({
    command: 'node start-server.mjs',
    url: `http://127.0.0.1:${firstPort + index}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: { E2E_PORT: String(firstPort + index) },
  })),
});
