import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SESSION_STORAGE_KEY } from '@/lib/session';
import { arrangePage, type PreloadRoute, routePattern, routePreloadScript, SESSION_KEY } from './page-shell';

const INDEX_HTML = readFileSync(join(import.meta.dirname, '..', '..', 'index.html'), 'utf8');

/** index.html as the build leaves it before arrangePage: Vite puts the entry and the stylesheet in <head>. */
const built = INDEX_HTML.replace(/\s*<script type="module" src="\/src\/main.tsx"><\/script>/, '').replace(
  '</head>',
  `  <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-abc.js">
    <link rel="stylesheet" crossorigin href="/assets/style-abc.css">
  </head>`,
);

describe('index.html page shell', () => {
  it('paints the brand in the navigation bar look before any script', () => {
    const shell = INDEX_HTML.indexOf('<div id="app-shell">');
    expect(shell).toBeGreaterThan(0);
    expect(INDEX_HTML.indexOf('<header class="shell-header">')).toBeGreaterThan(shell);
    expect(INDEX_HTML).toContain('aria-label="TrimTime NI home"');
    expect(INDEX_HTML).toMatch(/<span>TrimTime <span class="shell-region">NI<\/span><\/span>/);
    expect(INDEX_HTML.indexOf('<script')).toBeGreaterThan(shell);
    // The navigation bar's size and colours (app/layouts/navigation-bar.module.css).
    const css = INDEX_HTML.slice(INDEX_HTML.indexOf('<style>'), INDEX_HTML.indexOf('</style>'));
    expect(css).toMatch(/\.shell-inner \{[^}]*height: 64px;/);
    expect(css).toMatch(/\.shell-header \{[^}]*border-bottom: 1px solid #e9ecef;/);
    expect(css).toMatch(/\.shell-mark \{[^}]*background: #0f2a3d;/);
  });

  it('moves the built entry script and stylesheet after the shell and adds the route preloader', () => {
    expect(built.indexOf('<script')).toBeLessThan(built.indexOf('<div id="app-shell">'));
    const page = arrangePage(built, 'assets/route-preload-abc.js');
    const shell = page.indexOf('<div id="app-shell">');
    const preloader = page.indexOf(
      '<script async fetchpriority="high" src="/assets/route-preload-abc.js"></script>',
    );
    const entry = page.indexOf('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    const stylesheet = page.indexOf('<link rel="stylesheet" crossorigin href="/assets/style-abc.css">');
    expect(page.indexOf('<script')).toBe(preloader);
    expect(shell).toBeLessThan(preloader);
    expect(preloader).toBeLessThan(entry);
    expect(entry).toBeLessThan(stylesheet);
    expect(stylesheet).toBeLessThan(page.indexOf('</body>'));
    // The entry's imports stay preloaded from <head>.
    expect(page.indexOf('rel="modulepreload"')).toBeLessThan(page.indexOf('</head>'));
  });

  it('fails the build for a page without the shell', () => {
    expect(() => arrangePage(built.replace('<div id="app-shell">', '<div>'))).toThrow(/app-shell/);
  });
});

describe('route preloader', () => {
  const routes: PreloadRoute[] = [
    { path: '/', js: ['assets/landing.js', 'assets/Paper.js'] },
    { path: '/login', js: ['assets/auth.js', 'assets/Paper.js'] },
    { path: '/booking/:businessId', js: ['assets/booking.js', 'assets/dates.js'], signedIn: true },
  ];

  function preloadsFor(pathname: string, session: string | null = 'tokens') {
    const links: { rel: string; href: string; crossOrigin: string }[] = [];
    const storage = { getItem: (key: string) => (key === SESSION_KEY ? session : null) };
    const run = new Function(
      'location',
      'document',
      'localStorage',
      'sessionStorage',
      routePreloadScript(routes),
    );
    run(
      { pathname },
      {
        createElement: () => ({ rel: '', href: '', crossOrigin: null }),
        head: { appendChild: (link: (typeof links)[number]) => links.push(link) },
      },
      storage,
      { getItem: () => null },
    );
    for (const link of links) expect(link).toMatchObject({ rel: 'modulepreload', crossOrigin: '' });
    return links.map((link) => link.href);
  }

  it("preloads the current route's files", () => {
    expect(preloadsFor('/')).toEqual(['/assets/landing.js', '/assets/Paper.js']);
    expect(preloadsFor('/login')).toEqual(['/assets/auth.js', '/assets/Paper.js']);
    expect(preloadsFor('/booking/4f1c')).toEqual(['/assets/booking.js', '/assets/dates.js']);
  });

  it('matches as the router does: any case, a trailing slash, an encoded path', () => {
    expect(preloadsFor('/LOGIN/')).toEqual(['/assets/auth.js', '/assets/Paper.js']);
    expect(preloadsFor('/booking/a%20b')).toEqual(['/assets/booking.js', '/assets/dates.js']);
    expect(preloadsFor('/booking/')).toEqual([]);
    expect(preloadsFor('/booking/1/2')).toEqual([]);
    expect(preloadsFor('/nowhere')).toEqual([]);
  });

  it("preloads the login screen for a signed-in route without a session (the guard's redirect)", () => {
    expect(preloadsFor('/booking/4f1c', null)).toEqual(['/assets/auth.js', '/assets/Paper.js']);
  });

  it('keeps the session key of lib/session', () => {
    expect(SESSION_KEY).toBe(SESSION_STORAGE_KEY);
    expect(routePattern('/')).toBe('^/?$');
    expect(routePattern('/invite/:inviteCode')).toBe('^/invite/[^/]+/?$');
  });
});
