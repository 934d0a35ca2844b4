import { defineConfig } from 'vitest/config';

// One Vitest run covers the domain package, the API (SQLite, and PostgreSQL when
// TEST_DATABASE_URL is set) and the web components. Browser journeys run separately (e2e/).
export default defineConfig({
  test: {
    projects: ['packages/domain', 'apps/api', 'apps/web'],
  },
});
