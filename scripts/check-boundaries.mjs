#!/usr/bin/env node
// The boundaries between our folders, checked on every `npm run lint` (docs/decisions/0009).
// Biome's noRestrictedImports matches import strings, not the files they resolve to, so it cannot
// tell `../../booking/x` (another feature) from `../components/x` (its own): this script resolves
// each import against the layout and says which rule it breaks. It also requires every `switch` to
// end in `default: return assertNever(x)`, so that the typecheck proves each one is exhaustive.
//
//   node scripts/check-boundaries.mjs [--root <dir>]
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';

const RULES = {
  'feature-imports-feature': 'a web feature imports another feature (share through components/ or lib/)',
  'web-imports-api': 'the web app imports API code (share through @app/domain)',
  'api-imports-web': 'the API imports web app code (share through @app/domain)',
  'domain-imports-ours': 'the domain package imports code of ours outside it (it must stay pure)',
  'imports-upward':
    'a lower layer imports a higher one (web: app > features > components > lib > config; ' +
    'api: app.ts/server.ts/cli > modules > repositories, plugins, mail > lib, db > config.ts, paths.ts; ' +
    'only tests import testing/)',
  'module-imports-upward':
    'an API module imports a module above it (the order, lowest first, is MODULE_ORDER: a module ' +
    'imports only modules below it; share through repositories/, lib/ or @app/domain, or move the code down)',
  'module-imports-sideways':
    'an API module imports another module on its own level (two modules of one level never import ' +
    'each other, so no two modules depend on each other; move what both need below them)',
  'module-not-ordered': 'an API module that MODULE_ORDER does not place (add it to the level it belongs on)',
  'migration-imports-app-code': 'a migration imports app code (migrations are frozen in time)',
  'sql-outside-repository':
    'kysely, a database driver or a query is used outside repositories/*.repository.ts, db/ and tests',
  'switch-not-exhaustive':
    'a switch lacks `default: return assertNever(<its value>)` (or `// open switch: <why>` above it)',
};

/**
 * Waived violations, each with its reason; any other violation fails the lint. An entry whose import
 * is gone is reported, so the list cannot go stale. Empty today: every boundary holds.
 * @type {{ rule: string, file: string, target: string, why: string }[]}
 */
const KNOWN = [];

const SOURCE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
const TYPED = /\.(ts|tsx|mts|cts)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'build', 'coverage', 'test-output', 'playwright-report']);
const SCANNED = ['apps', 'packages', 'e2e'];
const OUR_PACKAGES = { '@app/api': 'apps/api', '@app/web': 'apps/web', '@app/domain': 'packages/domain' };
const DATABASE_PACKAGES = new Set(['kysely', 'pg', 'better-sqlite3']);
const QUERY_METHODS = new Set([
  'selectFrom',
  'insertInto',
  'updateTable',
  'deleteFrom',
  'replaceInto',
  'mergeInto',
]);

const WEB_RANK = { config: 0, lib: 1, components: 2, features: 3, app: 4, testing: 5, root: 5 };
const API_RANK = { config: 0, lib: 1, db: 1, repositories: 2, plugins: 2, mail: 2, modules: 3, entry: 4 };

/**
 * The API's modules (apps/api/src/modules/<name>), lowest first (ARCHITECTURE.md, "Where things
 * go"). A module imports only modules on a lower level; the queries every module shares live below
 * them all, in repositories/.
 */
export const MODULE_ORDER = [
  // Services every module may use: the email outbox, live events, rate limits, health.
  ['outbox', 'events', 'rate-limits', 'health'],
  ['auth'],
  ['users'],
  // What a booking writes besides itself: its thread's system lines, its review invitation, its
  // payment; and what it is of: the shop's services and team; and who waits for its time.
  ['threads', 'reviews', 'payments', 'catalog', 'waitlist'],
  ['bookings'],
  // Readers of bookings and businesses.
  ['listing', 'calendar', 'exports'],
  // Pages composed from the modules below.
  ['public-pages', 'seo'],
];
const MODULE_LEVEL = new Map(MODULE_ORDER.flatMap((level, index) => level.map((name) => [name, index])));

function walk(root, dir, files) {
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    if (entry.name.startsWith('.') || SKIP_DIRS.has(entry.name)) continue;
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) walk(root, relative, files);
    else if (SOURCE.test(entry.name)) files.push(relative);
  }
  return files;
}

const isTest = (file) =>
  /\.(test|spec)\.(ts|tsx|mts|js|mjs)$/.test(file) ||
  /^apps\/api\/(test|bench)\//.test(file) ||
  /^apps\/web\/(src\/(features\/[^/]+\/)?testing\/|vitest\.setup\.ts$)/.test(file) ||
  file.startsWith('e2e/');

/** Where a file (or an import's target, without extension) sits in the layout. */
function placeOf(file) {
  const stem = file.replace(SOURCE, '').replace(/\/index$/, '');
  let match = stem.match(/^apps\/web\/src\/features\/([^/]+)/);
  if (match) return { app: 'web', layer: 'features', area: match[1] };
  match = stem.match(/^apps\/web\/src\/(app|components|lib|config|testing)(\/|$)/);
  if (match) return { app: 'web', layer: match[1] };
  if (stem.startsWith('apps/web/src/')) return { app: 'web', layer: 'root' };
  if (stem.startsWith('apps/web')) return { app: 'web', layer: null };
  match = stem.match(/^apps\/api\/src\/modules\/([^/]+)/);
  if (match) return { app: 'api', layer: 'modules', area: match[1] };
  if (stem.startsWith('apps/api/src/db/migrations')) return { app: 'api', layer: 'db', migration: true };
  match = stem.match(/^apps\/api\/src\/(plugins|mail|lib|db|repositories)(\/|$)/);
  if (match) return { app: 'api', layer: match[1] };
  if (/^apps\/api\/src\/(config|paths)(\.test)?$/.test(stem)) return { app: 'api', layer: 'config' };
  if (stem.startsWith('apps/api/src/')) return { app: 'api', layer: 'entry' };
  if (stem.startsWith('apps/api')) return { app: 'api', layer: null };
  if (stem.startsWith('packages/domain')) return { app: 'domain', layer: null };
  return { app: null, layer: null };
}

/** The repository path an import resolves to, or the npm package it names. */
function resolveImport(file, specifier) {
  if (specifier.startsWith('.')) return { path: path.posix.join(path.posix.dirname(file), specifier) };
  if (specifier.startsWith('@/') && file.startsWith('apps/web/'))
    return { path: `apps/web/src/${specifier.slice(2)}` };
  for (const [name, folder] of Object.entries(OUR_PACKAGES))
    if (specifier === name || specifier.startsWith(`${name}/`))
      return { path: folder + specifier.slice(name.length), ours: name };
  const parts = specifier.split('/');
  return { package: specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0] };
}

function importRules(file, target) {
  const from = placeOf(file);
  const broken = [];
  if (target.package) {
    if (DATABASE_PACKAGES.has(target.package) && !maySql(file)) broken.push('sql-outside-repository');
    return broken;
  }
  const to = placeOf(target.path);
  const test = isTest(file);
  if (from.app === 'domain' && (target.ours || to.app !== 'domain')) broken.push('domain-imports-ours');
  if (from.app === 'web' && to.app === 'api') broken.push('web-imports-api');
  if (from.app === 'api' && to.app === 'web') broken.push('api-imports-web');
  if (from.app === 'web' && to.app === 'web' && from.layer && to.layer) {
    if (from.layer === 'features' && to.layer === 'features' && from.area !== to.area)
      broken.push('feature-imports-feature');
    else if (!test && WEB_RANK[to.layer] > WEB_RANK[from.layer]) broken.push('imports-upward');
  }
  if (from.app === 'api' && to.app === 'api' && from.layer && to.layer) {
    if (from.migration && !to.migration) broken.push('migration-imports-app-code');
    else if (!test && API_RANK[to.layer] > API_RANK[from.layer]) broken.push('imports-upward');
    else if (!test && from.layer === 'modules' && to.layer === 'modules' && from.area !== to.area) {
      const [own, theirs] = [MODULE_LEVEL.get(from.area), MODULE_LEVEL.get(to.area)];
      if (own !== undefined && theirs !== undefined) {
        if (theirs > own) broken.push('module-imports-upward');
        else if (theirs === own) broken.push('module-imports-sideways');
      }
    }
  }
  return broken;
}

/** Where queries may be written: repositories, the database setup and migrations, tests, benchmarks. */
const maySql = (file) =>
  /^apps\/api\/src\/(repositories\/.+\.repository\.ts|db\/)/.test(file) ||
  (file.startsWith('apps/') && isTest(file));

const squash = (text) => text.replace(/\s+/g, '');

function isExhaustive(node, source) {
  const value = squash(node.expression.getText(source));
  const fallback = node.caseBlock.clauses.find((clause) => clause.kind === ts.SyntaxKind.DefaultClause);
  if (fallback) {
    const body = squash(fallback.getText(source));
    if ([`assertNever(${value})`, `:never=${value};`, `${value}satisfiesnever`].some((s) => body.includes(s)))
      return true;
  }
  const comments = ts.getLeadingCommentRanges(source.text, node.getFullStart()) ?? [];
  return comments.some(({ pos, end }) => /^\/\/\s*open switch:\s*\S/.test(source.text.slice(pos, end)));
}

/** Every import of one API module by another (product files), for the module graph. */
let moduleImports = [];

function check(root) {
  const problems = [];
  moduleImports = [];
  const files = SCANNED.filter((dir) => existsSync(path.join(root, dir))).flatMap((dir) =>
    walk(root, dir, []),
  );
  for (const file of files) {
    const text = readFileSync(path.join(root, file), 'utf8');
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const report = (pos, rule, detail) => {
      const line = source.getLineAndCharacterOfPosition(pos).line + 1;
      problems.push({ file, line, rule, detail });
    };
    const place = placeOf(file);
    if (place.layer === 'modules' && !isTest(file) && !MODULE_LEVEL.has(place.area))
      report(0, 'module-not-ordered', `module ${place.area}`);
    for (const imported of ts.preProcessFile(text, true, true).importedFiles) {
      const target = resolveImport(file, imported.fileName);
      // A module rule names both files: the importer, and the file it imports.
      const detail = (rule) =>
        rule.startsWith('module-') ? `${imported.fileName} (${target.path})` : imported.fileName;
      for (const rule of importRules(file, target)) report(imported.pos, rule, detail(rule));
      const to = target.path && placeOf(target.path);
      if (
        to &&
        place.layer === 'modules' &&
        to.layer === 'modules' &&
        to.area !== place.area &&
        !isTest(file)
      )
        moduleImports.push({ from: place.area, to: to.area });
    }
    const visit = (node) => {
      if (ts.isSwitchStatement(node) && TYPED.test(file) && !isExhaustive(node, source))
        report(node.getStart(source), 'switch-not-exhaustive', `switch (${node.expression.getText(source)})`);
      if (!maySql(file)) {
        const callee = ts.isCallExpression(node) ? node.expression : null;
        if (callee && ts.isPropertyAccessExpression(callee) && QUERY_METHODS.has(callee.name.text))
          report(node.getStart(source), 'sql-outside-repository', `.${callee.name.text}(...)`);
        const tag = ts.isTaggedTemplateExpression(node) ? node.tag.getText(source) : '';
        if (/^sql(\.|$|<)/.test(tag)) report(node.getStart(source), 'sql-outside-repository', 'sql`...`');
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return problems;
}

/** What `npm run lint` would say about the tree at `root`: new violations, and known ones now gone. */
export function checkBoundaries(root) {
  const problems = check(root);
  const known = (problem) =>
    KNOWN.find(
      (entry) =>
        entry.rule === problem.rule &&
        entry.file === problem.file &&
        resolveImport(problem.file, problem.detail.replace(/ \(.*\)$/, '')).path === entry.target,
    );
  return {
    moduleGraph: moduleGraph(),
    violations: problems.filter((problem) => !known(problem)),
    waived: problems.length - problems.filter((problem) => !known(problem)).length,
    stale: KNOWN.filter(
      (entry) =>
        existsSync(path.join(root, entry.file)) && !problems.some((problem) => known(problem) === entry),
    ),
  };
}

/** Which modules each module imports, and how many imports, level by level, lowest first. */
function moduleGraph() {
  const edges = new Map();
  for (const { from, to } of moduleImports) {
    const key = `${from} -> ${to}`;
    edges.set(key, (edges.get(key) ?? 0) + 1);
  }
  return MODULE_ORDER.flatMap((level, index) =>
    level.map((name) => ({
      module: name,
      level: index,
      imports: [...edges]
        .filter(([key]) => key.startsWith(`${name} -> `))
        .map(([key, count]) => ({ module: key.slice(name.length + 4), count })),
    })),
  );
}

/** One line per violation: `file:line  rule  import or switch: what the rule asks`. */
export const describeViolation = ({ file, line, rule, detail }) =>
  `  ${file}:${line}  ${rule}  ${detail}: ${RULES[rule]}`;

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const rootIndex = process.argv.indexOf('--root');
  const root =
    rootIndex > 0
      ? path.resolve(process.argv[rootIndex + 1])
      : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const { violations, waived, stale, moduleGraph: graph } = checkBoundaries(root);
  if (process.argv.includes('--modules')) {
    console.info('API modules, lowest level first: each imports only modules on lower levels');
    for (const { module, level, imports } of graph) {
      const list = imports.map(({ module: name, count }) => `${name} (${count})`).join(', ');
      console.info(`  ${level}  ${module.padEnd(13)} -> ${list || 'none'}`);
    }
  }
  for (const entry of stale)
    console.warn(`check-boundaries: ${entry.file} no longer imports ${entry.target}; remove it from KNOWN`);
  if (violations.length > 0) {
    console.error('Boundary violations (docs/decisions/0009-boundaries-in-the-linter.md):');
    for (const violation of violations) console.error(describeViolation(violation));
    process.exit(1);
  }
  const known = waived > 0 ? ` (${waived} known, listed in KNOWN)` : '';
  console.info(`boundaries: every import keeps its layer and every switch is exhaustive${known}`);
}
