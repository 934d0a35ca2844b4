import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import api from './apps/api/vitest.config.ts';
import web from './apps/web/vitest.config.ts';

/** The API's test files that replace a module (vi.mock): each runs in a fresh module graph. */
const API_ISOLATED = ['test/auth/attempt-races.test.ts'];

/**
 * The web's component tests that replace a module (vi.mock) or look at what a file leaves in the
 * document: each runs in a fresh module graph and document, as Vitest runs every file by default.
 */
const WEB_ISOLATED = [
  'src/components/deferred-modal.test.tsx',
  'src/components/deferred-modal-loading.test.tsx',
  'src/features/businesses/components/business-filters-bar.test.tsx',
  'src/features/booking/components/booking-wizard-rules-unavailable.test.tsx',
];

/**
 * A test file that replaces a module (vi.mock, vi.doMock) in a shared module graph would replace it
 * for the files after it in its worker: the run stops at once when such a file is not listed.
 */
function requireIsolated(project: string, isolated: readonly string[]) {
  const root = join(import.meta.dirname, project);
  for (const folder of ['src', 'test', 'app'].filter((name) => existsSync(join(root, name)))) {
    for (const file of readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })) {
      const path = `${folder}/${file.replaceAll('\\', '/')}`;
      if (!/\.test\.tsx?$/.test(path) || isolated.includes(path)) continue;
      if (/\bvi\.(do)?[mM]ock\(/.test(readFileSync(join(root, path), 'utf8'))) {
        throw new Error(
          `${project}/${path} mocks a module: list it in the isolated files of vitest.config.ts`,
        );
      }
    }
  }
}
requireIsolated('apps/api', API_ISOLATED);
requireIsolated('apps/web', WEB_ISOLATED);

// One Vitest run covers the domain package, the API (SQLite, and PostgreSQL when
// TEST_DATABASE_URL is set) and the web components. Browser journeys run separately (e2e/).
export default defineConfig({
  test: {
    projects: [
      'packages/domain',
      // The API's files share one module graph per worker too (isolate: false): each builds its own
      // app and database and closes them, and importing Fastify, Kysely and the app's modules once
      // per worker rather than once per file took the API project from 416 s to 263 s (decision 30).
      { ...api, root: './apps/api', test: { ...api.test, isolate: false, exclude: API_ISOLATED } },
      { ...api, root: './apps/api', test: { ...api.test, name: 'api-isolated', include: API_ISOLATED } },
      // The other component tests share one module graph and document per worker (isolate: false):
      // every file cleans up after each test (vitest.setup.ts), and importing Mantine, React Router
      // and jsdom once per worker rather than once per file takes minutes off the run (issue 28).
      { ...web, root: './apps/web', test: { ...web.test, isolate: false, exclude: WEB_ISOLATED } },
      { ...web, root: './apps/web', test: { ...web.test, name: 'web-isolated', include: WEB_ISOLATED } },
    ],
    // At least two files at a time. Vitest's default (cores - 1) is one on a 2-core machine, where a
    // core then sits idle while an API file waits on child processes, PostgreSQL or the crash
    // suite's outbox (minutes of waiting for a retry or a reminder). With two, on a 2-core machine:
    // API and domain 642 s instead of 953 s, web 474 s instead of 631 s (issue 28). Larger machines
    // keep Vitest's default.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
