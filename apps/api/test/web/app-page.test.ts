import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { bookingCalendarMonths } from '@app/domain';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Db } from '../../src/db/database';
import { migrateToLatest } from '../../src/db/migrate';
import { loadAppPages, routePattern } from '../../src/plugins/app-page';
import { webPlugin } from '../../src/plugins/web';
import { createTestApp, type TestApp } from '../helpers/app';
import { createBusiness } from '../helpers/marketplace';

/**
 * The app page names the current route's chunks for its loader (a data block the loader reads once
 * the shell is painted), so the browser fetches them alongside the entry (from the build's
 * .vite/routes.json). The loader, an inline script, is allowed by its hash in the page's CSP.
 */

const LOADER = "(() => { document.querySelectorAll('script[data-app-files]'); })();";

const INDEX = `<!doctype html>
<html lang="en-GB">
  <head>
    <title>TrimTime NI</title>
  </head>
  <body>
    <div id="app-shell"><header class="shell-header"><a href="/" aria-label="TrimTime NI home">TrimTime NI</a></header><main><!-- page heading --><div class="shell-skeleton"></div></main></div>
    <div id="root"></div>
    <script type="application/json" data-app-files>{"entry":["/assets/index-1.js"],"scripts":["/assets/index-1.js","/assets/react-1.js"]}</script>
    <script>${LOADER}</script>
  </body>
</html>
`;

const ROUTES = {
  entry: { js: ['assets/index-1.js', 'assets/react-1.js'], css: [] },
  routes: [
    { route: 'home', path: '/', js: ['assets/landing-1.js', 'assets/Paper-1.js'] },
    { route: 'login', path: '/login', js: ['assets/auth-screen-1.js', 'assets/Paper-1.js'] },
    { route: 'booking', path: '/booking/:businessId', js: ['assets/booking-page-1.js', 'assets/dates-1.js'] },
    { route: 'sneaky', path: '/sneaky', js: ['https://elsewhere.example/evil.js'] },
    {
      route: 'businesses',
      path: '/businesses',
      js: ['assets/businesses-1.js'],
      shell: '<div class="shell-heading" data-layout="page"><h1>Available Barbers</h1><p>Pick one.</p></div>',
    },
    { route: 'scripted', path: '/scripted', js: ['assets/x-1.js'], shell: '<script>alert(1)</script>' },
    {
      route: 'profile',
      path: '/profile',
      js: ['assets/profile-1.js'],
      data: ['/api/booking/userbookings'],
      dataFor: ['User'],
    },
    // A call outside the API, or for no known type of user: the route is not used.
    {
      route: 'elsewhere',
      path: '/elsewhere',
      js: ['assets/e-1.js'],
      data: ['https://x.example/a'],
      dataFor: ['User'],
    },
    { route: 'anyone', path: '/anyone', js: ['assets/a-1.js'], data: ['/api/a'], dataFor: ['Root'] },
    { route: 'untyped', path: '/untyped', js: ['assets/u-1.js'], data: ['/api/a'] },
  ],
};

/** What the page's data blocks name: the API calls for a signed-in visitor, and for which types. */
const dataBlocks = (html: string) =>
  [...html.matchAll(/<script type="application\/json" data-app-files>([^<]*)<\/script>/g)]
    .map((match) => JSON.parse(match[1] ?? '{}') as { data?: string[]; dataFor?: string[] })
    .filter((named) => named.data)
    .map(({ data, dataFor }) => ({ data, dataFor }));

/** The module scripts the page's data blocks name, in order. */
const preloads = (html: string) =>
  [...html.matchAll(/<script type="application\/json" data-app-files>([^<]*)<\/script>/g)].flatMap(
    (match) => (JSON.parse(match[1] ?? '{}') as { scripts?: string[] }).scripts ?? [],
  );

describe('the app page per route', () => {
  let dist: string;
  let t: TestApp;
  let db: Db;
  let close: () => Promise<void>;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
    mkdirSync(join(dist, 'assets'));
    mkdirSync(join(dist, '.vite'));
    writeFileSync(join(dist, 'index.html'), INDEX);
    writeFileSync(join(dist, '.vite', 'routes.json'), JSON.stringify(ROUTES));
    db = createDatabase({ dialect: 'sqlite', path: ':memory:' });
    await migrateToLatest(db);
    t = await createTestApp(db, { config: { webDist: dist } });
    close = async () => {
      await t.close();
      await db.destroy();
    };
  });
  afterAll(async () => {
    await close();
    rmSync(dist, { recursive: true, force: true });
  });

  const page = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ url, headers: { accept: 'text/html', ...headers } });

  it("names the route's screen chunk and its imports for the loader, beside the entry's", async () => {
    const cases: [string, string[]][] = [
      ['/', ['/assets/landing-1.js', '/assets/Paper-1.js']],
      ['/login', ['/assets/auth-screen-1.js', '/assets/Paper-1.js']],
      ['/LOGIN/', ['/assets/auth-screen-1.js', '/assets/Paper-1.js']],
      ['/login?next=%2Fprofile', ['/assets/auth-screen-1.js', '/assets/Paper-1.js']],
      ['/booking/4f1c-9a', ['/assets/booking-page-1.js', '/assets/dates-1.js']],
      ['/booking/a%20b', ['/assets/booking-page-1.js', '/assets/dates-1.js']],
      ['/booking', []],
      ['/booking/1/2', []],
      ['/no-such-page', []],
      // Only the build's own asset files are ever named.
      ['/sneaky', []],
    ];
    for (const [url, expected] of cases) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      const html = response.body;
      // The entry's files first, then the route's.
      expect(preloads(html), url).toEqual(['/assets/index-1.js', '/assets/react-1.js', ...expected]);
      // The shell comes first, then the route's files beside the entry's, then the loader.
      const shell = html.indexOf('<div id="app-shell">');
      const blocks = [...html.matchAll(/data-app-files>/g)].map((match) => match.index);
      expect(blocks, url).toHaveLength(expected.length > 0 ? 2 : 1);
      expect(html.indexOf('<script'), url).toBeGreaterThan(shell);
      expect(Math.max(...blocks), url).toBeLessThan(html.indexOf('<script>'));
      expect(html, url).not.toMatch(/<link rel="modulepreload"|<script[^>]*\ssrc=/);
    }
  });

  it("names the route's own API calls for the loader to start for a signed-in visitor of the route's types", async () => {
    expect(dataBlocks((await page('/profile')).body)).toEqual([
      { data: ['/api/booking/userbookings'], dataFor: ['User'] },
    ]);
    expect(dataBlocks((await page('/login')).body)).toEqual([]);
    for (const url of ['/elsewhere', '/anyone', '/untyped']) {
      const html = (await page(url)).body;
      expect(dataBlocks(html), url).toEqual([]);
      expect(preloads(html), url).toEqual(['/assets/index-1.js', '/assets/react-1.js']);
    }
  });

  it("paints a route's fixed heading in its page shell, before the skeleton; other routes keep the skeleton alone", async () => {
    const businesses = (await page('/businesses')).body;
    const heading = businesses.indexOf(
      '<div class="shell-heading" data-layout="page"><h1>Available Barbers</h1><p>Pick one.</p></div>',
    );
    expect(heading).toBeGreaterThan(businesses.indexOf('<div id="app-shell">'));
    expect(heading).toBeLessThan(businesses.indexOf('<div class="shell-skeleton">'));
    expect(businesses).not.toContain('<!-- page heading -->');
    for (const url of ['/login', '/no-such-page']) {
      const html = (await page(url)).body;
      expect(html, url).not.toContain('shell-heading');
      expect(html, url).toContain('<div class="shell-skeleton">');
    }
    // A heading is words and markup, never a script: such a route is not taken from the build.
    const scripted = (await page('/scripted')).body;
    expect(scripted).not.toContain('alert(1)');
    expect(preloads(scripted)).toEqual(['/assets/index-1.js', '/assets/react-1.js']);
  });

  it("paints a bookable business's header in its booking page's shell, escaped; any other id keeps the skeleton", async () => {
    const business = await createBusiness(t, db, {
      first_name: 'Ciarán',
      last_name: "<O'Neill>",
      business_name: 'Cuts & <b>Co</b>',
      business_address: '2 High Street,\nBelfast, BT1 2AB',
      minimum_price: 25,
      home_visits_enabled: 1,
      cancellation_notice_hours: 24,
    });
    const html = (await page(`/booking/${business.id}`)).body;
    const heading = html.slice(
      html.indexOf('<div class="shell-heading"'),
      html.indexOf('<div class="shell-skeleton"'),
    );
    expect(heading).toContain(`data-layout="booking" data-key="${business.id}"`);
    // Its free times, which the page's loader asks for at once for a signed-in visitor.
    expect(heading).toContain(`data-early="/api/booking/available-times?businessId=${business.id}"`);
    expect(heading).toContain('<a class="shell-back" href="/businesses">← All barbers</a>');
    expect(heading).toContain('<span class="shell-avatar" aria-hidden="true">C&#60;</span>');
    expect(heading).toContain('<h1>Ciarán &#60;O&#39;Neill&#62;</h1>');
    expect(heading).toContain(
      '<span class="shell-business-name">Cuts &#38; &#60;b&#62;Co&#60;/b&#62;</span>',
    );
    expect(heading).toContain('<span class="shell-badge">From £25</span>');
    expect(heading).toContain('Home visits</span>');
    expect(heading).toContain(
      '<span class="shell-sr">Address: </span>2 High Street, Belfast, BT1 2AB <a href=',
    );
    expect(heading).toContain(
      '<p class="shell-notice">Cuts &#38; &#60;b&#62;Co&#60;/b&#62; asks for 24 hours&#39; notice to cancel.</p>',
    );
    expect(heading).not.toMatch(/<b>|<O'/);
    // The same page again (kept), and the page's own request for the data answers as before.
    expect((await page(`/booking/${business.id}`)).body).toBe(html);
    const times = await t.app.inject({ url: `/api/booking/available-times?businessId=${business.id}` });
    expect(times.statusCode).toBe(200);
    // The wizard's first step as the page opens on it: four steps (home visits), the calendar's
    // months from the same free times.
    const { slots } = times.json() as { slots: string[] };
    expect(slots.length).toBeGreaterThan(0);
    expect(heading).toContain(
      `<div class="shell-wizard" data-wizard="${business.id}" data-steps="dateTime price location review">`,
    );
    expect([...heading.matchAll(/<span class="shell-step-label">([^<]*)<\/span>/g)].map((m) => m[1])).toEqual(
      ['Date &#38; Time', 'Price', 'Location', 'Review'],
    );
    expect(heading).toContain('<p class="shell-step-of">Step 1 of 4</p><h2>Date &#38; Time</h2>');
    expect(heading).toContain(
      `<p class="shell-legend">${bookingCalendarMonths(slots.map((slot) => slot.slice(0, 10)))}</p>`,
    );

    // A business with no free time opens on a note saying so: no first step in its shell.
    const closed = await createBusiness(t, db, { availability: {}, home_visits_enabled: 0 });
    const closedPage = (await page(`/booking/${closed.id}`)).body;
    expect(closedPage).toContain(`data-key="${closed.id}"`);
    expect(closedPage).not.toContain('shell-wizard');

    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const url of [`/booking/${unknown}`, '/booking/not-an-id', '/booking/a%2Fb']) {
      const other = await page(url);
      expect(other.statusCode, url).toBe(200);
      expect(other.body, url).not.toContain('shell-heading');
      expect(other.body, url).toContain('<div class="shell-skeleton">');
    }
  });

  it('sends the brotli or gzip copy the browser accepts, with Vary and an ETag per copy', async () => {
    const plain = await page('/login', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const brotli = await page('/login', { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    const gzip = await page('/login', { 'accept-encoding': 'gzip, br;q=0' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    for (const response of [plain, brotli, gzip]) expect(response.headers.vary).toMatch(/accept-encoding/i);
    const etags = new Set([plain, brotli, gzip].map((response) => response.headers.etag));
    expect(etags.size).toBe(3);

    const again = await page('/login', {
      'accept-encoding': 'gzip, deflate, br',
      'if-none-match': String(brotli.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await page('/', {
      'accept-encoding': 'gzip, deflate, br',
      'if-none-match': String(brotli.headers.etag),
    });
    expect(other.statusCode).toBe(200);
  });

  it('answers HEAD and keeps the security headers', async () => {
    const head = await t.app.inject({ method: 'HEAD', url: '/booking/123' });
    expect(head.statusCode).toBe(200);
    const response = await page('/');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it("lets the page's own loader run, by its hash, and nothing else inline; other responses keep script-src 'self' alone", async () => {
    const hash = `'sha256-${createHash('sha256').update(LOADER).digest('base64')}'`;
    for (const url of ['/', '/login', '/businesses', '/no-such-page', '/index.html']) {
      const policy = String((await page(url)).headers['content-security-policy']);
      const scriptSrc = policy.split(';').find((directive) => directive.startsWith('script-src'));
      expect(scriptSrc, url).toBe(`script-src 'self' ${hash}`);
      expect(policy, url).toContain("object-src 'none'");
    }
    const api = await t.app.inject({ url: '/api/health' });
    expect(String(api.headers['content-security-policy']).split(';')).toContain("script-src 'self'");
  });

  it('never lets a heading bring a script: the page keeps its skeleton, and its policy allows only the loader', () => {
    const pageFor = loadAppPages(dist);
    const page = pageFor(
      '/booking/x',
      '<div class="shell-heading"><h1>A</h1><script>alert(1)</script></div>',
    );
    const html = page.raw.toString();
    expect(html).not.toContain('alert(1)');
    expect(html).toContain('<div class="shell-skeleton">');
    const headed = pageFor('/booking/x', '<div class="shell-heading"><h1>A</h1></div>');
    expect(headed.raw.toString()).toContain('<h1>A</h1>');
    const hash = `'sha256-${createHash('sha256').update(LOADER).digest('base64')}'`;
    for (const variant of [page, headed]) expect(variant.policy).toContain(`script-src 'self' ${hash};`);
  });

  it('opens the page without its heading when the heading is slow or fails, instead of waiting', async () => {
    for (const pageHeading of [
      () =>
        new Promise<string>((resolve) =>
          setTimeout(() => resolve('<div class="shell-heading">late</div>'), 2_000),
        ),
      () => Promise.reject(new Error('database down')),
    ]) {
      const app = Fastify();
      await app.register(webPlugin, { webDist: dist, pageHeading });
      const started = Date.now();
      const response = await app.inject({ url: '/booking/x' });
      expect(Date.now() - started).toBeLessThan(1_500);
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('late');
      expect(response.body).toContain('<div class="shell-skeleton">');
      await app.close();
    }
  });

  it('matches route paths as the router does', () => {
    expect(routePattern('/').test('/')).toBe(true);
    expect(routePattern('/').test('/x')).toBe(false);
    expect(routePattern('/invite/:inviteCode').test('/Invite/abc/')).toBe(true);
    expect(routePattern('/invite/:inviteCode').test('/invite/')).toBe(false);
  });
});
