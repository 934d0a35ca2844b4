/**
 * How the built index.html is laid out for the first paint (used by vite.config.ts, pageShell):
 *
 * - index.html's own markup (#app-shell: the navigation bar's look and a page skeleton, styled by
 *   its inline <style>) comes first in <body>, and no script precedes it;
 * - the scripts and the stylesheet follow the shell at the end of <body>. The stylesheet no longer
 *   blocks the shell's paint, and the entry module still runs only once it has loaded (module
 *   scripts wait for the document's style sheets), so the app never renders unstyled;
 * - a small classic script (`async`, so neither the parser nor the stylesheet holds it, and
 *   `fetchpriority="high"`, or Chrome fetches an async script after everything else) adds
 *   `<link rel="modulepreload">` for the current route's screen chunk and its imports: they download
 *   alongside the entry instead of after it has run. The CSP allows scripts from 'self' only, so it
 *   is a file of its own, not an inline script.
 *
 * Plain string work, no Node or DOM: the unit tests run it on index.html.
 */

/** lib/session.ts SESSION_STORAGE_KEY (a test keeps them equal; the build cannot import the app). */
export const SESSION_KEY = 'trimtime.session';

export interface PreloadRoute {
  /** A React Router path: `/booking/:businessId`. */
  path: string;
  /** Files (relative to the build's root) that the route's screen needs beyond the entry's. */
  js: readonly string[];
  /** The route needs a session: without one in storage the guard sends the visitor to /login. */
  signedIn?: boolean;
}

/** A case-insensitive pattern for a route path, with an optional trailing slash, as the router matches. */
export function routePattern(path: string): string {
  const body = path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return `^${body === '' ? '' : body.replace(/\/$/, '')}/?$`;
}

/**
 * The route preloader's source: matches location.pathname against the routes in order and adds a
 * modulepreload link for each file of the first match. A signed-in route without a stored session
 * preloads the login route instead, where the route guard will send the visitor.
 */
export function routePreloadScript(routes: readonly PreloadRoute[], loginPath = '/login'): string {
  // Each file once, routes naming them by index: the routes share most of their imports.
  const files = [...new Set(routes.flatMap((route) => route.js))];
  const indexes = (js: readonly string[]) => js.map((file) => files.indexOf(file));
  const table = routes.map((route) => [routePattern(route.path), indexes(route.js), route.signedIn ? 1 : 0]);
  const login = indexes(routes.find((route) => route.path === loginPath)?.js ?? []);
  return `(function () {
  var files = ${JSON.stringify(files.map((file) => `/${file}`))};
  var routes = ${JSON.stringify(table)};
  var login = ${JSON.stringify(login)};
  var path = location.pathname;
  try { path = decodeURIComponent(path); } catch (e) {}
  function hasSession() {
    try {
      return Boolean(localStorage.getItem(${JSON.stringify(SESSION_KEY)}) || sessionStorage.getItem(${JSON.stringify(SESSION_KEY)}));
    } catch (e) {
      return true;
    }
  }
  for (var i = 0; i < routes.length; i++) {
    if (!new RegExp(routes[i][0], 'i').test(path)) continue;
    var chosen = routes[i][2] && !hasSession() ? login : routes[i][1];
    for (var j = 0; j < chosen.length; j++) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = files[chosen[j]];
      document.head.appendChild(link);
    }
    return;
  }
})();
`;
}

const SHELL_MARKER = '<div id="app-shell">';

/**
 * Moves the entry script and the stylesheet links that the build put into <head> to the end of
 * <body>, after the shell, and adds the route preloader (`preloadFile`, relative to the build's
 * root) before them. Throws when the page has no shell or a script would still precede it.
 */
export function arrangePage(html: string, preloadFile?: string): string {
  const headEnd = html.indexOf('</head>');
  if (headEnd < 0 || !html.includes(SHELL_MARKER)) throw new Error('index.html has no #app-shell');
  let head = html.slice(0, headEnd);
  const rest = html.slice(headEnd);
  const moved: string[] = [];
  const take = (pattern: RegExp) => {
    head = head.replace(pattern, (tag) => {
      moved.push(tag);
      return '';
    });
  };
  take(/[ \t]*<script\b[^>]*><\/script>\n?/g);
  take(/[ \t]*<link rel="stylesheet"[^>]*>\n?/g);
  const scripts = moved.filter((tag) => tag.includes('<script')).map((tag) => tag.trim());
  const styles = moved.filter((tag) => !tag.includes('<script')).map((tag) => tag.trim());
  const tail = [
    ...(preloadFile ? [`<script async fetchpriority="high" src="/${preloadFile}"></script>`] : []),
    ...scripts,
    ...styles,
  ];
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
