/**
 * How the built index.html is laid out for the first paint (used by vite.config.ts, routeReport):
 *
 * - index.html's own markup (#app-shell: the navigation bar's look and a page skeleton, styled by
 *   its inline <style>) comes first in <body>, and no script precedes it;
 * - the page asks for nothing else until the shell is on screen: no `<script src>`, no
 *   `<link rel="modulepreload">` and no stylesheet link in the HTML. The app's files are named in a
 *   data block (`APP_FILES_BLOCK`), and a small inline script (`APP_LOADER`) asks for them once the
 *   browser has painted the shell: the scripts as module preloads, the stylesheet, then, once the
 *   stylesheet is in, the entry module (so the app never renders unstyled). On a phone the shell
 *   paints as soon as the HTML is in, instead of after the scripts have downloaded and compiled;
 * - the API adds a second data block for the current route's screen chunk and its imports
 *   (apps/api/src/plugins/app-page.ts, from the build's .vite/routes.json), so they download
 *   alongside the entry instead of after it has run. It allows the loader by its hash in the page's
 *   Content-Security-Policy.
 *
 * Plain string work, no Node or DOM: the unit tests run it on index.html.
 */

/** The id of index.html's page shell, painted before any script. */
export const PAGE_SHELL_ID = 'app-shell';

const SHELL_MARKER = `<div id="${PAGE_SHELL_ID}">`;

/** The attribute of the data blocks that name the app's files (JSON: `AppFiles`). */
export const APP_FILES_ATTRIBUTE = 'data-app-files';

/**
 * What a data block names: module scripts to fetch, stylesheets, the entry module(s) to run, and
 * the API calls (`data`: GET paths under /api) the page's first render will make for a signed-in
 * visitor, whose type is one of `dataFor` (any type when absent).
 */
export interface AppFiles {
  scripts?: string[];
  styles?: string[];
  entry?: string[];
  data?: string[];
  dataFor?: string[];
}

/**
 * Where the loader leaves the API calls it started (lib/early-responses.ts takes each one once):
 * a Map from the path to `{ token, response }`, the access token it was sent with and the fetch.
 */
export const EARLY_RESPONSES_GLOBAL = '__trimtimeEarlyResponses';

/** lib/session.ts's SESSION_STORAGE_KEY, which the loader reads the access token from. */
export const LOADER_SESSION_KEY = 'trimtime.session';

/** lib/draft-storage.ts's key prefix, and the booking wizard's drafts' (features/booking, use-booking-draft.ts). */
export const DRAFT_PREFIX = 'trimtime.draft.';
export const BOOKING_DRAFT_PREFIX = 'booking.';

/** How long the loader's answers are kept for the app to take (then it asks again itself). */
export const EARLY_RESPONSES_KEPT_MS = 20_000;

/**
 * How long the loader holds the app's files for a shell card it is filling (the profile page's):
 * the card's answer is a few hundred bytes, and on a slow connection the app's files, asked for at
 * the same time, would share the line with it and delay the page's main content.
 */
export const FILL_WAIT_MS = 1000;

/**
 * How many module preloads the loader adds in one task: each costs the main thread about a
 * millisecond (more on a slow phone), and a page names 10 to 20, which added at once made a task
 * long enough to delay a tap.
 */
export const PRELOADS_PER_TASK = 4;

/** A data block naming `files`: JSON, with `<` escaped so it cannot end the element early. */
export function appFilesBlock(files: AppFiles): string {
  const json = JSON.stringify(files).replace(/</g, '\\u003c');
  return `<script type="application/json" ${APP_FILES_ATTRIBUTE}>${json}</script>`;
}

/**
 * The inline script that loads the app once the shell is painted (a frame, then a task; at once in
 * a hidden tab, which paints nothing; after the shell's card is filled, when it has one, or
 * FILL_WAIT_MS): the stylesheet, the module preloads (in the order the data
 * blocks name them: the entry's files, then the route's; PRELOADS_PER_TASK at a time, a task each),
 * and the entry once the stylesheet has loaded, or failed (the app then runs unstyled rather than
 * not at all).
 *
 * For a signed-in visitor (a stored session whose access token is not about to expire) it first
 * starts the page's API calls (`data`, and the `data-early` of an element of the shell: a business's
 * booking page names its free times), at once: they travel while the shell paints and the app's
 * files download, and the app's first request for each takes the answer (lib/early-responses.ts)
 * instead of asking once its code has run. A call the app does not take within
 * EARLY_RESPONSES_KEPT_MS is dropped. A shell `<template data-fill>` for one of those calls
 * (config/profile-shell.ts) is filled from its answer and put in place of its skeleton, so the page's
 * main content is on screen before the app has started. A booking wizard's first step painted in the
 * shell (`data-wizard`, its steps in `data-steps`) is taken away when the page will open on another
 * step: a known step in the address or the tab's saved progress for that business
 * (lib/draft-storage.ts), with a time already chosen (without one the page opens on the first step,
 * lib/use-wizard-step.ts). A link of the shell with `data-signed-in` goes there instead of its
 * `href` when a session is stored (the landing hero's button: config/landing-shell.ts).
 *
 * Plain modern JavaScript, as the browser runs it: it is not built. The API allows exactly this
 * text by its hash (script-src).
 */
export const APP_LOADER = `(() => {
  const files = { scripts: [], styles: [], entry: [] };
  const blocks = [...document.querySelectorAll('body > script[${APP_FILES_ATTRIBUTE}]')].map((block) => JSON.parse(block.textContent));
  for (const named of blocks) for (const kind of Object.keys(files)) files[kind].push(...(named[kind] || []));
  const early = new Map();
  window.${EARLY_RESPONSES_GLOBAL} = early;
  let claims = null;
  const fills = [];
  const fill = (template, data) => {
    if (!data || (template.dataset.for && data.UserType !== template.dataset.for)) return;
    if ((template.dataset.unless || '').split(' ').some((key) => key && data[key])) return;
    const part = template.content.cloneNode(true);
    for (const element of part.querySelectorAll('[data-field], [data-initials]')) {
      const initials = element.hasAttribute('data-initials');
      const values = (initials ? element.dataset.initials : element.dataset.field).split(' ').map((key) => data[key]);
      if (values.some((value) => value !== null && typeof value !== 'string')) return;
      const text = initials
        ? values.map((value) => (value || '').trim().charAt(0).toUpperCase()).join('') || '?'
        : values.filter(Boolean).join(' ');
      element.textContent = text || element.dataset.empty || '';
      if (!text) element.setAttribute('data-blank', '');
    }
    template.parentElement.replaceChildren(part);
  };
  const stored = (store, key) => {
    try {
      return JSON.parse(store.getItem(key) || 'null');
    } catch {
      return null;
    }
  };
  try {
    const now = Date.now();
    const session = [localStorage, sessionStorage]
      .map((store) => stored(store, '${LOADER_SESSION_KEY}'))
      .find((stored, index) => stored && typeof stored.accessToken === 'string' && typeof stored.refreshToken === 'string' && (index === 1 || stored.expiresAt > now));
    const token = session && session.accessToken;
    if (session) for (const link of document.querySelectorAll('#${PAGE_SHELL_ID} a[data-signed-in]')) link.setAttribute('href', link.dataset.signedIn);
    claims = token && JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
    if (claims && claims.exp * 1000 > now + 60000) {
      const paths = blocks.flatMap((named) =>
        named.dataFor && !named.dataFor.includes(claims.userType) ? [] : named.data || [],
      );
      for (const element of document.querySelectorAll('#${PAGE_SHELL_ID} [data-early]')) paths.push(element.dataset.early);
      for (const path of paths) {
        if (!/^\\/api\\/[\\w/-]+(\\?[\\w=&%.-]+)?$/.test(path) || early.has(path)) continue;
        const headers = { Accept: 'application/json', Authorization: 'Bearer ' + token };
        const response = fetch(path, { credentials: 'include', headers });
        response.catch(() => {});
        early.set(path, { token, response });
      }
      setTimeout(() => early.clear(), ${EARLY_RESPONSES_KEPT_MS});
      for (const template of document.querySelectorAll('#${PAGE_SHELL_ID} template[data-fill]')) {
        const entry = early.get(template.dataset.fill);
        if (!entry) continue;
        fills.push(
          entry.response
            .then((response) => (response.ok ? response.clone().json() : null))
            .then((data) => fill(template, data))
            .catch(() => {}),
        );
      }
    }
  } catch {}
  try {
    const wanted = new URLSearchParams(location.search).get('step');
    for (const wizard of document.querySelectorAll('#${PAGE_SHELL_ID} [data-wizard]')) {
      const steps = wizard.dataset.steps.split(' ');
      const key = '${DRAFT_PREFIX}${BOOKING_DRAFT_PREFIX}' + ((claims && claims.sub) || 'anonymous') + '.' + wizard.dataset.wizard;
      const draft = stored(sessionStorage, key);
      const step = [wanted, draft && draft.step].find((candidate) => steps.includes(candidate));
      if (step && step !== steps[0] && draft && typeof draft.slot === 'string') wizard.remove();
    }
  } catch {}
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const add = (parent, tag, properties) =>
      parent.appendChild(Object.assign(document.createElement(tag), { crossOrigin: '' }, properties));
    const styled = files.styles.map(
      (href) => new Promise((done) => add(document.body, 'link', { rel: 'stylesheet', href, onload: done, onerror: done })),
    );
    const scripts = [...new Set(files.scripts)];
    const preload = () => {
      const some = scripts.splice(0, document.visibilityState === 'hidden' ? scripts.length : ${PRELOADS_PER_TASK});
      for (const href of some) add(document.head, 'link', { rel: 'modulepreload', href });
      if (scripts.length > 0) setTimeout(preload, 0);
    };
    preload();
    Promise.all(styled).then(() => {
      for (const src of files.entry) add(document.body, 'script', { type: 'module', src });
    });
  };
  if (document.visibilityState === 'hidden') start();
  else {
    const painted = new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
    const filled = Promise.race([Promise.all(fills), new Promise((done) => setTimeout(done, ${FILL_WAIT_MS}))]);
    Promise.all([painted, filled]).then(start);
  }
  document.addEventListener('visibilitychange', start, { once: true });
})();`;

const hrefOf = (tag: string) => /\s(?:src|href)="([^"]+)"/.exec(tag)?.[1];

/**
 * Takes the entry script, the module preloads and the stylesheet links that the build put into the
 * page out of it, and names them (with `preload`, more module scripts to fetch at the start, and
 * `data`, the API calls every page starts for a signed-in visitor) in a data block at the end of
 * <body>, followed by the loader. Throws when the page has no shell, when it has no entry, or when
 * a script would still precede the shell or load by itself.
 */
export function arrangePage(html: string, preload: string[] = [], data: readonly string[] = []): string {
  const headEnd = html.indexOf('</head>');
  if (headEnd < 0 || !html.includes(SHELL_MARKER)) throw new Error('index.html has no #app-shell');
  const files: Required<Pick<AppFiles, 'scripts' | 'styles' | 'entry'>> = {
    scripts: [],
    styles: [],
    entry: [],
  };
  const take = (page: string, pattern: RegExp, list: string[]) =>
    page.replace(pattern, (tag) => {
      const href = hrefOf(tag);
      if (href) list.push(href);
      return '';
    });
  let page = take(html, /[ \t]*<script type="module"[^>]*\ssrc="[^"]+"[^>]*><\/script>\n?/g, files.entry);
  page = take(page, /[ \t]*<link rel="modulepreload"[^>]*>\n?/g, files.scripts);
  page = take(page, /[ \t]*<link rel="stylesheet"[^>]*>\n?/g, files.styles);
  if (files.entry.length === 0) throw new Error('index.html has no entry module');
  files.scripts = [
    ...new Set([...files.entry, ...files.scripts, ...preload.map((file) => `/${file.replace(/^\//, '')}`)]),
  ];
  const bodyEnd = page.lastIndexOf('</body>');
  if (bodyEnd < 0) throw new Error('index.html has no </body>');
  const tail = [
    appFilesBlock(data.length > 0 ? { ...files, data: [...data] } : files),
    `<script>${APP_LOADER}</script>`,
  ];
  page = `${page.slice(0, bodyEnd).trimEnd()}\n${tail.map((tag) => `    ${tag}\n`).join('')}  ${page.slice(bodyEnd)}`;
  const firstScript = page.search(/<script\b/);
  if (firstScript >= 0 && firstScript < page.indexOf(SHELL_MARKER)) {
    throw new Error('index.html: a script precedes the page shell');
  }
  if (/<script\b[^>]*\ssrc=|<link rel="(?:modulepreload|stylesheet)"/.test(page)) {
    throw new Error('index.html: a script or stylesheet would load before the shell is painted');
  }
  return page;
}

/** Where the API puts a route's page heading (index.html, inside the shell's <main>). */
export const SHELL_HEADING_MARKER = '<!-- page heading -->';

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * A page's fixed heading as the shell paints it (config/page-headings.ts); index.html's CSS gives it
 * the page's own spacing and type, and hides the skeleton's title and lines after it.
 */
export function shellHeadingHtml(heading: { layout: string; title: string; intro?: string }): string {
  const intro = heading.intro ? `<p>${escapeHtml(heading.intro)}</p>` : '';
  return `<div class="shell-heading" data-layout="${escapeHtml(heading.layout)}"><h1>${escapeHtml(heading.title)}</h1>${intro}</div>`;
}
