import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { loadAppPages, pagePolicy, sendAppPage } from './app-page';

const NOT_BUILT = `The web app has not been built yet.

Run \`npm run build\` (or \`npm start\`, which builds first) from the repository root,
or use \`npm run dev\` and open http://localhost:3000 for the development server.

The API is running: see /api/health and /api/docs.
`;

/** How long the app page waits for its data-dependent heading before it goes without. */
const PAGE_HEADING_BUDGET_MS = 150;

/** Paths that never fall back to the web app (`/metrics` is served only on METRICS_PORT, never here). */
const isServerPath = (path: string) =>
  path === '/api' ||
  path.startsWith('/api/') ||
  path.startsWith('/dev/') ||
  path === '/metrics' ||
  path.startsWith('/metrics/');

/**
 * A file the build would have written: anything under /assets/, or a last segment with an
 * extension (`/favicon.ico`, `/robots.txt`). App routes never have one (ids and invite codes use
 * no dots), so a missing file stays a 404 instead of becoming the app page.
 */
export const isStaticFilePath = (path: string) =>
  path.startsWith('/assets/') || /\.[A-Za-z0-9]{1,8}$/.test(path.slice(path.lastIndexOf('/') + 1));

/**
 * api-contract §8.2: every GET of an app route answers with the app page, whatever `Accept` says
 * (curl, link checkers and link previews do not ask for text/html).
 */
const isAppPageRequest = (request: FastifyRequest, path: string) =>
  (request.method === 'GET' || request.method === 'HEAD') && !isServerPath(path) && !isStaticFilePath(path);

/**
 * Serves the built web app (WEB_DIST) with a single-page-app fallback: any GET of an app route
 * (outside /api, not a file) gets index.html, with the route's chunks preloaded (./app-page.ts).
 * Everything else unknown is a JSON 404.
 */
export interface WebPluginOptions {
  webDist: string;
  /**
   * The heading of an app page whose heading depends on its data (a business's booking page:
   * ./booking-page-shell.ts), for its page shell; undefined for any other page, or when it cannot be
   * had (the page then opens with the shell's skeleton, as before).
   */
  pageHeading?: (path: string) => Promise<string | undefined>;
}

export const webPlugin = fp<WebPluginOptions>(
  async (app, { webDist, pageHeading }) => {
    const hasBuild = existsSync(join(webDist, 'index.html'));
    // The app page per route, with its screen's chunks preloaded (./app-page.ts).
    const appPageFor = hasBuild ? loadAppPages(webDist) : undefined;
    if (appPageFor) {
      // index.html asked for by name (or a folder's) gets the policy that lets its loader run.
      const indexPolicy = pagePolicy(readFileSync(join(webDist, 'index.html'), 'utf8'));
      // `/` is an app route like the others, ahead of the static index.html.
      app.get('/', (request, reply) => sendAppPage(request, reply, appPageFor('/')));
      await app.register(fastifyStatic, {
        root: webDist,
        index: 'index.html',
        // The web build writes .br and .gz beside each asset (apps/web/vite.config.ts): sent by
        // Accept-Encoding, nothing is compressed per request.
        preCompressed: true,
        // Our own cache-control below: fingerprinted assets forever, index.html never.
        cacheControl: false,
        setHeaders(response, path) {
          // Vite fingerprints everything under assets/; index.html must always be revalidated.
          const isFingerprinted = /[\\/]assets[\\/]/.test(path);
          response.setHeader(
            'cache-control',
            isFingerprinted ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
          // Every file may be sent as its .br or .gz copy: caches must key on Accept-Encoding.
          response.setHeader('vary', 'Accept-Encoding');
          if (/\.html$/.test(path)) response.setHeader('content-security-policy', indexPolicy);
        },
      });
    }

    /**
     * The page's data-dependent heading, if it is ready within PAGE_HEADING_BUDGET_MS: a slow or
     * busy database must not hold the page's first byte (the shell is there to paint at once). The
     * lookup goes on meanwhile and fills the read cache for the page's own request. On a failure
     * the page opens with the skeleton; its own request for the data says what failed.
     */
    const headingWithin = async (request: FastifyRequest, path: string) => {
      if (!pageHeading) return undefined;
      const lookup = pageHeading(path).catch((error: unknown) => {
        request.log.warn({ err: error }, 'the page heading could not be made');
        return undefined;
      });
      let timer: NodeJS.Timeout | undefined;
      const budget = new Promise<undefined>((resolve) => {
        timer = setTimeout(() => resolve(undefined), PAGE_HEADING_BUDGET_MS);
      });
      try {
        return await Promise.race([lookup, budget]);
      } finally {
        clearTimeout(timer);
      }
    };

    app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
      const path = request.url.split('?')[0] ?? '/';
      if (!isAppPageRequest(request, path)) {
        const message = isServerPath(path) ? `Route ${request.method} ${path} not found` : 'Not found.';
        return reply.code(404).send({ message, code: 'NotFound' });
      }
      if (!appPageFor) return reply.type('text/plain; charset=utf-8').send(NOT_BUILT);
      return sendAppPage(request, reply, appPageFor(path, await headingWithin(request, path)));
    });
  },
  { name: 'web' },
);
