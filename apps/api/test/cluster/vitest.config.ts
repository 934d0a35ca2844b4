import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// `npm run test:cluster`: three API processes on one PostgreSQL database behind nginx. Its own
// config (files named *.cluster.ts), so `npm test` and the api project never pick it up.
export default defineConfig({
  root: resolve(dirname(fileURLToPath(import.meta.url)), '..', '..'),
  test: {
    name: 'cluster',
    environment: 'node',
    include: ['test/cluster/**/*.cluster.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
