#!/usr/bin/env node
// `npm run lighthouse` (builds first): Lighthouse 12.2.3 in headless Chromium, mobile profile
// (Moto G Power screen, slow 4G and 4x CPU slowdown, applied to the browser for real: devtools
// throttling; LIGHTHOUSE_THROTTLING=simulate for Lighthouse's default simulation), on the
// production build served by the API, for /, /login, /businesses, a booking page and /profile (signed
// in as the demo customer) and /admin (signed in as a demo business). Writes the
// 'lighthouse' section of docs/quality.md and the full reports to test-output/lighthouse/.
//
// Targets: performance >= 95 and LCP <= 2.0 s, accessibility = 100, best practices >= 95. Accessibility and best
// practices are deterministic and fail the run. Performance swings by several points with the load
// of the machine (CI shares two cores with the other suites), so a miss is printed loudly but fails
// the run only with LIGHTHOUSE_STRICT=1.
//
// Why real throttling: Lighthouse's simulation rebuilds the page load from a trace recorded on
// loopback, where every script of a server-rendered page has arrived before the first frame, and
// charges them all to the first paint; a browser on a slow network paints once the HTML and the
// stylesheet are in. The simulation also scored the old build's hand-made shells as the largest
// paint. Slow 4G applied to the browser (562.5 ms round trips, 1.47 Mbit/s down) measures what a
// person on it waits for.
//
// Environment: WEB_BUILD (default apps/web/build), CHROMIUM_PATH (default /usr/bin/chromium),
// LIGHTHOUSE_PORT (default 3200), LIGHTHOUSE_RUNS (runs per page; the run with the median performance
// score is reported; default 3, about 2 minutes in all), LIGHTHOUSE_PAGES (comma-separated paths to audit,
// e.g. `/login,/profile`; `/booking` stands for both booking pages; default all), LIGHTHOUSE_REPORTS
// (where the JSON reports go; default test-output/lighthouse), LIGHTHOUSE_CPU_SLOWDOWN (Lighthouse's
// CPU slowdown, default its own 4; it is relative to the machine's speed, its benchmark index, so a
// larger one reproduces on a fast machine a run of a slower or busier one). With LIGHTHOUSE_PAGES
// set the run is a partial one, for working on a page: set QUALITY_DOC to keep docs/quality.md as it is.
//
// As deployed (docs/deploy.md, "TLS in front"): the browser talks HTTP/2 over TLS to nginx (Debian's
// package, in the foreground with a certificate made for the run), which passes each request to the
// API over HTTP/1.1, so a page's many module files share one connection as they do in production
// rather than queueing six at a time. LIGHTHOUSE_PROTOCOL=http1 audits the API directly.
//
// Side by side: LIGHTHOUSE_BASELINE=/path/to/another/checkout (built with its own `npm run build`)
// starts that checkout's API from its source too, on LIGHTHOUSE_PORT + 1 with its own demo data and
// its own build, and audits every page on both, alternating run by run (baseline first on odd runs,
// this build first on even ones), so that the load of the machine falls on both alike. The section
// then holds a second table: each page's median on the baseline and on this build, and what this
// build's largest paint is. E.g. `git worktree add /tmp/before <commit> && (cd /tmp/before && npm ci
// && npm run build)` then `LIGHTHOUSE_BASELINE=/tmp/before npm run lighthouse`.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { throttling as THROTTLING } from 'lighthouse/core/config/constants.js';
import puppeteer from 'puppeteer-core';
import { ROOT, table, updateSection } from './doc.mjs';

const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3200);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const STRICT = process.env.LIGHTHOUSE_STRICT === '1';
const CPU_SLOWDOWN = Number(
  process.env.LIGHTHOUSE_CPU_SLOWDOWN ?? THROTTLING.mobileSlow4G.cpuSlowdownMultiplier,
);
const THROTTLING_METHOD = process.env.LIGHTHOUSE_THROTTLING ?? 'devtools';
const PROTOCOL = process.env.LIGHTHOUSE_PROTOCOL ?? 'h2';
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const ONLY_PAGES = process.env.LIGHTHOUSE_PAGES
  ? new Set(
      process.env.LIGHTHOUSE_PAGES.split(',')
        .map((path) => path.trim())
        .filter(Boolean),
    )
  : null;
const WEB_BUILD = process.env.WEB_BUILD
  ? isAbsolute(process.env.WEB_BUILD)
    ? process.env.WEB_BUILD
    : resolve(process.cwd(), process.env.WEB_BUILD)
  : join(ROOT, 'apps', 'web', 'build');
const BASELINE = process.env.LIGHTHOUSE_BASELINE ? resolve(process.env.LIGHTHOUSE_BASELINE) : null;
const BASELINE_ORIGIN = `http://127.0.0.1:${PORT + 1}`;
/** The baseline checkout's commit, as the section names it. */
const BASELINE_LABEL = BASELINE
  ? (() => {
      const log = spawnSync('git', ['-C', BASELINE, 'log', '-1', '--format=%h, %cs'], { encoding: 'utf8' });
      return log.status === 0 ? `commit ${log.stdout.trim()}` : BASELINE;
    })()
  : '';
const REPORTS = process.env.LIGHTHOUSE_REPORTS
  ? resolve(process.cwd(), process.env.LIGHTHOUSE_REPORTS)
  : join(ROOT, 'test-output', 'lighthouse');
const CHROME_FLAGS = [
  // The TLS front's certificate is made for the run.
  '--ignore-certificate-errors',
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices'];
const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 95 };
/** Largest Contentful Paint target (simulated), reported like a performance miss. */
const LCP_TARGET_MS = 2000;
// The demo customer and a demo business that the API seeds outside production (apps/api/src/db/seed.ts).
const DEMO_CUSTOMER = { email: 'customer@trimtime.test', password: 'Demo123!' };
const DEMO_BUSINESS = { email: 'belfast@trimtime.test', password: 'Demo123!' };
const SESSION_STORAGE_KEY = 'trimtime.session';

/**
 * The API from source on a fresh SQLite database, rendering and serving WEB_BUILD; or, for the
 * baseline, another checkout's API serving that checkout's own build.
 */
async function startServer(dataDir, { root = ROOT, origin = ORIGIN, appUrl = origin } = {}) {
  const env = {
    ...process.env,
    NODE_ENV: 'test', // demo data is seeded outside production
    PORT: new URL(origin).port,
    HOST: '127.0.0.1',
    DATABASE_URL: `sqlite:${join(dataDir, 'app.db')}`,
    WEB_BUILD,
    APP_URL: appUrl,
    LOG_LEVEL: 'warn',
    // A sign-in before every signed-in run (signIn below).
    AUTH_RATE_LIMIT: '1000',
  };
  delete env.SMTP_URL;
  if (root !== ROOT) delete env.WEB_BUILD;
  const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps', 'api', 'src', 'server.ts')], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  server.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode}):\n${stderr}`);
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return server;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  server.kill('SIGTERM');
  throw new Error(`the server did not answer on ${origin} within 60 s:\n${stderr}`);
}

/** The address a browser uses for a server: its TLS front (HTTP/2) or, with http1, the server itself. */
const frontOf = (origin) => {
  if (PROTOCOL !== 'h2') return origin;
  const url = new URL(origin);
  return `https://127.0.0.1:${Number(url.port) + 10}`;
};

/**
 * nginx in the foreground as the TLS front of each origin (`frontOf`), HTTP/2 to the browser and
 * HTTP/1.1 to the server, with a self-signed certificate made now. Every file stays under `dir`.
 */
async function startTlsFront(dir, origins) {
  const key = join(dir, 'key.pem');
  const cert = join(dir, 'cert.pem');
  const made = spawnSync('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    key,
    '-out',
    cert,
    '-days',
    '1',
    '-subj',
    '/CN=127.0.0.1',
  ]);
  if (made.status !== 0) throw new Error(`openssl could not make a certificate: ${made.stderr}`);
  const servers = origins.map(
    (origin) => `
  server {
    listen ${new URL(frontOf(origin)).port} ssl http2;
    ssl_certificate ${cert};
    ssl_certificate_key ${key};
    location / {
      proxy_pass ${origin};
      proxy_http_version 1.1;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto https;
      proxy_buffering off;
    }
  }`,
  );
  const config = join(dir, 'nginx.conf');
  writeFileSync(
    config,
    `${process.getuid?.() === 0 ? 'user root;' : ''}
daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${servers.join('\n')}
}
`,
  );
  const nginx = spawn(NGINX, ['-p', dir, '-c', config], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  nginx.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const probe = frontOf(origins[0]);
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (nginx.exitCode !== null) throw new Error(`nginx exited (${nginx.exitCode}):\n${stderr}`);
    const answered = spawnSync(
      'curl',
      ['-sk', '-o', '/dev/null', '-w', '%{http_code}', `${probe}/api/health`],
      {
        encoding: 'utf8',
      },
    );
    if (answered.stdout === '200') return nginx;
    await sleep(200);
  }
  nginx.kill('SIGTERM');
  throw new Error(`the TLS front did not answer on ${probe}:\n${stderr}`);
}

async function api(origin, path, { method = 'GET', body, token } = {}) {
  const response = await fetch(`${origin}/api${path}`, {
    method,
    headers: {
      Accept: 'application/json',
      ...(body ? { 'Content-Type': 'application/json' } : {}),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} /api${path}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/**
 * The demo businesses whose booking pages are audited, by name (the list's own order follows the
 * time of day): one whose header (its address line) is a phone's largest text, and one whose header
 * is short, so that the calendar's month heading, drawn by the app, is larger.
 */
const BOOKING_PAGES = [
  { name: 'booking', business: 'Bow Street Barbers', label: '/booking/:businessId' },
  {
    name: 'booking-short',
    business: 'Causeway Coast Mobile Barber',
    label: '/booking/:businessId (short header)',
  },
];

/** Finds the businesses of BOOKING_PAGES. */
async function findBookingPages(origin) {
  // Signed in: the list was for signed-in people only before issue 28 (a baseline may be older).
  const { accessToken } = await signIn(origin, DEMO_CUSTOMER);
  const listed = await api(origin, '/booking/businesses?sort=name', { token: accessToken });
  const businesses = Array.isArray(listed) ? listed : (listed.businesses ?? listed.items ?? []);
  return BOOKING_PAGES.map(({ business }) => {
    const found = businesses.find((candidate) => candidate.BusinessName === business);
    if (!found?.id)
      throw new Error(`GET /api/booking/businesses does not list the demo business ${business}`);
    return found.id;
  });
}

/**
 * A fresh sign-in for each signed-in run: an access token lives 15 minutes and a refresh token is
 * used once, so tokens kept from the start would be stale (or revoked) by the later runs, and the
 * audit would measure the way to /login instead of the page.
 */
const signIn = (origin, account) => api(origin, '/auth/login', { method: 'POST', body: account });

/**
 * Puts the signed-in session into the browser profile's localStorage, as "remember me" would, so
 * the page opens signed in. The audit then runs with Lighthouse's storage reset off.
 */
async function signInBrowser(port, tokens, origin) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const page = await browser.newPage();
    // A page of the origin that loads none of the app's files: the audit must start with a cold cache
    // (keeping storage also keeps the HTTP cache).
    await page.goto(`${origin}/api/health`, { waitUntil: 'load' });
    await page.evaluate(
      (key, value) => localStorage.setItem(key, value),
      SESSION_STORAGE_KEY,
      JSON.stringify({ ...tokens, expiresAt: Date.now() + 24 * 60 * 60 * 1000 }),
    );
    await page.close();
  } finally {
    await browser.disconnect();
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
};

/** Audits that lost points in a category (score below 1), with the elements they name. */
function failingAudits(lhr, categoryId) {
  return lhr.categories[categoryId].auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit.score !== null && audit.score < 1)
    .map((audit) => {
      const items = audit.details?.items ?? [];
      const nodes = items
        .map((item) => item.node?.snippet ?? item.source?.url ?? item.description ?? item.url)
        .filter(Boolean)
        .slice(0, 3);
      return { id: audit.id, title: audit.title, nodes };
    });
}

/** One Lighthouse run in a fresh Chromium (a reused browser loses the trace of later runs). */
async function runOnce({ url, account, apiOrigin }) {
  const profileDir = mkdtempSync(join(tmpdir(), 'trimtime-lighthouse-chrome-'));
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: CHROME_FLAGS,
    userDataDir: profileDir,
    logLevel: 'error',
  });
  try {
    if (account) await signInBrowser(chrome.port, await signIn(apiOrigin, account), new URL(url).origin);
    return await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
      // Signed in: keep the session just put into localStorage.
      disableStorageReset: Boolean(account),
      throttlingMethod: THROTTLING_METHOD,
      throttling: { ...THROTTLING.mobileSlow4G, cpuSlowdownMultiplier: CPU_SLOWDOWN },
      // With the JavaScript samples, so the trace says which functions the long tasks ran.
      ...(process.env.LIGHTHOUSE_TRACES === '1'
        ? { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' }
        : {}),
    });
  } finally {
    await chrome.kill();
    rmSync(profileDir, { recursive: true, force: true });
  }
}

/** One run of a page, repeated when Chromium lost its trace; its report is kept under REPORTS. */
async function auditRun(name, page) {
  // NOTE: Chromium now and then loses the trace of a page load (NO_NAVSTART, NO_FCP on a busy
  // machine); such a run measured nothing and is repeated, up to twice.
  for (let attempt = 1; ; attempt += 1) {
    const result = await runOnce(page);
    if (!result) throw new Error(`Lighthouse returned nothing for ${page.url}`);
    const error = result.lhr.runtimeError;
    if (!error) {
      writeFileSync(join(REPORTS, `${name}.json`), result.report);
      // LIGHTHOUSE_TRACES=1: the run's performance trace too, for Chromium's Performance panel.
      const trace = result.artifacts?.Trace ?? result.artifacts?.traces?.defaultPass;
      if (process.env.LIGHTHOUSE_TRACES === '1' && trace)
        writeFileSync(join(REPORTS, `${name}.trace.json`), JSON.stringify(trace));
      return result.lhr;
    }
    if (attempt === 3) throw new Error(`${page.url}: ${error.code} ${error.message}`);
    console.warn(`${page.url}: ${error.code}, running again`);
  }
}

/** A page's runs summed up by the run with the median performance score. */
function summarize(name, url, runs) {
  const origin = new URL(url).origin;
  const performance = median(runs.map((lhr) => lhr.categories.performance.score));
  const lhr = runs.find((candidate) => candidate.categories.performance.score === performance);
  const score = (id) => Math.round(lhr.categories[id].score * 100);
  const metric = (id) => lhr.audits[id].numericValue;
  return {
    name,
    url: url.replace(origin, ''),
    finalUrl: lhr.finalDisplayedUrl.replace(origin, ''),
    scores: Object.fromEntries(CATEGORIES.map((id) => [id, score(id)])),
    allPerformance: runs.map((run) => Math.round(run.categories.performance.score * 100)),
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    si: metric('speed-index'),
    failing: Object.fromEntries(CATEGORIES.map((id) => [id, failingAudits(lhr, id)])),
    lighthouseVersion: lhr.lighthouseVersion,
    throttling: lhr.configSettings.throttling,
    userAgent: lhr.environment.hostUserAgent,
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

/**
 * RUNS runs of a page on this build and, with a baseline, as many of the same page on the baseline,
 * alternating which goes first.
 */
async function auditPage(page, baselinePage) {
  const runs = [];
  const baselineRuns = [];
  const suffix = (run) => (RUNS > 1 ? `-${run + 1}` : '');
  for (let run = 0; run < RUNS; run += 1) {
    const current = () => auditRun(`${page.name}${suffix(run)}`, page);
    const baseline = () => auditRun(`baseline-${page.name}${suffix(run)}`, baselinePage);
    if (!baselinePage) runs.push(await current());
    else if (run % 2 === 0) {
      baselineRuns.push(await baseline());
      runs.push(await current());
    } else {
      runs.push(await current());
      baselineRuns.push(await baseline());
    }
  }
  return {
    result: summarize(page.name, page.url, runs),
    baseline: baselinePage ? summarize(page.name, baselinePage.url, baselineRuns) : null,
  };
}

/** This build beside the baseline, page by page: the medians of each. */
function renderSideBySide(results) {
  const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
  const pair = (before, after, format) => `${format(before)} → ${format(after)}`;
  const worse = results.filter((r) => r.scores.performance < r.baseline.scores.performance);
  return [
    `Side by side with the baseline build (\`LIGHTHOUSE_BASELINE\`: ${BASELINE_LABEL}), in the same run, runs`,
    'alternating between the two; each cell is baseline → this build (median performance run):',
    '',
    table(
      ['page', 'performance', 'FCP', 'LCP', 'TBT', 'CLS'],
      results.map((r) => [
        `\`${r.label}\``,
        `${pair(r.baseline.scores.performance, r.scores.performance, String)} (runs: ${r.baseline.allPerformance.join(', ')} → ${r.allPerformance.join(', ')})`,
        pair(r.baseline.fcp, r.fcp, seconds),
        pair(r.baseline.lcp, r.lcp, seconds),
        pair(r.baseline.tbt, r.tbt, (ms) => `${Math.round(ms)} ms`),
        pair(r.baseline.cls, r.cls, (value) => value.toFixed(3)),
      ]),
    ),
    '',
    worse.length === 0
      ? 'No page scores worse than on the baseline.'
      : `Worse than the baseline: ${worse.map((r) => `\`${r.label}\` (${r.baseline.scores.performance} → ${r.scores.performance})`).join(', ')}.`,
  ].join('\n');
}

function render(results, problems, misses) {
  const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
  const rows = results.map((r) => [
    `\`${r.label}\`${r.finalUrl !== r.url ? ` (ended on \`${r.finalUrl}\`)` : ''}`,
    RUNS > 1 ? `${r.scores.performance} (runs: ${r.allPerformance.join(', ')})` : r.scores.performance,
    r.scores.accessibility,
    r.scores['best-practices'],
    seconds(r.fcp),
    seconds(r.lcp),
    `${Math.round(r.tbt)} ms`,
    r.cls.toFixed(3),
    seconds(r.si),
  ]);
  const findings = results.flatMap((r) =>
    CATEGORIES.flatMap((id) =>
      r.failing[id]
        .filter(() => id !== 'performance')
        .map(
          (audit) =>
            `- \`${r.label}\` ${id}: ${audit.title} (\`${audit.id}\`)${audit.nodes.length ? `: ${audit.nodes.map((n) => `\`${String(n).slice(0, 120)}\``).join(', ')}` : ''}`,
        ),
    ),
  );
  const first = results[0];
  const { cpuSlowdownMultiplier } = first.throttling;
  const network =
    THROTTLING_METHOD === 'devtools'
      ? `slow 4G applied to the browser (${first.throttling.requestLatencyMs} ms round trips, ${(first.throttling.downloadThroughputKbps / 1000).toFixed(2)} Mbit/s down), CPU x${cpuSlowdownMultiplier}`
      : `slow 4G simulated from a trace (${first.throttling.rttMs} ms round trips, ${(first.throttling.throughputKbps / 1000).toFixed(1)} Mbit/s), CPU x${cpuSlowdownMultiplier}`;
  const why = [
    `Why performance can miss: the mobile profile's ${network} on a`,
    'machine whose speed varies. The public pages',
    'are rendered on the server with their data (decision 23), so their largest paint is server-rendered',
    'content; the signed-in pages render in the browser behind one skeleton. What hydration costs (React,',
    "the router, Mantine, TanStack Query, section 4c; the route's module) shows as TBT. The CPU work is",
    'multiplied by the slowdown on a two-core machine shared with the',
    'other suites, so TBT, and with it the score,',
    'moves by a few points from run to run.',
  ].join('\n');
  return [
    `Lighthouse ${first.lighthouseVersion}, headless Chromium (${first.userAgent.match(/Chrome\/[\d.]+/)?.[0] ?? 'Chromium'}),`,
    `mobile profile (${network}; \`LIGHTHOUSE_THROTTLING=${THROTTLING_METHOD}\`), on the production build`,
    `served by the API with its demo data${PROTOCOL === 'h2' ? ' behind a TLS front speaking HTTP/2 (nginx, as docs/deploy.md deploys it)' : ', directly over HTTP/1.1'}; ${RUNS} run${RUNS > 1 ? 's' : ''} per page${RUNS > 1 ? ' (median performance shown)' : ''}.`,
    `The booking pages (of the demo businesses ${BOOKING_PAGES.map(({ business }) => business).join(' and ')}) and \`/profile\` are audited signed in as the demo customer, \`/admin\` as`,
    `the demo business ${DEMO_BUSINESS.email} (tokens put into the browser's localStorage as "remember me" does, storage`,
    'reset off for those audits). Machine benchmark index:',
    `${Math.round(first.benchmarkIndex)}. Targets: performance ≥ ${TARGETS.performance} and LCP ≤ ${(LCP_TARGET_MS / 1000).toFixed(1)} s, accessibility = ${TARGETS.accessibility}, best practices ≥ ${TARGETS['best-practices']}.`,
    '',
    table(
      ['page', 'performance', 'accessibility', 'best practices', 'FCP', 'LCP', 'TBT', 'CLS', 'Speed Index'],
      rows,
    ),
    '',
    problems.length === 0 && misses.length === 0
      ? 'Every target is met.'
      : [
          ...(problems.length
            ? ['**Not met (fails the run):**', '', ...problems.map((p) => `- ${p}`), '']
            : []),
          ...(misses.length
            ? [
                `**Performance below target** (${STRICT ? 'fails the run: LIGHTHOUSE_STRICT=1' : 'reported, not failing: timing-sensitive, set LIGHTHOUSE_STRICT=1 to fail'}):`,
                '',
                ...misses.map((m) => `- ${m}`),
                '',
                why,
              ]
            : []),
        ].join('\n'),
    ...(findings.length ? ['', 'Audits that lost points:', '', ...findings] : []),
  ].join('\n');
}

async function main() {
  if (!existsSync(join(WEB_BUILD, 'server', 'index.js'))) {
    throw new Error(
      `${WEB_BUILD}/server/index.js is missing: build the web app first (npm run build -w @app/web)`,
    );
  }
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM} (set CHROMIUM_PATH)`);
  rmSync(REPORTS, { recursive: true, force: true });
  mkdirSync(REPORTS, { recursive: true });
  if (BASELINE && !existsSync(join(BASELINE, 'apps', 'api', 'src', 'server.ts'))) {
    throw new Error(`LIGHTHOUSE_BASELINE=${BASELINE} is not a checkout of this project`);
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'trimtime-lighthouse-'));
  const baselineDataDir = mkdtempSync(join(tmpdir(), 'trimtime-lighthouse-baseline-'));
  const frontDir = mkdtempSync(join(tmpdir(), 'trimtime-lighthouse-front-'));
  const servers = [];
  try {
    servers.push(await startServer(dataDir, { appUrl: frontOf(ORIGIN) }));
    if (BASELINE) {
      servers.push(
        await startServer(baselineDataDir, {
          root: BASELINE,
          origin: BASELINE_ORIGIN,
          appUrl: frontOf(BASELINE_ORIGIN),
        }),
      );
    }
    if (PROTOCOL === 'h2') {
      servers.push(await startTlsFront(frontDir, BASELINE ? [ORIGIN, BASELINE_ORIGIN] : [ORIGIN]));
    }
    /** The audited pages of one server, with the sessions its demo data gives. */
    const pagesOf = async (origin) => {
      const businessIds = await findBookingPages(origin);
      return [
        { name: 'landing', path: '/' },
        { name: 'login', path: '/login' },
        { name: 'businesses', path: '/businesses' },
        ...BOOKING_PAGES.map(({ name, label }, index) => ({
          name,
          path: `/booking/${encodeURIComponent(businessIds[index])}`,
          label,
          account: DEMO_CUSTOMER,
        })),
        { name: 'profile', path: '/profile', account: DEMO_CUSTOMER },
        { name: 'admin', path: '/admin', account: DEMO_BUSINESS },
      ].map((page) => ({ ...page, apiOrigin: origin, url: `${frontOf(origin)}${page.path}` }));
    };
    const pages = await pagesOf(ORIGIN);
    const baselinePages = BASELINE ? await pagesOf(BASELINE_ORIGIN) : null;
    const results = [];
    const selected = ONLY_PAGES
      ? pages.filter(
          (page) => ONLY_PAGES.has(page.path) || ONLY_PAGES.has(page.label?.replace(/\/:businessId.*$/, '')),
        )
      : pages;
    if (selected.length === 0)
      throw new Error(`LIGHTHOUSE_PAGES matched no page: ${process.env.LIGHTHOUSE_PAGES}`);
    for (const page of selected) {
      const started = Date.now();
      page.label ??= page.path;
      const { result, baseline } = await auditPage(
        page,
        baselinePages?.find((candidate) => candidate.name === page.name),
      );
      result.label = page.label;
      result.baseline = baseline;
      if (baseline) {
        console.info(
          `${'  baseline'.padEnd(24)} performance ${baseline.scores.performance}  LCP ${Math.round(baseline.lcp)} ms  TBT ${Math.round(baseline.tbt)} ms  CLS ${baseline.cls.toFixed(3)}`,
        );
      }
      console.info(
        `${page.path.padEnd(24)} performance ${result.scores.performance}  accessibility ${result.scores.accessibility}  best practices ${result.scores['best-practices']}  LCP ${Math.round(result.lcp)} ms  TBT ${Math.round(result.tbt)} ms  CLS ${result.cls.toFixed(3)}  (${((Date.now() - started) / 1000).toFixed(0)} s)`,
      );
      results.push(result);
    }

    const problems = [];
    const misses = [];
    for (const r of results) {
      if (r.finalUrl !== r.url)
        problems.push(`${r.label} ended on ${r.finalUrl}: the audit did not see the page`);
      for (const id of ['accessibility', 'best-practices']) {
        if (r.scores[id] < TARGETS[id]) {
          const audits = r.failing[id].map((audit) => audit.id).join(', ');
          problems.push(`${r.label}: ${id} ${r.scores[id]} < ${TARGETS[id]} (${audits})`);
        }
      }
      if (r.scores.performance < TARGETS.performance) {
        const audits = r.failing.performance.map((audit) => audit.id).join(', ');
        misses.push(
          `${r.label}: performance ${r.scores.performance} < ${TARGETS.performance} by ${TARGETS.performance - r.scores.performance} (${audits})`,
        );
      }
      if (r.lcp > LCP_TARGET_MS) {
        misses.push(
          `${r.label}: LCP ${(r.lcp / 1000).toFixed(2)} s > ${(LCP_TARGET_MS / 1000).toFixed(1)} s`,
        );
      }
    }
    updateSection(
      'lighthouse',
      [render(results, problems, misses), ...(BASELINE ? ['', renderSideBySide(results)] : [])].join('\n'),
    );
    for (const miss of misses) console.warn(`PERFORMANCE MISS: ${miss}`);
    for (const problem of problems) console.error(`FAILED: ${problem}`);
    console.info(`Reports: ${REPORTS}`);
    return problems.length > 0 || (STRICT && misses.length > 0) ? 1 : 0;
  } finally {
    for (const server of servers) {
      server.kill('SIGTERM');
      await new Promise((done) => {
        if (server.exitCode !== null) done();
        else server.once('exit', done);
      });
    }
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(baselineDataDir, { recursive: true, force: true });
    rmSync(frontDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
