import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { type ChunkMetadata, defineConfig, type Plugin, type Rolldown } from 'vite';
import { themeVariablesCss } from './src/app/theme-variables';
import { API_BASE_PATH, ROUTE_EARLY_DATA, SIGNED_IN_EARLY_DATA } from './src/config/early-data';
import { PAGE_HEADINGS, type PageHeading } from './src/config/page-headings';
import { arrangePage, shellHeadingHtml } from './src/config/page-shell';
import { ROUTE_SCREENS } from './src/config/route-screens';
import { SHELL_BODIES } from './src/config/shell-bodies';

// In development the API runs on its own port; Vite proxies /api to it so the browser sees one origin,
// exactly as in production where the API serves this build.
const API_DEV_TARGET = 'http://127.0.0.1:3001';
// /api for the API itself; /dev/outbox is the API's development mail outbox page.
const apiProxy = {
  '/api': { target: API_DEV_TARGET },
  '/dev/outbox': { target: API_DEV_TARGET },
};

const require = createRequire(import.meta.url);

/**
 * React Router 7's package exports always resolve to its development build (ENABLE_DEV_WARNINGS on,
 * so production pages print router warnings); the production build sits beside it. Both entry points
 * are redirected together, since react-router/dom imports the shared chunks by relative path.
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
      return targets[source] ?? null;
    },
  };
}

/**
 * Mantine's `useId` replaced by src/lib/mantine-use-id.ts (same ids' shape, no second render of every
 * input, tab list and popover on mount; the module says why). Only @mantine/hooks' own import of it
 * is redirected, so the rest of Mantine and the app see the one hook through `@mantine/hooks`.
 */
function mantineStableIds(): Plugin {
  const hooksIndex = /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]index\.mjs$/;
  const replacement = join(import.meta.dirname, 'src', 'lib', 'mantine-use-id.ts');
  let replaced = false;
  let building = false;
  return {
    name: 'trimtime:mantine-stable-ids',
    enforce: 'pre',
    configResolved(config) {
      building = config.command === 'build';
    },
    resolveId(source, importer) {
      if (source !== './use-id/use-id.mjs' || !importer || !hooksIndex.test(importer)) return null;
      replaced = true;
      return replacement;
    },
    buildEnd() {
      // A Mantine upgrade that moves the hook must not silently bring the double render back.
      if (building && !replaced) {
        this.error("@mantine/hooks no longer imports './use-id/use-id.mjs': update mantineStableIds");
      }
    },
  };
}

/**
 * `virtual:mantine-theme-variables.css`: the theme's CSS variables, computed here once
 * (src/app/theme-variables.ts) rather than by MantineProvider on every start.
 */
function mantineThemeVariables(): Plugin {
  const id = 'virtual:mantine-theme-variables.css';
  return {
    name: 'trimtime:mantine-theme-variables',
    resolveId(source) {
      return source === id ? id : null;
    },
    load(source) {
      return source === id ? themeVariablesCss() : null;
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
 * Writes .vite/routes.json: for each route of src/config/route-screens.ts, the module that renders it,
 * its chunk and the files it needs beyond the entry's, for scripts/quality/bundle.mjs. Fails the
 * build when that table and the lazy imports of src/app/routes.tsx disagree, or a screen is not a
 * chunk of its own.
 *
 * It also lays index.html out for the first paint (src/config/page-shell.ts): the page shell, then
 * the loader that asks for the entry's files (the start's stages among them) once the shell is on
 * screen. The API adds each route's files from routes.json to what the loader asks for, and puts a
 * route's fixed heading and what more the shell can draw of it (`shell`, from
 * src/config/page-headings.ts and src/config/shell-bodies.ts) into its page shell.
 */
function routeReport(): Plugin {
  let root = '';
  let outDir = '';
  let report = '';
  let bootFiles: string[] = [];
  const normalise = (id: string) => relative(root, id).split(sep).join('/');

  return {
    name: 'trimtime:route-report',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(root, config.build.outDir);
    },
    generateBundle(_options, bundle: Rolldown.OutputBundle) {
      const chunks = Object.values(bundle).filter(
        (item): item is Rolldown.OutputChunk => item.type === 'chunk',
      );
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const closure = (chunk: Rolldown.OutputChunk, seen = new Set<string>()) => {
        if (seen.has(chunk.fileName)) return seen;
        seen.add(chunk.fileName);
        for (const file of chunk.imports) {
          const imported = byFile.get(file);
          if (imported) closure(imported, seen);
        }
        return seen;
      };
      const cssOf = (files: Iterable<string>) =>
        [...files].flatMap((file) => {
          const chunk = byFile.get(file) as
            | (Rolldown.OutputChunk & { viteMetadata?: ChunkMetadata })
            | undefined;
          return [...(chunk?.viteMetadata?.importedCss ?? [])];
        });

      const entry = chunks.find((chunk) => chunk.isEntry && chunk.facadeModuleId?.endsWith('index.html'));
      if (!entry) return this.error('no entry chunk');
      // The entry and the app it starts in stages (the 'app' input), with their static imports: the
      // files every page starts with, all preloaded by index.html.
      const entryFiles = closure(entry);
      const app = chunks.find((chunk) => chunk.isEntry && chunk.name === 'app');
      if (!app) return this.error("no 'app' entry chunk");
      closure(app, entryFiles);
      bootFiles = [...entryFiles];
      const entryCss = new Set(cssOf(entryFiles));

      // The table must name exactly the screens (components) that src/app/routes.tsx loads lazily;
      // its other lazy imports fetch a page's data early.
      const routesModule = this.getModuleInfo(join(root, 'src', 'app', 'routes.tsx'));
      const lazyScreens = new Set(
        (routesModule?.dynamicallyImportedIds ?? [])
          .map(normalise)
          .filter((module) => /^src\/features\/[^/]+\/components\//.test(module)),
      );
      const tableScreens = new Set(ROUTE_SCREENS.map((screen) => screen.module));
      const missing = [...lazyScreens].filter((module) => !tableScreens.has(module));
      const extra = [...tableScreens].filter((module) => !lazyScreens.has(module));
      if (missing.length > 0 || extra.length > 0) {
        return this.error(
          `src/config/route-screens.ts and src/app/routes.tsx disagree. Loaded lazily but not in the table: ${missing.join(', ') || 'none'}; in the table but not loaded: ${extra.join(', ') || 'none'}`,
        );
      }

      const routes = ROUTE_SCREENS.map((screen) => {
        const chunk = chunks.find(
          (candidate) => candidate.facadeModuleId && normalise(candidate.facadeModuleId) === screen.module,
        );
        if (!chunk?.isDynamicEntry) return this.error(`${screen.module} is not a lazily loaded chunk`);
        const files = closure(chunk);
        const heading = (PAGE_HEADINGS as Partial<Record<string, PageHeading>>)[screen.route];
        const body = SHELL_BODIES[screen.route];
        const early = ROUTE_EARLY_DATA[screen.route];
        return {
          ...screen,
          // The page's own API calls, which its loader starts for a signed-in visitor of these types.
          ...(early
            ? { data: early.paths.map((path) => `${API_BASE_PATH}${path}`), dataFor: early.for }
            : {}),
          // What the shell paints of the page (its fixed heading, then what more it can draw); the API
          // puts it into the route's page.
          ...(heading || body ? { shell: (heading ? shellHeadingHtml(heading) : '') + (body ?? '') } : {}),
          chunk: chunk.fileName,
          js: [...files].filter((file) => !entryFiles.has(file)),
          // The app's own modules the route loads first (bundle.mjs checks that some are deferred).
          modules: [...files]
            .flatMap((file) => Object.keys(byFile.get(file)?.modules ?? {}))
            .map(normalise)
            .filter((module) => module.startsWith('src/'))
            .sort(),
          css: [...new Set(cssOf(files))].filter((file) => !entryCss.has(file)),
        };
      });
      report = JSON.stringify({ entry: { js: [...entryFiles], css: [...entryCss] }, routes }, null, 2);
    },
    writeBundle() {
      mkdirSync(join(outDir, '.vite'), { recursive: true });
      writeFileSync(join(outDir, '.vite', 'routes.json'), report);
      const page = join(outDir, 'index.html');
      const data = SIGNED_IN_EARLY_DATA.map((path) => `${API_BASE_PATH}${path}`);
      writeFileSync(page, arrangePage(readFileSync(page, 'utf8'), bootFiles, data));
    },
  };
}

/**
 * Fails the build when the stylesheet lacks the theme's variables (`virtual:mantine-theme-variables.css`:
 * MantineProvider no longer injects them) or still has a dark-scheme rule (postcss.config.cjs drops
 * them: the app is light only).
 */
function stylesheetChecks(): Plugin {
  return {
    name: 'trimtime:stylesheet-checks',
    apply: 'build',
    writeBundle(_, bundle) {
      const css = Object.values(bundle)
        .filter((file) => file.type === 'asset' && file.fileName.endsWith('.css'))
        .map((file) => String((file as Rolldown.OutputAsset).source))
        .join('\n');
      if (!css.includes('--mantine-primary-color-filled:')) {
        this.error("The stylesheet lacks the theme's CSS variables (virtual:mantine-theme-variables.css)");
      }
      const dark = /[^{}]*\[data-mantine-color-scheme=['"]?dark/.exec(css);
      if (dark)
        this.error(`A dark-scheme rule is left in the stylesheet (postcss.config.cjs): ${dark[0].trim()}`);
    },
  };
}

/**
 * Writes brotli and gzip copies of every compressible file next to it; the API serves them by
 * Accept-Encoding (@fastify/static preCompressed), so nothing is compressed per request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
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
      outDir = config.build.outDir.startsWith('/')
        ? config.build.outDir
        : join(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!compressible.test(file)) continue;
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

export default defineConfig({
  plugins: [
    react(),
    reactRouterProductionBuild(),
    mantineStableIds(),
    mantineThemeVariables(),
    mantineStylesPerComponent(),
    routeReport(),
    stylesheetChecks(),
    precompress(),
  ],
  resolve: { alias: { '@': new URL('./src', import.meta.url).pathname } },
  server: { port: 3000, strictPort: true, proxy: apiProxy },
  preview: { port: 3000, proxy: apiProxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // No source maps in the production build: the API serves everything in dist/, so even 'hidden'
    // maps (unreferenced, but at the bundle's name + .map) would publish the original source.
    sourcemap: false,
    // Every browser the app supports has module preload; the polyfill would only add bytes.
    modulePreload: { polyfill: false },
    // One stylesheet, linked from index.html. With the per-component Mantine styles the whole app's
    // CSS is ~27 kB gzip; split per chunk it came as ~30 files, a dozen of them requested one after
    // the other behind each page's code.
    cssCodeSplit: false,
    rolldownOptions: {
      // The page, and the app that main.tsx starts in stages (its dynamic imports): an entry too, so
      // that what it imports counts as the start's ('$initial' below) and lands in the chunks
      // index.html preloads, as when main.tsx imported it directly.
      input: {
        index: join(import.meta.dirname, 'index.html'),
        app: join(import.meta.dirname, 'src', 'app', 'index.tsx'),
      },
      output: {
        codeSplitting: {
          // Small chunks shared by a few screens are copied into each screen's chunk instead of
          // being files of their own: the data pages came as 40 to 47 files, and on a phone's
          // connection each one costs a round trip (with them inlined, 11 to 14 files, and Lighthouse's
          // LCP 0.4 to 1.0 s sooner; decision 18). Rolldown then runs modules in source order
          // (strictExecutionOrder), so a page importing one constant runs that constant's module and
          // its imports: keep what light pages import in modules without heavy imports
          // (packages/domain/src/review-limits.ts).
          experimentalInlineCommonChunks: { maxSize: 40_000 },
          // React is needed by every page: one long-cached chunk. Everything else (Mantine, zod,
          // the domain rules, ...) is split by where it is used, so a route loads only its share;
          // a catch-all library group would put every route's libraries on the landing page.
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 20 },
            // What the entry itself needs and pages share (TanStack Query, the paths, the query keys,
            // the shared constants, three tiny Mantine hooks): one chunk with the entry, rather than
            // the handful of tiny chunks the pages' shared use splits it into (each costs its own
            // request and compresses worse: /login went over its budget by that alone).
            {
              name: 'app-core',
              test: (id: string) =>
                (/[\\/]node_modules[\\/]@tanstack[\\/]/.test(id) && !/infinite/i.test(id)) ||
                /[\\/]@mantine[\\/]hooks[\\/].*[\\/]use-(reduced-motion|id|merged-ref)[\\/]/.test(id) ||
                /[\\/]src[\\/]config[\\/]paths|[\\/]src[\\/]lib[\\/]query-keys|[\\/]packages[\\/]domain[\\/]src[\\/]constants/.test(
                  id,
                ),
              priority: 10,
            },
            // The other libraries the app starts with (the router, Mantine's core and provider, ...;
            // main.tsx and its start stages, which are entries, BOOT_STAGES): one chunk rather than
            // the three or four that their use by the pages splits them into. Every page loads them
            // anyway; each extra file costs every page a request.
            {
              name: 'entry-libraries',
              tags: ['$initial'],
              test: /[\\/]node_modules[\\/]/,
              priority: 5,
            },
            // The app's own modules the start stages run (providers, routes, layouts, the query
            // client) and Vite's preload helper: one chunk, not one per stage.
            {
              name: 'boot',
              tags: ['$initial'],
              test: (id: string) =>
                (!/[\\/]node_modules[\\/]/.test(id) && !/[\\/]src[\\/]main\.tsx$/.test(id)) ||
                id.includes('preload-helper'),
              priority: 4,
            },
            // The spec's messages and the booking statuses they name: one chunk for every form.
            {
              name: 'messages',
              test: /[\\/]packages[\\/]domain[\\/]src[\\/](messages|booking-status)\.ts$/,
              priority: 10,
            },
          ],
        },
      },
    },
  },
});
