import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One Vitest run covers the domain package, the API (SQLite, and PostgreSQL when
// TEST_DATABASE_URL is set) and the web components. Browser journeys run separately (e2e/).
export default defineConfig({
  test: {
    projects: ['packages/domain', 'apps/api', 'apps/web'],
    // At least two files at a time. Vitest's default (cores - 1) is one on a 2-core machine, where a
    // core then sits idle while an API file waits on child processes, PostgreSQL or the crash
    // suite's outbox (minutes of waiting for a retry or a reminder). With two, on a 2-core machine:
    // API and domain 642 s instead of 953 s, web 474 s instead of 631 s (issue 28). Larger machines
    // keep Vitest's default.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
