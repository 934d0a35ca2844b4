import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAGE_HEADINGS } from './page-headings';
import {
  APP_FILES_ATTRIBUTE,
  APP_LOADER,
  appFilesBlock,
  arrangePage,
  SHELL_HEADING_MARKER,
  shellHeadingHtml,
} from './page-shell';

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

  it('names the built entry, its imports and the stylesheet for the loader, after the shell, and nothing else loads', () => {
    expect(built.indexOf('<script')).toBeLessThan(built.indexOf('<div id="app-shell">'));
    const page = arrangePage(built, ['assets/boot-abc.js', 'assets/react-abc.js'], ['/api/user/userdetails']);
    const shell = page.indexOf('<div id="app-shell">');
    const block = page.indexOf(`<script type="application/json" ${APP_FILES_ATTRIBUTE}>`);
    const loader = page.indexOf(`<script>${APP_LOADER}</script>`);
    expect(page.indexOf('<script')).toBe(block);
    expect(shell).toBeLessThan(block);
    expect(block).toBeLessThan(loader);
    expect(loader).toBeLessThan(page.indexOf('</body>'));
    expect(page).not.toMatch(/<script[^>]*\ssrc=|<link rel="(?:modulepreload|stylesheet|preload)"/);
    const named = JSON.parse(page.slice(page.indexOf('>', block) + 1, page.indexOf('</script>', block)));
    expect(named).toEqual({
      entry: ['/assets/index-abc.js'],
      // The entry first, then its imports once each.
      scripts: ['/assets/index-abc.js', '/assets/react-abc.js', '/assets/boot-abc.js'],
      styles: ['/assets/style-abc.css'],
      // What every page asks the API for a signed-in visitor while the files download.
      data: ['/api/user/userdetails'],
    });
  });

  it('fails the build for a page without an entry module', () => {
    expect(() => arrangePage(built.replace(/<script type="module"[^>]*><\/script>/, ''))).toThrow(/entry/);
  });

  it('escapes < in a data block, so a name cannot end it', () => {
    expect(appFilesBlock({ scripts: ['/a</script><script>x'] })).toBe(
      `<script type="application/json" ${APP_FILES_ATTRIBUTE}>{"scripts":["/a\\u003c/script>\\u003cscript>x"]}</script>`,
    );
  });

  it('fails the build for a page without the shell', () => {
    expect(() => arrangePage(built.replace('<div id="app-shell">', '<div>'))).toThrow(/app-shell/);
  });

  it("has a place in the shell's <main> for a page's fixed heading, before the skeleton, which it then replaces", () => {
    const main = INDEX_HTML.indexOf('<main class="shell-main">');
    const marker = INDEX_HTML.indexOf(SHELL_HEADING_MARKER);
    expect(marker).toBeGreaterThan(main);
    expect(marker).toBeLessThan(INDEX_HTML.indexOf('<div class="shell-skeleton"'));
    expect(INDEX_HTML.split(SHELL_HEADING_MARKER)).toHaveLength(2);
    // The built page keeps it (the API fills it in per route).
    expect(arrangePage(built)).toContain(SHELL_HEADING_MARKER);
    const css = INDEX_HTML.slice(INDEX_HTML.indexOf('<style>'), INDEX_HTML.indexOf('</style>'));
    expect(css).toMatch(
      /\.shell-heading ~ \.shell-skeleton \.shell-title,\s*\.shell-heading ~ \.shell-skeleton \.shell-line \{\s*display: none;/,
    );
  });

  it('has CSS for the layout of every page with a fixed heading', () => {
    const css = INDEX_HTML.slice(INDEX_HTML.indexOf('<style>'), INDEX_HTML.indexOf('</style>'));
    for (const { layout } of Object.values(PAGE_HEADINGS)) {
      if (layout !== 'page') expect(css, layout).toContain(`.shell-heading[data-layout="${layout}"] {`);
    }
  });

  it("writes a page's heading as text, whatever its characters", () => {
    expect(shellHeadingHtml(PAGE_HEADINGS.businesses)).toBe(
      `<div class="shell-heading" data-layout="page"><h1>Available Barbers</h1><p>${PAGE_HEADINGS.businesses.intro}</p></div>`,
    );
    expect(shellHeadingHtml(PAGE_HEADINGS.admin)).toBe(
      '<div class="shell-heading" data-layout="dashboard"><h1>Business Dashboard</h1></div>',
    );
    expect(shellHeadingHtml({ layout: 'page', title: `<b>O'Neill & "Sons"</b>` })).toBe(
      '<div class="shell-heading" data-layout="page"><h1>&#60;b&#62;O&#39;Neill &#38; &#34;Sons&#34;&#60;/b&#62;</h1></div>',
    );
  });
});
