import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development the API runs on its own port; Vite proxies /api to it so the browser sees one origin,
// exactly as in production where the API serves this build.
const API_DEV_TARGET = 'http://127.0.0.1:3001';
// /api for the API itself; /dev/outbox is the API's development mail outbox page.
const apiProxy = {
  '/api': { target: API_DEV_TARGET },
  '/dev/outbox': { target: API_DEV_TARGET },
};

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': new URL('./src', import.meta.url).pathname } },
  server: { port: 3000, strictPort: true, proxy: apiProxy },
  preview: { port: 3000, proxy: apiProxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // No source maps in the production build: the API serves everything in dist/, so even 'hidden'
    // maps (unreferenced, but at the bundle's name + .map) would publish the original source.
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Libraries change less often than our code: separate chunks keep them cached across deploys.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
              priority: 3,
            },
            { name: 'mantine', test: /[\\/]node_modules[\\/]@mantine[\\/]/, priority: 2 },
            { name: 'vendor', test: /[\\/]node_modules[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
});
