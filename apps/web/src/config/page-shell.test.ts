import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAGE_HEADINGS } from './page-headings';
import { arrangePage, SHELL_HEADING_MARKER, shellHeadingHtml } from './page-shell';

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

  it('moves the built entry script and stylesheet after the shell', () => {
    expect(built.indexOf('<script')).toBeLessThan(built.indexOf('<div id="app-shell">'));
    const page = arrangePage(built);
    const shell = page.indexOf('<div id="app-shell">');
    const entry = page.indexOf('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    const stylesheet = page.indexOf('<link rel="stylesheet" crossorigin href="/assets/style-abc.css">');
    expect(page.indexOf('<script')).toBe(entry);
    expect(shell).toBeLessThan(entry);
    expect(entry).toBeLessThan(stylesheet);
    expect(stylesheet).toBeLessThan(page.indexOf('</body>'));
    // <head> still asks for the entry and the stylesheet first, then the entry's imports.
    const headEnd = page.indexOf('</head>');
    const entryHint = page.indexOf('<link rel="modulepreload" crossorigin href="/assets/index-abc.js">');
    const styleHint = page.indexOf(
      '<link rel="preload" as="style" crossorigin href="/assets/style-abc.css">',
    );
    const reactHint = page.indexOf('<link rel="modulepreload" crossorigin href="/assets/react-abc.js">');
    expect(entryHint).toBeGreaterThan(0);
    expect(entryHint).toBeLessThan(styleHint);
    expect(styleHint).toBeLessThan(reactHint);
    expect(reactHint).toBeLessThan(headEnd);
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
