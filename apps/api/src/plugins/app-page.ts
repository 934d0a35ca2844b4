import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { acceptsBrotli, acceptsGzip } from '../lib/http-cache';
import { type CompressionEffort, type Precompressed, precompress } from '../lib/precompress';
import { SECURITY_HEADERS } from './security';

/** One version of the app page, with its compressed copies, worked out once at start-up. */
interface PageVariant extends Precompressed {
  /** A hash of the page; the ETag adds the encoding sent. */
  hash: string;
  /** The site's Content-Security-Policy, with the page's own inline scripts allowed by their hash. */
  policy: string;
}

/** A route of the web build's .vite/routes.json (apps/web/vite.config.ts, routeReport). */
interface BuiltRoute {
  path: string;
  js: string[];
  /**
   * What the shell paints of the page: its fixed heading and more (apps/web/src/config/page-headings.ts,
   * shell-bodies.ts).
   */
  shell?: string;
  /**
   * The page's own API calls (GET paths under /api), which its loader starts for a signed-in
   * visitor of a type in `dataFor` (apps/web/src/config/early-data.ts).
   */
  data?: string[];
  dataFor?: string[];
}

/** Where index.html's shell takes a route's heading (apps/web/src/config/page-shell.ts). */
const SHELL_HEADING_MARKER = '<!-- page heading -->';

/** A pattern for a React Router path (`/booking/:businessId`): any case, an optional trailing slash. */
export function routePattern(path: string): RegExp {
  const body = path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/')
    .replace(/\/$/, '');
  return new RegExp(`^${body}/?$`, 'i');
}

const SITE_POLICY = SECURITY_HEADERS.find(([name]) => name === 'content-security-policy')?.[1] ?? '';

/**
 * The Content-Security-Policy for a page of the web build: the site's, whose script-src allows
 * `'self'` only, plus the hash of each inline `<script>` the page has. The build's index.html has
 * one, the loader that asks for the app's files once the shell is painted
 * (apps/web/src/config/page-shell.ts); nothing else inline may run.
 */
export function pagePolicy(html: string): string {
  const hashes = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, code]) =>
      `'sha256-${createHash('sha256')
        .update(code ?? '')
        .digest('base64')}'`,
  );
  if (hashes.length === 0) return SITE_POLICY;
  return SITE_POLICY.replace(/(^|;)script-src 'self'/, `$1script-src 'self' ${hashes.join(' ')}`);
}

function variant(html: string, policy: string, effort?: CompressionEffort): PageVariant {
  const compressed = precompress(html, effort);
  return {
    ...compressed,
    hash: createHash('sha256').update(compressed.raw).digest('base64url').slice(0, 27),
    policy,
  };
}

/**
 * A data block naming the route's module scripts for the page's loader to fetch with the entry's,
 * and the route's API calls for a signed-in visitor (apps/web/src/config/page-shell.ts,
 * appFilesBlock: the same JSON, `<` escaped).
 */
const FILES_BLOCK_START = '<script type="application/json" data-app-files>';
const routeFilesBlock = ({ js, data, dataFor }: BuiltRoute) => {
  const named = { scripts: js.map((file) => `/${file}`), ...(data ? { data, dataFor } : {}) };
  return `${FILES_BLOCK_START}${JSON.stringify(named).replace(/</g, '\\u003c')}</script>`;
};

const API_CALL = /^\/api\/[\w/-]+$/;
const USER_TYPES = new Set(['User', 'Business', 'Admin']);
const isStringList = (value: unknown, valid: (text: string) => boolean): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string' && valid(item));

function readRoutes(webDist: string): BuiltRoute[] {
  const file = join(webDist, '.vite', 'routes.json');
  if (!existsSync(file)) return [];
  try {
    const routes = (JSON.parse(readFileSync(file, 'utf8')) as { routes?: unknown }).routes;
    if (!Array.isArray(routes)) return [];
    return routes.filter(
      (route): route is BuiltRoute =>
        typeof route?.path === 'string' &&
        Array.isArray(route.js) &&
        route.js.every((file: unknown) => typeof file === 'string' && /^assets\/[\w.-]+\.js$/.test(file)) &&
        (route.shell === undefined || (typeof route.shell === 'string' && !/<script/i.test(route.shell))) &&
        (route.data === undefined ||
          (isStringList(route.data, (path) => API_CALL.test(path)) &&
            isStringList(route.dataFor, (type) => USER_TYPES.has(type)))),
    );
  } catch {
    return [];
  }
}

/** How many pages with a heading of their own (one per business) each instance keeps, compressed. */
const HEADED_PAGES_KEPT = 256;

/**
 * The app page (the built index.html) for each route, naming the route's screen chunk and its
 * imports (the build's .vite/routes.json) for the page's loader: the browser fetches them alongside
 * the entry instead of once the entry has run and asked for them. A route whose page opens
 * with a fixed heading (`shell`) gets it in its page shell, so its first paint shows those words; a
 * page whose heading depends on its data (a business's booking page) gets the `heading` passed in
 * (HTML the caller built and escaped), kept for the next request with the same heading. A path that
 * matches no route (or a build without routes.json) gets index.html as it is.
 */
export function loadAppPages(webDist: string): (path: string, heading?: string) => PageVariant {
  const index = readFileSync(join(webDist, 'index.html'), 'utf8');
  // The build's own inline scripts (the loader) and nothing else: whatever a route or a heading
  // adds to the page is never allowed to run.
  const policy = pagePolicy(index);
  const plain = variant(index, policy);
  const headEnd = index.indexOf('</head>');
  const routes =
    headEnd < 0 || !index.includes(FILES_BLOCK_START)
      ? []
      : readRoutes(webDist).filter((route) => route.js.length > 0);
  const pages = routes.map((route) => {
    // After the build's own data block (the entry's files are asked for first), before the loader
    // that reads them.
    const filesEnd = index.indexOf('</script>', index.indexOf(FILES_BLOCK_START)) + '</script>'.length;
    const html = `${index.slice(0, filesEnd)}\n    ${routeFilesBlock(route)}${index.slice(filesEnd)}`;
    const withHeading = (heading: string) => html.replace(SHELL_HEADING_MARKER, () => heading);
    return {
      pattern: routePattern(route.path),
      hasShell: route.shell !== undefined,
      html,
      page: variant(route.shell ? withHeading(route.shell) : html, policy),
      withHeading,
    };
  });
  const headed = new Map<string, PageVariant>();
  return (path, heading) => {
    let decoded = path;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      // A malformed escape: match the raw path.
    }
    const route = pages.find((candidate) => candidate.pattern.test(decoded));
    if (!route) return plain;
    if (heading === undefined || route.hasShell || !route.html.includes(SHELL_HEADING_MARKER)) {
      return route.page;
    }
    // A heading is words and markup, never a script (as a route's fixed heading: readRoutes).
    if (/<script/i.test(heading)) return route.page;
    const key = `${route.pattern.source}\n${heading}`;
    let page = headed.get(key);
    if (page) {
      headed.delete(key);
    } else {
      page = variant(route.withHeading(heading), policy, 'quick');
      if (headed.size >= HEADED_PAGES_KEPT) headed.delete(headed.keys().next().value as string);
    }
    headed.set(key, page);
    return page;
  };
}

/** brotli, gzip or nothing, by the request's Accept-Encoding. */
const chooseEncoding = (header: string | undefined): 'br' | 'gzip' | undefined =>
  acceptsBrotli(header) ? 'br' : acceptsGzip(header) ? 'gzip' : undefined;

/** Sends a page variant: never cached without revalidation, compressed as the browser accepts. */
export function sendAppPage(request: FastifyRequest, reply: FastifyReply, page: PageVariant) {
  const encoding = chooseEncoding(request.headers['accept-encoding']);
  const etag = `"${page.hash}-${encoding ?? 'identity'}"`;
  reply.header('cache-control', 'no-cache').header('vary', 'Accept-Encoding').header('etag', etag);
  reply.header('content-security-policy', page.policy);
  reply.type('text/html; charset=utf-8');
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.raw);
}
