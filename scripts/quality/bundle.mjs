#!/usr/bin/env node
// `npm run test:bundle` (builds first): the web app's initial JS and CSS per route, gzip, from the
// build's .vite/routes.json (apps/web/vite.config.ts, routeReport), written to the 'bundle' section
// of docs/quality.md. Exits 1 when a route with a
// budget is over it (landing and login: 150 kB of gzip JS), or when a route's screen is not split
// into its own lazily loaded chunk.
//
// "Initial" for a route = what the browser must fetch before that route renders: the entry chunk
// (index.html's loader names it) with its static imports and index.html's stylesheet, plus the route's
// lazily loaded screen module with its static imports. Dynamic imports inside them
// (dialogs, other views, the calendar file export, ...) load later and are not counted. CSS likewise.
//
// WEB_DIST=/some/dist points at another build (default apps/web/dist). kB = 1000 bytes, as Vite
// prints. Sizes are those of the gzip files the server sends: the build writes a .gz (level 9) and a
// .br beside every asset and the API serves them by Accept-Encoding; a file without one is gzipped
// here at level 9. Brotli, which every current browser takes, is shown for information.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { ROOT, table, updateSection } from './doc.mjs';

const JS_BUDGET_KB = 150;
/** Routes whose first load must stay within JS_BUDGET_KB (route keys of apps/web/src/config/paths.ts). */
const BUDGETED = new Set(['home', 'login']);

/**
 * Modules of apps/web that must not be in a route's first load (route key → modules): code needed
 * only after something the user does, loaded then or once the page is on screen.
 */
const DEFERRED = {
  booking: [
    // Mantine's Modal (overlay, focus trap, scroll lock) loads when a dialog is near (deferred-modal).
    'src/components/mantine-modal.ts',
    'src/features/booking/components/home-visit-address-modal.tsx',
    'src/features/booking/components/booking-success-modal.tsx',
    // The business's reviews load below the wizard once it is on screen, and the report form on use.
    'src/features/reviews/components/business-reviews.tsx',
    'src/features/reviews/components/report-review-dialog.tsx',
  ],
  // The day filter's picker (Mantine's dates package) loads apart: on a phone the filters are folded.
  businesses: ['src/features/businesses/components/available-on-input.tsx'],
  // The welcome panel beside the card is hidden on phones.
  login: ['src/features/auth/components/auth-side-panel.tsx'],
  // The edit form and the email confirmation (the form rules with them) load when needed.
  profile: [
    'src/components/mantine-modal.ts',
    // The page opens on Profile & Bookings: the Settings tab loads on engagement or when opened.
    'src/features/profile/components/settings-panel.tsx',
    'src/features/profile/components/delete-account-modal.tsx',
    'src/features/profile/components/profile-card-edit.tsx',
    'src/components/profile-edit-form.tsx',
    'src/components/email-verification.tsx',
    // A card's review button loads when a past appointment shows; the review form (with the comment's
    // profanity check) when it is opened.
    'src/features/reviews/components/booking-review-action.tsx',
    'src/features/reviews/components/review-dialog.tsx',
  ],
  // The dashboard opens on Manage Requests: the other tabs and the calendar load later.
  admin: [
    'src/components/mantine-modal.ts',
    'src/features/dashboard/components/dashboard-other-tabs.ts',
    'src/features/dashboard/components/set-hours-panel.tsx',
    'src/features/dashboard/components/configuration-panel.tsx',
    'src/features/dashboard/components/business-profile-card.tsx',
    'src/features/dashboard/components/invite-business-panel.tsx',
    'src/features/dashboard/components/booking-calendar-modal.tsx',
    // The review tabs (a business's reviews, the Admin's reported reviews) load like the other tabs.
    'src/features/reviews/components/dashboard-review-tabs.ts',
    'src/features/reviews/components/business-reviews-panel.tsx',
    'src/features/reviews/components/reported-reviews-panel.tsx',
    // The cancellation reason's rule brings the profanity word list; it loads on engagement.
    'src/features/dashboard/utils/cancellation-reason.ts',
  ],
};

const WEB_DIR = join(ROOT, 'apps', 'web');
const kb = (bytes) => (bytes / 1000).toFixed(1);

function distDir() {
  const value = process.env.WEB_DIST;
  if (!value) return join(WEB_DIR, 'dist');
  return isAbsolute(value) ? value : resolve(process.cwd(), value);
}

/** The route keys of paths.ts (`home: { path: '/' ...`), to make sure every route is measured. */
function routeKeysInPaths() {
  const source = readFileSync(join(WEB_DIR, 'src', 'config', 'paths.ts'), 'utf8');
  return [...source.matchAll(/^\s{2}(\w+): \{\s*(?:\n\s*)?path: '/gm)].map((match) => match[1]);
}

/**
 * Reads .vite/routes.json, which the build writes (apps/web/vite.config.ts, routeReport) from
 * src/config/route-screens.ts: the entry's files and, per route, the files its screen needs beyond them.
 */
export function measure(dist) {
  const routesPath = join(dist, '.vite', 'routes.json');
  if (!existsSync(routesPath)) {
    throw new Error(`${routesPath} is missing: build the web app first (npm run build -w @app/web)`);
  }
  const build = JSON.parse(readFileSync(routesPath, 'utf8'));
  const sizes = new Map();
  const compressedSize = (file, kind) => {
    const key = `${kind}:${file}`;
    if (!sizes.has(key)) {
      const path = join(dist, file);
      const served = `${path}.${kind === 'gzip' ? 'gz' : 'br'}`;
      let size;
      if (existsSync(served)) size = statSync(served).size;
      else if (kind === 'gzip') size = gzipSync(readFileSync(path), { level: 9 }).length;
      else {
        size = brotliCompressSync(readFileSync(path), { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }).length;
      }
      sizes.set(key, size);
    }
    return sizes.get(key);
  };
  const total = (files, kind = 'gzip') =>
    [...files].reduce((sum, file) => sum + compressedSize(file, kind), 0);

  const problems = [];
  // The entry: its chunks and every stylesheet index.html names for its loader (the data block of
  // apps/web/src/config/page-shell.ts).
  const entryJs = new Set(build.entry.js);
  const entryCss = new Set(build.entry.css);
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  for (const [, json] of html.matchAll(
    /<script type="application\/json" data-app-files>([^<]*)<\/script>/g,
  )) {
    for (const href of JSON.parse(json).styles ?? []) entryCss.add(href.replace(/^\//, ''));
  }
  if (entryCss.size === 0) problems.push('index.html names no stylesheet for its loader');

  const row = (key, route, js, css, budgeted) => ({
    key,
    route,
    js: total(js),
    jsBrotli: total(js, 'brotli'),
    css: total(css),
    jsFiles: js.size,
    budgetKb: budgeted ? JS_BUDGET_KB : undefined,
  });
  const rows = build.routes.map((screen) => {
    if (entryJs.has(screen.chunk)) {
      problems.push(
        `${screen.path}: ${screen.module} is loaded with the entry, not split into its own chunk`,
      );
    }
    const measured = row(
      screen.route,
      screen.path,
      new Set([...entryJs, ...screen.js]),
      new Set([...entryCss, ...screen.css]),
      BUDGETED.has(screen.route),
    );
    for (const module of DEFERRED[screen.route] ?? []) {
      if (!screen.modules) problems.push(`${screen.path}: the build did not list its modules (rebuild)`);
      else if (screen.modules.includes(module)) {
        problems.push(`${screen.path}: ${module} is in the first load; it must be loaded lazily`);
      }
    }
    if (measured.budgetKb !== undefined && measured.js > measured.budgetKb * 1000) {
      problems.push(
        `${screen.path}: ${kb(measured.js)} kB gzip JS is over its budget of ${measured.budgetKb} kB`,
      );
    }
    return measured;
  });
  // An unknown path renders the not-found page, which ships with the entry.
  rows.push(row('notFound', '* (not found)', entryJs, entryCss, false));

  for (const key of routeKeysInPaths()) {
    if (!build.routes.some((screen) => screen.route === key)) {
      problems.push(`paths.${key} has no screen in apps/web/src/config/route-screens.ts: it is not measured`);
    }
  }
  for (const key of BUDGETED) {
    if (!build.routes.some((screen) => screen.route === key))
      problems.push(`budgeted route ${key} was not built`);
  }

  const allJs = readdirSync(join(dist, 'assets')).filter((file) => file.endsWith('.js'));
  return {
    entry: { js: total(entryJs), css: total(entryCss), jsFiles: entryJs.size },
    rows,
    chunkCount: allJs.length,
    totalJs: total(new Set(allJs.map((file) => `assets/${file}`))),
    problems,
  };
}

function render(result) {
  const budget = (route) => (route.budgetKb === undefined ? '—' : `≤ ${route.budgetKb}`);
  const verdict = (route) =>
    route.budgetKb === undefined ? '' : route.js <= route.budgetKb * 1000 ? 'ok' : '**over**';
  const rows = result.rows.map((route) => [
    `\`${route.route}\``,
    kb(route.js),
    kb(route.css),
    kb(route.jsBrotli),
    route.jsFiles,
    budget(route),
    verdict(route),
  ]);
  return [
    'Initial download per route of the production build: the entry chunk and its static imports plus',
    "the route's lazily loaded screen module and its static imports, i.e. everything fetched before the",
    'route renders (code loaded later, such as the other sign-in views, the form rules, menus and toasts,',
    "is not counted). CSS is one stylesheet linked from index.html: Mantine's styles for the components",
    "the app uses, and the app's own. Sizes are the gzip files the server sends (level 9, written by the",
    'build beside each asset; brotli, which current browsers take, for information), kB = 1000 bytes. The',
    'budget fails `npm run test:bundle` (and CI).',
    '',
    table(
      ['route', 'JS gzip (kB)', 'CSS gzip (kB)', 'JS brotli (kB)', 'JS files', 'JS budget (kB)', ''],
      rows,
    ),
    '',
    `Shared entry alone: ${kb(result.entry.js)} kB JS and ${kb(result.entry.css)} kB CSS (gzip) in ${result.entry.jsFiles} files;`,
    `the whole app: ${result.chunkCount} JS chunks, ${kb(result.totalJs)} kB gzip.`,
    '',
    result.problems.length === 0
      ? 'Every route screen is its own lazily loaded chunk, and every budget is met.'
      : `**Not met:**\n\n${result.problems.map((problem) => `- ${problem}`).join('\n')}`,
  ].join('\n');
}

const isMain = process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname);
if (isMain) {
  const dist = distDir();
  let result;
  try {
    result = measure(dist);
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
  for (const route of result.rows) {
    const budget = route.budgetKb === undefined ? '' : ` (budget ${route.budgetKb})`;
    console.info(
      `${route.route.padEnd(22)} JS ${kb(route.js).padStart(6)} kB  CSS ${kb(route.css).padStart(5)} kB${budget}`,
    );
  }
  updateSection('bundle', render(result));
  if (result.problems.length > 0) {
    console.error(`\nBundle check failed:\n${result.problems.map((problem) => `  - ${problem}`).join('\n')}`);
    process.exit(1);
  }
  console.info('\nBundle budget met; every route is split.');
}
