import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

// Component tests render the app's route modules in jsdom (src/testing/render-app.tsx) without
// React Router's build plugin, which only the app's builds need.
export default defineProject({
  plugins: [react()],
  resolve: { alias: { '@': new URL('./src', import.meta.url).pathname } },
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./vitest.setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'app/**/*.test.{ts,tsx}'],
    css: false,
    // NOTE: jsdom + Mantine under two cores shared with the API suite; a 5 s default flakes.
    testTimeout: 20_000,
  },
});
