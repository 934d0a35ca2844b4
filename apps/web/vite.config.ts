import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin } from 'vite';
import reactRouterConfig from './react-router.config';

// `npm run dev` runs the API (apps/api/src/dev.ts), which serves this app through Vite's middleware
// and renders its pages with the API's data in process, as in production.

const require = createRequire(import.meta.url);

/**
 * React Router 7's package exports always resolve to its development build (its dev warnings and
 * checks, ~15 kB gzip more on every page); the production build sits beside it. The browser's build
 * takes it, both entry points together (react-router/dom imports the shared chunks by relative
 * path). The server build keeps the package as it is: the API's request handler and the rendered
 * routes must share one copy.
 */
function reactRouterProductionBuild(): Plugin {
  const development = dirname(require.resolve('react-router'));
  const production = join(development, '..', 'production');
  const targets: Record<string, string> = {
    'react-router': join(production, 'index.mjs'),
    'react-router/dom': join(production, 'dom-export.mjs'),
  };
  return {
    name: 'trimtime:react-router-production',
    apply: 'build',
    enforce: 'pre',
    resolveId(source) {
      if (this.environment?.name !== 'client') return null;
      return targets[source] ?? null;
    },
  };
}

/**
 * Mantine's per-component styles (mantine.dev "CSS files list") instead of the whole 276 kB
 * @mantine/core/styles.css: every styled component's class map (`<Name>.module.mjs`) pulls in its own
 * `styles/<Name>.layer.css`, so the build carries the styles of the components the app uses and no
 * others (dependencies included, in dependency order). The global styles are imported by the app
 * provider. The `.layer` variants put Mantine in `@layer mantine`, below the app's own CSS.
 */
function mantineStylesPerComponent(): Plugin {
  const classMap = /[\\/]@mantine[\\/]core[\\/]esm[\\/].*[\\/]([A-Za-z]+)\.module\.mjs$/;
  return {
    name: 'trimtime:mantine-styles-per-component',
    transform(code, id) {
      const match = classMap.exec(id);
      if (!match) return null;
      return { code: `import '@mantine/core/styles/${match[1]}.layer.css';\n${code}`, map: null };
    },
  };
}

/**
 * Writes brotli and gzip copies of every compressible file next to it; the API serves them by
 * Accept-Encoding (@fastify/static preCompressed), so nothing is compressed per request.
 */
function precompress(): Plugin {
  let outDir = 'build/client';
  let root = '.';
  let isServerBuild = false;
  const compressible = /\.(js|css|html|svg|json|txt)$/;
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? (name === '.vite' ? [] : walk(path)) : [path];
    });
  return {
    name: 'trimtime:precompress',
    apply: 'build',
    configResolved(config) {
      isServerBuild = Boolean(config.build.ssr);
      root = config.root;
      outDir = config.build.outDir.startsWith('/')
        ? config.build.outDir
        : join(config.root, config.build.outDir);
    },
    closeBundle() {
      // Only the browser's files are served; the server build is loaded by the API. React Router
      // writes the browser's route manifest (assets/manifest-*.js, 13 kB, on every page's first
      // load) during the server build, so that build compresses what the browser's has not.
      const served = isServerBuild ? join(root, reactRouterConfig.buildDirectory, 'client') : outDir;
      if (!existsSync(served)) return;
      for (const file of walk(served)) {
        if (!compressible.test(file)) continue;
        if (isServerBuild && existsSync(`${file}.gz`)) continue;
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, {
            params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: content.length },
          }),
        );
      }
    },
  };
}

/**
 * What every page loads, in one chunk (issue 28): the browser's entry and the root route, with
 * everything they import (React, React Router, TanStack Query, Mantine's provider, the layout).
 * Left to itself the bundler split that across a dozen shared chunks, most under 1 kB, and a page
 * asked for 21 to 66 files before it could run (each a `modulepreload` the browser queues and
 * parses); the routes' own code and lazy parts are still split as the bundler sees fit.
 */
const SHELL_MODULES = /[\\/]app[\\/](entry\.client\.tsx|root\.tsx\?__react-router-build-client-route)$/;

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [reactRouter(), reactRouterProductionBuild(), mantineStylesPerComponent(), precompress()],
  resolve: { alias: { '@': new URL('./src', import.meta.url).pathname } },
  build: {
    // No source maps in the production build: the API serves everything in build/client, so even
    // 'hidden' maps would publish the original source.
    sourcemap: false,
    // One stylesheet for the whole app (Mantine's styles of the components it uses, and its own),
    // instead of one per chunk: a page's first paint waits for every stylesheet it links, and on a
    // slow network each is a round trip of its own (the landing page linked 12). Cached once, it
    // also serves every later page. Lighthouse with real (devtools) throttling, section 4d.
    cssCodeSplit: false,
    // The server build keeps the bundler's own splitting: it is read once, from disk.
    rolldownOptions: isSsrBuild
      ? undefined
      : { output: { codeSplitting: { groups: [{ name: 'shell', test: SHELL_MODULES }] } } },
  },
}));
