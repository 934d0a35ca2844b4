/**
 * How the built index.html is laid out for the first paint (used by vite.config.ts, routeReport):
 *
 * - index.html's own markup (#app-shell: the navigation bar's look and a page skeleton, styled by
 *   its inline <style>) comes first in <body>, and no script precedes it;
 * - the scripts and the stylesheet follow the shell at the end of <body>. The stylesheet no longer
 *   blocks the shell's paint, and the entry module still runs only once it has loaded (module
 *   scripts wait for the document's style sheets), so the app never renders unstyled;
 * - the API adds `<link rel="modulepreload">` for the current route's screen chunk and its imports
 *   (apps/api/src/plugins/app-page.ts, from the build's .vite/routes.json), so they download
 *   alongside the entry instead of after it has run.
 *
 * Plain string work, no Node or DOM: the unit tests run it on index.html.
 */

const SHELL_MARKER = '<div id="app-shell">';

/**
 * Moves the entry script and the stylesheet links that the build put into <head> to the end of
 * <body>, after the shell. Throws when the page has no shell or a script would still precede it.
 */
export function arrangePage(html: string): string {
  const headEnd = html.indexOf('</head>');
  if (headEnd < 0 || !html.includes(SHELL_MARKER)) throw new Error('index.html has no #app-shell');
  let head = html.slice(0, headEnd);
  const rest = html.slice(headEnd);
  const moved: string[] = [];
  let firstMoved = -1;
  const take = (pattern: RegExp) => {
    head = head.replace(pattern, (tag, offset: number) => {
      moved.push(tag);
      if (firstMoved < 0 || offset < firstMoved) firstMoved = offset;
      return '';
    });
  };
  take(/[ \t]*<script\b[^>]*><\/script>\n?/g);
  take(/[ \t]*<link rel="stylesheet"[^>]*>\n?/g);
  const scripts = moved.filter((tag) => tag.includes('<script')).map((tag) => tag.trim());
  const styles = moved.filter((tag) => !tag.includes('<script')).map((tag) => tag.trim());
  const tail = [...scripts, ...styles];
  // Moved to the end, they would be requested after every preload in <head> (the route's chunks
  // among them): hints where they stood keep the entry and the stylesheet first in line.
  const hrefOf = (tag: string) => /\s(?:src|href)="([^"]+)"/.exec(tag)?.[1];
  const hints = [
    ...scripts
      .filter((tag) => tag.includes('type="module"') && hrefOf(tag))
      .map((tag) => `<link rel="modulepreload" crossorigin href="${hrefOf(tag)}">`),
    ...styles
      .filter((tag) => hrefOf(tag))
      .map(
        (tag) =>
          `<link rel="preload" as="style"${tag.includes('crossorigin') ? ' crossorigin' : ''} href="${hrefOf(tag)}">`,
      ),
  ];
  if (hints.length > 0) {
    head = `${head.slice(0, firstMoved)}${hints.map((hint) => `    ${hint}\n`).join('')}${head.slice(firstMoved)}`;
  }
  const bodyEnd = rest.lastIndexOf('</body>');
  if (bodyEnd < 0) throw new Error('index.html has no </body>');
  const body = `${rest.slice(0, bodyEnd).trimEnd()}\n${tail.map((tag) => `    ${tag}\n`).join('')}  `;
  const page = `${head}${body}${rest.slice(bodyEnd)}`;
  const firstScript = page.search(/<script\b/);
  if (firstScript >= 0 && firstScript < page.indexOf(SHELL_MARKER)) {
    throw new Error('index.html: a script precedes the page shell');
  }
  return page;
}

/** Where the API puts a route's page heading (index.html, inside the shell's <main>). */
export const SHELL_HEADING_MARKER = '<!-- page heading -->';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * A page's fixed heading as the shell paints it (config/page-headings.ts); index.html's CSS gives it
 * the page's own spacing and type, and hides the skeleton's title and lines after it.
 */
export function shellHeadingHtml(heading: { layout: string; title: string; intro?: string }): string {
  const intro = heading.intro ? `<p>${escapeHtml(heading.intro)}</p>` : '';
  return `<div class="shell-heading" data-layout="${escapeHtml(heading.layout)}"><h1>${escapeHtml(heading.title)}</h1>${intro}</div>`;
}
