#!/usr/bin/env node
// `npm run lighthouse` (builds first): Lighthouse 12.2.3 in headless Chromium, mobile profile
// (Lighthouse's default: Moto G Power screen, simulated slow 4G and 4x CPU slowdown), on the
// production build served by the API, for /, /login, /businesses, a booking page and /profile (signed
// in as the demo customer) and /admin (signed in as a demo business). Writes the
// 'lighthouse' section of docs/quality.md and the full reports to test-output/lighthouse/.
//
// Targets: performance >= 95 and LCP <= 2.0 s, accessibility = 100, best practices >= 95. Accessibility and best
// practices are deterministic and fail the run. Performance is simulated from a trace and swings by
// several points with the load of the machine (CI shares two cores with the other suites), so a miss
// is printed loudly but fails the run only with LIGHTHOUSE_STRICT=1.
//
// Environment: WEB_BUILD (default apps/web/build), CHROMIUM_PATH (default /usr/bin/chromium),
// LIGHTHOUSE_PORT (default 3200), LIGHTHOUSE_RUNS (runs per page; the run with the median performance
// score is reported; default 3, about 2 minutes in all), LIGHTHOUSE_PAGES (comma-separated paths to audit,
// e.g. `/login,/profile`; `/booking` stands for both booking pages; default all), LIGHTHOUSE_REPORTS
// (where the JSON reports go; default test-output/lighthouse), LIGHTHOUSE_CPU_SLOWDOWN (Lighthouse's
// CPU slowdown, default its own 4; it is relative to the machine's speed, its benchmark index, so a
// larger one reproduces on a fast machine a run of a slower or busier one). With LIGHTHOUSE_PAGES
// set the run is a partial one, for working on a page: set QUALITY_DOC to keep docs/quality.md as it is.
import { spawn } from 'node:child_process';
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
const REPORTS = process.env.LIGHTHOUSE_REPORTS
  ? resolve(process.cwd(), process.env.LIGHTHOUSE_REPORTS)
  : join(ROOT, 'test-output', 'lighthouse');
const CHROME_FLAGS = [
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

/** The API from source on a fresh SQLite database, rendering and serving WEB_BUILD. */
async function startServer(dataDir) {
  const env = {
    ...process.env,
    NODE_ENV: 'test', // demo data is seeded outside production
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATABASE_URL: `sqlite:${join(dataDir, 'app.db')}`,
    WEB_BUILD,
    APP_URL: ORIGIN,
    LOG_LEVEL: 'warn',
  };
  delete env.SMTP_URL;
  const server = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'apps', 'api', 'src', 'server.ts')], {
    cwd: ROOT,
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
      if ((await fetch(`${ORIGIN}/api/health`)).ok) return server;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  server.kill('SIGTERM');
  throw new Error(`the server did not answer on ${ORIGIN} within 60 s:\n${stderr}`);
}

async function api(path, { method = 'GET', body, token } = {}) {
  const response = await fetch(`${ORIGIN}/api${path}`, {
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

/** Signs the demo customer and business in and finds the businesses of BOOKING_PAGES. */
async function prepareSessions() {
  const tokens = await api('/auth/login', { method: 'POST', body: DEMO_CUSTOMER });
  const businessTokens = await api('/auth/login', { method: 'POST', body: DEMO_BUSINESS });
  const listed = await api('/booking/businesses?sort=name', { token: tokens.accessToken });
  const businesses = Array.isArray(listed) ? listed : (listed.businesses ?? listed.items ?? []);
  const businessIds = BOOKING_PAGES.map(({ business }) => {
    const found = businesses.find((candidate) => candidate.BusinessName === business);
    if (!found?.id)
      throw new Error(`GET /api/booking/businesses does not list the demo business ${business}`);
    return found.id;
  });
  return { tokens, businessTokens, businessIds };
}

/**
 * Puts the signed-in session into the browser profile's localStorage, as "remember me" would, so
 * the page opens signed in. The audit then runs with Lighthouse's storage reset off.
 */
async function signInBrowser(port, tokens) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const page = await browser.newPage();
    // A page of the origin that loads none of the app's files: the audit must start with a cold cache
    // (keeping storage also keeps the HTTP cache).
    await page.goto(`${ORIGIN}/api/health`, { waitUntil: 'load' });
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
async function runOnce(url, tokens) {
  const profileDir = mkdtempSync(join(tmpdir(), 'trimtime-lighthouse-chrome-'));
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: CHROME_FLAGS,
    userDataDir: profileDir,
    logLevel: 'error',
  });
  try {
    if (tokens) await signInBrowser(chrome.port, tokens);
    return await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
      // Signed in: keep the session just put into localStorage.
      disableStorageReset: Boolean(tokens),
      throttling: { ...THROTTLING.mobileSlow4G, cpuSlowdownMultiplier: CPU_SLOWDOWN },
    });
  } finally {
    await chrome.kill();
    rmSync(profileDir, { recursive: true, force: true });
  }
}

async function auditPage(name, url, tokens) {
  const runs = [];
  for (let run = 0; run < RUNS; run += 1) {
    // NOTE: Chromium now and then loses the trace of a page load (NO_NAVSTART, NO_FCP on a busy
    // machine); such a run measured nothing and is repeated, up to twice.
    let result;
    for (let attempt = 1; ; attempt += 1) {
      result = await runOnce(url, tokens);
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      const error = result.lhr.runtimeError;
      if (!error) break;
      if (attempt === 3) throw new Error(`${url}: ${error.code} ${error.message}`);
      console.warn(`${url}: ${error.code}, running again`);
    }
    const { lhr } = result;
    writeFileSync(join(REPORTS, `${name}${RUNS > 1 ? `-${run + 1}` : ''}.json`), result.report);
    runs.push(lhr);
  }
  // The run with the median performance score stands for the page.
  const performance = median(runs.map((lhr) => lhr.categories.performance.score));
  const lhr = runs.find((candidate) => candidate.categories.performance.score === performance);
  const score = (id) => Math.round(lhr.categories[id].score * 100);
  const metric = (id) => lhr.audits[id].numericValue;
  return {
    name,
    url: url.replace(ORIGIN, ''),
    finalUrl: lhr.finalDisplayedUrl.replace(ORIGIN, ''),
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
  const { rttMs, throughputKbps, cpuSlowdownMultiplier } = first.throttling;
  const why = [
    'Why performance can miss: Lighthouse simulates the mobile profile from a trace recorded on this',
    `machine (${rttMs} ms round trips, ${(throughputKbps / 1000).toFixed(1)} Mbit/s, CPU work x${cpuSlowdownMultiplier}). The public pages`,
    'are rendered on the server with their data (decision 23), so their largest paint is server-rendered',
    'content; the signed-in pages render in the browser behind one skeleton. What hydration costs (React,',
    "the router, Mantine, TanStack Query, section 4c; the route's module) shows as TBT. The CPU work is",
    'multiplied by the slowdown on a two-core machine shared with the',
    'other suites, so TBT, and with it the score,',
    'moves by a few points from run to run.',
  ].join('\n');
  return [
    `Lighthouse ${first.lighthouseVersion}, headless Chromium (${first.userAgent.match(/Chrome\/[\d.]+/)?.[0] ?? 'Chromium'}),`,
    "mobile profile (Lighthouse's default: simulated slow 4G, 4x CPU slowdown), on the production build",
    `served by the API with its demo data; ${RUNS} run${RUNS > 1 ? 's' : ''} per page${RUNS > 1 ? ' (median performance shown)' : ''}.`,
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
  const dataDir = mkdtempSync(join(tmpdir(), 'trimtime-lighthouse-'));
  let server;
  try {
    server = await startServer(dataDir);
    const { tokens, businessTokens, businessIds } = await prepareSessions();
    const pages = [
      { name: 'landing', path: '/' },
      { name: 'login', path: '/login' },
      { name: 'businesses', path: '/businesses' },
      ...BOOKING_PAGES.map(({ name, label }, index) => ({
        name,
        path: `/booking/${encodeURIComponent(businessIds[index])}`,
        label,
        tokens,
      })),
      { name: 'profile', path: '/profile', tokens },
      { name: 'admin', path: '/admin', tokens: businessTokens },
    ];
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
      const result = await auditPage(page.name, `${ORIGIN}${page.path}`, page.tokens);
      result.label = page.label;
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
    updateSection('lighthouse', render(results, problems, misses));
    for (const miss of misses) console.warn(`PERFORMANCE MISS: ${miss}`);
    for (const problem of problems) console.error(`FAILED: ${problem}`);
    console.info(`Reports: ${REPORTS}`);
    return problems.length > 0 || (STRICT && misses.length > 0) ? 1 : 0;
  } finally {
    if (server) {
      server.kill('SIGTERM');
      await new Promise((done) => {
        if (server.exitCode !== null) done();
        else server.once('exit', done);
      });
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
